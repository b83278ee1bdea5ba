import Foundation
import JSON

/// A decoding failure as the SDK's `DecodingError.decodingErrorMessage` words it: `Error
/// parsing Experience JSON data: <text> codingPath: <path>` (every kind ends with its coding path).
public struct SDKDecodingError: Sendable, Equatable {
    /// The words before the coding path: `Expected key 'content' not found at`.
    public var text: String
    /// The coding path, from the experience.
    public var path: JSONPath

    /// The message, its coding path under `base` (`experiences.0` in a qualification response).
    public func message(under base: JSONPath = .root) -> String {
        "Error parsing Experience JSON data: \(text) codingPath: \(StrictCheck.codingPath(JSONPath(base.components + path.components)))"
    }
}

/// A strict decoding failure: where (``problem``, with its path and line:column) and the
/// SDK's wording of it for `experience_error` (``sdk``, ``sdkMessage``).
public struct StrictDecodingFailure: Error, Sendable, CustomStringConvertible {
    public var problem: LocatedProblem
    public var sdk: SDKDecodingError
    /// As the SDK's `DecodingError.decodingErrorMessage`: `Error parsing Experience JSON data: …`.
    public var sdkMessage: String { sdk.message() }
    public var description: String { problem.description }
}

extension Experience {
    /// Checks an experience as strictly as the SDK's `Decodable` models before it is decoded:
    /// the experience's `id` (a UUID), `name`, `type`, `traits` and `steps`; each group's `id`
    /// (UUID), `type`, `children`, `traits` and `actions`; each step's `id` (UUID), `type`,
    /// `traits`, `actions` and `content`.
    public static func checkStrictly(_ reader: JSONReader) throws(StrictDecodingFailure) {
        var reader = reader
        reader.emptyObjectIsArray = true
        let check = StrictCheck(reader: reader)
        let root = try check.require(.object, reader.root, .root)
        try check.require(.uuid, root["id"], .root.key("id"))
        try check.require(.string, root["name"], .root.key("name"))
        try check.require(.string, root["type"], .root.key("type"))
        try check.require(.array, root["traits"], .root.key("traits"))
        guard case .array(let steps) = try check.require(.array, root["steps"], .root.key("steps")) else { return }
        for (index, item) in steps.enumerated() {
            let path = JSONPath.root.key("steps").index(index)
            guard case .object(let step) = try check.require(.object, item, path) else { continue }
            if let children = step["children"] {
                try check.model(step, path, content: false)
                guard case .array(let list) = try check.require(.array, children, path.key("children")) else { continue }
                for (childIndex, child) in list.enumerated() {
                    let childPath = path.key("children").index(childIndex)
                    guard case .object(let object) = try check.require(.object, child, childPath) else { continue }
                    try check.model(object, childPath, content: true)
                }
            } else {
                do throws(StrictDecodingFailure) { try check.model(step, path, content: true) } catch {
                    throw StrictCheck.asGroupFailure(error, step: path)
                }
            }
        }
    }

    /// A decoding error of the experience `root` as a located problem and in the SDK's words.
    static func failure(_ error: any Error, root: JSONValue) -> (LocatedProblem, SDKDecodingError) {
        if let failure = error as? StrictDecodingFailure { return (failure.problem, failure.sdk) }
        let problem = error as? LocatedProblem ?? LocatedProblem(message: "\(error)")
        // A single step's failure past its id and type: the SDK, failing it as a step, reports it as a group's.
        if let path = problem.path, path.components.count > 2, case .key("steps") = path.components[0],
           case .index(let index) = path.components[1], let steps = root["steps"]?.arrayValue, steps.indices.contains(index),
           let step = steps[index].objectValue, step["children"] == nil,
           ![.key("id"), .key("type")].contains(path.components[2]) {
            return (problem, StrictCheck.childrenMissing(JSONPath.root.key("steps").index(index)))
        }
        return (problem, sdkError(problem, root: root))
    }

    /// A failure of the lenient decoder (a component, a trait list) in the SDK's words: a member
    /// absent from `root` as `keyNotFound` (at the containing path), others with their coding path.
    static func sdkError(_ problem: LocatedProblem, root: JSONValue) -> SDKDecodingError {
        let path = problem.path ?? .root
        if case .key(let key)? = path.components.last, case .object(let parent)? = value(at: path.parent, in: root), parent[key] == nil {
            return SDKDecodingError(text: "Expected key '\(key)' not found at", path: path.parent)
        }
        return SDKDecodingError(text: problem.message, path: path)
    }

