import Engine
import Foundation
import JSON
import LuaRuntime

/// Screen hooks as an engine system: the hook manager, the loaded plugins and river, and the
/// Lua `hooks` module.
///
/// Plugins and screens loaded from JSON survive a relaunch; hooks registered by scripts are
/// registered again when the scripts run again; the navigation stack starts empty (the app
/// process is new).
public final class HooksSystem: EngineSystem {
    /// The hook manager (nil until installed in an engine).
    public private(set) var manager: HookManager!
    /// The app's launch through its app-loading hooks (nil until installed in an engine).
    public private(set) var launcher: AppLauncher!
    /// Identifiers of hooks registered from Lua (forgotten on relaunch: their state is gone).
    var luaHooks: Set<String> = []
    /// Identifiers of app-loading hooks registered from Lua (forgotten on relaunch too).
    var luaAppHooks: Set<String> = []

    public init() {}

    public func install(in engine: Engine) throws {
        if manager == nil { manager = HookManager(engine: engine) }
        if launcher == nil { launcher = AppLauncher(manager: manager) }
        manager.factories = manager.factories.filter { !luaHooks.contains($0.key) }
        luaHooks = []
        launcher.forget(luaAppHooks)
        luaAppHooks = []
        manager.resetForLaunch()
        launcher.resetForLaunch()
        try engine.installModule("hooks") { [unowned self, unowned engine] state in
            HooksModule.make(system: self, engine: engine, state: state)
        }
    }

    /// The navigation state with the app's launch (`app`): `hooks.state()`, the `navigation`
    /// expectation key.
    public var stateJSON: JSONValue {
        guard case .object(var object) = manager.state.json else { return manager.state.json }
        object["app"] = launcher.json
        return .object(object)
    }

    /// Loads `plugin_configurations.json` (a decoded document), naming `file` in problems.
    public func loadPlugins(_ document: JSONValue, file: String? = "plugin_configurations.json") throws(LocatedProblem) {
        try loadPlugins(JSONReader(file: file, value: document))
    }

    /// Loads `plugin_configurations.json` as `reader` reads it.
    public func loadPlugins(_ reader: JSONReader) throws(LocatedProblem) {
        manager.load(plugins: try PluginModel.parseConfigurations(reader))
    }

    /// Loads river screens (a decoded document), naming `file` in problems.
    public func loadScreens(_ document: JSONValue, file: String? = "river.json") throws(LocatedProblem) {
        try loadScreens(JSONReader(file: file, value: document))
    }

    /// Loads river screens as `reader` reads them.
    /// A hook entry whose `identifier` or `type` is not a string is skipped, as the SDK skips it,
    /// with a `warning` at its path.
    public func loadScreens(_ reader: JSONReader) throws(LocatedProblem) {
        let screens = try ScreenModel.parseRiver(reader)
        for screen in screens {
            for path in screen.ignoredPaths {
                manager.engine.transcript.warn(Warning(
                    system: "hooks", "a hook entry of screen '\(screen.id)' whose identifier or type is not a string: the SDK skips it",
                    file: reader.file, path: path))
            }
        }
        manager.load(screens: screens)
    }

    /// Reads a JSON file for a reader that names it `name`; an unreadable file or bad JSON is a
    /// problem naming it.
    static func readJSON(path: String, shownAs name: String) throws(LocatedProblem) -> JSONReader {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch {
            throw LocatedProblem(file: name, path: .root, message: "cannot read the file (\(error.problem))")
        }
        return try JSONReader(file: name, bytes: bytes)
    }
}
