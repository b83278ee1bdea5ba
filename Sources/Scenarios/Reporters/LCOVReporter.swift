import Foundation
import LuaRuntime

/// Line coverage as LCOV tracefile text (`ctlua test --coverage FILE`, read by `genhtml`,
/// Codecov and Coveralls), and its summary for the text report.
///
/// Paths (`SF:`) are the scripts' real paths, relative to the working folder when inside it
/// (as CI services expect: the run starts at the repository's root), else absolute.
public enum LCOVReporter {
    /// One record per script with at least one executable line, in path order:
    /// `TN:`, `SF:`, `DA:<line>,<hits>` per executable line, `LF:`, `LH:`, `end_of_record`.
    /// With no script, only `TN:`: never an empty write, which a full disk or `/dev/full`
    /// accepts, so a report that cannot be written always fails as the others do.
    public static func render(_ coverage: LuaCoverage, base: String = FileManager.default.currentDirectoryPath) -> String {
        let files = sortedFiles(coverage, base: base)
        if files.isEmpty { return "TN:\n" }
        var out = ""
        for (file, lines) in files {
            // A path with a newline would forge a record: control characters are escaped.
            out += "TN:\nSF:\(ReportText.escapingControls(file))\n"
            for (line, hits) in lines.sorted(by: { $0.key < $1.key }) { out += "DA:\(line),\(hits)\n" }
            out += "LF:\(lines.count)\nLH:\(lines.values.filter { $0 > 0 }.count)\nend_of_record\n"
        }
        return out
    }

    /// `coverage  presenter.lua  42/50 lines  84.0%` per script, then the total.
    public static func summary(_ coverage: LuaCoverage, base: String = FileManager.default.currentDirectoryPath) -> [String] {
        let files = sortedFiles(coverage, base: base)
        let rows = files.map { (name: ReportText.escapingControls($0.path), found: $0.lines.count, hit: $0.lines.values.filter { $0 > 0 }.count) }
        let total = (name: "total", found: rows.reduce(0) { $0 + $1.found }, hit: rows.reduce(0) { $0 + $1.hit })
        let width = (rows + [total]).map(\.name.count).max() ?? 0
        let countWidth = (rows + [total]).map { "\($0.hit)/\($0.found)".count }.max() ?? 0
        return (rows + [total]).map { row in
            let count = "\(row.hit)/\(row.found)"
            let percent = row.found == 0 ? "-" : String(format: "%.1f%%", Double(row.hit) * 100 / Double(row.found))
            return "coverage  " + pad(row.name, width) + "  " + pad(count, countWidth) + " lines  " + percent
        }
    }

    /// `path` relative to `base` when inside it, else unchanged.
    static func display(_ path: String, base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private static func sortedFiles(_ coverage: LuaCoverage, base: String) -> [(path: String, lines: [Int: Int])] {
        let realBase = realpath(base, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? base
        return coverage.files.filter { !$0.value.isEmpty }
            .map { (path: display($0.key, base: realBase), lines: $0.value) }
            .sorted { $0.path < $1.path }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
