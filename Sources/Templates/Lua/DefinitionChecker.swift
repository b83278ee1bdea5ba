import Foundation
import JSON
import LuaRuntime

/// A problem found while building one `templates.define{...}`, before it has a location: what in
/// the call it is about.
struct DefineProblem {
    enum Anchor: Equatable {
        /// The call itself (`templates.define{` on its line).
        case call
        /// A key of the definition table (`argumentz =`).
        case key(String)
        /// An argument, by name (`{"title", ...}`) and occurrence (1: the first with that name).
        case argument(String, occurrence: Int)
    }

    var message: String
    var anchor: Anchor

    /// Finds the anchor in the source, from the line of the call on: the line and column where the
    /// argument's quoted name or the key's `name =` first appears; else the call's line.
    func locate(file: String, callLine: Int, lines: [String]) -> LocatedProblem {
        let start = max(0, min(callLine - 1, lines.count))
        let needles: [String]
        switch anchor {
        case .call: needles = ["templates.define", "define"]
        case .key(let key): needles = [key + " =", key + "="]
        case .argument(let name, _): needles = ["\"\(name)\"", "'\(name)'"]
        }
        var skip = 0
        if case .argument(_, let occurrence) = anchor { skip = occurrence - 1 }
        for index in start..<lines.count {
            for needle in needles {
                if let range = lines[index].range(of: needle) {
                    if skip > 0 { skip -= 1; break }
                    let column = lines[index].unicodeScalars.distance(from: lines[index].startIndex, to: range.lowerBound) + 1
                    return LocatedProblem(file: file, position: SourcePosition(line: index + 1, column: column), message: message)
                }
            }
            if anchor == .call { break }
        }
        return LocatedProblem(file: file, position: SourcePosition(line: callLine, column: 1), message: message)
    }
}

/// Collects located problems while `ctlua check` runs definition files (instead of stopping at the
/// first error): `templates.define` records every problem of its table and goes on.
public final class DefinitionChecker {
    public private(set) var problems: [LocatedProblem] = []
    private var sources: [String: [String]] = [:]

    public init() {}

    func record(_ found: [DefineProblem], caller: (source: String, line: Int)?) {
        guard let caller else {
            problems += found.map { LocatedProblem(message: $0.message) }
            return
        }
        if sources[caller.source] == nil {
            let text = (try? FileBytes.read(caller.source)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            sources[caller.source] = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let lines = sources[caller.source] ?? []
        problems += found.map { $0.locate(file: caller.source, callLine: caller.line, lines: lines) }
    }

    public func record(_ problem: LocatedProblem) { problems.append(problem) }
}
