import CTLuaKit

/// The preview's one page: HTML, style and script embedded in the binary (nothing from a CDN or
/// the disk). Everything the session says reaches it as JSON and is written into the page as
/// text (`textContent`), never as markup; the screen is the report's SVG (``ScreenSVG``, its
/// texts escaped), parsed as SVG. The Content-Security-Policy allows no script but this page's
/// own, by digest, as the HTML report's does.
enum PreviewPage {
    /// The policy: the report's (``HTMLReport/contentSecurityPolicy``) with this page's script,
    /// `connect-src 'self'` for its API calls, and no framing by another page.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src "
        + HTMLReport.scriptHashSource(script) + "; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(XMLText.escape(contentSecurityPolicy.replacingOccurrences(of: "; frame-ancestors 'none'", with: "")))">
        <title>ctlua preview</title>
        <style>\(css)</style>
        </head>
        <body data-version="0">
        <header>
          <h1>ctlua preview</h1>
          <label>Start from <select id="start-select"></select></label>
          <button id="start-button" type="button">Start</button>
          <span id="status" class="muted"></span>
        </header>
        <div id="error" role="alert" hidden></div>
        <main>
          <section class="col screen-col">
            <h2>Screen</h2>
            <p class="muted">Click a blue view to tap it; a field or a picker opens its input below.</p>
            <div id="screen" aria-live="polite"><p class="muted">Choose a start point.</p></div>
            <div id="element" hidden>
              <h3>View <code id="element-id"></code> <span id="element-kind" class="muted"></span></h3>
              <div class="row"><input id="element-text" type="text" placeholder="text to type"><button id="element-type" type="button">Type</button></div>
              <div class="row"><input id="element-value" type="text" placeholder="option value" list="element-options"><datalist id="element-options"></datalist><button id="element-select" type="button">Select</button></div>
              <div class="row"><button id="element-tap" type="button">Tap</button><button id="element-close" type="button">Close</button></div>
            </div>
          </section>
          <section class="col controls-col">
            <h2>Steps</h2>
            <div class="row"><button id="back" type="button">Back</button><input id="navigate-target" type="text" placeholder="screen id"><button id="navigate" type="button">Navigate</button></div>
            <div class="row"><input id="event-name" type="text" placeholder="app event name"><button id="event" type="button">Event</button></div>
            <div class="row"><input id="advance-seconds" type="number" value="1" min="0" step="any"><button id="advance" type="button">Advance (s)</button><button id="relaunch" type="button">Relaunch</button></div>
            <label class="block">Delivery payload (JSON)<textarea id="deliver-json" rows="4" spellcheck="false" placeholder='{"type": "custom-code", "templateName": "Banner", "wzrk_id": "c1"}'></textarea></label>
            <button id="deliver" type="button">Deliver</button>
            <label class="block">Any step as JSON <select id="step-menu"><option value="">examples…</option></select>
              <textarea id="step-json" rows="4" spellcheck="false" placeholder='{"tap": "ok"}'></textarea></label>
            <div class="row"><button id="step-run" type="button">Run step</button></div>
            <h2>Record</h2>
            <div class="row"><button id="pin" type="button">Pin expectation</button></div>
            <div class="row"><input id="save-name" type="text" placeholder="folder/name.json" size="34"><label><input id="save-replace" type="checkbox"> replace</label><button id="save" type="button">Save as scenario</button></div>
            <h3>Recorded steps</h3>
            <ol id="recorded"></ol>
            <h3>Log</h3>
            <ol id="log"></ol>
          </section>
          <section class="col state-col">
            <h2>State</h2>
            <div id="panels"></div>
            <h2>Transcript <span id="transcript-count" class="muted"></span></h2>
            <div class="transcript-box"><table id="transcript"><tbody></tbody></table></div>
          </section>
        </main>
        <script>\(script)</script>
        </body>
        </html>
        """

    static let css = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#24292f;background:#fff}
        header{padding:8px 16px;border-bottom:1px solid #d0d7de;background:#f6f8fa;display:flex;gap:12px;align-items:center;flex-wrap:wrap}
        h1{font-size:18px;margin:0}h2{font-size:15px;margin:10px 0 6px}h3{font-size:13px;margin:8px 0 4px;color:#57606a}
        code,pre,textarea,kbd{font-family:ui-monospace,monospace;font-size:12px}
        main{display:flex;gap:16px;padding:8px 16px;align-items:flex-start}
        .col{min-width:0}.screen-col{flex:none;max-width:460px}.controls-col{flex:1;max-width:430px}.state-col{flex:1.2}
        #screen svg{display:block;max-width:100%;height:auto;border:1px solid #eaeef2}
        #screen g.view[data-view-id]{cursor:pointer}#screen g.view.tappable:hover rect{stroke-width:3}
        .row{display:flex;gap:6px;align-items:center;margin:4px 0;flex-wrap:wrap}.block{display:block;margin:6px 0}
        textarea{width:100%;box-sizing:border-box}button{font:inherit;padding:2px 10px;cursor:pointer}
        select{max-width:100%}#start-select{max-width:60vw}#step-menu{width:100%}
        .muted{color:#57606a;font-size:12px}#error{margin:6px 16px;padding:6px 10px;border:1px solid #cf222e;border-radius:6px;background:#fff8f8;color:#cf222e;white-space:pre-wrap}
        #element{border:1px solid #d0d7de;border-radius:6px;padding:6px 8px;margin-top:8px;background:#f6f8fa}
        ol{padding-left:22px;margin:4px 0}#log li,#recorded li{font-size:12px;word-break:break-word}
        #log li.error{color:#cf222e}#log li.reload{color:#8250df}#log li.save,#log li.pin{color:#1a7f37}
        #recorded li code{white-space:pre-wrap}
        details{border:1px solid #eaeef2;border-radius:6px;margin:4px 0;padding:2px 6px}summary{cursor:pointer;font-weight:600;font-size:13px}
        details pre{margin:4px 0;max-height:260px;overflow:auto;background:#f6f8fa;padding:4px}
        .transcript-box{max-height:420px;overflow:auto;border:1px solid #eaeef2}
        #transcript{border-collapse:collapse;font-size:12px}#transcript td{padding:1px 6px;border-bottom:1px solid #eaeef2;vertical-align:top}
        #transcript td.fields{font-family:ui-monospace,monospace;word-break:break-all}
        #transcript tr.error td{color:#cf222e}#transcript tr.warning td{color:#9a6700}
        """

