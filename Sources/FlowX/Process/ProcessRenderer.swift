import Engine
import JSON
import OrderedCollections
import LuaRuntime

/// The theme's appearance, as the SDK's `setupTheme(... appearance:)` takes it (default `.light`).
public enum ThemeAppearance: String, Sendable, CaseIterable {
    case light, dark
}

/// The headless renderer: starts, resumes and ends processes, shows their screens in the
/// engine's headless UI, and calls the data source at the moments the FlowX renderer does.
///
/// Screens appear as views: `screen` (the screen itself), one view per field (its key), per
/// custom component (its id) and per button (its id; tapping it runs its action), and the
/// stepper header when the data source gives one. Runs on the engine's thread.
public final class ProcessRenderer {
    public let validators: ValidatorRegistry
    public let content: ContentStore
    /// The host app's answers (defaults everywhere until one is set).
    public var dataSource: any DataSource = DefaultDataSource()
    /// Set with ``configure(_:)``; a process starts only once configured.
    public private(set) var configuration: Configuration?
    /// The session's token (the SDK's `FXSessionConfig`), recorded when set.
    public var sessionToken: String? {
        didSet { if recordSession { transcript.record("flowx.session", ["token": sessionToken.map { .string($0) } ?? .null]) } }
    }
    var recordSession = true
    /// Themes the simulated server knows, by uuid (`flowx.setThemes`, `setup.flowx.themes`).
    public var themes: [String: JSONValue] = [:]
    /// The theme set up (`setupTheme`), once its setup finished: its uuid and where it came from.
    public internal(set) var theme: (uuid: String, source: String)?
    /// The theme's appearance (`setupTheme`'s `appearance`: the SDK's default `.light`); Lua
    /// custom components read it as `self.appearance`.
    public internal(set) var appearance = ThemeAppearance.light
    /// `FXTheme.themeFetched` subscribers: called with true each time a theme setup finishes.
    public var themeFetched: [(Bool) throws -> Void] = []
    /// Setups running their completion or subscribers now (``themeSetupFinished(_:)``).
    var themeNesting = 0
    /// The latest process started (the SDK tracks it for `continueLatestProcess`).
    public internal(set) weak var latest: ProcessInstance?
    /// Process definitions by name (loaded, and those nested in them).
    public private(set) var definitions: [String: ProcessDefinition] = [:]
    /// Every process started, oldest first.
    public internal(set) var instances: [ProcessInstance] = []
    /// The process on screen, if any.
    public internal(set) var current: ProcessInstance?
    /// Components of the screen shown, by id.
    var components: [String: any CustomComponent] = [:]
    /// Views shown besides the screen's own (the stepper header).
    var shownExtra: [String] = []
    /// An action waiting for async validators.
    var pendingAction: String?
    /// A FlowX session is open (`startSession`, or lazily by the first start); `endSession` closes it.
    public internal(set) var sessionStarted = false

    let ui: HeadlessUI
    let transcript: Transcript

    public init(ui: HeadlessUI, transcript: Transcript, clock: VirtualClock) {
        self.ui = ui
        self.transcript = transcript
        validators = ValidatorRegistry(clock: clock, transcript: transcript)
        content = ContentStore(transcript: transcript)
        validators.fallback = { [unowned self] name, value, params in
            self.dataSource.validate(validatorName: name, value: value.map(BuiltInValidator.text) ?? "", params: params)
        }
    }

    /// Sets the configuration (checked: mandatory fields, BCP 47 locale).
    public func configure(_ configuration: Configuration) {
        self.configuration = configuration
        content.clearCache()
        transcript.record("flowx.configured", ["locale": .string(configuration.locale), "language": .string(configuration.language)])
    }

    /// The SDK's `changeLocaleSettings`: enumerations are fetched again in the new language; a nil
    /// argument keeps the current value.
    public func changeLocaleSettings(locale: String? = nil, language: String? = nil) throws(ConfigurationError) {
        guard var configuration else { throw .notConfigured }
        try configuration.changeLocaleSettings(locale: locale, language: language)
        configure(configuration)
    }

    /// Adds a process definition (and those nested in it); a later one with the same name replaces it.
    public func add(_ definition: ProcessDefinition) {
        definitions[definition.name] = definition
        for nested in definition.processes { add(nested) }
    }

    /// Looks an enumeration up in the configured language.
    public func enumeration(_ name: String, parent: String? = nil) -> [EnumerationItem]? {
        content.enumeration(name, parent: parent, language: configuration?.language ?? "en")
    }

    /// Calls the data source for a loader and shows its view while the renderer "waits".
    func loader(_ type: CustomLoaderType) {
        var view: HeadlessView?
        contained("customLoader") { view = try self.dataSource.customLoader(type: type) }
        var fields: JSONObject = ["loader": .string(type.kind)]
        if let name = type.name { fields["name"] = .string(name) }
        fields["custom"] = .bool(view != nil)
        transcript.record("flowx.loader", fields)
        if let view {
            ui.show(id: view.id, properties: view.properties)
            ui.hide(id: view.id)
        }
    }

    /// Runs a data source duty; an error is recorded (`error`), never thrown past the renderer.
    func contained(_ duty: String, _ body: () throws -> Void) {
        do { try body() } catch { recordError(error, source: "flowx: \(duty)") }
    }

    func recordError(_ error: any Error, source: String) {
        var fields: JSONObject = [:]
        let message = (error as? LuaError)?.message ?? String(describing: error)
        fields["message"] = .string("\(source): \(message)")
        if let traceback = (error as? LuaError)?.traceback { fields["traceback"] = .string(traceback) }
        transcript.record("error", fields)
    }
}
