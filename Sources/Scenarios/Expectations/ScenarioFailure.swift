import JSON

/// Why a scenario failed: where, what was expected, and the transcript around it.
public struct ScenarioFailure: Sendable, Equatable {
    /// The step index (`steps[3]`), nil for failures before the steps (scripts, setup) or of a `.lua` scenario.
    public var step: Int?
    /// The expectation that failed (`events[1]`, `displayed`, `error event`), nil for a step error.
    public var expectation: String?
    /// One line saying what went wrong.
    public var message: String
    /// What was expected: a JSON value (kept as one until a reporter formats it) or prose.
    public var expected: FailureValue?
    /// What was found: a JSON value or prose.
    public var actual: FailureValue?
    /// The transcript position the failure is about (context is shown around it).
    public var eventIndex: Int?
    /// The whole pattern and value when `expected`/`actual` are one difference inside them
    /// (`tree.children[1].text`): `ctlua test --verbose` shows their line diff.
    public var wholeExpected: JSONValue?
    public var wholeActual: JSONValue?
    /// Transcript lines around `eventIndex`, filled by the runner (`> ` marks the event itself).
    public var context: [String]
    /// Where in the user's files the failure is (`flows/a.json:12:9`): found by the runner once the
    /// scenario failed (``FailureLocator``); nil until then.
    public var sourceLocation: SourceLocation?

    public init(step: Int? = nil, expectation: String? = nil, message: String, expected: FailureValue? = nil,
                actual: FailureValue? = nil, eventIndex: Int? = nil, context: [String] = []) {
        self.step = step
        self.expectation = expectation
        self.message = message
        self.expected = expected
        self.actual = actual
        self.eventIndex = eventIndex
        self.context = context
    }

    /// The ``expectation`` label of a failure made from a `warning` event under `strict`.
    public static let warning = "warning"

    /// True for an error (a Lua error, a step that threw, an unnamed `error` event); false for an
    /// unmet expectation. JUnit reports the first as `<error>`, the second as `<failure>`.
    public var isError: Bool { expectation == nil || expectation == "error event" }

    /// `steps[3]`, or the empty string when the failure is not in a step.
    public var location: String {
        if let step { return "steps[\(step)]" }
        return ""
    }

    /// `steps[3].expect.events[1]: no later event matches`, the one-line summary.
    public var summary: String {
        var where_ = location
        // An unnamed error event is not an expectation written in the step: its label is the step.
        if let expectation, expectation != "error event", expectation != Self.warning { where_ += where_.isEmpty ? expectation : ".expect.\(expectation)" }
        return where_.isEmpty ? message : "\(where_): \(message)"
    }
}

extension ScenarioFailure: JSONRepresentable {
    /// `{"step", "expectation", "message", "summary", "expected", "actual", "expectedValue"?,
    /// "actualValue"?, "eventIndex", "context", "wholeExpected"?, "wholeActual"?, "source"?}`, absent parts null:
    /// the form of the JSON report and of a worker's result. `expected`/`actual` are the one-line
    /// text a person reads (JSON text of a value, or the prose); `expectedValue`/`actualValue` are
    /// present exactly when that side is a JSON value, and hold the value itself (a JSON `null` is a
    /// value); `wholeExpected`/`wholeActual` are the whole pattern and value (JSON values);
    /// `source` is ``sourceLocation`` (`{"file", "line", "column"}`).
    public var json: JSONValue {
        var object: JSONObject = [:]
        object["step"] = step.map { .integer(Int64($0)) } ?? .null
        object["expectation"] = expectation.map(JSONValue.string) ?? .null
        object["message"] = .string(message)
        object["summary"] = .string(summary)
        object["expected"] = expected.map { .string($0.text) } ?? .null
        object["actual"] = actual.map { .string($0.text) } ?? .null
        if let value = expected?.value { object["expectedValue"] = value }
        if let value = actual?.value { object["actualValue"] = value }
        object["eventIndex"] = eventIndex.map { .integer(Int64($0)) } ?? .null
        object["context"] = .array(context.map(JSONValue.string))
        if let wholeExpected { object["wholeExpected"] = wholeExpected }
        if let wholeActual { object["wholeActual"] = wholeActual }
        if let sourceLocation { object["source"] = sourceLocation.json }
        return .object(object)
    }

    /// Reads a failure back (`summary` is derived, so it is not read): a side with a `...Value`
    /// member is that value, else its text is prose. No text is parsed as JSON.
    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        func side(_ key: String) throws(LocatedProblem) -> FailureValue? {
            if let value = object[key + "Value"] { return .json(value) }
            return try reader.optionalString(object[key], at: .root.key(key)).map(FailureValue.prose)
        }
        self.init(step: try reader.optionalInteger(object["step"], at: .root.key("step")),
                  expectation: try reader.optionalString(object["expectation"], at: .root.key("expectation")),
                  message: try reader.string(object["message"], at: .root.key("message")),
                  expected: try side("expected"),
                  actual: try side("actual"),
                  eventIndex: try reader.optionalInteger(object["eventIndex"], at: .root.key("eventIndex")),
                  context: object["context"] == nil ? [] : try reader.strings(object["context"], at: .root.key("context")))
        wholeExpected = object["wholeExpected"]
        wholeActual = object["wholeActual"]
        if let source = object["source"] {
            do { sourceLocation = try SourceLocation(json: source) } catch { throw error.under(.root.key("source")) }
        }
    }
}
