/// A location inside a JSON document, rendered as `$.a[3]["odd key"]`.
///
/// Array indices are 0-based (JSON's view, also for values that came from
/// Lua). Keys that are identifiers (`[A-Za-z_][A-Za-z0-9_]*`) render as `.key`,
/// others as `["..."]` with `"`, `\` and control characters escaped — the same
/// rendering as the C encoder in `CLuaSupport`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into an array or an object.
    public enum Component: Sendable, Hashable {
        case index(Int)
        case key(String)
    }

    /// The steps from the root.
    public var components: [Component]

    /// The path made of `components` (the root when empty).
    public init(_ components: [Component] = []) { self.components = components }

    /// The rendered path, starting with `$`.
    public var description: String {
        var out = "$"
        for component in components {
            switch component {
            case .index(let index):
                out += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key):
                out += ".\(key)"
            case .key(let key):
                out += "[\"" + Self.escaped(key) + "\"]"
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
