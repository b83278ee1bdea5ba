import Engine
import JSON
import LuaRuntime
import OrderedCollections

/// The steps of one navigation, each at its own run-loop turn.
extension HookManager {
    /// Runs the next hook of the current phase, or moves on: target presented, post-load hooks, done.
    func advance(_ run: NavigationRun) {
        let entries = run.entries
        if run.next < entries.count {
            let entry = entries[run.next]
            let index = run.next
            run.next += 1
            start(entry, index: index, in: run)
            return
        }
        switch run.phase {
        case .preload:
            presentTarget(run)
            run.phase = .postload
            run.next = 0
            schedule(run) { self.advance(run) }
        case .postload, .done:
            finish(run)
        }
    }

    /// Creates the hook and starts it; a missing or failing plugin is skipped.
    private func start(_ entry: HookEntry, index: Int, in run: NavigationRun) {
        let id = entry.identifier
        func skip(_ reason: String) {
            engine.transcript.record("hook.skipped", ["identifier": .string(id), "reason": .string(reason)])
            schedule(run) { self.advance(run) }
        }
        guard let factory = factories[id] else {
            // The SDK skips a hook it cannot make without a word: say which, and the closest known name.
            let list = run.phase == .preload ? "preload_plugins" : "postload_plugins"
            let why = plugins[id] == nil ? "is in no plugin list (plugin_configurations.json, hooks.plugin)"
                : "has a manifest but no implementation (hooks.plugin)"
            engine.transcript.warn(Warning(system: "hooks", "hook '\(id)' of screen '\(run.target.id)' (\(list)) \(why): the SDK skips it",
                                           ignored: id, known: Set(plugins.keys).union(factories.keys).sorted()))
            skip(plugins[id] == nil ? "missing plugin" : "no implementation registered for plugin '\(id)'")
            return
        }
        let model = plugins[id] ?? PluginModel(identifier: id, type: entry.type, isScreen: factory.isScreen ?? false, preload: true)
        guard model.preload else {
            skip("plugin '\(id)' is not a hook: its manifest has no \"preload\": true")
            return
        }
        let isScreen = factory.isScreen ?? model.isScreen
        var screen: ScreenModel?
        if isScreen {
            if let screenId = entry.screenId {
                // The SDK creates a hook screen plugin with its river screen: without it, no plugin.
                guard let found = screens[screenId] else {
                    let message = "hook '\(id)': its screen_id '\(screenId)' is not in the river (the SDK needs the screen model to create the plugin)"
                    engine.transcript.record("error", ["message": .string(message)])
                    skip("screen '\(screenId)' is not in the river")
                    return
                }
                screen = found
            } else {
                screen = screens[id] ?? ScreenModel(id: id, name: model.name, type: entry.type)
            }
        }
        let delegate = HookScreenDelegate(manager: self)
        let creation = HookCreation(pluginModel: model, screenModel: screen, dataSourceModel: run.dataSource,
                                    hostScreenModel: run.target, screenDelegate: delegate, shared: run.shared)
        let adapter: any ScreenHookAdapter
        do {
            guard let made = try factory.make(creation) else {
                skip("init failed")
                return
            }
            adapter = made
        } catch {
            engine.recordError(error, source: "hook '\(id)' init")
            skip("init failed: \(HookManager.message(error))")
            return
        }
        let hook = ActiveHook(entry: entry, index: index, adapter: adapter, screen: screen,
                              presentation: screen.map { HookManager.presentation(of: $0, plugin: model) } ?? .push)
        delegate.hook = hook
        run.active = hook
        guard run.isReturn else { return begin(hook, in: run) }
        // A return to the screen: the hook runs again only if it says it is recurring (an
        // answer that never comes times out as a hook that never completes).
        if timeout > 0 {
            hook.timeout = timeout
            hook.deadline = engine.clock.now + timeout
            armWatchdog(at: hook.deadline)
        }
        do {
            var asked = false
            try adapter.reccuringPostLaunchHook { [weak self, weak run, weak hook] recurring in
                guard let self, let run, let hook, !asked else { return }
                asked = true
                self.schedule(run) {
                    guard run.active === hook else { return }
                    if recurring { return self.begin(hook, in: run) }
                    run.active = nil
                    skip("not recurring (reccuringPostLaunchHook answered false)")
                }
            }
        } catch {
            engine.recordError(error, source: "hook '\(id)' reccuringPostLaunchHook")
            run.active = nil
            skip("reccuringPostLaunchHook failed: \(HookManager.message(error))")
        }
    }

    /// Records the start, arms the timeout, asks for the screen's presentation and executes.
    private func begin(_ hook: ActiveHook, in run: NavigationRun) {
        let id = hook.entry.identifier
        engine.transcript.record("hook.started", JSONObject(uncheckedUniqueKeys: HookEventKeys.started, values: [
            .string(id), .integer(Int64(hook.index)), .bool((try? hook.adapter.isFlowBlocker) ?? false),
            .string(run.phase == .preload ? "preload" : "postload"),
        ]))
        if timeout > 0 {
            hook.timeout = timeout
            hook.deadline = engine.clock.now + timeout
            armWatchdog(at: hook.deadline)
        }
        guard hook.screen != nil else {
            execute(hook, in: run)
            return
        }
        do {
            try hook.adapter.requestScreenPluginPresentation { [weak self, weak run, weak hook] allow in
                guard let self, let run, let hook else { return }
                guard !hook.presentationAnswered else {
                    self.engine.transcript.record("hook.ignored", ["identifier": .string(id), "reason": .string("presentation answered twice")])
                    return
                }
                hook.presentationAnswered = true
                self.schedule(run) {
                    guard !hook.isCompleted else { return }
                    if allow { self.present(hook) }
                    self.execute(hook, in: run)
                }
            }
        } catch {
            engine.recordError(error, source: "hook '\(id)' requestPresentation")
            complete(hook, in: run, succeed: false, error: HookManager.message(error), data: nil)
        }
    }

