import Engine
import JSON

/// The engine side of a scenario: the runner tells it what to do and reads back its state.
///
/// The runner creates one driver per scenario through a ``ScenarioDriverFactory`` and uses it
/// from a single worker thread only, then drops it.
///
/// ## Implementation requirements
/// - Wrap one fresh engine per driver; never share engines or mutable state between drivers
///   (scenarios run in parallel and must give the same results with any `--jobs`).
/// - Throw from a method when the step cannot be carried out (a script error, a tap on a missing
///   view, a limit tripped); the message becomes the scenario's failure. Errors that the engine
///   records as `error` events instead are caught by the runner unless an expectation names them.
/// - Paths passed in are absolute; paths inside `setup` (such as `files`) are relative to
///   ``Scenario/directory``.
/// - The state accessors are read after each step and must reflect everything that happened so
///   far (run the engine's loop until idle before returning from a step).
public protocol ScenarioDriver: AnyObject {
    /// Loads the scenario's `scripts` (absolute paths), in order.
    func loadScripts(_ paths: [String]) throws
    /// Applies the scenario's `setup` object (`.null` when absent).
    func setup(_ setup: JSONValue) throws
    /// Carries out one engine step: `deliver`, `tap`, `close`, `advance`, `relaunch`, `lua`, and
    /// steps registered later (`show`, `page`, `navigate`, `validate`, `submit`).
    /// `value` is the command key's value, `step` the whole step object (parameters included).
    func runStep(name: String, value: JSONValue, step: JSONValue) throws
    /// Runs a `.lua` scenario file in this fresh engine; throws when the script fails.
    func runLuaScenario(path: String) throws

    /// The transcript so far, oldest first.
    var events: [TranscriptEvent] { get }
    /// The id of the in-app currently displayed, if any.
    var displayedID: String? { get }
    /// The ids waiting in the in-app queue, in order.
    var queueIDs: [String] { get }
    /// The headless UI as `{viewID: {property: value, ...}, ...}` (``HeadlessUI/tree``).
    var uiTree: JSONValue { get }
    /// The navigation state (hooks/FlowX), or nil when there is none.
    var navigation: JSONValue? { get }
}

/// Limits applied to each scenario's engine (nil: the engine's default).
public struct ScenarioLimits: Sendable, Equatable {
    /// Bytes of Lua memory.
    public var maxMemory: Int?
    /// Lua instructions per entry from Swift.
    public var maxInstructions: Int?
    /// Wall-clock seconds per entry from Swift.
    public var timeout: Double?

    public init(maxMemory: Int? = nil, maxInstructions: Int? = nil, timeout: Double? = nil) {
        self.maxMemory = maxMemory
        self.maxInstructions = maxInstructions
        self.timeout = timeout
    }
}

/// Makes a fresh driver for one scenario, on the worker thread that will use it.
public typealias ScenarioDriverFactory = @Sendable (Scenario, ScenarioLimits) throws -> any ScenarioDriver

extension ScenarioDriver {
    /// No navigation state until the hooks and FlowX systems provide one.
    public var navigation: JSONValue? { nil }
}
