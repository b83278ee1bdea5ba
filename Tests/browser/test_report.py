#!/usr/bin/env python3
"""Opens `ctlua test --report` pages in a real browser (Debian's chromium, driven by Playwright).

Checks, for the report of every example scenario (examples/scenarios and the failing demos):
  * every page loads with no console error, no page error and no network request;
  * a few chosen steps' screens match the golden PNGs in Tests/browser/golden within a tolerance;
  * keyboard navigation (j/k, arrows, f) moves between steps;
  * a failed scenario's page shows expected against actual by JSON path;
  * the failure links the scenario file at its line; a page opens at its title (bare and at
    #start), a later step below the sticky timeline; the index counts as the CLI's closing line,
    lists failures first and filters by status; a step that shows nothing draws no frame;
  * a scenario file named `javascript:alert(1).json` is linked as a file of the report, clicking it
    runs no script, and the pages' Content-Security-Policy refuses script the report did not write.

Usage: python3 Tests/browser/test_report.py [--ctlua .build/debug/ctlua] [--update-golden]
Needs `chromium` and the Python packages playwright and Pillow (scripts/bootstrap installs them;
`playwright install` is never run). Without them it fails under CI=true, else it says what is
missing and exits 0.
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"

# (page of a scenario, step anchor, golden image): screens that show what each system draws.
CHOSEN = [
    ("examples/scenarios/traits/tooltip_targets_button.json", "step-1", "tooltip_targets_button-step-1.png"),
    ("examples/scenarios/traits/tour_dialog_carousel.json", "step-0", "tour_dialog_carousel-step-0.png"),
    ("examples/scenarios-failing/wrong_expectation.json", "step-0", "wrong_expectation-step-0.png"),
    ("examples/scenarios/flowx/invalid_form_blocks_action.json", "step-2", "invalid_form_blocks_action-step-2.png"),
    ("examples/scenarios/hooks/login_blocks_premium_until_sign_in.json", "step-0", "login_blocks_premium-step-0.png"),
]
# A pixel differs when a channel differs by more than this; an image matches when at most
# MAX_DIFFERENT of its pixels differ (font hinting and anti-aliasing vary a little).
CHANNEL_TOLERANCE = 48
MAX_DIFFERENT = 0.01


def page_name(relative_path):
    """The page of a scenario (ReportFileName in Sources/Scenarios/Reporters): a readable prefix, a digest."""
    prefix = ""
    for ch in relative_path:
        if ch == ".":
            prefix += "_" if prefix.endswith(".") else "."
        elif ch.isascii() and (ch.isalnum() or ch in "-_"):
            prefix += ch
        else:
            prefix += "__" if ch == "/" else "_"
    prefix = prefix[:60]
    if prefix.startswith("."):
        prefix = "_" + prefix[1:]
    return prefix + "-" + hashlib.sha256(relative_path.encode()).hexdigest()[:16] + ".html"


# A scenario file named like a URL: its link on the index must stay a file of the report.
HOSTILE_NAME = "javascript:alert(1).json"


def check_hostile_names(page, ctlua, work, current):
    """A report of scenario files named like scripts: clicking their links runs nothing, the policy
    is on every page, and script the report did not write (a `javascript:` link, an inline handler,
    an inline script) is refused by it. Returns the failures."""
    failures = []
    folder = work / "hostile"
    folder.mkdir()
    (folder / HOSTILE_NAME).write_text('{"steps": [{"advance": 1}]}')
    (folder / "x.json").write_text('{"name": "<img src=x onerror=alert(2)>", "steps": [{"advance": 1}]}')
    run = subprocess.run([str(ROOT / ctlua), "test", "--report", "report", "."], cwd=folder, capture_output=True, text=True,
                         env={**os.environ, "NO_COLOR": "1", "CI": ""})
    if run.returncode != 0:
        return [f"hostile names: ctlua test exited {run.returncode}: {run.stderr[-2000:]}"]
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    index = (folder / "report" / "index.html").as_uri()
    current["url"] = index
    page.goto(index)
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    if "script-src 'sha256-" not in policy or "unsafe-inline" in policy.split("script-src", 1)[1].split(";")[0]:
        failures.append(f"hostile names: the policy allows inline script: {policy!r}")
    link = page.locator("li.scenario", has_text=HOSTILE_NAME).locator("a")
    href = link.get_attribute("href") or ""
    if not href.startswith("./") or href != "./" + page_name(HOSTILE_NAME):
        failures.append(f"hostile names: the link is {href!r}, expected ./{page_name(HOSTILE_NAME)}")
    current["url"] = (folder / "report" / page_name(HOSTILE_NAME)).as_uri()
    link.click()
    page.wait_for_load_state("load")
    if not page.url.startswith("file://") or not page.url.split("#")[0].endswith("/" + page_name(HOSTILE_NAME)):
        failures.append(f"hostile names: the link opened {page.url!r}")
    if page.locator('meta[http-equiv="Content-Security-Policy"]').count() != 1:
        failures.append("hostile names: the scenario's page has no Content-Security-Policy")
    # Script the report did not write, put in the page as an attacker's text would be: refused.
    page.evaluate("""() => {
        const a = document.createElement('a'); a.id = 'evil-link'; a.textContent = 'x';
        a.href = "javascript:document.body.setAttribute('data-pwned', 'link')"; document.body.prepend(a);
        const d = document.createElement('div'); d.id = 'evil-handler'; d.textContent = 'y';
        d.setAttribute('onclick', "document.body.setAttribute('data-pwned', 'handler')"); document.body.prepend(d);
        const s = document.createElement('script'); s.textContent = "document.body.setAttribute('data-pwned', 'script')";
        document.body.append(s);
    }""")
    page.click("#evil-link")
    page.click("#evil-handler")
    page.wait_for_timeout(200)
    pwned = page.evaluate("document.body.getAttribute('data-pwned')")
    if pwned:
        failures.append(f"hostile names: the policy let the page run an injected {pwned}")
    if dialogs:
        failures.append(f"hostile names: script ran (dialogs {dialogs})")
    return failures


def missing_tools():
    missing = []
    if not shutil.which("chromium"):
        missing.append("chromium (apt)")
    for module, name in (("playwright", "playwright (pip)"), ("PIL", "Pillow (pip)")):
        try:
            __import__(module)
        except ImportError:
            missing.append(name)
    return missing


def check_opening_filter_and_counts(page, report, cli_output, current):
    """A page opens at its title; the index lists failures first and filters by status; the index
    counts as the CLI's closing line does; a step with nothing on screen draws no frame."""
    failures = []
    # The page of a failed scenario, opened as the text report links it (#start) and bare.
    url = (report / page_name("examples/scenarios-failing/wrong_expectation.json")).as_uri()
    for address in [url, url + "#start"]:
        current["url"] = url
        page.goto(address)
        top = page.evaluate("document.querySelector('h1').getBoundingClientRect().top")
        if page.evaluate("window.scrollY") != 0 or top < 0:
            failures.append(f"{address}: opens scrolled past its title (scrollY {page.evaluate('window.scrollY')}, h1 at {top})")
    # A later step stops below the sticky timeline, not under it.
    page.goto(url + "#step-1")
    gap = page.evaluate("document.getElementById('step-1').getBoundingClientRect().top - document.querySelector('nav.timeline').getBoundingClientRect().bottom")
    if gap < 0:
        failures.append(f"#step-1 is hidden under the timeline by {-gap} px")
    # The index: counts as the CLI counts them, failures first, the status filter.
    index_url = (report / "index.html").as_uri()
    current["url"] = index_url
    page.goto(index_url)
    closing = [line for line in cli_output.splitlines() if re.search(r"\d+ passed, \d+ failed$", line)][-1]
    numbers = {word: int(n) for n, word in re.findall(r"(\d+) (passed|failed|skipped|todo)", closing)}
    for name in ["passed", "failed", "skipped", "todo"]:
        shown = int(page.locator(f"#count-{name}").inner_text())
        if shown != numbers.get(name, 0):
            failures.append(f"index.html: {name} {shown}, the CLI says {numbers.get(name, 0)} ({closing!r})")
    statuses = page.eval_on_selector_all("li.scenario", "rows => rows.map(r => r.getAttribute('data-status'))")
    failed = statuses.count("failed")
    if failed == 0 or statuses[:failed] != ["failed"] * failed:
        failures.append(f"index.html: failures are not listed first: {statuses[:failed + 2]}")
    for name, expected in [("failed", failed), ("passed", statuses.count("passed")), ("skipped", statuses.count("skipped")),
                           ("all", len(statuses))]:
        page.click(f"nav.filter button[data-filter={name}]")
        visible = page.eval_on_selector_all("li.scenario", "rows => rows.filter(r => r.offsetParent !== null).map(r => r.getAttribute('data-status'))")
        if len(visible) != expected or (name != "all" and set(visible) - {name}):
            failures.append(f"index.html: the {name} filter shows {len(visible)} rows ({set(visible)}), expected {expected}")
    # A step with nothing on screen: a line, no empty frame (and never both for one step).
    empty = sum(html.read_text().count('class="screen none"') for html in report.glob("*.html"))
    if empty == 0:
        failures.append("no page says 'nothing on screen' for a step that shows nothing")
    return failures


