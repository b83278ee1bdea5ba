import Foundation

/// The inline style and script of the HTML report's pages (nothing is loaded from outside).
enum HTMLAssets {
    /// The script's source in the pages' Content-Security-Policy: `'sha256-BASE64'` of ``script``.
    static let scriptSource = HTMLReport.scriptHashSource(script)

    static let css = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#24292f;background:#fff}
        header{padding:12px 20px;border-bottom:1px solid #d0d7de;background:#f6f8fa}
        h1{font-size:20px;margin:6px 0}h2{font-size:16px;margin:0 0 6px}h3{font-size:13px;margin:0 0 4px;color:#57606a}
        a{color:#0969da}code,pre,kbd{font-family:ui-monospace,monospace;font-size:12px}
        kbd{border:1px solid #d0d7de;border-radius:3px;padding:0 3px;background:#fff}
        .badge{display:inline-block;border-radius:4px;padding:1px 6px;font-size:12px;color:#fff;background:#1a7f37}
        .badge.fail,.fail>.badge{background:#cf222e}.badge.error,.error>.badge{background:#8250df}
        .badge.skip,.skip>.badge,.badge.todo,.todo>.badge{background:#6e7781}.mark{color:#6e7781}
        .summary{display:flex;flex-wrap:wrap;gap:16px;margin:8px 0 0}.summary div{min-width:70px}
        .summary dt{font-size:12px;color:#57606a}.summary dd{margin:0;font-weight:600}
        .summary .fail dd{color:#cf222e}.summary .pass dd{color:#1a7f37}.summary .error dd{color:#8250df}
        .scenarios{padding:12px 40px}.scenarios li{margin:4px 0}.file,.time,.why{color:#57606a;font-size:12px}
        .failures{margin:12px 20px;padding:8px 12px;border:1px solid #cf222e;border-radius:6px;background:#fff8f8}
        .warnings{margin:12px 20px;padding:8px 12px;border:1px solid #9a6700;border-radius:6px;background:#fff8c5}.warn{color:#9a6700;font-size:12px}
        .diff{border-collapse:collapse;margin:6px 0}.diff td,.diff th{border:1px solid #d0d7de;padding:2px 6px;text-align:left;vertical-align:top}
        .diff .expected,.expected code{color:#1a7f37}.diff .actual,.actual code{color:#cf222e}
        .linediff .del{color:#cf222e}.linediff .ins{color:#1a7f37}.linediff,.context{background:#f6f8fa;padding:6px;overflow:auto}
        .timeline{position:sticky;top:0;background:#fff;border-bottom:1px solid #d0d7de;padding:6px 20px;z-index:1}
        .timeline ol{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0}
        .timeline a{display:block;padding:2px 8px;border:1px solid #d0d7de;border-radius:12px;text-decoration:none;font-size:12px}
        .timeline li.failed a{border-color:#cf222e;color:#cf222e}.timeline a.current{background:#0969da;color:#fff}
        main{padding:0 20px 40px}.step{margin:14px 0;padding:10px;border:1px solid #d0d7de;border-radius:6px;scroll-margin-top:48px}
        .step.failed{border-color:#cf222e}.step.current{outline:3px solid #0969da;outline-offset:1px}.step:focus{outline-style:solid}
        .step-json{margin:0 0 6px;background:#f6f8fa;padding:4px 6px;overflow:auto}.failed-here{color:#cf222e;margin:4px 0}
        .cols{display:flex;gap:16px;align-items:flex-start}.events{flex:1;min-width:0;overflow:auto}
        .transcript{border-collapse:collapse;font-size:12px}.transcript td,.transcript th{padding:1px 6px;text-align:left;vertical-align:top;border-bottom:1px solid #eaeef2}
        .transcript tr.error td{color:#cf222e}.transcript tr.warning td{color:#9a6700}.none,.notice{color:#57606a}
        figure.screen{margin:0;flex:none}figure.screen svg{display:block;max-width:100%;height:auto;border:1px solid #eaeef2}
        figcaption{font-size:12px;color:#57606a}.source{margin:2px 0;font-size:12px}p.screen.none{flex:none;width:200px}
        .filter{padding:8px 40px 0;display:flex;gap:6px}.filter button{font:inherit;font-size:12px;padding:2px 10px;border:1px solid #d0d7de;border-radius:12px;background:#fff;cursor:pointer}
        .filter button[aria-pressed=true]{background:#0969da;color:#fff;border-color:#0969da}.scenarios li.hidden{display:none}
        """

    /// Keyboard navigation: `j`/`→`/`↓` next step, `k`/`←`/`↑` previous, `f` the first failed
    /// step; the current step is outlined, marked in the timeline and kept in the address (`#step-3`).
    /// A page opens at its title (the first step, `#start`, scrolls to the top; a later one stops
    /// below the sticky timeline, however many lines it wraps to). The index's status filter
    /// shows all, failed, passed or skipped scenarios.
    static let script = """
        (function () {
          var buttons = Array.prototype.slice.call(document.querySelectorAll('nav.filter button'));
          var rows = Array.prototype.slice.call(document.querySelectorAll('li.scenario'));
          buttons.forEach(function (b) {
            b.addEventListener('click', function () {
              var wanted = b.getAttribute('data-filter');
              buttons.forEach(function (o) { o.setAttribute('aria-pressed', String(o === b)); });
              rows.forEach(function (r) { r.classList.toggle('hidden', wanted !== 'all' && r.getAttribute('data-status') !== wanted); });
            });
          });
          var bar = document.querySelector('nav.timeline');
          var steps = Array.prototype.slice.call(document.querySelectorAll('section.step'));
          var links = Array.prototype.slice.call(document.querySelectorAll('nav.timeline a'));
          var current = -1;
          function go(i, scroll) {
            if (!steps.length) return;
            i = Math.max(0, Math.min(steps.length - 1, i));
            if (current >= 0) steps[current].classList.remove('current');
            current = i;
            var step = steps[i];
            step.classList.add('current');
            links.forEach(function (a) { a.classList.toggle('current', a.getAttribute('href') === '#' + step.id); });
            if (scroll) {
              // the first step (the start) is the page's top: its title shows; no focus there (a
              // focused element may be scrolled to once laid out); a later step stops below the bar
              if (i === 0) { if (document.activeElement && document.activeElement.blur) document.activeElement.blur(); window.scrollTo(0, 0); }
              else { step.style.scrollMarginTop = ((bar ? bar.offsetHeight : 0) + 8) + 'px'; step.focus({preventScroll: true}); step.scrollIntoView({block: 'start'}); }
            }
            // the start keeps the bare address (a later link to #start is then a change the page sees)
            try { history.replaceState(null, '', i === 0 ? location.pathname + location.search : '#' + step.id); } catch (e) {}
            document.body.setAttribute('data-current-step', step.id);
          }
          function indexOf(id) { for (var i = 0; i < steps.length; i++) if (steps[i].id === id) return i; return -1; }
          document.addEventListener('keydown', function (e) {
            if (e.altKey || e.ctrlKey || e.metaKey) return;
            if (e.key === 'j' || e.key === 'ArrowDown' || e.key === 'ArrowRight') { go(current + 1, true); e.preventDefault(); }
            else if (e.key === 'k' || e.key === 'ArrowUp' || e.key === 'ArrowLeft') { go(current - 1, true); e.preventDefault(); }
            else if (e.key === 'f') { var failed = document.querySelector('section.step.failed'); if (failed) go(indexOf(failed.id), true); }
          });
          links.forEach(function (a) {
            a.addEventListener('click', function (e) { var i = indexOf(a.getAttribute('href').slice(1)); if (i >= 0) { e.preventDefault(); go(i, true); } });
          });
          window.addEventListener('hashchange', function () {
            var i = indexOf(location.hash.slice(1));
            if (i >= 0) go(i, true);   // also the current one: the browser scrolled to it, under the bar
          });
          // The page decides where it opens, not the browser's restored scroll: at its title, or at the linked step.
          try { history.scrollRestoration = 'manual'; } catch (e) {}
          var start = Math.max(indexOf(location.hash.slice(1)), 0);
          go(start, true);
          window.addEventListener('load', function () { if (current === 0) window.scrollTo(0, 0); else if (current > 0) go(current, true); });
        })();
        """
}
