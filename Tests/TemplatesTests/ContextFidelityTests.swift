import Engine
import JSON
import Templates
import Testing

/// The context and actions as the SDK does them (`CTTemplateContext`, `CTNotificationAction`),
/// where ctlua used to differ: one test per difference.
@Suite struct ContextFidelityTests {
    func harness() throws -> Harness {
        try Harness { p in
            [
                try makeTemplate("Banner", presenter: p) { b in
                    try b.addArgument("title", string: "Hi")
                    try b.addArgument("count", integer: 3)
                    try b.addArgument("on", boolean: false)
                    try b.addActionArgument("ok")
                    try b.addActionArgument("map.go")
                },
                try makeFunction("track", visual: false, presenter: p),
            ]
        }
    }

    @Test func numberAndBooleanOverridesAreInterchangeable() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: ["count": true, "on": 2]))
        let c = h.presenter.contexts[0]
        #expect(c.value("count") == true && c.number("count") == 1 && c.integer("count") == 1)
        #expect(c.value("on") == 2 && c.boolean("on"))
    }

    @Test func fileReadsAnyArgumentWithoutTypeCheck() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: ["title": "not a file"]))
        #expect(h.presenter.contexts[0].file("title") == "not a file")
    }

    @Test func anUnknownActionTypeReadsAsEmptyInADictionary() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: ["map.go": ["actions": ["type": "teleport"]]]))
        #expect(h.presenter.contexts[0].dictionary("map")?["go"] == "")
    }

    @Test func presentedRunsAsOftenAsItIsCalled() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner"))
        let c = h.presenter.contexts[0]
        c.presented()
        c.presented()
        #expect(h.events("template.presented").count == 2)
        c.dismissed()
        c.presented()
        #expect(h.events("template.presented").count == 2, "nothing after dismissed()")
    }

    @Test func aNonVisualActionRunsAsOftenAsItIsTriggered() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: ["ok": ["actions": ["type": "custom-code", "templateName": "track"]]]))
        let c = h.presenter.contexts[0]
        c.triggerAction("ok")
        c.triggerAction("ok")
        #expect(h.presenter.calls == ["present:Banner:c1", "present:track:c1/ok", "present:track:c1/ok"])
    }

    @Test func triggerActionOnAnActionArgumentWithoutValueLogsTheSDKMessage() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner"))
        h.presenter.contexts[0].triggerAction("ok")
        #expect(h.events("log").map { $0["message"]?.stringValue ?? "" } == ["No argument of type action with name ok for template Banner."])
        #expect(h.events("action.triggered").isEmpty)
    }

    @Test func urlActionsReadOnlyTheIosKey() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: [
            "ok": ["actions": ["type": "url", "android": "https://a.example", "url": "https://u.example"]],
            "map.go": ["actions": ["type": "url", "ios": "https://i.example"]],
        ]))
        let c = h.presenter.contexts[0]
        c.triggerAction("ok")
        c.triggerAction("map.go")
        #expect(h.events("action.url").map { $0["url"] } == [.null, "https://i.example"])
    }

    @Test func anEmptyKvIsNotReported() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: [
            "ok": ["actions": ["type": "kv", "kv": [:]]], "map.go": ["actions": ["type": "kv", "kv": ["k": "v"]]],
        ]))
        let c = h.presenter.contexts[0]
        c.triggerAction("ok")
        c.triggerAction("map.go")
        #expect(h.events("action.triggered").count == 2)
        #expect(h.events("action.kv").map { $0["kv"] } == [["k": "v"]])
    }
}
