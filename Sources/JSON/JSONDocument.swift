import Synchronization

/// A line and column in a source text, both from 1. Columns count code points, as jansson's
/// error positions do, so a syntax error and a value's position are counted the same way.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) { (self.line, self.column) = (line, column) }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// JSON text read as a document: its value, and where each value of it starts in the text.
///
/// The one way ctlua parses JSON in Swift. jansson gives the verdict and the value (integers
/// apart from doubles, key order kept, `-0` a double); a repeated key in an object is an error
/// (the rule for every document ctlua reads); a UTF-8 byte order mark is skipped. Positions are
/// found only when asked (``position(of:)``, on the way to an error message), by walking the text
/// jansson accepted, so reading a valid document costs no more than jansson's parse. The walk is
/// done once, on the first question, and answers every later one (locating all the problems of a
/// file is linear in its size, however many there are).
public struct JSONDocument: Sendable {
    /// The parsed value.
    public let value: JSONValue
    /// The text the value was read from, without a byte order mark (empty for a value given as is).
    private let text: [UInt8]
    /// Where the values of the text start, indexed on the first question.
    private let locator = LazyLocator()

    /// Parses `bytes`.
    ///
    /// - Throws: `JSONError.syntax` or `.tooDeep` with the line and column of the problem.
    public init(bytes: [UInt8], maxDepth: Int = 512) throws(JSONError) {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        value = try JSONValue.decode(text, options: JSONDecodeOptions(maxDepth: maxDepth))
        self.text = text
    }

    /// Parses `text`.
    public init(text: String, maxDepth: Int = 512) throws(JSONError) {
        try self.init(bytes: Array(text.utf8), maxDepth: maxDepth)
    }

    /// A value that has no text (from Lua, or built in code): it has no positions.
    public init(value: JSONValue) {
        self.value = value
        text = []
    }

    /// Where the value at `path` starts, or nil when the text has no value there.
    public func position(of path: JSONPath) -> SourcePosition? {
        guard !text.isEmpty else { return nil }
        return locator.get(text).position(of: path)
    }

    /// Where the value at `path` starts or, when the text has no value there, its nearest
    /// ancestor (a missing key is reported at the object that lacks it).
    public func nearestPosition(of path: JSONPath) -> SourcePosition? {
        guard !text.isEmpty else { return nil }
        return locator.get(text).nearestPosition(of: path)
    }
}

/// A document's ``JSONLocator``, built by the first caller that needs it (documents are shared
/// between threads, so under a lock).
private final class LazyLocator: Sendable {
    private let built = Mutex<JSONLocator?>(nil)

    func get(_ text: [UInt8]) -> JSONLocator {
        built.withLock { built in
            if let built { return built }
            let made = JSONLocator(text)
            built = made
            return made
        }
    }
}

extension JSONError {
    /// The line and column of a decode error (nil for encode errors and out of memory).
    public var position: SourcePosition? {
        switch self {
        case .syntax(let line, let column, _, _), .tooDeep(let line, let column, _, _):
            return SourcePosition(line: max(line, 1), column: max(column, 1))
        case .encode, .outOfMemory: return nil
        }
    }

    /// What is wrong, without the `json:` prefix and the position: `']' expected near '{'`.
    public var reason: String {
        switch self {
        case .syntax(_, _, _, let reason): return reason
        case .tooDeep(_, _, _, let limit): return "too deep (max \(limit))"
        case .encode(let path, let reason): return "\(reason) at \(path)"
        case .outOfMemory: return "not enough memory"
        }
    }
}