    /// The page's behaviour: polls `/api/state`, posts actions, draws what comes back as text.
    static let script = """
        (function () {
          'use strict';
          var version = 0, views = {}, lastSvg = null, lastStarts = '', lastSteps = '', selected = null, busy = false;
          function $(id) { return document.getElementById(id); }
          function make(tag, cls, text) {
            var e = document.createElement(tag);
            if (cls) e.className = cls;
            if (text !== undefined && text !== null) e.textContent = String(text);
            return e;
          }
          function json(value, indent) { try { return JSON.stringify(value, null, indent); } catch (e) { return String(value); } }
          function showError(text) { var box = $('error'); box.textContent = text || ''; box.hidden = !text; }
          function call(path, body) {
            var options = {method: body === undefined ? 'GET' : 'POST', credentials: 'same-origin', cache: 'no-store', headers: {}};
            if (body !== undefined) { options.headers['Content-Type'] = 'application/json'; options.body = JSON.stringify(body); }
            return fetch(path, options).then(function (r) {
              return r.json().catch(function () { return {ok: false, error: 'HTTP ' + r.status}; });
            });
          }
          function act(path, body) {
            if (busy) return Promise.resolve();
            busy = true; document.body.setAttribute('data-busy', 'true');
            return call(path, body).then(function (answer) {
              showError(answer && answer.ok === false ? answer.error : '');
              return refresh();
            }, function (e) { showError('the preview server does not answer: ' + e); })
              .then(function () { busy = false; document.body.setAttribute('data-busy', 'false'); });
          }
          function step(value) { return act('/api/step', {step: value}); }
          function refresh() {
            return call('/api/state?since=' + version).then(function (s) { if (s && s.version !== version) render(s); });
          }
          function render(s) {
            version = s.version;
            var starts = json(s.starts);
            if (starts !== lastStarts) {
              lastStarts = starts;
              var select = $('start-select');
              select.replaceChildren();
              (s.starts || []).forEach(function (p) {
                var o = make('option', null, p.label + (p.file ? '  (' + p.file + ')' : ''));
                o.value = String(p.id); select.appendChild(o);
              });
            }
            if (s.start !== null && s.start !== undefined) $('start-select').value = String(s.start);
            var steps = json(s.steps);
            if (steps !== lastSteps) {
              lastSteps = steps;
              var menu = $('step-menu');
              menu.replaceChildren(make('option', null, 'examples…'));
              menu.firstChild.value = '';
              (s.steps || []).forEach(function (d) {
                var o = make('option', null, d.name + (d.system ? ' (' + d.system + ')' : '') + ': ' + d.summary);
                o.value = d.example; menu.appendChild(o);
              });
            }
            if (!$('save-name').value && s.saveName) $('save-name').value = s.saveName;
            $('status').textContent = s.start === null || s.start === undefined ? 'no session' : ((s.recorded || []).length + ' steps recorded');
            if (typeof s.svg === 'string' && s.svg !== lastSvg) {
              lastSvg = s.svg;
              var doc = new DOMParser().parseFromString(s.svg, 'image/svg+xml');
              var root = doc.documentElement;
              if (root && root.namespaceURI === 'http://www.w3.org/2000/svg') $('screen').replaceChildren(document.importNode(root, true));
              else $('screen').replaceChildren(make('p', 'muted', 'the screen could not be drawn'));
            }
            views = {};
            (s.views || []).forEach(function (v) { views[v.id] = v; });
            renderList($('recorded'), (s.recorded || []).map(function (r) { return {text: json(r), cls: ''}; }), 'code');
            renderList($('log'), (s.log || []).map(function (l) { return {text: l.text, cls: l.kind}; }));
            renderPanels(s.panels || []);
            renderTranscript(s.transcript || [], s.transcriptCount || 0);
            document.body.setAttribute('data-version', String(version));
          }
          function renderList(list, items, inner) {
            list.replaceChildren();
            items.forEach(function (item) {
              var li = make('li', item.cls);
              if (inner) li.appendChild(make(inner, null, item.text)); else li.textContent = item.text;
              list.appendChild(li);
            });
            list.scrollTop = list.scrollHeight;
          }
          function renderPanels(panels) {
            var box = $('panels'), open = {};
            box.querySelectorAll('details').forEach(function (d) { open[d.getAttribute('data-key')] = d.open; });
            box.replaceChildren();
            if (!panels.length) box.appendChild(make('p', 'muted', 'nothing to show yet'));
            panels.forEach(function (p) {
              var d = make('details', 'panel');
              d.setAttribute('data-key', p.key);
              d.open = open[p.key] !== undefined ? open[p.key] : true;
              d.appendChild(make('summary', null, p.key + (p.system ? '  · ' + p.system : '')));
              d.appendChild(make('pre', null, json(p.value, 2)));
              box.appendChild(d);
            });
          }
          function renderTranscript(events, count) {
            var body = $('transcript').tBodies[0];
            body.replaceChildren();
            events.forEach(function (e) {
              var tr = make('tr', e.type === 'error' || e.type === 'warning' ? e.type : '');
              tr.appendChild(make('td', null, e.t));
              tr.appendChild(make('td', null, e.type));
              var rest = {};
              Object.keys(e).forEach(function (k) { if (k !== 't' && k !== 'type') rest[k] = e[k]; });
              tr.appendChild(make('td', 'fields', json(rest)));
              body.appendChild(tr);
            });
            $('transcript-count').textContent = count > events.length ? '(last ' + events.length + ' of ' + count + ')' : '(' + count + ')';
            var box = body.closest('.transcript-box'); box.scrollTop = box.scrollHeight;
          }
          function isField(v) { return /input|field|text(area)?$/i.test(v.kind) && !/button/i.test(v.kind); }
          function isPicker(v) { return /select|picker|choice|radio|dropdown/i.test(v.kind) || (v.options && v.options.length > 0); }
          function openElement(v, id) {
            selected = id;
            $('element-id').textContent = id;
            $('element-kind').textContent = v ? v.kind + (v.tappable ? ', tappable' : '') : '';
            var list = $('element-options'); list.replaceChildren();
            ((v && v.options) || []).forEach(function (o) { var option = make('option'); option.value = o; list.appendChild(option); });
            $('element').hidden = false;
            if (v && isPicker(v)) $('element-value').focus(); else $('element-text').focus();
          }
          $('screen').addEventListener('click', function (e) {
            var g = e.target.closest ? e.target.closest('[data-view-id]') : null;
            if (!g) return;
            var id = g.getAttribute('data-view-id'), v = views[id];
            if (v && v.tappable && !isField(v) && !isPicker(v)) { $('element').hidden = true; step({tap: id}); return; }
            openElement(v, id);
          });
          $('element-type').addEventListener('click', function () { step({type: {id: selected, text: $('element-text').value}}); });
          $('element-text').addEventListener('keydown', function (e) { if (e.key === 'Enter') $('element-type').click(); });
          $('element-select').addEventListener('click', function () { step({select: {id: selected, value: $('element-value').value}}); });
          $('element-value').addEventListener('keydown', function (e) { if (e.key === 'Enter') $('element-select').click(); });
          $('element-tap').addEventListener('click', function () { step({tap: selected}); });
          $('element-close').addEventListener('click', function () { $('element').hidden = true; });
          $('start-button').addEventListener('click', function () {
            lastSvg = null; $('screen').replaceChildren(); $('save-name').value = '';
            act('/api/start', {start: Number($('start-select').value)});
          });
          $('back').addEventListener('click', function () { step({back: true}); });
          $('navigate').addEventListener('click', function () { step({navigate: $('navigate-target').value}); });
          $('event').addEventListener('click', function () { step({event: $('event-name').value}); });
          $('advance').addEventListener('click', function () { step({advance: Number($('advance-seconds').value)}); });
          $('relaunch').addEventListener('click', function () { step({relaunch: true}); });
          function parsed(id, what) {
            try { return JSON.parse($(id).value); } catch (e) { showError(what + ' is not JSON: ' + e.message); return undefined; }
          }
          $('deliver').addEventListener('click', function () { var p = parsed('deliver-json', 'the payload'); if (p !== undefined) step({deliver: p}); });
          $('step-run').addEventListener('click', function () { var p = parsed('step-json', 'the step'); if (p !== undefined) step(p); });
          $('step-menu').addEventListener('change', function () { if ($('step-menu').value) $('step-json').value = $('step-menu').value; });
          $('pin').addEventListener('click', function () { act('/api/pin', {}); });
          $('save').addEventListener('click', function () {
            act('/api/save', {file: $('save-name').value, replace: $('save-replace').checked});
          });
          function loop() { refresh().catch(function () {}).then(function () { setTimeout(loop, 400); }); }
          loop();
        })();
        """
}
