#!/usr/bin/env python3
"""Drives `ctlua preview` in a real browser (Debian's chromium, driven by Playwright), as a user would.

On a copy of examples/ (so nothing is written into the repository):
  * an Appcues onboarding (examples/traits/onboarding.json) clicked through: continue, a form whose
    required fields refuse the first submit, typing and an option select, the branch, done;
  * a CleverTap presenter (examples/templates/banner.lua) delivered from a pasted payload, its close
    action button clicked;
  * a Zapp login flow blocker (examples/hooks): navigating to the premium screen stops at the login
    hook screen, signing in lets it through;
each recorded, saved as a scenario from the page, and then `ctlua test FILE` must pass on it.
  * hostile names: a scenario file and a script view named `<img src=x onerror=alert(1)>` show as text,
    no dialog opens, and the page's Content-Security-Policy refuses script the page did not write.
Screenshots of each session go to the artifact folder (--artifacts, default .build/browser-preview).

Usage: python3 Tests/browser/test_preview.py [--ctlua .build/debug/ctlua] [--preview .build/preview/debug/ctlua-preview]
Needs chromium, the Python package playwright and a built ctlua-preview (the Preview package); without
them it fails under CI=true, else it says what is missing and exits 0.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ID = "a0000000-0000-4000-8000-000000000"  # the onboarding example's view ids: ID + "112"

HOSTILE = "<img src=x onerror=alert(1)>"


def missing_tools(preview):
    missing = []
    if not shutil.which("chromium"):
        missing.append("chromium (apt)")
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing.append("playwright (pip)")
    if not Path(preview).is_file():
        missing.append(f"{preview} (swift build --package-path Preview --scratch-path .build/preview)")
    return missing


class Session:
    """One page of a running preview."""

    def __init__(self, page, failures, artifacts):
        self.page, self.failures, self.artifacts = page, failures, artifacts

    def until(self, condition, what, timeout=20.0):
        """Polls `condition` (the page's policy refuses wait_for_function's eval)."""
        end = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}")
            self.page.wait_for_timeout(50)

    def settle(self):
        self.until(lambda: self.page.get_attribute("body", "data-busy") != "true", "the action's answer")
        self.page.wait_for_timeout(150)

    def start(self, label):
        options = self.page.locator("#start-select option")
        for i in range(options.count()):
            if label in options.nth(i).inner_text():
                self.page.select_option("#start-select", value=options.nth(i).get_attribute("value"))
                break
        else:
            raise AssertionError(f"no start point {label}")
        self.page.click("#start-button")
        self.settle()
        log = self.page.locator("#log li")
        self.until(lambda: log.count() > 0 and "started from" in log.last.inner_text(), "the start")

    def step(self, value):
        self.page.fill("#step-json", value)
        self.page.click("#step-run")
        self.settle()

    def view(self, view_id):
        locator = self.page.locator(f'#screen g[data-view-id="{view_id}"]')
        locator.first.wait_for(timeout=10000)
        return locator.first

    def tap(self, view_id):
        self.view(view_id).click()
        self.settle()

    def type(self, view_id, text):
        self.view(view_id).click()
        self.page.wait_for_selector("#element:not([hidden])")
        self.page.fill("#element-text", text)
        self.page.click("#element-type")
        self.settle()

    def select(self, view_id, value):
        self.view(view_id).click()
        self.page.wait_for_selector("#element:not([hidden])")
        self.page.fill("#element-value", value)
        self.page.click("#element-select")
        self.settle()

    def error(self):
        box = self.page.locator("#error")
        return "" if box.is_hidden() else box.inner_text()

    def expect_no_error(self, what):
        if self.error():
            self.failures.append(f"{what}: the page shows an error: {self.error()}")

    def save(self, name, shot):
        self.page.fill("#save-name", name)
        self.page.click("#save")
        self.settle()
        self.page.screenshot(path=str(self.artifacts / shot), full_page=True)
        last = self.page.locator("#log li").last.inner_text()
        if "passes" not in last:
            self.failures.append(f"save {name}: the log says {last!r} (error: {self.error()!r})")


def ctlua_test(ctlua, project, name, failures):
    run = subprocess.run([ctlua, "test", name], cwd=project, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    if run.returncode != 0 or "0 failed" not in run.stdout:
        failures.append(f"ctlua test {name} exited {run.returncode}: {run.stdout[-1500:]} {run.stderr[-1500:]}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ctlua", default=str(ROOT / ".build/debug/ctlua"))
    parser.add_argument("--preview", default=str(ROOT / ".build/preview/debug/ctlua-preview"))
    parser.add_argument("--artifacts", default=str(ROOT / ".build/browser-preview"))
    args = parser.parse_args()
    missing = missing_tools(args.preview)
    if missing:
        message = "preview browser test: missing " + ", ".join(missing)
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            print(message, file=sys.stderr)
            return 1
        print(message + "; skipped")
        return 0
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    ctlua = str(Path(args.ctlua).resolve())
    artifacts = Path(args.artifacts).resolve()
    artifacts.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="ctlua-preview-"))
    project = work / "project"
    shutil.copytree(ROOT / "examples", project, ignore=shutil.ignore_patterns("embedding", "__snapshots__"))
    hostile = project / "scenarios" / "hostile"
    hostile.mkdir()
    (hostile / f"{HOSTILE}.json").write_text('{"name": "%s", "scripts": ["hostile.lua"], "steps": []}' % HOSTILE)
    (hostile / "hostile.lua").write_text(
        'ui.show{id = "%s", text = "</svg><script>alert(2)</script>", onTap = function() end}\n' % HOSTILE)

    server = subprocess.Popen([str(Path(args.preview).resolve()), "scenarios"], cwd=project, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    failures = []
    try:
        line = server.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{64})", line)
        if not match:
            print(f"preview browser test: no URL printed: {line!r} {server.stderr.read()[-2000:] if server.poll() is not None else ''}",
                  file=sys.stderr)
            return 1
        url = match.group(1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", "--force-color-profile=srgb"])
            context = browser.new_context(viewport={"width": 1500, "height": 1000}, device_scale_factor=1)
            page = context.new_page()
            dialogs, problems = [], []
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
            page.goto(url)
            if "token=" in page.url:
                failures.append(f"the token stays in the address bar: {page.url}")
            s = Session(page, failures, artifacts)

            # 1. Appcues onboarding: continue, a form with required fields, the branch, done.
            s.start("scenarios/traits/onboarding_funnel.json")
            s.step('{"show": {"experience": "../../traits/onboarding.json"}}')
            page.screenshot(path=str(artifacts / "appcues-1-shown.png"), full_page=True)
            s.tap(ID + "112")   # Next
            s.tap(ID + "122")   # the branch to the form
            s.tap(ID + "205")   # submit with the required fields empty: refused, the form stays
            if page.locator(f'#screen g[data-view-id="{ID}202"]').count() == 0:
                failures.append("appcues: the empty required form was submitted")
            s.type(ID + "202", "Ada")
            s.select(ID + "203", "developer")
            page.screenshot(path=str(artifacts / "appcues-2-form.png"), full_page=True)
            s.tap(ID + "205")
            s.tap(ID + "302")   # Done
            s.expect_no_error("appcues")
            funnel = page.locator("#panels").inner_text()
            if "appcues:v2:experience_completed" not in funnel:
                failures.append(f"appcues: the funnel panel lacks experience_completed: {funnel[:500]!r}")
            page.click("#pin")
            s.settle()
            s.save("scenarios/traits/recorded_onboarding.json", "appcues-3-saved.png")
            ctlua_test(ctlua, project, "scenarios/traits/recorded_onboarding.json", failures)

            # 2. CleverTap presenter with an action button (close), delivered from a pasted payload.
            s.start("scenarios/close_action_reaches_onclose.json")
            page.fill("#deliver-json", '{"inapp_notifs": [{"type": "custom-code", "templateName": "Banner", "ti": 1, "wzrk_id": "c1", '
                                       '"vars": {"buttons.close": {"actions": {"type": "close"}}}}]}')
            page.click("#deliver")
            s.settle()
            page.screenshot(path=str(artifacts / "clevertap-1-delivered.png"), full_page=True)
            s.tap("banner.close")
            s.expect_no_error("clevertap")
            if page.locator('#screen g[data-view-id="banner.close"]').count() != 0:
                failures.append("clevertap: the banner is still shown after its close button")
            s.save("scenarios/recorded_banner_close.json", "clevertap-2-saved.png")
            ctlua_test(ctlua, project, "scenarios/recorded_banner_close.json", failures)

            # 3. Zapp login flow blocker: the premium screen waits for the sign-in.
            s.start("scenarios/hooks/login_blocks_premium_until_sign_in.json")
            s.step('{"navigate": "premium", "from": "cell", "dataSource": {"id": "movie-1"}}')
            page.screenshot(path=str(artifacts / "zapp-1-login.png"), full_page=True)
            s.tap("sign-in")
            s.expect_no_error("zapp")
            s.save("scenarios/hooks/recorded_login.json", "zapp-2-saved.png")
            ctlua_test(ctlua, project, "scenarios/hooks/recorded_login.json", failures)

            # 4. Hostile names: text, never markup; no script but the page's own.
            s.start(HOSTILE)
            page.wait_for_timeout(600)
            page.screenshot(path=str(artifacts / "hostile.png"), full_page=True)
            if page.locator("img").count() != 0 or page.locator("#screen script").count() != 0:
                failures.append("hostile: an element from a name reached the page")
            if HOSTILE not in page.locator("#start-select").inner_text():
                failures.append("hostile: the scenario's name is not shown as text")
            page.evaluate("""() => { var s = document.createElement('script'); s.textContent = 'window.injected = 1';
                                     document.body.appendChild(s); }""")
            if page.evaluate("window.injected === 1"):
                failures.append("hostile: an inline script the page did not write ran (no CSP)")
            if dialogs:
                failures.append(f"hostile: a dialog opened: {dialogs}")
            real = [m for m in problems if "Content Security Policy" not in m and "Content-Security-Policy" not in m]
            if real:
                failures.append("page problems: " + "; ".join(real[:5]))
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    shutil.rmtree(work, ignore_errors=True)
    if failures:
        print("preview browser test failed:", *failures, sep="\n  ", file=sys.stderr)
        return 1
    print(f"preview browser test: Appcues onboarding, CleverTap close button and Zapp login recorded and passing; "
          f"hostile names inert; screenshots in {artifacts} ({time.monotonic() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
