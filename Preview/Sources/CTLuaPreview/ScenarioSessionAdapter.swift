import CTLuaKit

/// Scenarios' ``ScenarioSession`` as the preview's ``PreviewSession``.
final class ScenarioSessionAdapter: PreviewSession {
    let session: ScenarioSession

    init(_ session: ScenarioSession) { self.session = session }

    /// Sessions of the start points: a scenario's setup and scripts (not its steps), or a blank
    /// engine in the project's folder; the registry's steps and `ctlua test`'s limits.
    static func factory(registry: StepRegistry, limits: ScenarioLimits) -> SessionFactory {
        { point in
            let start: ScenarioSession.Start = point.file.map { .scenario(path: $0, steps: false) } ?? .blank(folder: point.folder)
            return ScenarioSessionAdapter(try ScenarioSession(start: start, registry: registry, limits: limits))
        }
    }

    var transcript: [TranscriptEvent] { session.events }
    func perform(_ step: JSONValue) -> String? {
        let outcome = session.perform(step)
        return outcome.succeeded ? nil : outcome.failures.joined(separator: "\n")
    }
    func pin() { session.pin() }
    var screen: Screen { session.screen }
    var panels: [(key: String, system: String?, value: JSONValue)] { session.panels }
    var recorded: [JSONValue] { session.recorded }
    var startFailures: [String] { session.startFailures }
    func replay() throws -> [String] { try session.replay() }
    func save(path: String, name: String?, overwrite: Bool) throws -> String? {
        let result = try session.save(as: path, name: name, overwrite: overwrite)
        return result.passed ? nil : result.failures.map(\.summary).joined(separator: "\n")
    }
}
