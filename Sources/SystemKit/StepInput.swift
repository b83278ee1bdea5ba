import JSON
import OrderedCollections

/// What a step's decoder reads, at load: the command key's value and the step's declared
/// parameters, each a ``JSONNode`` (value and path together). A setup member or an expectation
/// key is read the same way, its value alone.
///
/// The loader checks the declared ``ValueShape``s first, so a decoder meets only values of the
/// declared shapes; it reads them without inventing defaults for what the shape says is there.
public struct StepReader: Sendable {
    /// The step's command, the setup member's or expectation key's name.
    public let name: String
    /// The command key's value (`steps[3].deliver`), or the member's value (`setup.templates`).
    public let value: JSONNode
    /// The whole step object (`steps[3]`); the value itself for a setup member or expectation key.
    let step: JSONNode
    /// The parameters the step declares.
    let declared: Set<String>

    /// The reader of a step object whose command is `name`.
    public init(step: JSONNode, name: String, parameters declared: some Sequence<String>) {
        self.name = name
        self.step = step
        self.value = step[name]
        self.declared = Set(declared)
    }

    /// The reader of a setup member's or expectation key's value (no parameters).
    public init(value: JSONNode, name: String) {
        self.name = name
        self.step = value
        self.value = value
        self.declared = []
    }

    /// The step's parameter `key` (an absent node when the step does not give it). Reading a
    /// parameter the step does not declare is a bug in its system: a problem says so (every
    /// step's example is decoded by the tests).
    public func parameter(_ key: String) throws(LocatedProblem) -> JSONNode {
        guard declared.contains(key) else {
            throw step.problem("step \(JSONWriter.quote(name)) reads a parameter it does not declare, \(JSONWriter.quote(key)) (a bug in its system)")
        }
        return step[key]
    }
}

/// The typed input of a step, setup member or expectation key: decoded once, when the scenario
/// loads, from a ``StepReader``; its handler receives it and never reads the step's JSON again.
///
/// ```swift
/// struct Upload: StepInput {
///     let action: String, file: String
///     init(step: StepReader) throws(LocatedProblem) {
///         action = try step.value.string()
///         file = try step.parameter("file").optionalString() ?? "file"   // the documented default
///     }
/// }
/// SystemStep("upload", value: .string, parameters: ["file": .string], input: Upload.self, summary: ..., example: ...) { system, upload, context in ... }
/// ```
///
/// A value with no structure of its own is an input as it is: `String`, `Bool`, `Double`,
/// `[String]`, `JSONValue` (data handed on as it is: a payload, a pattern) and `JSONObject`.
public protocol StepInput: Sendable {
    init(step: StepReader) throws(LocatedProblem)
}

extension String: StepInput {
    public init(step: StepReader) throws(LocatedProblem) { self = try step.value.string() }
}

extension Bool: StepInput {
    public init(step: StepReader) throws(LocatedProblem) {
        guard case .bool(let flag)? = step.value.value else { throw step.value.problem("expected a boolean, got \(step.value.value?.typeName ?? "nothing")") }
        self = flag
    }
}

extension Double: StepInput {
    public init(step: StepReader) throws(LocatedProblem) { self = try step.value.number() }
}

extension JSONValue: StepInput {
    public init(step: StepReader) throws(LocatedProblem) { self = try step.value.any() }
}

extension JSONObject: StepInput {
    public init(step: StepReader) throws(LocatedProblem) { self = try step.value.object() }
}

extension Array: StepInput where Element == String {
    public init(step: StepReader) throws(LocatedProblem) { self = try step.value.strings() }
}

/// A decoded input on its way from the loader to its handler (its type is the handler's own).
public struct DecodedInput: Sendable {
    public let value: any Sendable
    public init(_ value: any Sendable) { self.value = value }

    /// The input as the handler's type; a mismatch is a bug in the registry, said as an error.
    public func `as`<Input>(_ type: Input.Type, for name: String) throws -> Input {
        guard let input = value as? Input else {
            throw SystemError("\(name): its input was decoded as \(Swift.type(of: value)), not \(Input.self) (a bug in its system)")
        }
        return input
    }
}
