/// What is wrong in something ctlua read, and where: the file, the JSON path, the line and
/// column, and a message. The one error shape of files and documents: scenario files, systems'
/// data files and definitions, JSON given from Lua.
///
/// Rendered as compilers do, so editors can jump to it: `flows/a.json:3:13: steps[1].tap:
/// expected a string, got number`; the parts that are not known are left out.
public struct LocatedProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it; nil for a document given inline (a Lua table, a scenario member).
    public var file: String?
    /// The value the problem is about; nil when it is about no value (a syntax error, a Lua call).
    public var path: JSONPath?
    /// Where in the file; nil when not known.
    public var position: SourcePosition?
    /// What is wrong: `expected a string, got number`.
    public var message: String

    public init(file: String? = nil, path: JSONPath? = nil, position: SourcePosition? = nil, message: String) {
        self.file = file
        self.path = path
        self.position = position
        self.message = message
    }

    /// A JSON text that could not be parsed: `invalid JSON: <reason>` at the error's position.
    public init(file: String?, syntax error: JSONError) {
        self.init(file: file, position: error.position, message: "invalid JSON: \(error.reason)")
    }

    /// `file:line:column: path: message`.
    public var description: String { location + message }

    /// `file:line:column: path: ` (the parts that are known), or "" when none is.
    public var location: String {
        var text = file ?? ""
        if let position { text += text.isEmpty ? "\(position)" : ":\(position)" }
        if !text.isEmpty { text += ": " }
        if let path { text += "\(path): " }
        return text
    }

    /// The same problem in another file (a document read on behalf of a caller that names it).
    public func inFile(_ file: String?) -> LocatedProblem {
        var copy = self
        copy.file = file
        return copy
    }
}
