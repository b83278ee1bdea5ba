import Foundation
import JSON

/// The strict decoding steps of the component decoder beside ``JSONReader``'s: UUIDs, enums,
/// whole numbers; each failure a ``LocatedProblem`` at the member's path.
extension JSONReader {
    /// A UUID string, lower-cased (`appcuesFormatted`).
    func uuid(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> String {
        let text = try string(value, at: path)
        guard let uuid = UUID(uuidString: text) else {
            throw problem("attempted to decode UUID from invalid UUID string '\(text)'", at: path)
        }
        return uuid.uuidString.lowercased()
    }

    /// A string among `allowed` (the SDK's `String` enums), or nil when absent with `optional`.
    func enumeration(_ value: JSONValue?, _ allowed: [String], _ typeName: String, at path: JSONPath) throws(LocatedProblem) -> String {
        let text = try string(value, at: path)
        guard allowed.contains(text) else { throw problem("cannot initialize \(typeName) from invalid String value \(text)", at: path) }
        return text
    }

    /// A whole number ≥ `min` (up to Int32.max), or nil when absent or null.
    func optionalInt(_ value: JSONValue?, at path: JSONPath, min: Int64 = Int64.min) throws(LocatedProblem) -> Int? {
        guard let value, value != .null else { return nil }
        guard let n = value.integerValue, n >= min, n <= Int64(Int32.max) else {
            throw problem("expected \(min >= 0 ? "a non-negative whole number" : "a whole number"), got \(JSONWriter.text(value))", at: path)
        }
        return Int(n)
    }

    /// A boolean, or nil when absent or null.
    func optionalBool(_ value: JSONValue?, at path: JSONPath) throws(LocatedProblem) -> Bool? {
        guard let value, value != .null else { return nil }
        return try bool(value, at: path, default: false)
    }
}
