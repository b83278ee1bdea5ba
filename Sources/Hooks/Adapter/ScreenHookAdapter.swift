import JSON

/// What a hook reports when it finishes: whether it succeeded, why not, and the dataDict to pass on.
public typealias HookCompletion = (_ succeed: Bool, _ error: String?, _ dataDict: JSONObject?) -> Void

/// A screen hook: work that runs before (or after) a screen is shown, as the Zapp SDK's
/// `ZPScreenHookAdapterProtocol`.
///
/// ## Implementation requirements
/// - ``executeHook(presentationIndex:dataDict:completion:)`` calls `completion` exactly once,
///   now or later (from a timer, after a tap on the hook's screen). A second call is ignored and
///   recorded (`hook.ignored`); a hook that never calls it fails after the manager's timeout.
///   Throwing counts as a failure with the error's message.
/// - Pass the dataDict on ("Make sure you always pass `dataDict` as a param in
///   `taskFinishedWithCompletion` for further hooks to use it"): what `completion` returns is
///   exactly what the next hook and the target screen get, not a merge; `nil` passes nothing on.
/// - ``isFlowBlocker``: read when the hook completes; when true, a failure (or a cancel, or a
///   timeout) stops the navigation: the next hooks and the target screen do not run. A hook may
///   change it while it runs. Default: false.
/// - ``requestScreenPluginPresentation(completion:)`` is asked before a hook screen plugin is
///   presented; answering false (a login hook whose user is logged in) skips the screen, and
///   the hook still executes. Default: allow.
/// - ``reccuringPostLaunchHook(completion:)`` (post-load hooks): asked when the user returns to
///   the screen (`back`); answering true runs the hook again. Default: false.
/// - ``hookPluginDidDisappear(screen:)`` is called when the hook's screen is removed: by the
///   user (``HookManager/closeHookScreen()``: the manager then fails the hook as cancelled unless
///   it completed in the call), by the plugin (``HookScreenDelegate``), by `back`, or by the
///   manager after the hook completed (a failed flow blocker keeps its screen). Clean up the
///   screen's views here.
/// - Everything runs on the engine's thread; no method may block waiting for another.
public protocol ScreenHookAdapter: AnyObject {
    /// True when a failure of this hook stops the navigation; read when the hook completes.
    var isFlowBlocker: Bool { get throws }
    /// Asks whether the hook's screen may be presented (hook screen plugins only).
    func requestScreenPluginPresentation(completion: @escaping (_ allow: Bool) -> Void) throws
    /// Does the hook's work; `presentationIndex` is the hook's position in the screen's list (0-based).
    func executeHook(presentationIndex: Int, dataDict: JSONObject?, completion: @escaping HookCompletion) throws
    /// Post-load hooks: whether the hook runs again when the user returns to its screen.
    func reccuringPostLaunchHook(completion: @escaping (_ isRecurring: Bool) -> Void) throws
    /// The hook's screen was removed.
    func hookPluginDidDisappear(screen: ScreenModel) throws
}

extension ScreenHookAdapter {
    public var isFlowBlocker: Bool { false }
    public func requestScreenPluginPresentation(completion: @escaping (_ allow: Bool) -> Void) throws { completion(true) }
    public func reccuringPostLaunchHook(completion: @escaping (_ isRecurring: Bool) -> Void) throws { completion(false) }
    public func hookPluginDidDisappear(screen: ScreenModel) throws {}
}

/// A hook plugin type with the SDK's two initialisers: one for a hook plugin (no screen), one for
/// a hook screen plugin (with its river screen). Returning nil is a failing plugin: it is skipped.
public protocol ScreenHookPlugin: ScreenHookAdapter {
    init?(pluginModel: PluginModel, dataSourceModel: JSONValue?) throws
    init?(pluginModel: PluginModel, screenModel: ScreenModel, dataSourceModel: JSONValue?) throws
}

/// What the manager hands a factory when it creates a hook for one navigation.
public struct HookCreation {
    /// From `plugin_configurations.json` (or a minimal model when the plugin has none).
    public var pluginModel: PluginModel
    /// The hook's screen: set for hook screen plugins only.
    public var screenModel: ScreenModel?
    /// The navigation's data source (`navigate`'s `dataSource`).
    public var dataSourceModel: JSONValue?
    /// The host screen: the screen whose hooks run (the SDK hands it to plain hooks as their
    /// `screenModel`).
    public var hostScreenModel: ScreenModel
    /// What the plugin calls to remove its own screen (`removeScreenPluginFromNavigationStack`).
    public var screenDelegate: HookScreenDelegate
    /// Shared by the hooks of one navigation (see ``NavigationShared``).
    public var shared = NavigationShared()
}

/// The SDK's `ZPPlugableScreenDelegate` for a hook screen plugin: the plugin removes its own
/// screen with it (a pushed screen is popped, a presented one dismissed).
public final class HookScreenDelegate {
    weak var manager: HookManager?
    weak var hook: ActiveHook?

    init(manager: HookManager) { self.manager = manager }

    /// Removes the hook's screen if it is shown; false when it is not (no screen, or gone).
    @discardableResult
    public func removeScreenPluginFromNavigationStack() -> Bool {
        guard let manager, let hook, hook.isPresented else { return false }
        manager.remove(hook, by: "plugin")
        return true
    }
}

/// How a hook plugin is made: registered under its identifier with ``HookManager/register(_:_:)``.
public struct HookPluginFactory {
    /// True or false to override the manifest's `screen`; nil: the manifest decides.
    public var isScreen: Bool?
    /// Makes the hook; nil or an error: the plugin failed to initialise and is skipped.
    public var make: (HookCreation) throws -> (any ScreenHookAdapter)?

    public init(isScreen: Bool? = nil, make: @escaping (HookCreation) throws -> (any ScreenHookAdapter)?) {
        self.isScreen = isScreen
        self.make = make
    }

    /// A factory calling the type's screen initialiser for hook screen plugins, the other one otherwise.
    public static func type<T: ScreenHookPlugin>(_ type: T.Type, isScreen: Bool? = nil) -> HookPluginFactory {
        HookPluginFactory(isScreen: isScreen) { creation in
            if let screen = creation.screenModel {
                return try T(pluginModel: creation.pluginModel, screenModel: screen, dataSourceModel: creation.dataSourceModel)
            }
            return try T(pluginModel: creation.pluginModel, dataSourceModel: creation.dataSourceModel)
        }
    }
}
