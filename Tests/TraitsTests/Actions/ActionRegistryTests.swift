import Engine
import JSON
import Testing
@testable import Traits

/// The SDK's `ActionRegistryTests`: registration, unknown types, duplicates, the queue's order
/// (also while it is processing) and queue transforms.
@Suite struct ActionRegistryTests {
    final class Recorder {
        var log: [String] = []
    }

    final class RecordingAction: ExperienceAction {
        let type: String
        let recorder: Recorder
        let onExecute: ((any ActionHost) -> Void)?
        init(type: String, recorder: Recorder, onExecute: ((any ActionHost) -> Void)? = nil) {
            self.type = type
            self.recorder = recorder
            self.onExecute = onExecute
        }
        func execute(in host: any ActionHost, completion: @escaping () -> Void) {
            recorder.log.append(type)
            onExecute?(host)
            completion()
        }
    }

    /// Drops every action after itself (`ExperienceActionQueueTransforming`).
    final class TruncatingAction: QueueTransformingAction {
        let type = "@test/truncate"
        let recorder: Recorder
        init(recorder: Recorder) { self.recorder = recorder }
        func execute(in host: any ActionHost, completion: @escaping () -> Void) {
            recorder.log.append(type)
            completion()
        }
        func transformQueue(_ queue: [any ExperienceAction], index: Int, in host: any ActionHost) -> [any ExperienceAction] {
            Array(queue[...index])
        }
    }

    func registry() throws -> (TraitsHarness, ActionRegistry) {
        let h = try TraitsHarness()
        return (h, h.system.renderer.actionRegistry)
    }

    @Test func testRegister() throws {
        let (_, registry) = try registry()
        let recorder = Recorder()
        #expect(registry.register(type: "@test/action") { _, _ in RecordingAction(type: "@test/action", recorder: recorder) })
        let instances = registry.makeInstances([Experience.Action(trigger: "tap", type: "@test/action")], level: "step")
        #expect(instances.map(\.type) == ["@test/action"])
    }

    @Test func testUnknownAction() throws {
        let (_, registry) = try registry()
        #expect(registry.makeInstances([Experience.Action(trigger: "tap", type: "@unknown/action")], level: "step").isEmpty)
    }

    @Test func testDuplicateTypeRegistrations() throws {
        let (h, registry) = try registry()
        let recorder = Recorder()
        #expect(registry.register(type: "@test/action") { _, _ in RecordingAction(type: "first", recorder: recorder) })
        #expect(!registry.register(type: "@test/action") { _, _ in RecordingAction(type: "second", recorder: recorder) })
        #expect(registry.makeInstances([Experience.Action(trigger: "tap", type: "@test/action")], level: "step").map(\.type) == ["first"])
        #expect(h.events("log", ["message"]) == [#"log message="Action of type @test/action is already registered.""#])
        #expect(!registry.register(type: "@appcues/close") { _, _ in nil }, "built-ins are registered first")
    }

    @Test func testQueueExecution() throws {
        let (h, registry) = try registry()
        let recorder = Recorder()
        registry.enqueue([RecordingAction(type: "a", recorder: recorder), RecordingAction(type: "b", recorder: recorder)])
        h.engine.settle()
        #expect(recorder.log == ["a", "b"])
        #expect(registry.queuedCount == 0)
    }

    @Test func testQueueAppendingWhileProcessing() throws {
        let (h, registry) = try registry()
        let recorder = Recorder()
        let c = RecordingAction(type: "c", recorder: recorder)
        let a = RecordingAction(type: "a", recorder: recorder) { host in host.actionRegistry.enqueue([c]) }
        registry.enqueue([a, RecordingAction(type: "b", recorder: recorder)])
        h.engine.settle()
        #expect(recorder.log == ["a", "b", "c"])
    }

    @Test func testQueueTransforming() throws {
        let (h, registry) = try registry()
        let recorder = Recorder()
        registry.enqueue([RecordingAction(type: "a", recorder: recorder), TruncatingAction(recorder: recorder),
                          RecordingAction(type: "b", recorder: recorder)])
        h.engine.settle()
        #expect(recorder.log == ["a", "@test/truncate"])
    }

