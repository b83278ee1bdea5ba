import SystemKit
/// Why a scenario file could not be loaded. Any of these makes `ctlua test` exit with code 2.
///
/// Rendering for people is in `description`; the payloads stay structured for tests and tools.
public enum ScenarioLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A path given on the command line does not exist.
    case notFound(path: String)
    /// The file exists but could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not JSON; the position is where the parser stopped.
    case syntax(file: String, position: SourcePosition, message: String)
    /// The file is JSON but not a valid scenario: `path` names the offending value.
    case invalid(file: String, path: JSONPath, message: String, position: SourcePosition?)

    /// The file the error is about.
    public var file: String {
        switch self {
        case .notFound(let path): return path
        case .unreadable(let file, _), .syntax(let file, _, _), .invalid(let file, _, _, _): return file
        }
    }

    /// `file:line:col: path: message`, the shape compilers use so that editors can jump to it.
    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file or directory"
        case .unreadable(let file, let reason):
            return "\(file): cannot read: \(reason)"
        case .syntax(let file, let position, let message):
            return "\(file):\(position.line):\(position.column): invalid JSON: \(message)"
        case .invalid(let file, let path, let message, let position):
            let location = position.map { ":\($0.line):\($0.column)" } ?? ""
            return "\(file)\(location): \(path): \(message)"
        }
    }
}
