import Engine
import Foundation
import JSON
import Templates
import Testing

@Suite struct InAppControllerPersistenceTests {
    static func templates(_ p: RecordingPresenter) throws -> [CustomTemplate] {
        [try makeTemplate("Banner", presenter: p) { b in try b.addActionArgument("ok") },
         try makeFunction("visualFn", visual: true, presenter: p)]
    }

    @Test func savedOnEveryChangeAndRestoredExactly() throws {
        let h = try Harness(templates: Self.templates)
        try h.deliver([
            inapp("a", "Banner", priority: 5, vars: ["ok": ["actions": ["type": "custom-code", "templateName": "visualFn"]]]),
            inapp("b", "Banner", ti: 2), inapp("c", "Banner", ti: 1),
        ])
        h.presenter.contexts[0].triggerAction("ok")
        let saved = try InterimJSON.decode(String(decoding: try h.storage.read(InAppController.storageName)!, as: UTF8.self))
        #expect(saved["displayed"]?["id"] == "a")
        #expect(saved["queue"]?.arrayValue?.map { $0["id"]?.stringValue ?? "" } == ["a/ok", "c", "b"])

        // Relaunch: a new engine over the same state directory.
        let relaunched = try Harness(templates: Self.templates, directory: h.storage.directory)
        #expect(relaunched.controller.restore() == 4)
        #expect(relaunched.controller.queue.map(\.id) == ["a", "a/ok", "c", "b"])
        #expect(relaunched.controller.queue[1].isAction)
        relaunched.clock.drain()
        #expect(relaunched.controller.displayed?.id == "a", "the displayed in-app shows again")
        #expect(relaunched.controller.displayed?.json == h.controller.displayed?.json)
    }

    @Test func dismissingEverythingLeavesAnEmptySavedQueue() throws {
        let h = try Harness(templates: Self.templates)
        h.presenter.presentAction = { $0.dismissed() }
        try h.deliver([inapp("a", "Banner"), inapp("b", "Banner")])
        h.clock.drain()
        let again = try Harness(templates: Self.templates, directory: h.storage.directory)
        #expect(again.controller.restore() == 0)
        #expect(again.controller.queue.isEmpty && again.controller.displayed == nil)
    }

    @Test(arguments: ["{not json", #"{"version":1,"queue":[{"id":3}]}"#, "[]", #"{"version":9,"queue":[]}"#])
    func corruptFileIsMovedAsideAndReported(content: String) throws {
        let h = try Harness(templates: Self.templates)
        try h.storage.writeAtomically(InAppController.storageName, Array(content.utf8))
        #expect(h.controller.restore() == 0)
        let aside = InAppController.storageName + ".corrupt-1"
        #expect(try h.storage.read(aside) == Array(content.utf8))
        #expect(try h.storage.read(InAppController.storageName) == nil)
        let errors = h.events("error").map { $0["message"]?.stringValue ?? "" }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("inapp-queue.json is corrupt") == true)
        #expect(errors.first?.contains(aside) == true)
    }

    @Test func withoutStorageNothingIsSaved() throws {
        let h = try Harness(templates: Self.templates)
        let controller = InAppController(manager: h.manager, transcript: h.transcript, clock: h.clock, storage: nil)
        try controller.deliver(inapp("a", "Banner"))
        #expect(controller.restore() == 0)
        #expect(try h.storage.read(InAppController.storageName) == nil)
    }
}
