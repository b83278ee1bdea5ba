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
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows: the one before the previous (for transpositions), the previous and the current.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, before[j - 2] + 1) }
                current[j] = best
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// The known name closest to `name`, when it is close: at most two edits, each for at least
    /// three letters of the longer name, counting one more (`nmae` suggests `name`, `xz` suggests
    /// `x`, but `x` does not suggest `id`); a name that differs only in case is always close. Ties
    /// go to the first in sorted order.
    public static func closest(to name: String, among known: some Sequence<String>) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in known.sorted() where candidate != name {
            let d = candidate.lowercased() == name.lowercased()
                ? 0 : distance(name, candidate)
            guard d <= 2, d * 3 <= max(name.unicodeScalars.count, candidate.unicodeScalars.count) + 1 else { continue }
            if best == nil || d < best!.distance { best = (candidate, d) }
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
        let sorted = known.sorted()
        let list = sorted.isEmpty ? "none" : sorted.joined(separator: ", ")
        let start = "unknown \(noun) \(quote(name))\(context)"
        guard let close = closest(to: name, among: sorted) else { return "\(start) (known: \(list))" }
        return "\(start) (did you mean \(quote(close))? known: \(list))"
    }

    /// A name as Lua messages quote it: `'name'`.
    public static func luaQuote(_ name: String) -> String { "'\(name)'" }
}
