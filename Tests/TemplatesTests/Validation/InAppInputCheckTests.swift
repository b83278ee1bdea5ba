import Engine
import JSON
import Testing
@testable import Templates

/// What the CleverTap SDK ignores in a delivered in-app is a `warning` naming the path and the
/// closest known name (issue 35 item 3); the delivery itself is unchanged.
@Suite struct InAppInputCheckTests {
    func harness() throws -> Harness {
        try Harness { presenter in
            [try makeTemplate("Banner", presenter: presenter) { b in
                try b.addArgument("title", string: "Hi")
                try b.addArgument("count", integer: 3)
            }]
        }
    }

    func warnings(_ payload: JSONValue, _ h: Harness) -> [TranscriptEvent] {
        InAppInputCheck.warn(payload, manager: h.manager, transcript: h.transcript)
        return h.events("warning")
    }

    @Test func aVarsKeyNoArgumentHasWarnsWithTheClosestArgument() throws {
        let h = try harness()
        let events = warnings(inapp("c1", "Banner", vars: ["titel": "Sale"]), h)
        #expect(events.count == 1)
        #expect(events.first?["path"] == "vars.titel")
        #expect(events.first?["ignored"] == "titel")
        #expect(events.first?["didYouMean"] == "title")
        #expect(events.first?["system"] == "templates")
        #expect(events.first?["message"]?.stringValue == "vars.titel: templates: template 'Banner' has no argument 'titel': the SDK ignores the value (did you mean 'title'?)")
    }

    @Test func anUndefinedTemplateNameWarnsWithTheClosestDefinedName() throws {
        let h = try harness()
        let events = warnings(.array([inapp("c1", "Baner"), inapp("c2", "Banner")]), h)
        #expect(events.map { $0["path"] } == ["[0].templateName"])
        #expect(events.first?["didYouMean"] == "Banner")
    }

    @Test func aVarsValueOfTheWrongTypeWarnsThatTheDefaultIsKept() throws {
        let h = try harness()
        let events = warnings(inapp("c1", "Banner", vars: ["count": "three"]), h)
        #expect(events.map { $0["path"] } == ["vars.count"])
        #expect(events.first?["message"]?.stringValue?.contains("is a number, got string: the SDK keeps its default") == true)
    }

    @Test func anUnreadInAppMemberWarnsInAResponse() throws {
        let h = try harness()
        var inApp = inapp("c1", "Banner").objectValue ?? [:]
        inApp["priorty"] = 2
        let events = warnings(.object(["inapp_notifs": .array([.object(inApp)])]), h)
        #expect(events.map { $0["path"] } == ["inapp_notifs[0].priorty"])
        #expect(events.first?["didYouMean"] == "priority")
    }

    /// A misspelt response list (`inapp_notif`) delivers nothing, as the SDK reads no such key: it warns
    /// with the key the SDK reads (`CLTAP_INAPP_JSON_RESPONSE_KEY`); a key another part of the SDK
    /// reads (`inbox_notifs`) does not warn.
    @Test func anUnreadResponseMemberWarnsWithTheClosestResponseKey() throws {
        let h = try harness()
        let events = warnings(.object(["inapp_notif": .array([inapp("c1", "Banner")]), "inbox_notifs": .array([]), "imc": 3]), h)
        #expect(events.map { $0["path"] } == ["inapp_notif"])
        #expect(events.first?["didYouMean"] == "inapp_notifs")
        #expect(events.first?["message"]?.stringValue == "inapp_notif: templates: no part of the SDK reads the response member 'inapp_notif'; it is ignored (did you mean 'inapp_notifs'?)")
    }

    /// A custom-code action (an action argument) naming an undefined template is not triggered by the SDK.
    @Test func aCustomCodeActionNamingAnUndefinedTemplateWarns() throws {
        let h = try Harness { presenter in
            [try makeTemplate("Banner", presenter: presenter) { b in try b.addActionArgument("open") },
             try makeFunction("Survey", visual: true, presenter: presenter)]
        }
        let good = warnings(inapp("c1", "Banner", vars: ["open": ["actions": ["type": "custom-code", "templateName": "Survey"]]]), h)
        #expect(good.isEmpty)
        let bad = warnings(inapp("c2", "Banner", vars: ["open": ["actions": ["type": "custom-code", "templateName": "Survy", "vars": [:]]]]), h)
        #expect(bad.map { $0["path"] } == ["vars.open.actions.templateName"])
        #expect(bad.first?["didYouMean"] == "Survey")
        #expect(bad.first?["message"]?.stringValue?.contains("the SDK does not trigger the action") == true)
    }

    @Test func aWellFormedInAppWarnsNothing() throws {
        let h = try harness()
        #expect(warnings(inapp("c1", "Banner", priority: 1, vars: ["title": "Sale", "count": 2]), h).isEmpty)
    }

    /// Inside a scenario step the warning names the scenario file and the step's path.
    @Test func theRunnersInputSourcePlacesTheWarning() throws {
        let h = try harness()
        h.transcript.source = Transcript.InputSource(file: "flows/a.json", path: JSONPath.root.key("steps").index(1).key("deliver"))
        let events = warnings(inapp("c1", "Banner", vars: ["titel": "Sale"]), h)
        #expect(events.first?["file"] == "flows/a.json")
        #expect(events.first?["path"] == "steps[1].deliver.vars.titel")
        #expect(events.first?["message"]?.stringValue?.hasPrefix("flows/a.json: steps[1].deliver.vars.titel: templates: ") == true)
    }
}
