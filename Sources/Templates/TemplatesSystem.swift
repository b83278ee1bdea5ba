import Engine
import JSON
import LuaRuntime

/// Custom code templates as an engine system: the manager, the in-app controller
/// restored from the engine's storage, and the Lua `templates` module.
public final class TemplatesSystem: EngineSystem {
    /// The registered templates (replaced on relaunch: scripts define them again).
    public private(set) var manager: TemplatesManager
    /// The in-app queue (restored from storage on install and relaunch).
    public private(set) var controller: InAppController!
    /// Presenters registered with `templates.presenter(name, p)` for JSON definitions.
    var namedPresenters: [String: any TemplatePresenter] = [:]
    /// JSON definitions applied so far (applied again after a relaunch).
    private var jsonDefinitions: [(JSONValue, (any TemplatePresenter)?, (any TemplatePresenter)?)] = []

    /// The app instance the templates are defined for: its build flags decide whether
    /// definitions may be synced (a scenario's `setup.build`, `ctlua sync --debug --test-user`).
    public var instance: TemplatesConfiguration {
        didSet { manager.configuration = instance }
    }

    public init(instance: TemplatesConfiguration = TemplatesConfiguration()) throws {
        self.instance = instance
        manager = try TemplatesManager(configuration: instance)
    }

    public func install(in engine: Engine) throws {
        manager = try TemplatesManager(configuration: instance)
        namedPresenters = [:]
        controller = InAppController(manager: manager, transcript: engine.transcript, clock: engine.clock,
                                     storage: engine.storage, fileFetcher: engine.files)
        try controller.restore()
        try engine.installModule("templates") { [unowned self, unowned engine] state in
            TemplatesModule.make(system: self, engine: engine, state: state)
        }
    }

    /// Saves the queue and retires the controller of the launch that ends.
    public func prepareRelaunch(_ engine: Engine) throws {
        controller.retire()
    }

    public func didRelaunch(_ engine: Engine) throws {
        let definitions = jsonDefinitions
        jsonDefinitions = []
        for (json, template, function) in definitions {
            try defineJSON(json, templatePresenter: template, functionPresenter: function)
        }
    }

    /// Defines templates from CleverTap's JSON format. Presenters: the given ones, else those
    /// registered by name with `templates.presenter`; a template without one is an error.
    public func defineJSON(_ definitions: JSONValue, templatePresenter: (any TemplatePresenter)? = nil,
                           functionPresenter: (any TemplatePresenter)? = nil) throws {
        let named = namedPresenters
        let producer = JSONTemplateProducer(definitions: definitions) { name, kind in
            named[name] ?? (kind == .template ? templatePresenter : functionPresenter)
        }
        try manager.register(try producer.templates())
        jsonDefinitions.append((definitions, templatePresenter, functionPresenter))
    }
}
