/// The closest known name to a misspelt one, and the one message every unknown key gets.
///
/// ctlua's own inputs (Lua option, definition and plug-in tables, scenario steps, `setup` members,
/// expectation keys) refuse a key they do not know with the same words everywhere: the key, the
/// closest known key when one is close (`did you mean 'showLoader'?`), and every known key.
/// Lua tables (``LuaTableShape``) and JSON (`JSONReader.known`, `ValueShape`) both build their
/// message here, so the rule for "close" is the same for all.
public enum NameSuggestion {
    /// The edit distance between `a` and `b` (optimal string alignment: insertions, deletions,
    /// substitutions and transpositions of two neighbours, each 1), on Unicode scalars.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        return distance(a, b, limit: max(a.count, b.count))
    }

    /// ``distance(_:_:)`` of scalars; any value past `limit` is reported as `limit + 1` (and found
    /// without finishing the table).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows: the one before the previous (for transpositions), the previous and the current.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var smallest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                smallest = min(smallest, value)
            }
            if smallest > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit + 1)
    }

    /// The known name nearest to `name` by edit distance (letters compared without case), when near
    /// enough to be a likely typo: at most 1 edit for names up to 4 characters, 2 up to 8, 3
    /// beyond, and fewer edits than `name` has characters (`xz` suggests `x`, `x` suggests nothing,
    /// `ShowLoader` suggests `showLoader`). Nil when none is that near, or `name` is itself known.
    /// Ties go to the first in sorted order (the same answer whatever order a set gives).
    public static func closest(to name: String, among known: some Sequence<String>) -> String? {
        closest(to: name, sorted: known.sorted())
    }

    static func closest(to name: String, sorted known: [String]) -> String? {
        let word = Array(name.lowercased().unicodeScalars)
        let limit = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for candidate in known {
            if candidate == name { return nil }
            let d = distance(word, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if d <= limit, d < word.count, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// `unknown key 'showLoadr' (did you mean 'showLoader'? known: isModal, showLoader)`, or
    /// without the question when no known key is close; `quote` writes a name as the input's
    /// language does (`'x'` in Lua, `"x"` in JSON).
    public static func unknownKey(_ key: String, known: some Sequence<String>, quote: (String) -> String) -> String {
        unknown("key", key, known: known, quote: quote)
    }

    /// `unknown <noun> <name><context> (did you mean <close>? known: ...)`: the message for any
    /// unknown name (a step, a step's parameter, a key of an included file), `context` said after
    /// the name (` of step "tap"`).
    public static func unknown(_ noun: String, _ name: String, _ context: String = "", known: some Sequence<String>,
                               quote: (String) -> String) -> String {
        unknown(noun, name, context, known: KnownNames(known), quote: quote)
    }

    /// ``unknown(_:_:_:known:quote:)`` with the names sorted and listed once (a file of many
    /// unknown steps does not sort them once per problem).
    public static func unknown(_ noun: String, _ name: String, _ context: String = "", known: KnownNames,
                               quote: (String) -> String) -> String {
        let start = "unknown \(noun) \(quote(name))\(context)"
        guard let close = closest(to: name, sorted: known.sorted) else { return "\(start) (known: \(known.list))" }
        return "\(start) (did you mean \(quote(close))? known: \(known.list))"
    }

    /// A name as Lua messages quote it: `'name'`.
    public static func luaQuote(_ name: String) -> String { "'\(name)'" }
}

/// Known names, sorted and listed once (`a, b, c`; `none` when empty), for ``NameSuggestion``.
public struct KnownNames: Sendable {
    public let sorted: [String]
    public let list: String

    public init(_ names: some Sequence<String>) {
        sorted = names.sorted()
        list = sorted.isEmpty ? "none" : sorted.joined(separator: ", ")
    }
}
