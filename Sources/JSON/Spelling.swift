/// The closest known name to a name that is not known: the "did you mean" of warnings and of
/// unknown keys.
public enum Spelling {
    /// The candidate nearest to `name` by edit distance (letters compared without case), when
    /// near enough to be a likely typo: at most 1 edit for names up to 4 characters, 2 up to 8,
    /// 3 beyond, and fewer edits than `name` has characters. Ties go to the first candidate. Nil
    /// when none is that near, or `name` is itself a candidate.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let word = Array(name.lowercased().unicodeScalars)
        let limit = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            if candidate == name { return nil }
            let distance = Self.distance(word, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if distance <= limit, distance < word.count, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance with transpositions counted as one edit (optimal string alignment);
    /// any value past `limit` is reported as `limit + 1`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
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
}
