// Runs a Lua presenter, a trait, a hook and a validator from Swift through ctlua's library
// (docs/embedding.md). Each check prints `ok` or `FAIL`; any failure exits 1 (`.ci/run` runs it).
import CTLuaKit
import Foundation

/// The Lua scripts and files of this example, wherever it runs from.
let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts").path

nonisolated(unsafe) var failed: [String] = []
func check(_ passed: Bool, _ what: String, _ detail: @autoclosure () -> String = "") {
    print(passed ? "ok   \(what)" : "FAIL \(what)\(detail().isEmpty ? "" : ": \(detail())")")
    if !passed { failed.append(what) }
}

/// Runs the scenario written as JSON text, from the scripts' folder; checks it passed.
func runScenario(_ host: CTLuaHost, _ what: String, _ json: String) throws -> ScenarioResult {
    let result = host.run(try host.scenarios(json: json, folder: folder, name: "\(what).json")[0])
    check(result.passed, "\(what): the scenario passes", result.failures.map(\.message).joined(separator: "; "))
    return result
}

do {
    let host = CTLuaHost()   // the standard systems; CTLuaHost(systems: SystemCatalog([...])) for fewer
    check(CTLuaHost.version.split(separator: ".").count == 3, "the library says its version (\(CTLuaHost.version))")

    // An engine driven from Swift: scripts, Lua, a tap, the transcript and the screen.
    let engine = try host.makeEngine(folder: folder)
    try engine.load(path: folder + "/banner.lua")
    try engine.run(#"ui.show{id = "hello", text = "Hi", onTap = function() app.log("tapped from Swift") end}"#)
    try engine.ui.tap(id: "hello")
    check(engine.transcript.events.contains { $0.type == "log" && $0["message"]?.stringValue == "tapped from Swift" },
          "engine: a tap from Swift runs the Lua handler", "\(engine.transcript.events.map(\.type))")
    check(engine.ui.find("hello")?.properties["text"]?.stringValue == "Hi", "engine: the view is on the headless UI")
    check(host.screenText(of: engine).contains("#hello"), "engine: the screen as text shows it", host.screenText(of: engine))
    let values = try engine.run("return 6 * 7")
    check(values.first?.integerValue == 42, "engine: Lua returns values to Swift", "\(values)")

    // A CleverTap presenter (templates).
    let banner = try runScenario(host, "presenter", """
        {"scripts": ["banner.lua"], "steps": [
          {"deliver": {"type": "custom-code", "templateName": "Banner", "wzrk_id": "c1",
                       "vars": {"title": "Sale", "ok": {"actions": {"type": "close"}}}}},
          {"expect": {"displayed": "c1", "ui": {"title": {"text": "Sale"}}}},
          {"tap": "ok"},
          {"expect": {"events": [{"type": "template.dismissed", "id": "c1"}], "displayed": null}}]}
        """)
    check(banner.transcript.contains { $0.type == "template.dismissed" }, "presenter: the transcript says it was dismissed")

    // An Appcues trait (traits).
    let card = try runScenario(host, "trait", """
        {"scripts": ["card.lua"], "steps": [
          {"show": {"experience": {"id": "00000000-0000-4000-8000-000000000001", "name": "Card", "type": "mobile",
            "traits": [{"type": "@appcues/modal", "config": {"presentationStyle": "full"}}],
            "steps": [{"id": "00000000-0000-4000-8000-000000000002", "type": "group", "actions": {},
                       "traits": [{"type": "@acme/card", "config": {"radius": 12}}],
                       "children": [{"id": "00000000-0000-4000-8000-000000000003", "type": "modal", "traits": [], "actions": {},
                                     "content": {"type": "spacer", "id": "00000000-0000-4000-8000-000000000004"}}]}]}}},
          {"advance": 1},
          {"expect": {"events": [{"type": "step.presented"}],
                      "tree": {"children": [{"id": "00000000-0000-4000-8000-000000000003", "cornerRadius": 12}]}}}]}
        """)
    check(card.transcript.contains { $0.type == "step.presented" }, "trait: the decorated step is presented")

    // A Zapp hook (hooks).
    let gate = try runScenario(host, "hook", """
        {"scripts": ["gate.lua"], "setup": {"plugins": "plugins.json", "screens": "river.json"}, "steps": [
          {"navigate": "home", "from": "menu"},
          {"navigate": "settings", "from": "menu"},
          {"expect": {"ui": {"question": {"text": "What is 3 + 4?"}}}},
          {"tap": "answer-7"},
          {"expect": {"navigation": {"stack": ["settings"], "presented": true}}}]}
        """)
    check(gate.steps.contains { $0.screen.layers.contains { !$0.views.isEmpty } }, "hook: the step screens were recorded")

    // A FlowX validator (flowx).
    _ = try runScenario(host, "validator", """
        {"scripts": ["validators.lua"], "steps": [
          {"validate": "even", "value": 4, "expect": true},
          {"validate": "even", "value": 3, "expect": false}]}
        """)

    // A failing scenario fails, with its message.
    let wrong = host.run(try host.scenarios(json: """
        {"scripts": ["validators.lua"], "steps": [{"validate": "even", "value": 3, "expect": true}]}
        """, folder: folder, name: "wrong.json")[0])
    check(!wrong.passed && !wrong.failures.isEmpty, "a failing scenario reports its failure")

    // A scenario with an unknown step is refused before anything runs, with where.
    do {
        _ = try host.scenarios(json: #"{"steps": [{"nosuchstep": 1}]}"#, folder: folder, name: "bad.json")
        check(false, "an unknown step is refused")
    } catch {
        check(error.errors.first?.description.hasPrefix("bad.json:1:") == true, "an unknown step is refused", "\(error)")
    }
} catch {
    check(false, "no error is thrown", "\(error)")
}

print(failed.isEmpty ? "embedding: all checks passed" : "embedding: \(failed.count) failed")
exit(failed.isEmpty ? 0 : 1)
