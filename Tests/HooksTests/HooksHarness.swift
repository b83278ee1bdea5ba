import Engine
import JSON
@testable import Hooks

/// A Swift hook whose behaviour each test sets: what `executeHook` does, whether it blocks the
/// flow, what it answers to the presentation request. It records what it was given.
final class TestHook: ScreenHookAdapter {
    var isFlowBlocker: Bool
    /// nil: the protocol's default (allow).
    var allowPresentation: Bool?
    /// What `executeHook` does; the default completes at once with success.
    var onExecute: (Int, JSONObject?, @escaping HookCompletion) throws -> Void
    private(set) var received: [JSONObject?] = []
    private(set) var indexes: [Int] = []
    private(set) var disappeared = 0

    init(blocker: Bool = false, allow: Bool? = nil,
         onExecute: @escaping (Int, JSONObject?, @escaping HookCompletion) throws -> Void = { _, _, done in done(true, nil, nil) }) {
        isFlowBlocker = blocker
        allowPresentation = allow
        self.onExecute = onExecute
    }

    func requestScreenPluginPresentation(completion: @escaping (Bool) -> Void) throws {
        completion(allowPresentation ?? true)
    }

    func executeHook(presentationIndex: Int, dataDict: JSONObject?, completion: @escaping HookCompletion) throws {
        received.append(dataDict)
        indexes.append(presentationIndex)
        try onExecute(presentationIndex, dataDict, completion)
    }

    func hookPluginDidDisappear(screen: ScreenModel) throws { disappeared += 1 }
}

struct InitFailure: Error, CustomStringConvertible {
    var description: String { "no keychain" }
}

/// An engine with the hooks system, and helpers to register hooks and screens.
final class HooksHarness {
    let engine: Engine
    let system: HooksSystem
    var manager: HookManager { system.manager }

    init() throws {
        engine = try Engine()
        system = HooksSystem()
        try engine.add(system)
    }

    /// Registers `hook` (the same instance for every navigation) under `identifier`.
    func register(_ identifier: String, screen: Bool = false, _ hook: TestHook) {
        manager.register(identifier, HookPluginFactory(isScreen: screen) { _ in hook })
    }

    /// A screen with these pre-load (and post-load) hooks; a hook named `*-screen` gets that screen id.
    func screen(_ id: String, pre: [String] = [], post: [String] = []) {
        func entries(_ ids: [String]) -> [HookEntry] {
            ids.map { HookEntry(identifier: $0, type: "general", screenId: $0.hasSuffix("-screen") ? $0 : nil) }
        }
        manager.load(screens: [ScreenModel(id: id, preloadPlugins: entries(pre), postloadPlugins: entries(post))])
    }

    /// Navigates and settles.
    @discardableResult
    func navigate(_ id: String, from: InvocationPoint = .cell, dataSource: JSONValue? = nil) throws -> Bool {
        let started = try manager.navigate(to: id, from: from, dataSource: dataSource)
        engine.settle()
        return started
    }

    var types: [String] { engine.transcript.events.map(\.type) }

    func events(_ type: String) -> [TranscriptEvent] { engine.transcript.events.filter { $0.type == type } }

    /// `hook.started` identifiers, in order.
    var started: [String] { events("hook.started").compactMap { $0["identifier"]?.stringValue } }
}
