import Engine
import JSON

/// One way an expectation is not met.
public struct ExpectationMismatch: Sendable, Equatable {
    /// Appended to the key in the failure's name (`title` makes `ui.title`); nil: the key alone.
    public var detail: String?
    /// What is wrong, in a few words (`wrong in-app displayed`).
    public var message: String
    /// The expected side: a JSON value (`.json(pattern)`), or prose where it is not one (`"nothing"`).
    public var expected: FailureValue
    /// The actual side: a JSON value (`.json(view)`), or prose (`"no process"`).
    public var actual: FailureValue
    /// The JSON path of the difference below the key (`children[1].text` makes `tree.children[1].text`);
    /// when set it replaces `detail`.
    public var path: JSONPath?
    /// The whole pattern and value compared: `ctlua test --verbose` shows their line diff.
    public var whole: Whole?

    /// The whole pattern and the whole value of a mismatch found at a path below them.
    public struct Whole: Sendable, Equatable {
        public var expected: JSONValue
        public var actual: JSONValue
        public init(expected: JSONValue, actual: JSONValue) {
            self.expected = expected
            self.actual = actual
        }
    }

    public init(detail: String? = nil, message: String, expected: FailureValue, actual: FailureValue, path: JSONPath? = nil, whole: Whole? = nil) {
        self.detail = detail
        self.message = message
        self.expected = expected
        self.actual = actual
        self.path = path
        self.whole = whole
    }

    /// One mismatch per difference between `pattern` and `value` (``JSONMatch/differences(_:_:at:)``),
    /// each at its path under `path`, carrying the whole pair for `--verbose`; at most `limit`, the
    /// last saying how many more. Empty when the value matches.
    public static func differences(_ pattern: JSONValue, _ value: JSONValue, under path: JSONPath = .root,
                                   message: String = "differs", limit: Int = 10) -> [ExpectationMismatch] {
        let found = JSONMatch.differences(pattern, value, at: path)
        guard !found.isEmpty else { return [] }
        let whole = Whole(expected: pattern, actual: value)
        var out = found.prefix(limit).map {
            ExpectationMismatch(message: message, expected: $0.expected, actual: $0.actual, path: $0.path, whole: whole)
        }
        if found.count > limit {
            out[limit - 1].message += " (and \(found.count - limit) more differences: --verbose shows the whole diff)"
        }
        return out
    }
}

/// A key of `expect` steps that a system contributes: `{"expect": {"displayed": "c1"}}`. Its value is
/// decoded once, when the scenario loads, into its input type (``StepInput``).
public struct ExpectationKey<System: EngineSystem>: Sendable {
    public var name: String
    /// The shape of the key's value (checked when the file loads).
    public var shape: ValueShape
    /// The matching rule, for the reference (`the displayed in-app's wzrk_id; null: nothing displayed`).
    public var rule: String
    public var example: String
    /// Decodes the key's value, at load (after its shape passed).
    public var decode: @Sendable (StepReader) throws(LocatedProblem) -> DecodedInput
    /// Every way the engine's state does not meet the expected input (empty: met).
    public var check: @Sendable (System, Engine, DecodedInput) -> [ExpectationMismatch]
    /// The key's value that the engine's state meets now, as a person would write it (the
    /// members that say what the state is, not every detail), or nil when there is nothing worth
    /// asserting: what a recorded scenario (`ctlua preview`, the REPL's `:record`) pins, and what
    /// the preview shows beside the screen. nil: the key is never recorded (``recording(_:)``).
    public var current: (@Sendable (System, Engine) -> JSONValue?)?

    public init<Input: StepInput>(_ name: String, shape: ValueShape, input: Input.Type, rule: String, example: String,
                                  check: @escaping @Sendable (System, Engine, Input) -> [ExpectationMismatch]) {
        self.name = name
        self.shape = shape
        self.rule = rule
        self.example = example
        self.decode = { reader throws(LocatedProblem) in DecodedInput(try Input(step: reader)) }
        self.check = { system, engine, input in
            guard let input = input.value as? Input else {
                return [ExpectationMismatch(message: "its input was decoded as \(type(of: input.value)), not \(Input.self) (a bug in its system)",
                                            expected: "\(Input.self)", actual: "\(type(of: input.value))")]
            }
            return check(system, engine, input)
        }
    }

    /// This key, recorded with `current` (``current``).
    public func recording(_ current: @escaping @Sendable (System, Engine) -> JSONValue?) -> Self {
        var key = self
        key.current = current
        return key
    }

    /// Checks `value` against the shape, decodes it and checks the engine (tests).
    public func perform(_ value: JSONValue, on system: System, engine: Engine) throws -> [ExpectationMismatch] {
        let reader = JSONReader(value: value)
        if let first = reader.check(value, shape, at: .root).first { throw first }
        return check(system, engine, try decode(StepReader(value: reader.node, name: name)))
    }
}

/// An expectation key of any system (or of the core).
public struct ExpectationDefinition: Sendable {
    public var name: String
    public var shape: ValueShape
    public var rule: String
    public var example: String
    public var system: String?
    public var decode: @Sendable (StepReader) throws(LocatedProblem) -> DecodedInput
    public var check: @Sendable (Engine, DecodedInput) -> [ExpectationMismatch]
    /// The value the engine's state meets now (``ExpectationKey/current``); nil: not recorded.
    public var current: (@Sendable (Engine) -> JSONValue?)?

    public init<Input: StepInput>(name: String, shape: ValueShape, input: Input.Type, rule: String, example: String,
                                  check: @escaping @Sendable (Engine, Input) -> [ExpectationMismatch]) {
        self.name = name
        self.shape = shape
        self.rule = rule
        self.example = example
        self.system = nil
        self.decode = { reader throws(LocatedProblem) in DecodedInput(try Input(step: reader)) }
        self.check = { engine, input in
            guard let input = input.value as? Input else {
                return [ExpectationMismatch(message: "its input was decoded as \(type(of: input.value)), not \(Input.self) (a bug)",
                                            expected: "\(Input.self)", actual: "\(type(of: input.value))")]
            }
            return check(engine, input)
        }
    }

    public init<S: SystemPlugin>(_ key: ExpectationKey<S>, of system: S.Type) {
        let check = key.check
        name = key.name
        shape = key.shape
        rule = key.rule
        example = key.example
        self.system = S.name
        decode = key.decode
        if let current = key.current {
            self.current = { engine in engine.system(S.self).flatMap { current($0, engine) } }
        }
        self.check = { engine, input in
            guard let found = engine.system(S.self) else {
                return [ExpectationMismatch(message: "the \(S.name) system is not part of this engine",
                                            expected: "the \(S.name) system", actual: "no \(S.name) system")]
            }
            return check(found, engine, input)
        }
    }

    /// This key, recorded with `current` (``current``).
    public func recording(_ current: @escaping @Sendable (Engine) -> JSONValue?) -> Self {
        var key = self
        key.current = current
        return key
    }

    /// Decodes the key's value at `node` (its shape already checked).
    public func decode(_ node: JSONNode) throws(LocatedProblem) -> DecodedInput {
        try decode(StepReader(value: node, name: name))
    }
}

extension JSONValue {
    /// The members of an object named in `keys`, in that order, those absent or null left out
    /// (what a recorded expectation keeps of a state: ``ExpectationKey/current``); nil when
    /// this is no object.
    public func picking(_ keys: [String]) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        var picked = JSONObject()
        for key in keys { if let value = object[key], !value.isNull { picked[key] = value } }
        return .object(picked)
    }
}
