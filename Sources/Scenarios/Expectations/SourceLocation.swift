import JSON

/// Where in the user's files a failure or a warning is: the file as reports name it and the line
/// and column of the value it is about (`flows/sale.json:12:9`), as load errors are named.
///
/// Found only when something is reported (``FailureLocator``), from the file's text: a passing run
/// reads no file twice. `position` is nil when the file has no such value any more (it changed
/// since the run) or is no JSON (a `.lua` scenario): then the file alone.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The path as reports name the scenario (``ScenarioResult/relativePath``) or as a warning names its file.
    public var file: String
    public var position: SourcePosition?

    public init(file: String, position: SourcePosition? = nil) {
        self.file = file
        self.position = position
    }

    /// `flows/sale.json:12:9`, or the file alone.
    public var description: String { position.map { "\(file):\($0)" } ?? file }

    /// `{"file", "line"?, "column"?}`.
    public var json: JSONValue {
        var object: JSONObject = ["file": .string(file)]
        if let position {
            object["line"] = .integer(Int64(position.line))
            object["column"] = .integer(Int64(position.column))
        }
        return .object(object)
    }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        file = try reader.string(object["file"], at: .root.key("file"))
        if let line = try reader.optionalInteger(object["line"], at: .root.key("line")),
           let column = try reader.optionalInteger(object["column"], at: .root.key("column")) {
            position = SourcePosition(line: line, column: column)
        }
    }

    /// The location a ctlua message starts with (`flows/a.json:3:14: steps[0]...`, the shape of
    /// ``LocatedProblem``'s description and of `check`'s lines) and the rest of it; Lua's
    /// `FILE.lua:LINE: message` at column 1; the file
    /// alone when the text starts `FILE: ` with FILE an existing-looking path (`.json`, `.lua`); nil otherwise.
    public static func leading(in text: String) -> (location: SourceLocation, rest: String)? {
        let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        if parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]), parts[3].hasPrefix(" "), !parts[0].isEmpty {
            return (SourceLocation(file: String(parts[0]), position: SourcePosition(line: line, column: column)),
                    String(parts[3].dropFirst()))
        }
        // Lua's own position (`x.lua:3: syntax error near 'is'`): a line, no column (column 1).
        if parts.count >= 3, parts[0].hasSuffix(".lua"), let line = Int(parts[1]), line > 0, parts[2].hasPrefix(" ") {
            return (SourceLocation(file: String(parts[0]), position: SourcePosition(line: line, column: 1)),
                    String(text.dropFirst(parts[0].count + parts[1].count + 3)))
        }
        if parts.count >= 2, parts[0].hasSuffix(".json") || parts[0].hasSuffix(".lua"), parts[1].hasPrefix(" ") {
            return (SourceLocation(file: String(parts[0])), String(text.dropFirst(parts[0].count + 2)))
        }
        return nil
    }
}
