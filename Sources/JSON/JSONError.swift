/// An error reading or writing JSON.
///
/// Decode errors carry the position jansson reports: a 1-based line, a 1-based
/// column counted in code points, and the number of bytes read. Encode errors
/// name the JSON path of the offending value (`$.a[3]`, `$["odd key"]`; array
/// indices are 0-based).
public enum JSONError: Error, Sendable, Hashable {
    /// Malformed input; `reason` is jansson's text (`unexpected token near ']'`,
    /// `too big integer`, `duplicate object key near '"a"'`, ...).
    case syntax(line: Int, column: Int, position: Int, reason: String)
    /// Nesting deeper than `limit`, found at the bracket that exceeded it.
    case tooDeep(line: Int, column: Int, position: Int, limit: Int)
    /// A value JSON cannot represent (NaN, infinity) or nesting too deep, at `path`.
    case encode(path: String, reason: String)
    /// jansson or the printer could not allocate.
    case outOfMemory
}

extension JSONError: CustomStringConvertible {
    /// `json: line L column C: <reason>` for decode errors,
    /// `json: <reason> at <path>` for encode errors — the same text the Lua
    /// `json` module raises.
    public var description: String {
        switch self {
        case .syntax(let line, let column, _, let reason):
            return "json: line \(line) column \(column): \(reason)"
        case .tooDeep(let line, let column, _, let limit):
            return "json: line \(line) column \(column): too deep (max \(limit))"
        case .encode(let path, let reason):
            return "json: \(reason) at \(path)"
        case .outOfMemory:
            return "json: not enough memory"
        }
    }
}