    /// The value at `path` in `root`, or nil.
    static func value(at path: JSONPath, in root: JSONValue) -> JSONValue? {
        var value: JSONValue? = root
        for component in path.components {
            switch (component, value) {
            case (.key(let key), .object(let object)?): value = object[key]
            case (.index(let index), .array(let array)?) where array.indices.contains(index): value = array[index]
            default: return nil
            }
        }
        return value
    }
}

/// The checks of ``Experience/checkStrictly(_:)``: each failure worded twice, for people
/// (a ``LocatedProblem``) and as the SDK (`DecodingError`).
struct StrictCheck {
    enum Kind {
        case object, array, string, uuid
        var expected: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string, .uuid: return "a string"
            }
        }
        /// As Swift names the type it expected (`Expected to decode String but found …`).
        var swiftType: String {
            switch self {
            case .object: return "Dictionary<String, Any>"
            case .array: return "Array<Any>"
            case .string, .uuid: return "String"
            }
        }
    }

    let reader: JSONReader

    /// The members every group and step has (`StepModel`), and a step's `content`.
    func model(_ object: JSONObject, _ path: JSONPath, content: Bool) throws(StrictDecodingFailure) {
        try require(.uuid, object["id"], path.key("id"))
        try require(.string, object["type"], path.key("type"))
        try require(.array, object["traits"], path.key("traits"))
        try require(.object, object["actions"], path.key("actions"))
        if content { try require(.object, object["content"], path.key("content")) }
    }

    /// `value` (at `path`) of this kind; else the failure.
    @discardableResult
    func require(_ kind: Kind, _ value: JSONValue?, _ path: JSONPath) throws(StrictDecodingFailure) -> JSONValue {
        guard let value else {
            var key = ""
            if case .key(let name)? = path.components.last { key = name }
            throw fail("missing required key (expected \(kind.expected))", SDKDecodingError(text: "Expected key '\(key)' not found at", path: path.parent), path)
        }
        let fits: Bool
        switch (kind, value) {
        case (.object, .object), (.string, .string), (.uuid, .string): fits = true
        case (.array, .array): fits = true
        case (.array, .object(let o)): fits = o.isEmpty && reader.emptyObjectIsArray
        default: fits = false
        }
        guard fits else {
            let found = value.typeName
            throw fail("expected \(kind.expected), got \(found)", Self.mismatch(kind, value, path), path)
        }
        if kind == .uuid, case .string(let text) = value, UUID(uuidString: text) == nil {
            throw fail("attempted to decode UUID from invalid UUID string '\(text)'",
                       SDKDecodingError(text: "Attempted to decode UUID from invalid UUID string.", path: path), path)
        }
        return value
    }

    /// The SDK's words for a value of the wrong type: `typeMismatch`, or `valueNotFound` for a
    /// null (as iOS 18 words it).
    static func mismatch(_ kind: Kind, _ value: JSONValue, _ path: JSONPath) -> SDKDecodingError {
        guard value == .null else {
            return SDKDecodingError(text: "Expected to decode \(kind.swiftType) but found \(value.typeName) instead.", path: path)
        }
        let what: String
        switch kind {
        case .object: what = "keyed decoding container"
        case .array: what = "unkeyed decoding container"
        case .string, .uuid: what = "value of type String"
        }
        return SDKDecodingError(text: "Cannot get \(what) -- found null value instead", path: path)
    }

    /// A single step (`steps[i]`, no `children`) that fails past its `id` and `type`: the SDK
    /// decodes a step as a step, then as a group, and reports the group's failure (its missing
    /// `children`); the problem for people stays the step's own.
    static func asGroupFailure(_ failure: StrictDecodingFailure, step: JSONPath) -> StrictDecodingFailure {
        guard let path = failure.problem.path, path != step.key("id"), path != step.key("type"), path != step else { return failure }
        return StrictDecodingFailure(problem: failure.problem, sdk: childrenMissing(step))
    }

    /// The SDK's words for a step decoded as a group without `children`.
    static func childrenMissing(_ step: JSONPath) -> SDKDecodingError {
        SDKDecodingError(text: "Expected key 'children' not found at", path: step)
    }

    func fail(_ message: String, _ sdk: SDKDecodingError, _ path: JSONPath) -> StrictDecodingFailure {
        StrictDecodingFailure(problem: reader.problem(message, at: path), sdk: sdk)
    }

    /// A path as the SDK prints a coding path: `steps.0.children.1`.
    static func codingPath(_ path: JSONPath) -> String {
        path.components.map { component -> String in
            switch component {
            case .index(let index): return "\(index)"
            case .key(let key): return key
            }
        }.joined(separator: ".")
    }
}
