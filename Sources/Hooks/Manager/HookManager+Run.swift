import Engine
import JSON
import LuaRuntime

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
            skip(plugins[id] == nil ? "missing plugin" : "no implementation registered for plugin '\(id)'")
            return
        }
        let model = plugins[id] ?? PluginModel(identifier: id, type: entry.type, isScreen: factory.isScreen ?? false)
        guard model.preload else {
            skip("plugin '\(id)' cannot be used as a hook (preload: false)")
            return
        }
        let isScreen = factory.isScreen ?? model.isScreen
        var screen: ScreenModel?
        if isScreen {
            let screenId = entry.screenId ?? id
            screen = screens[screenId] ?? ScreenModel(id: screenId, name: model.name, type: entry.type)
        }
        let adapter: any ScreenHookAdapter
        do {
            guard let made = try factory.make(HookCreation(pluginModel: model, screenModel: screen, dataSourceModel: run.dataSource)) else {
                skip("init failed")
                return
            }
            adapter = made
        } catch {
            engine.recordError(error, source: "hook '\(id)' init")
            skip("init failed: \(HookManager.message(error))")
            return
        }
        let blocker = adapter.isFlowBlocker
        let hook = ActiveHook(entry: entry, index: index, adapter: adapter, isFlowBlocker: blocker, screen: screen)
        run.active = hook
        engine.transcript.record("hook.started", [
            "identifier": .string(id), "index": .integer(Int64(index)), "flowBlocker": .bool(blocker),
            "phase": .string(run.phase == .preload ? "preload" : "postload"),
        ])
        hook.timeout = timeout
        hook.deadline = engine.clock.now + timeout
        armWatchdog(at: hook.deadline)
        guard screen != nil else {
            execute(hook, in: run)
            return
        }
        do {
            try adapter.requestScreenPluginPresentation { [weak self, weak run, weak hook] allow in
                guard let self, let run, let hook else { return }
                guard !hook.presentationAnswered else {
                    self.engine.transcript.record("hook.ignored", ["identifier": .string(id), "reason": .string("presentation answered twice")])
                    return
                }
                hook.presentationAnswered = true
                self.schedule(run) {
                    guard !hook.isCompleted else { return }
                    if allow { self.present(hook, in: run) }
                    self.execute(hook, in: run)
                }
            }
        } catch {
            engine.recordError(error, source: "hook '\(id)' requestPresentation")
            complete(hook, in: run, succeed: false, error: HookManager.message(error), data: nil)
        }
    }

    /// Makes sure a watchdog timer fires by `due`. One pending timer serves every hook: the
    /// clock cannot cancel timers, and one per hook would pile up over a long session.
    func armWatchdog(at due: Double) {
        if let pending = watchdogDue, pending <= due { return }
        watchdogDue = due
        engine.clock.after(due - engine.clock.now) { [weak self] in
            guard let self, self.watchdogDue == due else { return }
            self.watchdogDue = nil
            self.checkTimeout()
        }
    }

    /// Fails the running hook if it is past its deadline, or re-arms the watchdog for it.
    private func checkTimeout() {
        guard let run, let hook = run.active, !hook.isCompleted else { return }
        guard engine.clock.now >= hook.deadline else { return armWatchdog(at: hook.deadline) }
        let message = "hook '\(hook.entry.identifier)' timed out after \(HookManager.seconds(hook.timeout))s"
        engine.transcript.record("error", ["message": .string(message)])
        complete(hook, in: run, succeed: false, error: "timeout", data: nil)
    }

    /// Pushes the hook's screen and shows it in the headless UI (a view with the screen's id).
    private func present(_ hook: ActiveHook, in run: NavigationRun) {
        guard let screen = hook.screen else { return }
        hook.isPresented = true
        state.stack.append(NavigationState.Entry(screen: screen.id, from: "hook", data: [:], hook: hook.entry.identifier))
        engine.ui.show(id: screen.id, properties: ["hookScreen": .string(hook.entry.identifier), "name": .string(screen.name ?? screen.id)])
        engine.transcript.record("hook.presented", ["identifier": .string(hook.entry.identifier), "screen": .string(screen.id)])
    }

    /// Removes the hook's screen from the stack and the UI, and tells the hook
    /// (`hookPluginDidDisappear`): after its completion, a timeout, or the user's close.
    func dismiss(_ hook: ActiveHook) {
        guard hook.isPresented, let screen = hook.screen else { return }
        hook.isPresented = false
        if let i = state.stack.lastIndex(where: { $0.hook == hook.entry.identifier && $0.screen == screen.id }) {
            state.stack.remove(at: i)
        }
        engine.ui.hide(id: screen.id)
        do { try hook.adapter.hookPluginDidDisappear(screen: screen) } catch {
            engine.recordError(error, source: "hook '\(hook.entry.identifier)' didDisappear")
        }
    }

    private func execute(_ hook: ActiveHook, in run: NavigationRun) {
        do {
            let id = hook.entry.identifier
            try hook.adapter.executeHook(presentationIndex: hook.index, dataDict: run.data) { [weak self, weak run, weak hook] succeed, error, data in
                guard let self else { return }
                guard let run, let hook, self.run === run else {
                    self.engine.transcript.record("hook.ignored", [
                        "identifier": .string(id), "reason": .string("completed after its navigation ended"),
                    ])
                    return
                }
                self.complete(hook, in: run, succeed: succeed, error: error, data: data)
            }
        } catch {
            engine.recordError(error, source: "hook '\(hook.entry.identifier)' execute")
            if !hook.isCompleted { complete(hook, in: run, succeed: false, error: HookManager.message(error), data: nil) }
        }
    }

    /// Records the completion (a second one is ignored) and goes on at the next turn.
    func complete(_ hook: ActiveHook, in run: NavigationRun, succeed: Bool, error: String?, data: JSONObject?) {
        let id = hook.entry.identifier
        guard !hook.isCompleted else {
            engine.transcript.record("hook.ignored", ["identifier": .string(id), "reason": .string("completed twice")])
            return
        }
        hook.isCompleted = true
        var fields: JSONObject = ["identifier": .string(id), "succeed": .bool(succeed)]
        if let error { fields["error"] = .string(error) }
        engine.transcript.record("hook.completed", fields)
        if let data { run.data = DataMerge.merge(run.data, data) }
        if run.phase == .preload { state.last?.data = run.data }
        schedule(run) {
            self.dismiss(hook)
            run.active = nil
            if !succeed && hook.isFlowBlocker {
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

    /// Presents the target as its invocation point does: push, new root, or tab switch.
    private func presentTarget(_ run: NavigationRun) {
        let entry = NavigationState.Entry(screen: run.target.id, from: run.from.rawValue, data: run.data, hook: nil)
        switch run.from {
        case .cell, .navbar: state.stack.append(entry)
        case .menu: state.stack = [entry]
        case .picker:
            if state.stack.isEmpty { state.stack.append(entry) } else { state.stack[state.stack.count - 1] = entry }
        }
        state.last?.presented = true
        state.last?.data = run.data
        engine.transcript.record("screen.presented", [
            "screen": .string(run.target.id), "from": .string(run.from.rawValue), "data": .object(run.data),
        ])
    }

    private func finish(_ run: NavigationRun) {
        run.phase = .done
        if let hook = run.active { dismiss(hook) }
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
