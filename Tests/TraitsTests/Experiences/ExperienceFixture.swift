import JSON
@testable import Traits

/// Experience JSON for the experience tests: ids are UUIDs `…-0000000000NN`, readable as `id(NN)`.
enum ExperienceFixture {
    static func id(_ n: Int) -> String { "00000000-0000-4000-8000-" + String(format: "%012d", n) }

    static func text(_ n: Int, _ text: String) -> String { #"{"type": "text", "id": "\#(id(n))", "text": "\#(text)"}"# }
    static func button(_ n: Int, _ label: String) -> String {
        #"{"type": "button", "id": "\#(id(n))", "content": \#(text(n + 50, label))}"#
    }
    static func stack(_ n: Int, _ items: [String]) -> String {
        #"{"type": "stack", "id": "\#(id(n))", "orientation": "vertical", "items": [\#(items.joined(separator: ","))]}"#
    }
    static func action(_ on: String, _ type: String, _ config: String? = nil) -> String {
        #"{"on": "\#(on)", "type": "\#(type)"\#(config.map { #", "config": \#($0)"# } ?? "")}"#
    }
    static func step(_ n: Int, content: String, actions: [Int: [String]] = [:], type: String = "modal") -> String {
        let map = actions.map { #""\#(id($0.key))": [\#($0.value.joined(separator: ","))]"# }.joined(separator: ",")
        return #"{"id": "\#(id(n))", "type": "\#(type)", "traits": [], "actions": {\#(map)}, "content": \#(content)}"#
    }
    static func group(_ n: Int, _ children: [String], actions: [String] = []) -> String {
        let map = actions.isEmpty ? "" : #""\#(id(n))": [\#(actions.joined(separator: ","))]"#
        return #"{"id": "\#(id(n))", "type": "group", "traits": [], "actions": {\#(map)}, "children": [\#(children.joined(separator: ","))]}"#
    }
    static func experience(_ steps: [String], extra: String = "") -> String {
        #"{"id": "\#(id(1))", "name": "Tour", "type": "mobile", "publishedAt": 7, "traits": [{"type": "@t/present"}], "steps": [\#(steps.joined(separator: ","))]\#(extra)}"#
    }

    /// A one-step content step whose button (`id(21)`) runs `actions`.
    static func buttonStep(_ n: Int, _ actions: [String]) -> String {
        step(n, content: stack(n + 100, [button(21 + n * 1000, "Go")]), actions: [21 + n * 1000: actions])
    }

    /// Two groups: group 10 with steps 11 and 12 (each a `Next` button continuing), group 20 a
    /// single step 13 with `Done` (close, complete). Buttons: 1011, 1012, 1013.
    static var tour: String {
        experience([
            group(10, [step(11, content: button(1011, "Next"), actions: [1011: [action("tap", "@appcues/continue")]]),
                       step(12, content: button(1012, "Next"), actions: [1012: [action("tap", "@appcues/continue")]])]),
            step(13, content: button(1013, "Done"), actions: [1013: [action("tap", "@appcues/close", #"{"markComplete": true}"#)]]),
        ])
    }
}

extension TraitsHarness {
    /// A harness with `@t/present` registered and `json` shown.
    static func showing(_ json: String, setup: String = "") throws -> TraitsHarness {
        let h = try TraitsHarness()
        try h.lua(presentLua + "\n" + setup + "\ntraits.show([==[\(json)]==])")
        return h
    }

    /// The names of the `appcues:v2:*` analytics events, prefix dropped (`step_seen`).
    var analytics: [String] {
        engine.transcript.events.filter { $0.type == "appcues.analytics" }.compactMap { $0["name"]?.stringValue }
            .filter { $0.hasPrefix("appcues:v2:") }.map { String($0.dropFirst("appcues:v2:".count)) }
    }

    /// The properties of the analytics events with this name (prefix dropped), in order.
    func analytics(_ name: String) -> [JSONObject] {
        engine.transcript.events.filter { $0.type == "appcues.analytics" && $0["name"]?.stringValue == "appcues:v2:" + name }
            .compactMap { $0["properties"]?.objectValue }
    }

    func tap(_ n: Int) throws { try lua("traits.tap('\(ExperienceFixture.id(n))')") }
}
