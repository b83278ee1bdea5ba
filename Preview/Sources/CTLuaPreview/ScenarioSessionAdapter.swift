import CTLuaKit

/// The real sessions: Scenarios' ``ScenarioSession`` behind ``PreviewSession``.
enum ScenarioSessionAdapter {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the session core (ScenarioSession) is not in this build" }
    }

    static func factory(registry: StepRegistry, limits: ScenarioLimits, runPaths: [String]) -> SessionFactory {
        { _ in throw Unavailable() }
    }
}
