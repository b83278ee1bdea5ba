import JSON

/// The moments of an app's launch at which the Zapp SDK runs app-loading hooks
/// (`AppLoadingHookProtocol`, formerly `ZPAppLoadingHookProtocol`); raw values are the SDK's
/// method names.
public enum AppLoadingStage: String, Sendable, CaseIterable {
    /// "Hook executed after plugins finished preparation": the launch waits for each plugin.
    case onLaunch = "executeOnLaunch"
    /// "Hook executed when application ready to present UI Layer Plugin": the root is presented
    /// once every plugin completed.
    case onApplicationReady = "executeOnApplicationReady"
    /// "Hook executed when UI Layer plugin finished presentation": the app does not wait.
    case afterAppRootPresentation = "executeAfterAppRootPresentation"
    /// "Hook executed after State Machine Failed to Prepare the Application": the app shows its
    /// error and does not wait.
    case onFailedLoading = "executeOnFailedLoading"
    /// "Hook executed when the application:continueUserActivity:restorationHandler is called":
    /// the activity is handled once every plugin completed.
    case onContinuingUserActivity = "executeOnContinuingUserActivity"
}

/// An app-loading hook plugin: each stage is optional; the SDK calls the stages a plugin
/// implements, one plugin after the other, each waiting for the previous one's completion.
///
/// ## Implementation requirements
/// - ``implements(_:)`` says which stages it has (the SDK's optional protocol methods).
/// - ``execute(_:argument:completion:)`` calls `completion` exactly once, now or later; a
///   second call is ignored and recorded (`apphook.ignored`); throwing counts as completed (the
///   error is recorded). `argument` is the user activity for ``AppLoadingStage/onContinuingUserActivity``.
/// - A plugin that never completes a blocking stage (`executeOnLaunch`,
///   `executeOnApplicationReady`) holds the launch: the SDK has no timeout; ctlua's hook timeout
///   (when not switched off) records an `error` and goes on.
public protocol AppLoadingHookAdapter: AnyObject {
    func implements(_ stage: AppLoadingStage) -> Bool
    func execute(_ stage: AppLoadingStage, argument: JSONValue?, completion: @escaping () -> Void) throws
}

/// How an app-loading plugin is made for a launch: registered under its identifier with
/// ``AppLauncher/register(_:_:)``.
public struct AppLoadingHookFactory {
    /// The plugin type when `plugin_configurations.json` has no entry for it (default `general`).
    public var type: String
    /// Makes the plugin for a launch; nil or an error: it is skipped (recorded).
    public var make: (PluginModel) throws -> (any AppLoadingHookAdapter)?

    public init(type: String = "general", make: @escaping (PluginModel) throws -> (any AppLoadingHookAdapter)?) {
        self.type = type
        self.make = make
    }
}

/// Where the app's launch is.
public enum AppLaunchState: String, Sendable {
    case notLaunched = "not launched"
    /// Running `executeOnLaunch`, loading, or `executeOnApplicationReady`.
    case launching
    /// The root is presented.
    case ready
    /// Loading failed: the app shows its error.
    case failed
}
