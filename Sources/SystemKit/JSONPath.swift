/// A location inside a JSON document, rendered the way messages name it: `steps[3].deliver.vars`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step down into a document.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The components from the root down.
    public var components: [Component]

    /// The root of a document (rendered as `$`).
    public static let root = JSONPath(components: [])

    public init(components: [Component]) { self.components = components }

    /// This path extended by an object member.
    public func key(_ key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }
    /// This path extended by an array element.
    public func index(_ index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }

    /// `steps[3].deliver.vars`; keys that are not identifiers are quoted (`files["a b"]`); the root is `$`.
    public var description: String {
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let i): text += "[\(i)]"
            case .key(let k):
                if JSONPath.isIdentifier(k) {
                    text += text.isEmpty ? k : ".\(k)"
                } else {
                    text += "[\(JSONWriter.quote(k))]"
                }
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
