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
    /// The simulated SDK around the queue: responses, evaluation, caps, timers, sessions.
    public private(set) var campaigns: Campaigns!
    /// The JS interface of the app's own web view (`CleverTapJSInterface initWithConfig:`).
    public let appJSInterface = JSInterface()
    /// Presenters registered with `templates.presenter(name, p)` for JSON definitions.
    var namedPresenters: [String: any TemplatePresenter] = [:]
    /// Set by `ctlua check`: definitions record every problem here instead of raising the first.
    public var checker: DefinitionChecker?
    /// JSON definitions applied so far (applied again after a relaunch).
    private var jsonDefinitions: [(JSONValue, (any TemplatePresenter)?, (any TemplatePresenter)?)] = []
    /// The engine it is installed in (it tells the engine the app came back to foreground).
    private weak var engine: Engine?

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
        self.engine = engine
        manager = try TemplatesManager(configuration: instance)
        namedPresenters = [:]
        controller = InAppController(manager: manager, transcript: engine.transcript, clock: engine.clock,
                                     storage: engine.storage, fileFetcher: engine.files)
        controller.ui = engine.ui
        campaigns = Campaigns(controller: controller, transcript: engine.transcript, clock: engine.clock, storage: engine.storage)
        if let message = campaigns.unreadable {
            campaigns.saver.stop()
            campaigns.usersJournal.stop()
            controller.saver.stop()
            throw InAppController.PersistenceError.unreadable(message)
        }
        try controller.restore()
        campaigns.caps.checkUpdateDailyLimits()
        campaigns.startSession()
        if engine.launches == 1 {
            // The first launch has no response: CS in-apps stored earlier are evaluated for
            // App Launched once the scripts that define their templates have run.
            engine.clock.after(0) { [weak campaigns] in campaigns?.onAppLaunched(success: true) }
        }
        try engine.installModule("templates") { [unowned self, unowned engine] state in
            TemplatesModule.make(system: self, engine: engine, state: state)
        }
    }

    /// Saves the queue and retires the controller of the launch that ends.
    public func prepareRelaunch(_ engine: Engine) throws {
        controller.forgetOnRelaunch()
        controller.retire()
        campaigns.retire()
    }

    /// Applies the JSON definitions again, then the launch's response (if any) and the
    /// client-side evaluation for App Launched, as after the SDK's launch batch.
    public func didRelaunch(_ engine: Engine) throws {
        let definitions = jsonDefinitions
        jsonDefinitions = []
        for (json, template, function) in definitions {
            try defineJSON(json, templatePresenter: template, functionPresenter: function)
        }
        if let response = engine.launchResponse?.objectValue { campaigns.handleResponse(response) }
        campaigns.onAppLaunched(success: true)
    }

    /// Delivers a server response (an object without `type`/`templateName`), or an in-app or a
    /// list of them as the shorthand `{inapp_notifs = ...}` that leaves the delivery mode as it is.
    public func deliver(_ payload: JSONValue) throws(InAppError) {
        if let transcript = engine?.transcript { InAppInputCheck.warn(payload, manager: manager, transcript: transcript) }
        if case .object(let o) = payload, !Self.isInApp(o) {
            if let notifs = o["inapp_notifs"] { _ = try InAppController.items(.object(["inapp_notifs": notifs])) }
            campaigns.handleResponse(o)
            return
        }
        let items = try InAppController.items(payload)
        campaigns.handleResponse(JSONObject(uncheckedUniqueKeys: ["inapp_notifs"], values: [.array(items)]), shorthand: true)
    }

    /// Whether a delivered object is one in-app (not a response): it has a `type` or a
    /// `templateName`, or it is a legacy HTML in-app (`d` and `w`, no `type`).
    static func isInApp(_ o: JSONObject) -> Bool {
        o["type"] != nil || o["templateName"] != nil || (o["d"] != nil && o["w"] != nil)
    }

    /// Returns to foreground; a new session (more than 20 minutes after the last event) handles
    /// `response` as the launch's reply, then evaluates client-side in-apps for App Launched.
    public func foreground(response: JSONObject?) {
        let wasInBackground = campaigns.inBackground
        let newSession = campaigns.foreground()
        if newSession {
            if let response { campaigns.handleResponse(response) }
            campaigns.onAppLaunched(success: true)
        }
        if wasInBackground { engine?.enterForeground() }
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
