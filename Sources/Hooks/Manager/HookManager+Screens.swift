import Engine
import JSON

/// Hook screens on the stack: presenting, removing (by the manager, the plugin, the user or a
/// navigation), going back, and the timeout watchdog.
extension HookManager {
    /// A hook screen's `styles.presentation`: the river screen's `styles.presentation`, else the
    /// plugin manifest's `styles.fields` `presentation` (its `initial_value`), else `push`.
    static func presentation(of screen: ScreenModel, plugin: PluginModel) -> HookPresentation {
        if let value = screen.raw["styles"]?["presentation"]?.stringValue { return HookPresentation(rawValue: value) ?? .push }
        for field in plugin.manifest["styles"]?["fields"]?.arrayValue ?? [] where field["key"]?.stringValue == "presentation" {
            if let value = field["initial_value"]?.stringValue { return HookPresentation(rawValue: value) ?? .push }
        }
        return .push
    }

    /// Pushes (or presents) the hook's screen and shows it in the headless UI (a view with the
    /// screen's id).
    func present(_ hook: ActiveHook) {
        guard let screen = hook.screen else { return }
        hook.isPresented = true
        screenHooks.append(hook)
        state.stack.append(NavigationState.Entry(screen: screen.id, from: "hook", hook: hook.entry.identifier, presentation: hook.presentation))
        engine.ui.show(id: screen.id, properties: [
            "hookScreen": .string(hook.entry.identifier), "name": .string(screen.name ?? screen.id),
            "presentation": .string(hook.presentation.rawValue),
        ])
        engine.transcript.record("hook.presented", [
            "identifier": .string(hook.entry.identifier), "screen": .string(screen.id), "presentation": .string(hook.presentation.rawValue),
        ])
    }

    /// Removes the hook's screen from the stack and the UI (popped when pushed, dismissed when
    /// presented) and tells the hook (`hookPluginDidDisappear`). `by`: `manager` (after its
    /// completion), `plugin`, `user`, `navigation`.
    func remove(_ hook: ActiveHook, by: String) {
        guard hook.isPresented, let screen = hook.screen else { return }
        hook.isPresented = false
        screenHooks.removeAll { $0 === hook }
        if let i = state.stack.lastIndex(where: { $0.hook == hook.entry.identifier && $0.screen == screen.id }) {
            state.stack.remove(at: i)
        }
        engine.ui.hide(id: screen.id)
        engine.transcript.record("hook.removed", [
            "identifier": .string(hook.entry.identifier), "screen": .string(screen.id),
            "removal": .string(hook.presentation.removal), "by": .string(by),
        ])
        do { try hook.adapter.hookPluginDidDisappear(screen: screen) } catch {
            engine.recordError(error, source: "hook '\(hook.entry.identifier)' didDisappear")
        }
    }

    /// The user closes the hook screen of the running hook: it is removed, the hook is told
    /// (`hookPluginDidDisappear`) and fails as cancelled unless it completed in that call.
    /// - Throws: ``HookManagerError/noHookScreen`` when no hook screen is shown.
    public func closeHookScreen() throws(HookManagerError) {
        if let run, let hook = run.active, hook.isPresented, let screen = hook.screen {
            engine.transcript.record("hook.cancelled", ["identifier": .string(hook.entry.identifier), "screen": .string(screen.id)])
            remove(hook, by: "user")
            if !hook.isCompleted { complete(hook, in: run, succeed: false, error: "cancelled by the user", data: nil) }
            return
        }
        // A screen a failed flow blocker kept: closing it just removes it.
        guard let top = state.stack.last, top.hook != nil, let hook = screenHooks.last(where: { $0.entry.identifier == top.hook }) else {
            throw .noHookScreen
        }
        remove(hook, by: "user")
    }

    /// The user goes back: the top screen is popped (a hook screen: as `closeHookScreen`). When a
    /// screen shows again, its post-load hooks that answer `reccuringPostLaunchHook` with true
    /// run again.
    /// - Throws: ``HookManagerError/nothingToPop`` on an empty stack,
    ///   ``HookManagerError/navigationRunning`` when a navigation runs and its hook screen is not on top.
    public func back() throws(HookManagerError) {
        guard let top = state.stack.last else { throw .nothingToPop }
        if top.hook != nil { return try closeHookScreen() }
        if let running = run { throw .navigationRunning(running.target.id) }
        state.stack.removeLast()
        engine.transcript.record("screen.popped", ["screen": .string(top.screen)])
        guard let shown = state.stack.last, shown.hook == nil, let screen = screens[shown.screen], !screen.postloadPlugins.isEmpty else { return }
        let run = NavigationRun(target: screen, from: InvocationPoint(rawValue: shown.from) ?? .cell, dataSource: shown.dataSource)
        run.isReturn = true
        run.phase = .postload
        run.data = shown.data.map { KeptJSON(.object($0)) }
        self.run = run
        state.running = true
        engine.transcript.record("navigation.returned", ["screen": .string(screen.id)])
        schedule(run) { self.advance(run) }
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
        guard let run, let hook = run.active, !hook.isCompleted, hook.deadline.isFinite else { return }
        guard engine.clock.now >= hook.deadline else { return armWatchdog(at: hook.deadline) }
        let message = "hook '\(hook.entry.identifier)' timed out after \(HookManager.seconds(hook.timeout))s"
        engine.transcript.record("error", ["message": .string(message)])
        complete(hook, in: run, succeed: false, error: "timeout", data: nil)
    }
}
