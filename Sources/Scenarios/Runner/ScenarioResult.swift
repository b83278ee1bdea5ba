import JSON
import SystemKit
import Engine
import LuaRuntime

/// The outcome of one scenario.
public struct ScenarioResult: Sendable {
    public var name: String
    /// The path as discovered, as in reports.
    public var relativePath: String
    /// Empty when the scenario passed.
    public var failures: [ScenarioFailure]
    /// Everything the engine recorded.
    public var transcript: [TranscriptEvent]
    /// Wall-clock seconds spent on the scenario.
    public var duration: Double
    /// Line coverage of the scripts it ran (`ctlua test --coverage`); nil when not recorded or
    /// lost (a worker terminated on timeout or crashed).
    public var coverage: LuaCoverage?

    public init(name: String, relativePath: String, failures: [ScenarioFailure], transcript: [TranscriptEvent], duration: Double,
                coverage: LuaCoverage? = nil) {
        self.coverage = coverage
        self.name = name
        self.relativePath = relativePath
        self.failures = failures
        self.transcript = transcript
        self.duration = duration
    }

    public var passed: Bool { failures.isEmpty }

    /// True when both describe the same outcome; durations are ignored.
    public func sameOutcome(as other: ScenarioResult) -> Bool {
        name == other.name && relativePath == other.relativePath && failures == other.failures && transcript == other.transcript
    }
}

extension TranscriptEvent {
    /// `#12 t=2.5 template.presented {"id":"c1","template":"Banner"}`: one line for reports.
    public func line(index: Int) -> String {
        var text = "#\(index) t=\(t) \(type)"
        let shown = fields.filter { $0.key != "t" && $0.key != "type" }
        if !shown.isEmpty { text += " " + JSONWriter.text(.object(shown)) }
        return text
    }
}