    /// An action that enqueues itself forever is stopped at the bound with an error naming it.
    @Test func aLoopingActionStopsAtTheBound() throws {
        let (h, registry) = try registry()
        let recorder = Recorder()
        final class Looping: ExperienceAction {
            let type = "@test/loop"
            func execute(in host: any ActionHost, completion: @escaping () -> Void) {
                host.actionRegistry.enqueue([Looping()])
                completion()
            }
        }
        registry.enqueue([Experience.Action(trigger: "tap", type: "@test/none")], level: "step", interactionType: "Button Tapped",
                         viewDescription: nil)
        registry.enqueue([Looping()])
        h.engine.settle()
        let errors = h.events("error", ["message"])
        #expect(errors.count == 1)
        #expect(errors.first?.contains("more than 10000 actions ran from one interaction (last @test/loop)") == true)
        #expect(registry.queuedCount == 0)
        _ = recorder
    }

    /// Issue 34, item 3: 8,000 `@appcues/link` navigate actions in one group ran through a chain
    /// of completions, each action's frames below the next, until the native stack overflowed
    /// (SIGSEGV). They run in a loop: every link opens, then the step is presented.
    @Test func eightThousandNavigateActionsOfAGroupRunWithoutGrowingTheStack() throws {
        typealias F = ExperienceFixture
        let links = (0..<8_000).map { F.action("navigate", "@appcues/link", #"{"url": "app://x/\#($0)"}"#) }
        let h = try TraitsHarness.showing(F.experience([F.group(10, [F.step(11, content: F.text(1100, "One"))], actions: links)]))
        let opened = h.engine.transcript.events.filter { $0.type == "link.opened" }
        #expect(opened.count == 8_000 && opened.last?["url"] == "app://x/7999")
        #expect(h.engine.transcript.events.contains { $0.type == "step.presented" })
        #expect(!h.engine.transcript.events.contains { $0.type == "error" })
    }

    /// Past the bound on actions per interaction, the group's actions stop with an error (the
    /// loop ends: nothing is presented, nothing recurses).
    @Test func navigateActionsPastTheBoundStopWithAnError() throws {
        typealias F = ExperienceFixture
        let links = (0..<(ActionRegistry.maxActionsPerInteraction + 5)).map { F.action("navigate", "@appcues/link", #"{"url": "app://x/\#($0)"}"#) }
        let h = try TraitsHarness.showing(F.experience([F.group(10, [F.step(11, content: F.text(1100, "One"))], actions: links)]))
        let errors = h.engine.transcript.events.filter { $0.type == "error" }.compactMap { $0["message"]?.stringValue }
        #expect(errors.contains { $0.hasPrefix("more than 10000 actions ran from one interaction") }, "\(errors)")
    }

    /// An action that completes later resumes the loop from its completion, in order.
    @Test func anActionCompletingLaterResumesTheRest() throws {
        let (h, registry) = try registry()   // the harness holds the host (the registry's is weak)
        let recorder = Recorder()
        var later: (() -> Void)?
        final class Deferred: ExperienceAction {
            let type = "@test/later"
            let park: (@escaping () -> Void) -> Void
            init(_ park: @escaping (@escaping () -> Void) -> Void) { self.park = park }
            func execute(in host: any ActionHost, completion: @escaping () -> Void) { park(completion) }
        }
        var done = false
        registry.execute([RecordingAction(type: "a", recorder: recorder), Deferred { later = $0 },
                          RecordingAction(type: "b", recorder: recorder)]) { done = true }
        #expect(recorder.log == ["a"] && !done)
        later?()
        #expect(recorder.log == ["a", "b"] && done)
        _ = h
    }

    /// An action that keeps its completion (here forever: it is never called) is released with
    /// its run: the run does not hold the actions it started (LeakSanitizer reported the cycle
    /// action -> completion -> run -> actions).
    @Test func anActionKeepingItsCompletionIsReleased() throws {
        let (h, registry) = try registry()
        weak var kept: Keeping?
        var done = false
        do {
            let action = Keeping()
            kept = action
            registry.execute([action, Keeping()]) { done = true }
        }
        #expect(kept == nil && !done)
        _ = h
    }

    /// A run that has completed keeps neither its actions nor its completion, even when an
    /// action still holds the completion it called.
    @Test func aCompletedRunKeepsNoneOfItsActions() throws {
        let (h, registry) = try registry()
        final class Token {}
        weak var kept: Keeping?
        weak var captured: Token?
        var calls = 0
        do {
            let action = Keeping()
            kept = action
            let token = Token()
            captured = token
            registry.execute([action]) { _ = token; calls += 1 }
            action.completion?()
            action.completion?()   // a second call does nothing
        }
        #expect(calls == 1)
        #expect(kept == nil)
        #expect(captured == nil)
        _ = h
    }

    /// Keeps its completion and does not call it.
    final class Keeping: ExperienceAction {
        let type = "@test/keeping"
        var completion: (() -> Void)?
        func execute(in host: any ActionHost, completion: @escaping () -> Void) { self.completion = completion }
    }
}
