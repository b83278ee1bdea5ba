import Foundation
import JSON
import OrderedCollections

/// Errors of the interim JSON text codec.
public struct InterimJSONError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public var reason: String
    /// The byte offset where it went wrong.
    public var offset: Int
    public var description: String { "json: \(reason) at offset \(offset)" }
}

/// A small JSON text codec used until the jansson bridge of the JSON module lands.
///
/// Persistence (the in-app queue, the file cache index) calls only `encode` and
/// `decode`, so switching to the jansson bridge is a change of these two functions.
/// Objects keep key order; integers and floats stay apart (`1` vs `1.0`).
public enum InterimJSON {
    /// Encodes a value as compact JSON text; `sortedKeys` orders object keys.
    public static func encode(_ value: JSONValue, sortedKeys: Bool = false) -> String {
        var out = ""
        write(value, sortedKeys: sortedKeys, into: &out)
        return out
    }

    /// Decodes JSON text (one value, surrounding whitespace allowed).
    public static func decode(_ text: String) throws(InterimJSONError) -> JSONValue {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.fail("trailing characters") }
        return value
    }

    private static func write(_ value: JSONValue, sortedKeys: Bool, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .double(let d):
            if d.isFinite, d.rounded() == d, abs(d) < 1e15 { out += String(format: "%.1f", d) } else { out += "\(d)" }
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += "," }
                write(v, sortedKeys: sortedKeys, into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            let keys = sortedKeys ? o.keys.sorted() : Array(o.keys)
            for (i, k) in keys.enumerated() {
                if i > 0 { out += "," }
                writeString(k, into: &out)
                out += ":"
                write(o[k]!, sortedKeys: sortedKeys, into: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func fail(_ reason: String) -> InterimJSONError { InterimJSONError(reason: reason, offset: index) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws(InterimJSONError) -> JSONValue {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
                throw fail("invalid literal")
            }
            index += w.count
            return value
        }

        mutating func value(depth: Int) throws(InterimJSONError) -> JSONValue {
            guard depth < 512 else { throw fail("too deep") }
            guard index < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONValue] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw fail("unterminated array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    throw fail("expected ',' or ']'")
                }
            case UInt8(ascii: "{"):
                index += 1
                var object = JSONObject()
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    index += 1
                    skipSpace()
                    object[key] = try value(depth: depth + 1)
                    skipSpace()
                    guard index < bytes.count else { throw fail("unterminated object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
                    throw fail("expected ',' or '}'")
                }
            default: return try number()
            }
        }

        mutating func number() throws(InterimJSONError) -> JSONValue {
            let start = index
            var isFloat = false
            while index < bytes.count {
                let c = bytes[index]
                if (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
                    index += 1
                } else if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                    isFloat = true
                    index += 1
                } else {
                    break
                }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if !isFloat, let i = Int64(text) { return .integer(i) }
            if let d = Double(text), !text.isEmpty { return .double(d) }
            index = start
            throw fail("invalid value")
        }

        mutating func string() throws(InterimJSONError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw = [] }
            while index < bytes.count {
                let c = bytes[index]
                index += 1
                if c == UInt8(ascii: "\"") { flush(); return String(scalars) }
                guard c == UInt8(ascii: "\\") else { raw.append(c); continue }
                flush()
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\") {
                        index += 2
                        let low = try hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    scalars.append(s)
                default: scalars.append(Unicode.Scalar(e))
                }
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws(InterimJSONError) -> UInt32 {
            guard index + 4 <= bytes.count,
                let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw fail("invalid \\u escape") }
            index += 4
            return v
        }
    }
}
