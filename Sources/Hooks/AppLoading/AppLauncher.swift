import Engine
import JSON

/// The app's launch through its app-loading hooks, in the order and with the blocking rules of
/// Zapp-Frameworks' `PluginsManager+HookHandler` and the loading state machines:
///
/// 1. `executeOnLaunch`, plugin after plugin (the other plugins' preparation depends on it);
/// 2. the app loads; when loading fails, the app shows "Loading failed. Please try again later"
///    and `executeOnFailedLoading` runs (the app does not wait for it);
/// 3. `executeOnApplicationReady`, plugin after plugin; then the root is presented;
/// 4. `executeAfterAppRootPresentation`, plugin after plugin (the app does not wait), while the
///    root screen opens (its hooks run as a menu navigation);
/// 5. a user activity (`continueUserActivity`, ZappAppleBuilder `AppDelegateBase
///    application(_:continue:restorationHandler:)`): when an app-loading plugin implements
///    `executeOnContinuingUserActivity` (`hasHooksForContinuingUserActivity`), those run at once,
///    plugin after plugin, whatever the launch's state; otherwise the UI layer handles it at once.
///    Only a URL-scheme open (`openURL`, `application(_:open:options:)`) received before the app is
///    ready waits: the latest one is replayed 0.1 s after the root is presented
///    (`handleDelayedEventsIfNeeded`).
///
/// Plugins are collected as `retrieveHooksPlugins` does: those whose manifest has
/// `api.require_startup_execution: true`, of the types `analytics`, `push_provider`, `general`
/// and `error_monitoring` (Zapp-Frameworks `ZPPluginType`), in that order (then registration
/// order); another is skipped.
public final class AppLauncher {
    /// The plugin types the SDK collects app-loading hooks from, in its order: the raw values of
    /// `ZPPluginType.Analytics`, `.Push`, `.General`, `.Crashlogs`.
    public static let collectedTypes = ["analytics", "push_provider", "general", "error_monitoring"]

    /// Implementations by identifier, and their registration order.
    var factories: [String: AppLoadingHookFactory] = [:]
    var order: [String] = []
    /// The launch's plugin instances, in the SDK's order.
    var instances: [(id: String, adapter: any AppLoadingHookAdapter)] = []
    public private(set) var state = AppLaunchState.notLaunched
    /// The stage running now and the plugin it waits for.
    public internal(set) var stage: AppLoadingStage?
    public internal(set) var waitingFor: String?
    /// The URL-scheme open received before the app was ready (the SDK keeps one: `urlSchemeUrl`).
    var delayedURL: String?
    /// Bumped on each relaunch: callbacks of an older launch do nothing.
    var generation = 0
    unowned let manager: HookManager
    var engine: Engine { manager.engine }

    init(manager: HookManager) { self.manager = manager }

    /// Registers (or replaces) the app-loading implementation of the plugin `identifier`.
    public func register(_ identifier: String, _ factory: AppLoadingHookFactory) {
        if factories.updateValue(factory, forKey: identifier) == nil { order.append(identifier) }
    }

    func forget(_ identifiers: Set<String>) {
        for id in identifiers { factories[id] = nil }
        order.removeAll { identifiers.contains($0) }
    }

    /// A new app process: not launched, nothing pending.
    func resetForLaunch() {
        generation += 1
        instances = []
        state = .notLaunched
        stage = nil
        waitingFor = nil
        delayedURL = nil
    }

    /// The state as JSON (`app` in the navigation state).
    public var json: JSONValue {
        ["state": .string(state.rawValue), "stage": stage.map { .string($0.rawValue) } ?? .null,
         "waitingFor": waitingFor.map { .string($0) } ?? .null]
    }

