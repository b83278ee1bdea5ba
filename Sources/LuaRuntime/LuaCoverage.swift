import CLua
import CLuaSupport

import Platform

/// Line coverage of Lua scripts: per file, the hits of every executable line.
///
/// A state records it once ``LuaState/startCoverage()`` was called: every chunk loaded from a
/// file (``LuaState/loadFile(_:chunkName:environment:)``, `require` of a `.lua` module) has
/// its executable lines recorded at load, from its bytecode, so the lines of functions that
/// never run appear with 0 hits; the hook counts each line as it starts (and each jump back
/// to it, so a loop's line counts every turn), in coroutines too. Chunks that are not files
/// (`load` of a string, ctlua's own Lua) are not covered.
///
/// A line is executable when Lua emits code for it, except the implicit `return` at the
/// closing `end` of a function (so a function ending in an explicit `return` has no
/// uncovered `end`). Comments, blank lines, `else`, `end` of an `if`, `local x` without a
/// value and the middle lines of a long string have no code.
public struct LuaCoverage: Sendable, Equatable {
    /// Per file (the real path when it exists, else the chunk name): line number → hits, for
    /// every executable line.
    public var files: [String: [Int: Int]]

    public init(files: [String: [Int: Int]] = [:]) { self.files = files }

    /// Adds `other`'s hits to these (lines executable in either count).
    public mutating func merge(_ other: LuaCoverage) {
        for (file, lines) in other.files {
            files[file, default: [:]].merge(lines, uniquingKeysWith: +)
        }
    }

    /// Drops the file at `path` (compared by real path).
    public mutating func remove(_ path: String) {
        files.removeValue(forKey: LuaState.realPath(path) ?? path)
    }

    /// The sum of several coverages.
    public static func merged(_ coverages: some Sequence<LuaCoverage>) -> LuaCoverage {
        var total = LuaCoverage()
        for coverage in coverages { total.merge(coverage) }
        return total
    }

    /// Executable lines (`found`) and those run at least once (`hit`) of `file`.
    public func summary(of file: String) -> (found: Int, hit: Int) {
        let lines = files[file] ?? [:]
        return (lines.count, lines.values.filter { $0 > 0 }.count)
    }
}

extension LuaState {
    /// Starts recording line coverage (``LuaCoverage``) of the chunks loaded from files from now
    /// on. Without it the hook has no line events: no cost.
    public func startCoverage() {
        guard !isClosed, runtime.pointee.coverage == nil, let collector = ctl_coverage_new() else { return }
        ctl_coverage_start(L, collector)
    }

    /// The line coverage recorded so far, nil unless ``startCoverage()`` was called.
    public var coverage: LuaCoverage? {
        guard let collector = runtime.pointee.coverage else { return nil }
        var files: [String: [Int: Int]] = [:]
        for i in 0..<ctl_coverage_count(collector) {
            let mapped = ctl_coverage_mapped(collector, i)
            guard mapped > 0 else { continue }   // a chunk a script named '@...' with `load`
            let name = String(cString: ctl_coverage_name(collector, i))
            var lines: [Int: Int] = [:]
            let last = Int(ctl_coverage_lines(collector, i))
            if last > 0 {
                for line in 1...last {
                    var hits: Int64 = 0
                    let executable = ctl_coverage_get(collector, i, Int32(line), &hits) != 0
                    // Bytecode not understood: the lines that ran are all that is known.
                    if executable || (mapped == 1 && hits > 0) { lines[line] = Int(hits) }
                }
            }
            files[LuaState.realPath(name) ?? name, default: [:]].merge(lines, uniquingKeysWith: +)
        }
        return LuaCoverage(files: files)
    }

    /// Records the executable lines of the chunk just loaded on top of `L` (coverage on only).
    func recordChunkLines(on L: OpaquePointer) {
        guard runtime.pointee.coverage != nil else { return }
        _ = ctl_coverage_chunk(L, -1)
    }

    /// Frees the collector once the state has closed.
    func freeCoverage() {
        ctl_coverage_free(runtime.pointee.coverage)
        runtime.pointee.coverage = nil
    }
}
