/// A location inside a JSON document: the one path type of ctlua.
///
/// It renders two ways:
/// - ``description``, the way messages name a value: `steps[3].deliver.vars`, keys that are not
///   identifiers quoted as JSON strings (`files["a b"]`), the root as `$`;
/// - ``expression``, the JSONPath expression the `json` module's encoder names in its errors:
///   `$.a[3]["odd key"]` (the same text as the C encoder in `CLuaSupport`).
///
/// Array indices are 0-based (JSON's view, also for values that came from Lua). Identifiers are
/// `[A-Za-z_][A-Za-z0-9_]*`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into an array or an object.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the root down.
    public var components: [Component]

    /// The root of a document.
    public static let root = JSONPath()

    /// The path made of `components` (the root when empty).
    public init(_ components: [Component] = []) { self.components = components }
    public init(components: [Component]) { self.components = components }

    /// This path extended by an object member.
    public func key(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    /// This path extended by an array element.
    public func index(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    /// The path one step up (the root stays the root).
    public var parent: JSONPath { JSONPath(Array(components.dropLast())) }

    /// `steps[3].deliver.vars`; the root is `$`.
    public var description: String {
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key): text += text.isEmpty ? key : ".\(key)"
            case .key(let key): text += "[\(JSONWriter.quote(key))]"
            }
        }
        return text
    }

    /// `$.a[3]["odd key"]`: `"`, `\` and control characters escaped as the C encoder does.
    public var expression: String {
        var out = "$"
        for component in components {
            switch component {
            case .index(let index): out += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key): out += ".\(key)"
            case .key(let key): out += "[\"" + Self.escaped(key) + "\"]"
            }
        }
        return out
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first else { return false }
        func isAlpha(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
                || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
        }
        return isAlpha(first)
            && key.utf8.allSatisfy { isAlpha($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    static func escaped(_ key: String) -> String {
        var out = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\\(scalar)"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
