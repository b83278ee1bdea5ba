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
                coverage: LuaCoverage? = nil, marks: [ScenarioMark] = []) {
        self.coverage = coverage
        self.marks = marks
        self.name = name
        self.relativePath = relativePath
        self.failures = failures
        self.transcript = transcript
        self.duration = duration
    }

    /// `skip`/`todo` of the scenario (it did not run) and of its steps (they did not run).
    public var marks: [ScenarioMark] = []

    /// True when no failure: a skipped or to-do scenario does not fail the run.
    public var passed: Bool { failures.isEmpty }

    /// What reports count it as.
    public enum Status: String, Sendable {
        case passed, failed, skipped, todo
    }

    public var status: Status {
        if let mark = marks.first(where: { $0.step == nil }) { return mark.kind == .skip ? .skipped : .todo }
        return failures.isEmpty ? .passed : .failed
    }

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