def compare(actual_path, golden_path):
    """The fraction of pixels that differ beyond the tolerance (1.0 when the sizes differ)."""
    from PIL import Image, ImageChops
    actual = Image.open(actual_path).convert("RGB")
    golden = Image.open(golden_path).convert("RGB")
    if actual.size != golden.size:
        return 1.0, f"size {actual.size} != golden {golden.size}"
    diff = ImageChops.difference(actual, golden)
    channels = diff.split()
    mask = None
    for channel in channels:
        over = channel.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0)
        mask = over if mask is None else ImageChops.lighter(mask, over)
    different = actual.size[0] * actual.size[1] - mask.histogram()[0]
    return different / (actual.size[0] * actual.size[1]), f"{different} pixels differ"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ctlua", default=str(ROOT / ".build/debug/ctlua"))
    parser.add_argument("--update-golden", action="store_true", help="write the chosen screens as the new golden images")
    args = parser.parse_args()

    missing = missing_tools()
    if missing:
        message = "browser tests: missing " + ", ".join(missing) + " (scripts/bootstrap installs them)"
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            print(message, file=sys.stderr)
            return 1
        print(message + "; skipped")
        return 0
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    failures = []
    work = Path(tempfile.mkdtemp(prefix="ctlua-browser-"))
    report = work / "report"
    run = subprocess.run([args.ctlua, "test", "--jobs", "2", "--report", str(report), "examples/scenarios", "examples/scenarios-failing"],
                         cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1", "CI": ""})
    if run.returncode != 1:   # the failing demos fail on purpose
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n", file=sys.stderr)
        print(f"browser tests: ctlua test --report exited {run.returncode}, expected 1", file=sys.stderr)
        return 1
    pages = sorted(report.glob("*.html"))
    if len(pages) < 20:
        print(f"browser tests: only {len(pages)} pages in {report}", file=sys.stderr)
        return 1

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", "--force-color-profile=srgb"])
        context = browser.new_context(viewport={"width": 1200, "height": 1000}, device_scale_factor=1)
        page = context.new_page()
        problems = []
        page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        current = {"url": ""}
        page.on("request", lambda r: problems.append(f"request: {r.url}") if r.url.split("#")[0] != current["url"] else None)

        # 1. Every page loads cleanly, with nothing fetched.
        for html in pages:
            current["url"] = html.as_uri()
            problems.clear()
            page.goto(html.as_uri(), wait_until="load")
            if problems:
                failures.append(f"{html.name}: " + "; ".join(problems))
            if html.name != "index.html" and page.locator("h1").count() != 1:
                failures.append(f"{html.name}: no heading")
        index_url = (report / "index.html").as_uri()
        current["url"] = index_url
        page.goto(index_url)
        if page.locator("#count-failed").inner_text().strip() == "0":
            failures.append("index.html: no failed scenario counted (the demos fail on purpose)")

        # 2. Chosen screens against the golden images.
        GOLDEN.mkdir(exist_ok=True)
        for scenario, step, golden in CHOSEN:
            url = (report / page_name(scenario)).as_uri()
            current["url"] = url
            page.goto(url)
            # the sticky timeline would cover the top of a screen scrolled to the top of the window
            page.add_style_tag(content="nav.timeline{position:static}")
            svg = page.locator(f"#{step} figure.screen svg")
            if svg.count() != 1:
                failures.append(f"{scenario}: no screen at #{step}")
                continue
            shot = work / golden
            svg.screenshot(path=str(shot))
            target = GOLDEN / golden
            if args.update_golden or not target.exists():
                shutil.copy(shot, target)
                print(f"wrote {target.relative_to(ROOT)}")
                continue
            fraction, detail = compare(shot, target)
            if fraction > MAX_DIFFERENT:
                kept = ROOT / ".build" / ("actual-" + golden)
                kept.parent.mkdir(exist_ok=True)
                shutil.copy(shot, kept)
                failures.append(f"{scenario} #{step}: screenshot differs from {target.relative_to(ROOT)} ({detail}; "
                                f"{fraction:.2%} > {MAX_DIFFERENT:.0%}); actual kept in {kept.relative_to(ROOT)}")

        # 3. Keyboard navigation.
        url = (report / page_name("examples/scenarios-failing/wrong_expectation.json")).as_uri()
        current["url"] = url
        page.goto(url)
        def step_now():
            return page.evaluate("document.body.getAttribute('data-current-step')")
        seen = [step_now()]
        for key in ["j", "j", "k", "ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "f"]:
            page.keyboard.press(key)
            seen.append(step_now())
        expected = ["start", "step-0", "step-1", "step-0", "step-1", "step-0", "step-1", "step-0", "step-1"]
        if seen != expected:
            failures.append(f"keyboard: steps {seen}, expected {expected}")
        if not page.evaluate("location.hash") == "#step-1":
            failures.append("keyboard: the address does not follow the current step")
        if page.locator("section.step.current").count() != 1:
            failures.append("keyboard: not exactly one step outlined")
        page.goto(url + "#step-0")
        if step_now() != "step-0":
            failures.append(f"a link to #step-0 opens at {step_now()}")

        # 4. The failed scenario's page shows the difference by JSON path.
        diff = page.locator("table.diff").first
        if not diff.is_visible():
            failures.append("wrong_expectation: no visible diff table")
        else:
            text = diff.inner_text()
            for needle in ['expect.ui["banner.title"].text', '"Clearance"', '"Sale"']:
                if needle not in text:
                    failures.append(f"wrong_expectation: the diff table lacks {needle!r}: {text!r}")
        # 4b. The failure links the scenario file at its line (the FAIL line's file:line:column).
        source = page.locator("div.failure p.source a").first
        if source.count() == 0:
            failures.append("wrong_expectation: the failure does not link its file and line")
        else:
            href, text = source.get_attribute("href"), source.inner_text()
            if not href.endswith("examples/scenarios-failing/wrong_expectation.json") or not re.search(r"wrong_expectation\.json:\d+:\d+$", text):
                failures.append(f"wrong_expectation: the source link is {href!r} {text!r}")
            elif not (report / href).resolve().is_file():
                failures.append(f"wrong_expectation: the source link {href!r} does not reach the file")
        failures += check_opening_filter_and_counts(page, report, run.stdout, current)
        # 5. Hostile file names: no script runs, the policy holds.
        problems.clear()
        failures += check_hostile_names(page, args.ctlua, work, current)
        browser.close()

    shutil.rmtree(work, ignore_errors=True)
    elapsed = time.monotonic() - started
    if failures:
        print("browser tests failed:", *failures, sep="\n  ", file=sys.stderr)
        return 1
    print(f"browser tests: {len(pages)} pages clean, {len(CHOSEN)} screens match, keyboard, diff and hostile names ok ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