    /// Launches the app through its app-loading hooks; `root`: the river screen the app opens
    /// once its root is presented; `loadingFails`: the app's loading fails.
    /// - Throws: ``AppLaunchError`` when the app is already launched or `root` is unknown.
    public func launch(root: String? = nil, loadingFails: Bool = false) throws(AppLaunchError) {
        guard state == .notLaunched else { throw .alreadyLaunched }
        if let root, manager.screens[root] == nil { throw .unknownRoot(root) }
        state = .launching
        engine.transcript.record("launch.started", ["root": root.map { .string($0) } ?? .null])
        instances = makeInstances()
        let generation = self.generation
        if loadingFails {
            // The configuration the plugins need did not load: they are not prepared, and
            // `executeOnLaunch` does not run.
            state = .failed
            let message = "Loading failed. Please try again later"
            engine.ui.show(id: "loading-error", properties: ["text": .string(message)])
            engine.transcript.record("launch.failed", ["message": .string(message)])
            run(.onFailedLoading, argument: nil, generation: generation) {}
            return
        }
        // The continuations hold the launcher weakly: an adapter may keep its completion (which
        // holds them) for ever, and the launcher holds its adapters.
        run(.onLaunch, argument: nil, generation: generation) { [weak self] in
            self?.run(.onApplicationReady, argument: nil, generation: generation) { [weak self] in
                self?.presentRoot(root, generation: generation)
            }
        }
    }

    private func presentRoot(_ root: String?, generation: Int) {
        state = .ready
        engine.transcript.record("launch.presented", ["root": root.map { .string($0) } ?? .null])
        run(.afterAppRootPresentation, argument: nil, generation: generation) {}
        if let root { _ = try? manager.navigate(to: root, from: .menu) }
        // RootController: "Delay to provide time for QB present view": 0.1 s, then
        // `handleDelayedEventsIfNeeded` opens the URL that came before the app was ready.
        engine.clock.after(0.1) { [weak self] in
            guard let self, self.generation == generation, let url = self.delayedURL else { return }
            self.delayedURL = nil
            self.openURL(url)
        }
    }

    /// The system hands the app a user activity (`application(_:continue:restorationHandler:)`):
    /// when an app-loading plugin of this launch implements `executeOnContinuingUserActivity`
    /// (`hasHooksForContinuingUserActivity`), they run now, plugin after plugin (the SDK does
    /// nothing special on their completion: `activity.continued` with `by: "hooks"`); otherwise the
    /// UI layer handles it now (`activity.continued`, `by: "ui layer"`). Before the launch there are
    /// no plugins yet: the UI layer handles it.
    public func continueUserActivity(_ activity: JSONValue) {
        guard instances.contains(where: { $0.adapter.implements(.onContinuingUserActivity) }) else {
            engine.transcript.record("activity.continued", ["activity": activity, "by": "ui layer"])
            return
        }
        run(.onContinuingUserActivity, argument: activity, generation: generation) { [weak self] in
            self?.engine.transcript.record("activity.continued", ["activity": activity, "by": "hooks"])
        }
    }

    /// The system opens the app with a URL (`application(_:open:options:)`): handled now when the
    /// app is ready (`url.opened`); before, it is kept (`url.delayed`), a later one replacing it
    /// (`replaced`), and opened 0.1 s after the root is presented.
    public func openURL(_ url: String) {
        guard state == .ready else {
            var fields: JSONObject = ["url": .string(url)]
            if let earlier = delayedURL { fields["replaced"] = .string(earlier) }
            delayedURL = url
            engine.transcript.record("url.delayed", fields)
            return
        }
        engine.transcript.record("url.opened", ["url": .string(url)])
    }
}

/// Errors of ``AppLauncher/launch(root:loadingFails:)``.
public enum AppLaunchError: Error, Equatable, CustomStringConvertible {
    case alreadyLaunched
    case unknownRoot(String)

    public var description: String {
        switch self {
        case .alreadyLaunched: return "the app is already launched (a relaunch starts a new app process)"
        case .unknownRoot(let id): return "no screen '\(id)' in the loaded river for the root"
        }
    }
}
