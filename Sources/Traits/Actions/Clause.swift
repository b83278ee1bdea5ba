import Foundation
import JSON
import SystemKit

/// A condition of `@appcues/conditional` (the SDK's `Clause`): `and`, `or`, `not`, a `survey`
/// clause on a form field (`block` id, `operator`, `value`) or a `token` clause; an empty object
/// or an undecodable survey/token clause is `unknown` (false). Nesting is bounded by ``maxDepth``.
public indirect enum Clause: Equatable, CustomStringConvertible, Sendable {
    case and([Clause])
    case or([Clause])
    case not(Clause)
    case survey(block: String, op: Operator, value: String)
    case token(token: String, op: Operator, value: String)
    case unknown

    public static let maxDepth = 64
    /// The longest value a `regex` condition searches (UTF-16 units): each start position is a
    /// step of the search's bound (``BoundedRegex``), so a longer value is an error, not a hang.
    public static let maxRegexTextLength = 1_000

    public enum Operator: String, Sendable {
        case equals = "==", doesntEqual = "!=", contains = "*", doesntContain = "!*", startsWith = "^"
        case doesntStartWith = "!^", endsWith = "$", doesntEndWith = "!$", matchesRegex = "regex"
        case isOneOf = "in", isntOneOf = "not in", isGreaterThan = ">", isGreaterOrEqual = ">="
        case isLessThan = "<", isLessOrEqual = "<="

        /// Whether `lhs` (the field or token) satisfies the operator with `rhs` (the condition's
        /// value). A `regex` that is not a valid pattern is false, as in the SDK.
        ///
        /// - Throws: `ActionError` when a `regex` search passes its step bound (catastrophic
        ///   backtracking) or the value is longer than ``Clause/maxRegexTextLength``.
        public func evaluate(_ lhs: String, _ rhs: String) throws(ActionError) -> Bool {
            switch self {
            case .equals: return lhs == rhs
            case .doesntEqual: return lhs != rhs
            case .contains: return lhs.contains(rhs)
            case .doesntContain: return !lhs.contains(rhs)
            case .startsWith: return lhs.hasPrefix(rhs)
            case .doesntStartWith: return !lhs.hasPrefix(rhs)
            case .endsWith: return lhs.hasSuffix(rhs)
            case .doesntEndWith: return !lhs.hasSuffix(rhs)
            case .matchesRegex:
                guard let regex = try? NSRegularExpression(pattern: rhs) else { return false }
                let length = lhs.utf16.count
                guard length <= Clause.maxRegexTextLength else {
                    throw ActionError("regex condition \(JSONWriter.quote(rhs)): the value is \(length) characters long (at most \(Clause.maxRegexTextLength))")
                }
                switch BoundedRegex.search(regex, in: lhs, attempts: length + 1) {
                case .matched: return true
                case .notMatched: return false
                case .tooComplex:
                    throw ActionError("regex condition \(JSONWriter.quote(rhs)): gave up after \(BoundedRegex.stepLimit) steps (catastrophic backtracking)")
                }
            case .isOneOf: return lhs.split(whereSeparator: \.isNewline).contains { $0 == rhs }
            case .isntOneOf: return !lhs.split(whereSeparator: \.isNewline).contains { $0 == rhs }
            case .isGreaterThan, .isGreaterOrEqual, .isLessThan, .isLessOrEqual:
                guard let l = Double(lhs), let r = Double(rhs) else { return false }
                switch self {
                case .isGreaterThan: return l > r
                case .isGreaterOrEqual: return l >= r
                case .isLessThan: return l < r
                default: return l <= r
                }
            }
        }
    }

    /// Decodes a clause; more than one key, or nesting past ``maxDepth``, is an error.
    public init(_ json: JSONValue, depth: Int = 0) throws {
        guard depth < Clause.maxDepth else { throw ActionError("condition nested deeper than \(Clause.maxDepth)") }
        guard let object = json.objectValue else { throw ActionError("a condition must be an object, got \(json.typeName)") }
        let keys = object.keys.filter { ["and", "or", "not", "survey", "token"].contains($0) }
        guard let key = keys.first else { self = .unknown; return }
        guard keys.count == 1 else { throw ActionError("Invalid number of keys found (\(keys.count)), expected one.") }
        let value = object[key] ?? .null
        switch key {
        case "and", "or":
            guard let items = value.arrayValue else { throw ActionError("'\(key)' must be an array") }
            let clauses = try items.map { try Clause($0, depth: depth + 1) }
            self = key == "and" ? .and(clauses) : .or(clauses)
        case "not":
            self = .not(try Clause(value, depth: depth + 1))
        default:
            guard let subject = value[key == "survey" ? "block" : "token"]?.stringValue,
                  let op = value["operator"]?.stringValue.flatMap(Operator.init(rawValue:)),
                  let operand = value["value"]?.stringValue,
                  key == "token" || Experience.isUUID(subject) else { self = .unknown; return }
            self = key == "survey" ? .survey(block: Experience.formatted(subject), op: op, value: operand)
                : .token(token: subject, op: op, value: operand)
        }
    }

    /// Whether the clause holds on the form state (field values by component id).
    ///
    /// - Throws: `ActionError` when a `regex` condition cannot be decided within its bound.
    public func evaluate(_ form: [String: String]) throws(ActionError) -> Bool {
        switch self {
        case .and(let clauses):
            for clause in clauses where try !clause.evaluate(form) { return false }
            return true
        case .or(let clauses):
            for clause in clauses where try clause.evaluate(form) { return true }
            return false
        case .not(let clause): return try !clause.evaluate(form)
        case .survey(let block, let op, let value):
            guard let field = form[block] else { return false }
            return try op.evaluate(field, value)
        case .token(let token, let op, let value): return try op.evaluate(token, value)
        case .unknown: return false
        }
    }

    /// As the SDK's `Clause.description` (what `@appcues/conditional` logs): `A AND B`, `A OR
    /// B`, `NOT X`, a survey clause `<BLOCK UUID> equals yes`, a token clause `premium equals
    /// premium`, `unknown clause`.
    public var description: String {
        switch self {
        case .and(let c): return c.map(\.description).joined(separator: " AND ")
        case .or(let c): return c.map(\.description).joined(separator: " OR ")
        case .not(let c): return "NOT \(c.description)"
        case .survey(let block, let op, let value): return "\(block.uppercased()) \(op.description) \(value)"
        case .token(let token, let op, let value): return "\(token) \(op.description) \(value)"
        case .unknown: return "unknown clause"
        }
    }
}

extension Clause.Operator: CustomStringConvertible {
    /// The SDK's `Clause.Operator.description`.
    public var description: String {
        switch self {
        case .equals: return "equals"
        case .doesntEqual: return "doesn't equal"
        case .contains: return "contains"
        case .doesntContain: return "doesn't contain"
        case .startsWith: return "starts with"
        case .doesntStartWith: return "doesn't start with"
        case .endsWith: return "ends with"
        case .doesntEndWith: return "doesn't end with"
        case .matchesRegex: return "matches regex"
        case .isOneOf: return "is one of"
        case .isntOneOf: return "isn't one of"
        case .isGreaterThan: return "is greater than"
        case .isGreaterOrEqual: return "is greater than or equal to"
        case .isLessThan: return "is less than"
        case .isLessOrEqual: return "is less than or equal to"
        }
    }
}

extension Experience {
    /// Whether a string is a UUID as Foundation parses them.
    public static func isUUID(_ text: String) -> Bool { UUID(uuidString: text) != nil }
}
