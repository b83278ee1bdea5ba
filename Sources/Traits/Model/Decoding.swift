import Foundation
import JSON

/// The strict decoding steps shared by the experience, component and action decoders: each
/// failure an ``ExperienceDecodingError`` naming the JSON path, in the words of Swift's
/// `DecodingError` that the SDK reports.
enum Decoding {
    static func object(_ json: JSONValue, _ path: String) throws(ExperienceDecodingError) -> JSONObject {
        guard case .object(let object) = json else { throw mismatch(path, "an object", json) }
        return object
    }

    static func objectValue(_ json: JSONValue, _ path: String) throws(ExperienceDecodingError) -> JSONValue {
        .object(try object(json, path))
    }

    static func key(_ path: String, _ key: String) -> String { path == "" || path == "$" ? key : "\(path).\(key)" }

    static func missing(_ path: String, _ name: String) -> ExperienceDecodingError {
        ExperienceDecodingError(path: key(path, name), message: "missing required key")
    }

    static func mismatch(_ path: String, _ expected: String, _ value: JSONValue) -> ExperienceDecodingError {
        ExperienceDecodingError(path: path, message: "expected \(expected), got \(value.typeName)")
    }

    static func string(_ object: JSONObject, _ name: String, _ path: String) throws(ExperienceDecodingError) -> String {
        guard let value = object[name], !value.isNull else { throw missing(path, name) }
        guard case .string(let string) = value else { throw mismatch(key(path, name), "a string", value) }
        return string
    }

    /// A UUID string, lower-cased (`appcuesFormatted`).
    static func uuid(_ object: JSONObject, _ name: String, _ path: String) throws(ExperienceDecodingError) -> String {
        let text = try string(object, name, path)
        guard let uuid = UUID(uuidString: text) else {
            throw ExperienceDecodingError(path: key(path, name), message: "attempted to decode UUID from invalid UUID string '\(text)'")
        }
        return uuid.uuidString.lowercased()
    }

    static func array(_ object: JSONObject, _ name: String, _ path: String) throws(ExperienceDecodingError) -> [JSONValue] {
        guard let value = object[name], !value.isNull else { throw missing(path, name) }
        if case .object(let o) = value, o.isEmpty { return [] }  // a Lua `{}`
        guard case .array(let items) = value else { throw mismatch(key(path, name), "an array", value) }
        return items
    }

    static func optionalInt(_ object: JSONObject, _ name: String, _ path: String, min: Int64 = Int64.min) throws(ExperienceDecodingError) -> Int? {
        guard let value = object[name], !value.isNull else { return nil }
        guard let n = value.integerValue, n >= min, n <= Int64(Int32.max) else {
            throw mismatch(key(path, name), min >= 0 ? "a non-negative whole number" : "a whole number", value)
        }
        return Int(n)
    }

    static func optionalBool(_ object: JSONObject, _ name: String, _ path: String) throws(ExperienceDecodingError) -> Bool? {
        guard let value = object[name], !value.isNull else { return nil }
        guard case .bool(let b) = value else { throw mismatch(key(path, name), "a boolean", value) }
        return b
    }

    static func optionalString(_ object: JSONObject, _ name: String, _ path: String) throws(ExperienceDecodingError) -> String? {
        guard let value = object[name], !value.isNull else { return nil }
        guard case .string(let s) = value else { throw mismatch(key(path, name), "a string", value) }
        return s
    }
}
