import Engine
import JSON
@testable import Templates
import Testing

@Suite struct InAppControllerTests {
    func harness() throws -> Harness {
        try Harness { p in
            [
                try makeTemplate("Banner", presenter: p) { b in
                    try b.addArgument("title", string: "Hi")
                    try b.addActionArgument("ok")
                    try b.addActionArgument("next")
                    try b.addArgument("label", string: "x")
                },
                try makeTemplate("Other", presenter: p),
                try makeFunction("visualFn", visual: true, presenter: p),
                try makeFunction("track", visual: false, presenter: p) { b in try b.addArgument("event", string: "e") },
            ]
        }
    }

    @Test func queueOrderAndBlockingUntilDismissed() throws {
        let h = try harness()
        try h.deliver(["inapp_notifs": [
            inapp("low", "Banner", priority: 1, ti: 5), inapp("def", "Banner", ti: 1),
            inapp("high", "Other", priority: 100, ti: 9), inapp("high-early", "Banner", priority: 100, ti: 2),
        ]])
        #expect(h.controller.displayed?.id == "low", "inapp_notifs show in server order (FIFO), whatever their priority")
        #expect(h.controller.queue.map(\.id) == ["def", "high", "high-early"])
        h.clock.advance(by: 60)
        #expect(h.presenter.calls == ["present:Banner:low"], "blocked until dismissed")
        h.presenter.contexts[0].presented()
        h.presenter.contexts[0].dismissed()
        h.presenter.contexts[0].dismissed()
        #expect(h.controller.displayed == nil, "freed at once, next shows on the run loop")
        h.clock.drain()
        #expect(h.controller.displayed?.id == "def")
        #expect(h.trace("template.", "inapp.") == [
            "inapp.queued low", "inapp.queued def", "inapp.queued high", "inapp.queued high-early",
            "template.presenting low", "template.presented low", "template.dismissed low",
            "template.presenting def",
        ])
        #expect(h.controller.activeContext("Banner") === h.presenter.contexts[1])
        #expect(h.controller.activeContext("Other") == nil)
    }

    @Test func unregisteredAndUnparsableAreSkippedANativeTypeIsPresented() throws {
        let h = try harness()
        try h.deliver([inapp("x", "Nope"), ["type": "bogus", "wzrk_id": "z"], ["type": "interstitial", "wzrk_id": "y"]])
        let reasons = h.events("inapp.skipped").map { $0["message"]?.stringValue ?? "" }
        #expect(reasons == [
            "Template with name: \"Nope\" is not registered and cannot be presented.",
            "Unable to parse the in-app: unknown in-app type.",
        ])
        #expect(h.events("inapp.skipped").map { $0["reason"]?.stringValue ?? "" } == ["unregistered", "parse"],
                "unregistered: filtered when queued; an unknown type: queued, dropped when prepared")
        #expect(h.events("inapp.skipped")[0]["template"] == "Nope")
        #expect(h.controller.queue.map(\.id) == ["y"], "a parse error makes no new show attempt")
        h.controller.showAttempt()
        #expect(h.controller.displayed?.id == "y", "a native type is presented (headless views)")
        #expect(h.controller.displayedNativeInApp?.type == "interstitial")
    }

    @Test func malformedPayloadThrowsBeforeQueueing() throws {
        let h = try harness()
        #expect(throws: InAppError.invalidPayload(LocatedProblem(path: JSONPath.root.key("inapp_notifs").index(1), message: "expected an object, got number"))) {
            try h.controller.deliver(["inapp_notifs": [inapp("a", "Banner"), 3]])
        }
        #expect(h.controller.queue.isEmpty && h.transcript.events.isEmpty)
    }

    @Test func throwingPresenterIsAnErrorAndQueueMovesOn() throws {
        let h = try harness()
        h.presenter.presentAction = { c in if c.notification.id == "a" { throw PresenterFailure() } }
        try h.deliver([inapp("a", "Banner", ti: 1), inapp("b", "Banner", ti: 2)])
        #expect(h.events("error").map { $0["message"]?.stringValue ?? "" } == ["templates: Banner: onPresent: boom"])
        #expect(h.controller.displayed?.id == "b")
    }

    @Test func actionsUrlKvAndUnknownArgument() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: [
            "ok": ["actions": ["type": "url", "ios": "https://example.com"]],
            "next": ["actions": ["type": "kv", "kv": ["k": "v"]]],
        ]))
        let c = h.presenter.contexts[0]
        c.triggerAction("ok")
        c.triggerAction("next")
        c.triggerAction("label")
        #expect(h.events("action.triggered").map { $0["actionType"]?.stringValue ?? "" } == ["url", "kv"])
        #expect(h.events("action.triggered")[0].fields["action"] == "ok")
        #expect(h.events("action.url")[0]["url"] == "https://example.com")
        #expect(h.events("action.kv")[0]["kv"] == ["k": "v"])
        #expect(h.events("log").map { $0["message"]?.stringValue ?? "" } == ["No argument of type action with name label for template Banner."])
    }

    @Test func closeReachesOnCloseOnlyWithActiveContext() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: ["ok": ["actions": ["type": "close"]]]))
        h.controller.close()
        h.presenter.contexts[0].triggerAction("ok")
        #expect(h.presenter.calls == ["present:Banner:c1", "close:Banner:c1", "close:Banner:c1"])
        h.presenter.contexts[0].dismissed()
        h.presenter.contexts[0].triggerAction("ok")
        #expect(h.controller.close() == false)
        #expect(h.presenter.calls.count == 3)
        #expect(h.trace("template.closed", "template.dismissed") == [
            "template.closed c1", "template.closed c1", "template.dismissed c1",
        ])
    }

    @Test func visualSpawnGoesToTheFrontNonVisualRunsAtOnce() throws {
        let h = try harness()
        try h.deliver([
            inapp("c1", "Banner", priority: 10, vars: [
                "ok": ["actions": ["type": "custom-code", "templateName": "visualFn", "vars": [:]]],
                "next": ["actions": ["type": "custom-code", "templateName": "track", "vars": ["event": "tap"]]],
            ]),
            inapp("c2", "Other", priority: 5),
        ])
        let banner = h.presenter.contexts[0]
        banner.triggerAction("ok")
        banner.triggerAction("next")
        #expect(h.controller.queue.map(\.id) == ["c1/ok", "c2"])
        #expect(h.presenter.calls == ["present:Banner:c1", "present:track:c1/next"])
        let track = h.presenter.contexts[1]
        #expect(track.isAction && track.string("event") == "tap")
        track.presented()
        track.dismissed()
        #expect(h.controller.displayed?.id == "c1", "a non-visual action does not free the display")
        banner.dismissed()
        h.clock.drain()
        #expect(h.controller.displayed?.id == "c1/ok")
        #expect(h.events("template.presented").isEmpty, "actions record no view")
    }

    @Test func afterDismissedNothingHappensAndBlockingIsVisible() throws {
        let h = try harness()
        try h.deliver([inapp("a", "Banner", ti: 1, vars: ["ok": ["actions": ["type": "close"]]]), inapp("b", "Banner", ti: 2)])
        #expect(h.controller.isBlocked)
        let c = h.presenter.contexts[0]
        c.dismissed()
        c.presented()
        c.triggerAction("ok")
        c.dismissed()
        #expect(h.trace("template.", "action.") == ["template.presenting a", "template.dismissed a"])
        h.clock.drain()
        #expect(!h.controller.isBlocked && h.controller.displayed?.id == "b")
    }

    @Test func oneActiveContextPerTemplateAndFunctionsIgnoreTriggers() throws {
        let h = try harness()
        try h.deliver(inapp("c1", "Banner", vars: [
            "ok": ["actions": ["type": "custom-code", "templateName": "track"]],
            "next": ["actions": ["type": "custom-code", "templateName": "missing"]],
        ]))
        let banner = h.presenter.contexts[0]
        banner.triggerAction("ok")
        banner.triggerAction("ok")
        banner.triggerAction("next")
        #expect(h.events("inapp.skipped").map { $0["message"]?.stringValue ?? "" } == [
            "Template with name: \"missing\" is not registered and cannot be presented.",
        ])
        let track = try #require(h.controller.activeContext("track"))
        track.triggerAction("event")
        #expect(h.events("log").isEmpty, "triggerAction on a function does nothing")
        track.dismissed()
        #expect(h.controller.activeContext("track") == nil)
        banner.triggerAction("ok")
        #expect(h.presenter.calls.filter { $0.hasPrefix("present:track") }.count == 3,
                "a non-visual action runs each time it is triggered, as the SDK presents it each time")
    }

    /// `items` answers the usual shapes without a reader; every shape, good or bad, gives the
    /// list or the located problem `checkedItems` (the reader and paths for every item) gives.
    @Test func itemsOfEveryPayloadShapeMatchTheCheckedWalk() throws {
        let a: JSONValue = ["wzrk_id": "a"], b: JSONValue = ["wzrk_id": "b", "vars": [:]]
        let payloads: [JSONValue] = [
            a, [a, b], [], ["inapp_notifs": [a, b]], ["inapp_notifs": []], ["inapp_notifs": .null], ["inapp_notifs": a],
            ["inapp_notifs": [a, 5]], [a, "x", b], [[a]], .null, 3, "text", ["imc": 3], ["inapp_notifs": [a, [:], .null]],
        ]
        for payload in payloads {
            let fast = Result { () throws(InAppError) in try InAppController.items(payload) }
            let checked = Result { () throws(InAppError) in try InAppController.checkedItems(payload) }
            #expect(fast == checked, "\(payload)")
        }
        #expect(throws: InAppError.self) { try InAppController.items(["inapp_notifs": [a, 5]]) }
        let error = Result { () throws(InAppError) in try InAppController.items([a, "x"]) }
        if case .failure(let e) = error { #expect(e.description.contains("[1]"), "\(e)") } else { Issue.record("accepted a string item") }
    }

    /// `wzrkProperties` (Notification Viewed's properties) builds its object from two arrays:
    /// the same keys, values and order as inserting them one by one.
    @Test func wzrkPropertiesKeepTheWzrkKeysInOrder() throws {
        func reference(_ json: JSONValue) -> JSONObject {
            var props = JSONObject()
            for (k, v) in json.objectValue ?? [:] where k.hasPrefix("wzrk_") { props[k] = v }
            return props
        }
        let samples: [JSONValue] = [
            ["type": "custom-code", "wzrk_id": "a", "ti": 1, "wzrk_pivot": "p", "wzrk_cgId": .null, "wzrk_": [1, 2], "Wzrk_x": 1, "xwzrk_y": 2],
            ["wzrk_z": 1, "wzrk_a": ["n": true], "wzrk_é": "ü"], ["a": 1], [:], [["wzrk_id": 1]], "wzrk_id", .null,
        ]
        for sample in samples {
            let props = InAppController.wzrkProperties(sample)
            #expect(props == reference(sample), "\(sample)")
            #expect(Array(props.keys) == Array(reference(sample).keys))
        }
        #expect(Array(InAppController.wzrkProperties(samples[0]).keys) == ["wzrk_id", "wzrk_pivot", "wzrk_cgId", "wzrk_"])
    }
}
