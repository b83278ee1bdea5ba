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
    /// Identifiers of hooks registered from Lua (forgotten on relaunch: their state is gone).
    var luaHooks: Set<String> = []

    public init() {}

    public func install(in engine: Engine) throws {
        if manager == nil { manager = HookManager(engine: engine) }
        manager.factories = manager.factories.filter { !luaHooks.contains($0.key) }
        luaHooks = []
        manager.resetForLaunch()
        try engine.installModule("hooks") { [unowned self, unowned engine] state in
            HooksModule.make(system: self, engine: engine, state: state)
        }
    }

    /// Loads `plugin_configurations.json` (a decoded document), naming `file` in errors.
    public func loadPlugins(_ document: JSONValue, file: String = "plugin_configurations.json") throws(HooksFileError) {
        manager.load(plugins: try PluginModel.parseConfigurations(document, file: file))
    }

    /// Loads river screens (a decoded document), naming `file` in errors.
    public func loadScreens(_ document: JSONValue, file: String = "river.json") throws(HooksFileError) {
        manager.load(screens: try ScreenModel.parseRiver(document, file: file))
    }

    /// Reads and decodes a JSON file; an unreadable file or bad JSON is an error naming it.
    static func readJSON(path: String, shownAs name: String) throws(HooksFileError) -> JSONValue {
        let data: [UInt8]
        do { data = try FileBytes.read(path) } catch {
            throw HooksFileError(file: name, path: "$", message: "cannot read the file (\(error.problem))")
        }
        do { return try JSONValue.decode(data) } catch {
            throw HooksFileError(file: name, path: "$", message: "\(error)")
        }
    }

    /// Decodes JSON text, naming `file` in errors.
    static func decode(_ text: String, file: String) throws(HooksFileError) -> JSONValue {
        do { return try JSONValue.decode(text) } catch { throw HooksFileError(file: file, path: "$", message: "\(error)") }
    }
}
