import JSON

/// A line diff (longest common subsequence) for failure reports and snapshots: `- ` lines only in
/// the expected text, `+ ` lines only in the actual one, `  ` shared context (two lines around each
/// change); longer runs of shared lines are elided as `  ...`.
enum LineDiff {
    static func lines(_ expected: [String], _ actual: [String], context: Int = 2) -> [String] {
        let n = expected.count, m = actual.count
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = expected[i] == actual[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var ops: [(Character, String)] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                ops.append((" ", expected[i])); i += 1; j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                ops.append(("-", expected[i])); i += 1   // what was expected first, then what came instead
            } else {
                ops.append(("+", actual[j])); j += 1
            }
        }
        var shown = Set<Int>()
        for index in ops.indices where ops[index].0 != " " {
            for k in max(0, index - context)...min(ops.count - 1, index + context) { shown.insert(k) }
        }
        var out: [String] = []
        var last = -1
        for index in shown.sorted() {
            if index > last + 1 { out.append("  ...") }
            out.append("\(ops[index].0) \(ops[index].1)")
            last = index
        }
        return out
    }

    /// The diff of two JSON values pretty-printed (sorted keys, two-space indent), when both are
    /// JSON objects or arrays; nil otherwise (a one-line expected/actual says enough). The values
    /// are written, never parsed from text.
    static func json(expected a: JSONValue, actual b: JSONValue) -> [String]? {
        guard a.objectValue != nil || a.arrayValue != nil, b.objectValue != nil || b.arrayValue != nil,
              let left = try? a.encoded(options: JSONEncodeOptions(sortKeys: true, indent: 2)),
              let right = try? b.encoded(options: JSONEncodeOptions(sortKeys: true, indent: 2)) else { return nil }
        let l = left.split(separator: "\n").map(String.init), r = right.split(separator: "\n").map(String.init)
        guard l.count > 1 || r.count > 1, l != r else { return nil }
        return lines(l, r)
    }
}
