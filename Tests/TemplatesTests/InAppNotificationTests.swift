import Engine
import Foundation
import JSON
import Testing
@testable import Templates

/// The fields every in-app transcript event starts with (`id`, `template`, `ti` when present) are
/// built once per in-app (`eventFields`) and shared by its events: each event still carries the
/// in-app's own values, in that order, whatever the shape of the notification.
@Suite struct InAppNotificationTests {
    func harness() throws -> Harness {
        try Harness { p in [try makeTemplate("Banner", presenter: p), try makeTemplate("Other", presenter: p)] }
    }

    /// `[(key, value)]` of an event's fields, in order.
    func pairs(_ event: TranscriptEvent) -> [String] { event.fields.map { "\($0.key)=\(canonical($0.value))" } }

    @Test func everyEventOfAnInAppStartsWithItsOwnIdTemplateAndTi() throws {
        let h = try harness()
        try h.deliver([
            ["type": "custom-code", "templateName": "Banner", "wzrk_id": "a", "ti": 7],
            ["type": "custom-code", "templateName": "Other", "wzrk_id": 42, "ti": "9"],   // a number id, a string ti
            ["type": "custom-code", "templateName": "Banner"],                        // no id (generated), no ti
            ["type": "custom-code", "templateName": 5, "wzrk_id": "bad"],             // a non-string template name
            ["type": "custom-code", "templateName": "Nope", "wzrk_id": "n", "ti": 1.5],
        ])
        // Present and dismiss each queued one in turn.
        for _ in 0..<3 {
            h.presenter.contexts.last?.presented()
            h.presenter.contexts.last?.dismissed()
            h.clock.drain()
        }
        let expected: [String: [String]] = [
            "a": ["id=\"a\"", "template=\"Banner\"", "ti=7"],
            "42": ["id=\"42\"", "template=\"Other\"", "ti=\"9\""],
            "inapp-1": ["id=\"inapp-1\"", "template=\"Banner\""],
        ]
        for type in ["inapp.queued", "template.presenting", "template.presented", "template.dismissed"] {
            let events = h.events(type)
            #expect(events.map { $0["id"]?.stringValue ?? "" } == ["a", "42", "inapp-1"], "\(type)")
            for event in events {
                let id = event["id"]?.stringValue ?? ""
                #expect(pairs(event) == expected[id], "\(type) \(id)")
            }
        }
        let skipped = h.events("inapp.skipped")
        #expect(skipped.map(pairs) == [
            ["id=\"bad\"", "template=null", "reason=\"unregistered\"",
             "message=\"Template with name: \\\"\\\" is not registered and cannot be presented.\""],
            ["id=\"n\"", "template=\"Nope\"", "ti=1.5", "reason=\"unregistered\"",
             "message=\"Template with name: \\\"Nope\\\" is not registered and cannot be presented.\""],
        ])
    }

    @Test func aSkipAddsItsReasonToACopyNotToTheInAppsOtherEvents() throws {
        let h = try harness()
        h.controller.discard()
        try h.deliver(["type": "custom-code", "templateName": "Banner", "wzrk_id": "d", "ti": 3])
        h.controller.resume()
        h.clock.drain()
        #expect(h.events("inapp.queued").map(pairs) == [["id=\"d\"", "template=\"Banner\"", "ti=3"]])
        #expect(h.events("inapp.skipped").map(pairs) == [
            ["id=\"d\"", "template=\"Banner\"", "ti=3", "reason=\"discarded\"", "message=\"InApp Notifications are set to be discarded.\""],
        ])
        #expect(InAppNotification(json: ["wzrk_id": "d", "templateName": "Banner", "ti": 3]).eventFields == ["id": "d", "template": "Banner", "ti": 3])
    }

    @Test func anExplicitOrRestoredIdIsTheOneTheEventsCarry() throws {
        let json: JSONValue = ["type": "custom-code", "templateName": "Banner", "wzrk_id": "wire", "ti": 2]
        #expect(InAppNotification(json: json, id: "given").eventFields == ["id": "given", "template": "Banner", "ti": 2])
        let restored = InAppNotification(persisted: ["id": "inapp-7", "isAction": false, "notification": ["templateName": "Other"]])
        #expect(restored?.eventFields == ["id": "inapp-7", "template": "Other"])
        #expect(restored?.eventFields.keys.elementsEqual(["id", "template"]) == true)

        // Through a relaunch: the restored queue's events carry the persisted (generated) ids.
        let h = try harness()
        try h.deliver([["type": "custom-code", "templateName": "Banner", "ti": 4], ["type": "custom-code", "templateName": "Other"]])
        h.clock.drain()
        let relaunched = try Harness(templates: { p in [try makeTemplate("Banner", presenter: p), try makeTemplate("Other", presenter: p)] },
                                     directory: h.storage.directory)
        #expect(try relaunched.controller.restore() == 2)
        relaunched.clock.drain()
        #expect(relaunched.events("template.presenting").map(pairs) == [["id=\"inapp-1\"", "template=\"Banner\"", "ti=4"]])
    }

    /// A notification's fields live in one shared object: equality is still by value (two
    /// notifications made apart from the same object, id and flag are equal; any difference is not).
    @Test func equalityComparesTheValuesNotTheSharedStorage() {
        let json: JSONValue = ["type": "custom-code", "templateName": "Banner", "wzrk_id": "w", "ti": 2, "vars": ["a": 1]]
        let a = InAppNotification(json: json)
        let copy = a
        #expect(copy == a)
        #expect(InAppNotification(json: json) == a)
        #expect(InAppNotification(json: json, id: "w") == a)
        #expect(InAppNotification(json: json, id: "other") != a)
        #expect(InAppNotification(json: json, isAction: true) != a)
        #expect(InAppNotification(json: ["type": "custom-code", "templateName": "Banner", "wzrk_id": "w", "ti": 2, "vars": ["a": 2]]) != a)
        #expect(InAppNotification(json: ["type": "custom-code", "templateName": "Banner", "wzrk_id": "w", "ti": 2]) != a)
        #expect(a.json == json && a.id == "w" && !a.isAction && copy.eventFields == ["id": "w", "template": "Banner", "ti": 2])
        // The queue and the displayed in-app compare as before.
        #expect([a, copy].firstIndex(of: InAppNotification(json: json)) == 0)
    }

    /// The controller's and the campaigns' save bookkeeping (made on first use) is one object:
    /// a change marked through one access is seen by the next, and saved once.
    @Test func theSaveBookkeepingIsMadeOnceAndKept() throws {
        let h = try harness()
        #expect(h.controller.saver === h.controller.saver)
        #expect(!h.controller.hasUnsavedChanges)
        // Not drained: the change is marked and its save waits for the run loop's idle point.
        try h.controller.deliver([["type": "custom-code", "templateName": "Banner", "wzrk_id": "s"]])
        #expect(h.controller.hasUnsavedChanges)
        h.controller.flush()
        #expect(!h.controller.hasUnsavedChanges && h.controller.saveCount == 1)
        let campaigns = Campaigns(controller: h.controller, transcript: h.transcript, clock: h.clock, storage: h.storage)
        #expect(campaigns.saver === campaigns.saver)
        let before = campaigns.saver.saveCount
        campaigns.recordEvent("Bought")
        #expect(campaigns.saver.hasUnsavedChanges)
        campaigns.flush()
        #expect(!campaigns.saver.hasUnsavedChanges && campaigns.saver.saveCount == before + 1)
        campaigns.retire()
        #expect(campaigns.isRetired && h.controller.isRetired == false)
    }
}