    private func execute(_ hook: ActiveHook, in run: NavigationRun) {
        do {
            let id = hook.entry.identifier
            let completion = { [weak self, weak run, weak hook] (succeed: Bool, error: String?, data: KeptJSON?) in
                guard let self else { return }
                guard let run, let hook, self.run === run else {
                    self.engine.transcript.record("hook.ignored", [
                        "identifier": .string(id), "reason": .string("completed after its navigation ended"),
                    ])
                    return
                }
                self.complete(hook, in: run, succeed: succeed, error: error, data: data)
            }
            // A Lua hook takes and gives the data as kept from the last Lua hook (no `JSONValue`).
            if let lua = hook.adapter as? LuaHookPlugin {
                try lua.execute(presentationIndex: hook.index, data: run.data, completion: completion)
            } else {
                try hook.adapter.executeHook(presentationIndex: hook.index, dataDict: run.data?.object) { succeed, error, data in
                    completion(succeed, error, data.map { KeptJSON(.object($0)) })
                }
            }
        } catch {
            engine.recordError(error, source: "hook '\(hook.entry.identifier)' execute")
            if !hook.isCompleted { complete(hook, in: run, succeed: false, error: HookManager.message(error), data: nil) }
        }
    }

    /// Records the completion (a second one is ignored), decides with the hook's `isFlowBlocker`
    /// as it is now (the SDK reads it after the completion), and goes on at the next turn.
    func complete(_ hook: ActiveHook, in run: NavigationRun, succeed: Bool, error: String?, data: KeptJSON?) {
        let id = hook.entry.identifier
        guard !hook.isCompleted else {
            engine.transcript.record("hook.ignored", ["identifier": .string(id), "reason": .string("completed twice")])
            return
        }
        hook.isCompleted = true
        let blocker = flowBlocker(hook)
        let blocks = !succeed && blocker
        let fields = if let error {
            JSONObject(uncheckedUniqueKeys: HookEventKeys.completedWithError, values: [.string(id), .bool(succeed), .bool(blocker), .string(error)])
        } else {
            JSONObject(uncheckedUniqueKeys: HookEventKeys.completed, values: [.string(id), .bool(succeed), .bool(blocker)])
        }
        engine.transcript.record("hook.completed", fields)
        // "the next hook runs with the dataDict it returned": exactly that, nothing merged.
        run.data = data
        if run.phase == .preload { pendingData = .some(data) }   // read into `state` when it is read
        schedule(run) {
            // The SDK's hook screens remove themselves on success or when they do not block
            // the flow; a failed flow blocker keeps its screen (the user goes back from it).
            if !blocks { self.remove(hook, by: "manager") }
            run.active = nil
            if blocks {
                if run.phase == .preload {
                    self.state.last?.presented = false
                    self.state.last?.blockedBy = id
                    self.engine.transcript.record("navigation.blocked", ["screen": .string(run.target.id), "by": .string(id)])
                }
                self.finish(run)
            } else {
                self.advance(run)
            }
        }
    }

    /// The hook's `isFlowBlocker` now; a getter that fails counts as a flow blocker (recorded).
    func flowBlocker(_ hook: ActiveHook) -> Bool {
        do { return try hook.adapter.isFlowBlocker } catch {
            engine.recordError(error, source: "hook '\(hook.entry.identifier)' isFlowBlocker")
            return true
        }
    }

    /// Presents the target as its invocation point does: push, new root, or tab switch.
    private func presentTarget(_ run: NavigationRun) {
        let data = run.data?.object
        let entry = NavigationState.Entry(screen: run.target.id, from: run.from.rawValue, data: data, dataSource: run.dataSource)
        switch run.from {
        case .cell, .navbar: state.stack.append(entry)
        case .menu:
            // A new root: hook screens left on the stack go with the old one.
            for hook in screenHooks { remove(hook, by: "navigation") }
            state.stack = [entry]
        case .picker:
            if let top = state.stack.last, top.hook != nil, let hook = screenHooks.last { remove(hook, by: "navigation") }
            if state.stack.isEmpty { state.stack.append(entry) } else { state.stack[state.stack.count - 1] = entry }
        }
        state.last?.presented = true
        state.last?.data = data
        engine.transcript.record("screen.presented", JSONObject(uncheckedUniqueKeys: HookEventKeys.presented, values: [
            .string(run.target.id), .string(run.from.rawValue), data.map { .object($0) } ?? .null, run.dataSource ?? .null,
        ]))
    }

    func finish(_ run: NavigationRun) {
        run.phase = .done
        if let hook = run.active, !hook.isCompleted { remove(hook, by: "manager") }
        self.run = nil
        state.running = false
    }

    static func message(_ error: any Error) -> String {
        if let lua = error as? LuaError { return lua.message }
        return String(describing: error)
    }

    static func seconds(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// The keys of the manager's frequent transcript events, one array per shape (unique, in the
/// event's order): the objects are made without hashing and comparing a literal's keys.
enum HookEventKeys {
    static let started = ["identifier", "index", "flowBlocker", "phase"]
    static let completed = ["identifier", "succeed", "flowBlocker"]
    static let completedWithError = ["identifier", "succeed", "flowBlocker", "error"]
    static let presented = ["screen", "from", "data", "dataSource"]
    static let navigation = ["screen", "from"]
}
