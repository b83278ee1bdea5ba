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
    /// What the engine recorded: all of it, or its last events when there were more than the
    /// runner keeps (``TranscriptTail``); `transcript[i]` is event `eventsNotKept + i`.
    public var transcript: [TranscriptEvent]
    /// How many of the scenario's first events are not in ``transcript`` (0: none dropped).
    public var eventsNotKept = 0
    /// Wall-clock seconds spent on the scenario.
    public var duration: Double
    /// Line coverage of the scripts it ran (`ctlua test --coverage`); nil when not recorded or
    /// lost (a worker terminated on timeout or crashed).
    public var coverage: LuaCoverage?
    /// The start and each step run, with the screen after it (``ScenarioExecutor/screens``,
    /// `ctlua test --report`); empty when not recorded or lost (a worker terminated).
    public var steps: [StepRecord]

    public init(name: String, relativePath: String, failures: [ScenarioFailure], transcript: [TranscriptEvent], duration: Double,
                coverage: LuaCoverage? = nil, marks: [ScenarioMark] = [], steps: [StepRecord] = []) {
        self.coverage = coverage
        self.marks = marks
        self.steps = steps
        self.name = name
        self.relativePath = relativePath
        self.failures = failures
        self.transcript = transcript
        self.duration = duration
    }

    /// `skip`/`todo` of the scenario (it did not run) and of its steps (they did not run).
    public var marks: [ScenarioMark] = []

    /// The messages of its `warning` events (``Engine/Warning``), in order: what every reporter lists.
    public var warnings: [String] { Transcript.warnings(in: transcript).map(\.message) }

    /// Where each of ``warnings`` is (the file and JSON path its event names, at their line and
    /// column), in the same order; filled by the runner (``FailureLocator``), empty until then.
    public var warningLocations: [SourceLocation?] = []

    /// Each warning with its location (nil when not located).
    public var locatedWarnings: [(message: String, location: SourceLocation?)] {
        warnings.enumerated().map { ($0.element, warningLocations.indices.contains($0.offset) ? warningLocations[$0.offset] : nil) }
    }

    /// True when no failure: a skipped or to-do scenario does not fail the run.
    public var passed: Bool { failures.isEmpty }

    /// What reports count it as.
    public enum Status: String, Sendable {
        case passed, failed, skipped, todo
    }

    /// "N earlier events not kept" where the transcript is shown (nil when all were kept).
    public var transcriptNote: String? { TranscriptTail(notKeptOnly: eventsNotKept).note }

    public var status: Status {
        if let mark = marks.first(where: { $0.step == nil }) { return mark.kind == .skip ? .skipped : .todo }
        return failures.isEmpty ? .passed : .failed
    }

    /// True when both describe the same outcome; durations are ignored.
    public func sameOutcome(as other: ScenarioResult) -> Bool {
        name == other.name && relativePath == other.relativePath && failures == other.failures && transcript == other.transcript
            && eventsNotKept == other.eventsNotKept
    }
}

extension ScenarioResult: JSONRepresentable {
    /// `{"name", "file", "passed", "duration", "failures": [...], "status", "marks": [...],
    /// "coverage"?, "steps"?, "eventsNotKept"?}` (`file` is ``relativePath``; `coverage` and
    /// `steps` only when recorded, `eventsNotKept` only when the runner dropped events). The transcript is not part of it: it
    /// travels as events (a worker streams them as they are recorded, `--trace` writes JSON lines).
    public var json: JSONValue {
        var object: JSONObject = ["name": .string(name), "file": .string(relativePath), "passed": .bool(passed),
                                  "duration": .double(duration), "failures": .array(failures.map(\.json)),
                                  "status": .string(status.rawValue), "marks": .array(marks.map(\.json))]
        if let coverage { object["coverage"] = coverage.json }
        if !steps.isEmpty { object["steps"] = .array(StepRecord.json(steps)) }
        if eventsNotKept > 0 { object["eventsNotKept"] = .integer(Int64(eventsNotKept)) }
        return .object(object)
    }

    /// Reads a result back, with an empty transcript (`passed` is derived, so it is not read).
    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        var failures: [ScenarioFailure] = []
        for (i, failure) in try reader.array(object["failures"], at: .root.key("failures")).enumerated() {
            do { failures.append(try ScenarioFailure(json: failure)) } catch { throw error.under(.root.key("failures").index(i)) }
        }
        var marks: [ScenarioMark] = []
        for (i, mark) in try reader.array(object["marks"] ?? [], at: .root.key("marks")).enumerated() {
            do { marks.append(try ScenarioMark(json: mark)) } catch { throw error.under(.root.key("marks").index(i)) }
        }
        var coverage: LuaCoverage?
        if let value = object["coverage"] {
            do { coverage = try LuaCoverage(json: value) } catch { throw error.under(.root.key("coverage")) }
        }
        let steps = try StepRecord.records(try reader.node(object["steps"], at: .root.key("steps")).optionalArray() ?? [])
        self.init(name: try reader.string(object["name"], at: .root.key("name")),
                  relativePath: try reader.string(object["file"], at: .root.key("file")),
                  failures: failures, transcript: [],
                  duration: try reader.number(object["duration"], at: .root.key("duration")), coverage: coverage,
                  marks: marks, steps: steps)
        if let value = object["eventsNotKept"] {
            eventsNotKept = try reader.integer(value, at: .root.key("eventsNotKept"))
        }
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
