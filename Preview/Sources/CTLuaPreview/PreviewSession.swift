import CTLuaKit

/// What the preview asks of a session: the outline of Scenarios' ``ScenarioSession`` (an engine
/// driven one step at a time, its steps recorded). The adapter in `ScenarioSessionAdapter.swift`
/// maps it onto the real type; the server's tests use a fake.
///
/// Not `Sendable`: a session and its engine live on the preview's engine thread only.
protocol PreviewSession: AnyObject {
    /// The engine's transcript so far.
    var transcript: [TranscriptEvent] { get }
    /// Runs one step given as JSON (validated like a scenario file's step); nil when it succeeded
    /// (it is recorded), else the problems, one per line.
    func perform(_ step: JSONValue) -> String?
    /// Records an `expect` of the state now.
    func pin()
    /// What is on screen now.
    var screen: Screen { get }
    /// Per expectation key that can say its current value: the key, its system, the value.
    var panels: [(key: String, system: String?, value: JSONValue)] { get }
    /// The steps recorded so far.
    var recorded: [JSONValue] { get }
    /// A fresh engine, the same start, the recorded steps again; the problems of the steps that
    /// no longer pass.
    func replay() throws -> [String]
    /// Failures of the start itself (its setup or scripts).
    var startFailures: [String] { get }
    /// Writes the recorded scenario to `path` (absolute, inside the project, checked) and runs
    /// it as `ctlua test` would: nil when it passes, else why not.
    func save(path: String, name: String?, overwrite: Bool) throws -> String?
}

/// A place to start a session from: a scenario file (its setup and scripts), or a blank engine
/// in the project's folder.
struct StartPoint: Sendable, Equatable {
    enum Kind: String, Sendable { case scenario, blank }
    var id: Int
    var kind: Kind
    /// What the list shows.
    var label: String
    /// The scenario's file, absolute (nil for a blank start).
    var file: String?
    /// The file as the project names it.
    var relativePath: String?
    /// The folder that relative paths of the recorded scenario are read from (the scenario's
    /// folder, or the project's).
    var folder: String
}

/// Builds a session from a start point (the real one: ``ScenarioSession``; tests: a fake).
typealias SessionFactory = @Sendable (StartPoint) throws -> any PreviewSession
