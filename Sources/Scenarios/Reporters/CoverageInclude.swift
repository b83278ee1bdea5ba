import Foundation
import LuaRuntime

/// Coverage that does not flatter (`ctlua test --coverage-include GLOB`): the scripts that should
/// count and that no scenario loaded are added with every executable line at 0 hits, as luacov's
/// `includeuntestedfiles` and nyc's `all` do.
public enum CoverageInclude {
    /// `coverage` plus, at 0 hits, each script `globs` selects (nil: the project's scripts, see
    /// ``RunnerOptions/coverageInclude``) that it does not hold. A script that does not compile is left out.
    public static func addingUnloaded(to coverage: LuaCoverage, globs: [String]?,
                                      base: String = FileManager.default.currentDirectoryPath) -> LuaCoverage {
        if let globs, globs.isEmpty { return coverage }
        var result = coverage
        let known = Set(coverage.files.keys)
        let patterns = (globs ?? []).compactMap(regex)
        for relative in candidates(under: base) {
            let path = base + "/" + relative
            if globs == nil {
                guard !ScenarioDiscoveryRules.isLuaScenario(relative), !isMeta(path) else { continue }
            } else {
                guard patterns.contains(where: { $0.firstMatch(in: relative, range: NSRange(relative.startIndex..., in: relative)) != nil })
                else { continue }
            }
            let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { _ in path } ?? path
            let resolved = URL(fileURLWithPath: real).resolvingSymlinksInPath().path
            // Only regular files: a FIFO, device or socket named `*.lua` is never opened (it would block).
            guard !known.contains(resolved), (try? FileBytes.prefix(resolved, count: 0)) != nil,
                  let lines = executableLines(resolved) else { continue }
            result.files[resolved] = lines
        }
        return result
    }

    /// Every `.lua` file under `base` (relative paths), hidden entries, `.build*` and other
    /// repositories (``ScenarioDiscovery/isOtherRepository(_:fileManager:)``: a checkout of ctlua
    /// beside the app) skipped.
    static func candidates(under base: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let sub = enumerator.nextObject() as? String {
            let name = (sub as NSString).lastPathComponent
            if name.hasPrefix(".") || name.hasPrefix(".build") || name == "__snapshots__"
                || ScenarioDiscovery.isOtherRepository(base + "/" + sub) {
                enumerator.skipDescendants()
                continue
            }
            if sub.hasSuffix(".lua") { found.append(sub) }
        }
        return found.sorted()
    }

    /// A LuaLS annotation file (`---@meta` first): declarations, not a script.
    static func isMeta(_ path: String) -> Bool {
        guard let head = try? FileBytes.prefix(path, count: 8) else { return false }
        return head == Array("---@meta".utf8)
    }

    /// The executable lines of a script, at 0 hits (compiled, not run).
    static func executableLines(_ path: String) -> [Int: Int]? {
        guard let state = try? LuaState(policy: .full) else { return nil }
        state.startCoverage()
        guard (try? state.loadFile(path)) != nil else { return nil }
        return state.coverage?.files.values.first.map { $0.mapValues { _ in 0 } }
    }

    /// A glob as a regular expression over a relative path: `**/` any folders, `**` anything,
    /// `*` and `?` within one name.
    static func regex(_ glob: String) -> NSRegularExpression? {
        var pattern = "^"
        var chars = Array(glob.hasPrefix("./") ? String(glob.dropFirst(2)) : glob)[...]
        while let c = chars.popFirst() {
            switch c {
            case "*" where chars.first == "*":
                chars.removeFirst()
                if chars.first == "/" { chars.removeFirst(); pattern += "(?:.*/)?" } else { pattern += ".*" }
            case "*": pattern += "[^/]*"
            case "?": pattern += "[^/]"
            default: pattern += NSRegularExpression.escapedPattern(for: String(c))
            }
        }
        return try? NSRegularExpression(pattern: pattern + "$")
    }
}

/// The Lua scenario naming rule, for coverage (scenarios are not the project's scripts).
enum ScenarioDiscoveryRules {
    static func isLuaScenario(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return name.hasSuffix("_test.lua") || name.hasSuffix(".test.lua")
    }
}
