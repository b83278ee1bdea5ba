import Foundation
import JSON
import LuaRuntime

extension ScenarioLoader {
    /// A `.lua` scenario, with the marks its opening comment lines declare (read without running it):
    /// `-- ctlua: skip [reason]`, `-- ctlua: todo [reason]`, `-- ctlua: only`. Another `-- ctlua:`
    /// word is a load error at its line.
    func loadLua(_ found: ScenarioDiscovery.Found, stem: String) -> Result<[Scenario], ScenarioLoadErrors> {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(found.file) } catch {
            return .failure(ScenarioLoadErrors([LocatedProblem(file: found.relativePath, message: "cannot read: \(error.problem)")]))
        }
        var marks: [ScenarioMark] = []
        var only = false
        var problems: [LocatedProblem] = []
        for (number, line) in Self.openingComments(String(decoding: bytes, as: UTF8.self)) {
            guard let directive = Self.directive(line) else { continue }
            let word = directive.prefix { !$0.isWhitespace }
            let reason = directive.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
            switch word {
            case "skip": marks.append(ScenarioMark(kind: .skip, reason: reason))
            case "todo": marks.append(ScenarioMark(kind: .todo, reason: reason))
            case "only" where reason.isEmpty: only = true
            default:
                problems.append(LocatedProblem(file: found.relativePath, position: SourcePosition(line: number, column: 1),
                                               message: "unknown directive \(JSONWriter.quote(directive)): expected `-- ctlua: skip [reason]`, `-- ctlua: todo [reason]` or `-- ctlua: only`"))
            }
        }
        if !problems.isEmpty { return .failure(ScenarioLoadErrors(problems)) }
        return .success([Scenario(relativePath: found.relativePath, file: found.file,
                                  name: ScenarioDiscovery.luaScenarioName(stem), body: .lua, marks: marks, only: only)])
    }

    /// The comment lines that open a Lua file (1-based line numbers), up to its first line of code
    /// (blank lines and a `#!` line are passed over).
    static func openingComments(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || (i == 0 && line.hasPrefix("#!")) { continue }
            guard line.hasPrefix("--") else { break }
            lines.append((i + 1, line))
        }
        return lines
    }

    /// What follows `-- ctlua:` in a comment line (nil for another comment).
    static func directive(_ line: String) -> String? {
        let body = line.drop { $0 == "-" }.trimmingCharacters(in: .whitespaces)
        guard body.hasPrefix("ctlua:") else { return nil }
        return body.dropFirst("ctlua:".count).trimmingCharacters(in: .whitespaces)
    }
}
