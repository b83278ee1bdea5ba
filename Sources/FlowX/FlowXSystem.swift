import Engine
import JSON
import LuaRuntime
import OrderedCollections

/// The FlowX renderer's data source as an engine system: the headless renderer (validators,
/// content, processes) and the Lua `flowx` module.
///
/// A relaunch ends the app process: processes on screen and everything registered from Lua are
/// gone (the scripts run again and register it anew); process definitions, the configuration,
/// tags, media, enumerations and validator options stay, as the host app sets them at launch.
public final class FlowXSystem: EngineSystem {
    /// The renderer (a new one after each relaunch).
    public private(set) var renderer: ProcessRenderer!
    /// The data source Lua scripts fill in (`flowx.dataSource`, `flowx.onEvent`, `flowx.component`).
    var luaDataSource = LuaDataSource()

    public init() {}

    /// `updateStateEnabled`: the process on screen is refreshed.
    public func appDidEnterForeground(_ engine: Engine) {
        renderer.appDidEnterForeground()
        engine.settle()
    }

    public func install(in engine: Engine) throws {
        let previous = renderer
        renderer = ProcessRenderer(ui: engine.ui, transcript: engine.transcript, clock: engine.clock)
        if let previous { renderer.adoptSettings(of: previous) }
        luaDataSource = LuaDataSource()
        luaDataSource.onError = { [unowned renderer = renderer!] error, source in renderer.recordError(error, source: source) }
        renderer.dataSource = luaDataSource
        luaDataSource.appearance = { [unowned renderer = renderer!] in renderer.appearance.rawValue }
        try engine.installModule("flowx") { [unowned self, unowned engine] state in
            FlowXModule.make(system: self, engine: engine, state: state)
        }
    }
}

extension ProcessRenderer {
    /// Takes over what the host app set at launch: definitions, configuration, content tables and
    /// validator options.
    func adoptSettings(of other: ProcessRenderer) {
        for definition in other.definitions.values { add(definition) }
        if let configuration = other.configuration { configure(configuration) }
        recordSession = false
        sessionToken = other.sessionToken
        recordSession = true
        themes = other.themes
        theme = other.theme
        appearance = other.appearance
        content.setTags(other.content.tags)
        content.setMedia(other.content.media)
        content.restore(other.content.enumerations)
        validators.strict = other.validators.strict
        validators.asyncTimeout = other.validators.asyncTimeout
    }
}

extension ContentStore {
    func restore(_ enumerations: [String: [EnumerationItem]]) {
        setEnumerationItems(enumerations)
    }
}
