import Engine
import JSON
import OrderedCollections

/// The hook manager: runs a screen's hooks, asynchronously on the engine's run loop, as the
/// Zapp SDK's does, and keeps the navigation state.
///
/// For each hook of the target's `preload_plugins`, in order: find the plugin and create it (a
/// missing or failing plugin is skipped and recorded), ask whether its screen may be presented
/// (hook screen plugins), present it, execute the hook with the current dataDict, and on
/// completion either stop (failed flow blocker: `navigation.blocked`) or go on with the merged
/// dataDict. After the last hook the target is presented, then its `postload_plugins` run.
/// Each step is a run-loop turn (`clock.after(0)`), so a hook may complete now or later.
///
/// A navigation started while another runs is rejected (`navigation.rejected`): the app's UI is
/// busy with the first one (its hook screen is modal), and rejecting keeps the outcome of each
/// navigation independent of timing.
public final class HookManager {
    /// The available plugins (`plugin_configurations.json`), by identifier.
    public internal(set) var plugins: [String: PluginModel] = [:]
    /// The river screens, by id.
    public internal(set) var screens: [String: ScreenModel] = [:]
    /// Hook implementations (Swift or Lua), by plugin identifier.
    var factories: [String: HookPluginFactory] = [:]
    /// Virtual seconds after which a hook that has not completed fails (`error` event); 0: never,
    /// as in the SDK, where such a hook hangs the app.
    public var timeout: Double = 30
    /// The navigation state.
    public internal(set) var state: NavigationState {
        get {
            writePendingData()
            return stored
        }
        set {
            pendingData = nil
            stored = newValue
        }
        _modify {
            writePendingData()
            yield &stored
        }
    }
    /// The state, but for `pendingData`.
    private var stored = NavigationState()
    /// The last pre-load hook's data, not yet read into `state.last.data` (read when the state
    /// is: its `JSONValue` is not needed while only Lua hooks pass it on).
    var pendingData: KeptJSON??

    private func writePendingData() {
        guard let pending = pendingData else { return }
        pendingData = nil
        stored.last?.data = pending?.object
    }
    var run: NavigationRun?
    /// Hooks whose screen is on the stack (running, or a failed flow blocker that kept it).
    var screenHooks: [ActiveHook] = []
    /// When the pending watchdog timer fires (nil: none pending).
    var watchdogDue: Double?
    unowned let engine: Engine

    public init(engine: Engine) { self.engine = engine }

    /// Adds (or replaces) the available plugins.
    public func load(plugins models: [PluginModel]) {
        for model in models { plugins[model.identifier] = model }
    }

    /// Adds (or replaces) river screens.
    public func load(screens models: [ScreenModel]) {
        for model in models { screens[model.id] = model }
    }

    /// Registers the implementation of the plugin `identifier`.
    public func register(_ identifier: String, _ factory: HookPluginFactory) {
        factories[identifier] = factory
    }

    /// Forgets the running navigation and the stack: the app process starts again (relaunch;
    /// the clock dropped every timer).
    func resetForLaunch() {
        run = nil
        watchdogDue = nil
        screenHooks = []
        state = NavigationState()
    }

    /// Starts a navigation to `screenId`; returns once it is started (the engine runs it: settle).
    /// Returns false when it was rejected because another navigation is running.
    /// - Throws: ``HookManagerError/unknownScreen(_:)`` when the river has no such screen.
    @discardableResult
    public func navigate(to screenId: String, from: InvocationPoint = .cell, dataSource: JSONValue? = nil) throws(HookManagerError) -> Bool {
        guard let target = screens[screenId] else { throw .unknownScreen(screenId) }
        if let running = run {
            engine.transcript.record("navigation.rejected", [
                "screen": .string(screenId), "from": .string(from.rawValue),
                "reason": .string("navigation to '\(running.target.id)' is running"),
            ])
            return false
        }
        let run = NavigationRun(target: target, from: from, dataSource: dataSource)
        self.run = run
        state.running = true
        state.last = NavigationState.Outcome(target: screenId, from: from, presented: nil, blockedBy: nil, data: nil, rejected: false)
        engine.transcript.record("navigation.started", JSONObject(uncheckedUniqueKeys: HookEventKeys.navigation,
                                                                    values: [.string(screenId), .string(from.rawValue)]))
        schedule(run) { self.advance(run) }
        return true
    }

    /// Runs `action` at the next run-loop turn if `run` is still the current navigation.
    func schedule(_ run: NavigationRun, _ action: @escaping () -> Void) {
        engine.clock.after(0) { [weak self] in
            guard let self, self.run === run else { return }
            action()
        }
    }
}

/// Errors of the hook manager's driving calls.
public enum HookManagerError: Error, Equatable, CustomStringConvertible {
    case unknownScreen(String)
    case noHookScreen
    case nothingToPop
    case navigationRunning(String)

    public var description: String {
        switch self {
        case .unknownScreen(let id): return "no screen '\(id)' in the loaded river (load river.json with hooks.loadScreens or setup.screens)"
        case .noHookScreen: return "no hook screen is shown"
        case .nothingToPop: return "nothing to go back from: the navigation stack is empty"
        case .navigationRunning(let id): return "cannot go back: the navigation to '\(id)' is running (close its hook screen, or let it finish)"
        }
    }
}
