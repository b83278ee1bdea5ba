/// Allocation-free forms of the two text comparisons trigger matching makes for every in-app of
/// every event: `normalize(a) == b` (names) and `clean(a) == clean(b)` (string values). ASCII
/// text is compared byte by byte with the same rules; anything else (or a string without
/// contiguous UTF-8) takes the allocating path, so the answers are the same by construction.
enum NormalizedText {
    /// `CampaignEvent.normalize(raw) == normalized`.
    static func normalizedEquals(_ raw: String, _ normalized: String) -> Bool {
        if let known = bytes(raw, normalized, asciiNormalizedEquals) { return known }
        return CampaignEvent.normalize(raw) == normalized
    }

    /// `TriggerEvaluator.clean(a) == TriggerEvaluator.clean(b)`.
    static func cleanEquals(_ a: String, _ b: String) -> Bool {
        if let known = bytes(a, b, asciiCleanEquals) { return known }
        return TriggerEvaluator.clean(a) == TriggerEvaluator.clean(b)
    }

    /// `body` on the UTF-8 bytes of `a` and `b`; nil when either has no contiguous UTF-8 or `body` says nil.
    private static func bytes(_ a: String, _ b: String,
                              _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool?) -> Bool? {
        let answer: Bool??? = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in body(x, y) }
        }
        guard let inner = answer, let value = inner else { return nil }
        return value
    }

    /// ASCII `normalize`: spaces removed, A-Z lowered, then tabs trimmed at both ends (what is
    /// left of `whitespaceCharacterSet`); nil when `raw` is not ASCII.
    private static func asciiNormalizedEquals(_ raw: UnsafeBufferPointer<UInt8>, _ normalized: UnsafeBufferPointer<UInt8>) -> Bool? {
        var start = 0, end = raw.count
        // Leading and trailing runs of spaces and tabs all go (spaces removed, then tabs trimmed).
        while start < end, raw[start] == 0x20 || raw[start] == 0x09 { start += 1 }
        while end > start, raw[end - 1] == 0x20 || raw[end - 1] == 0x09 { end -= 1 }
        var j = 0
        var equal = true
        for i in 0..<raw.count {
            let c = raw[i]
            if c >= 0x80 { return nil }
            guard equal, i >= start, i < end, c != 0x20 else { continue }
            let lowered = c >= 0x41 && c <= 0x5A ? c + 0x20 : c
            if j < normalized.count, normalized[j] == lowered { j += 1 } else { equal = false }
        }
        return equal && j == normalized.count
    }

    /// ASCII `clean`: trimmed of whitespace and newlines (tab, LF, VT, FF, CR, space), A-Z
    /// lowered; nil when either side is not ASCII.
    private static func asciiCleanEquals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
        func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        for c in a where c >= 0x80 { return nil }
        for c in b where c >= 0x80 { return nil }
        var (s1, e1, s2, e2) = (0, a.count, 0, b.count)
        while s1 < e1, isSpace(a[s1]) { s1 += 1 }
        while e1 > s1, isSpace(a[e1 - 1]) { e1 -= 1 }
        while s2 < e2, isSpace(b[s2]) { s2 += 1 }
        while e2 > s2, isSpace(b[e2 - 1]) { e2 -= 1 }
        guard e1 - s1 == e2 - s2 else { return false }
        var i = s1, j = s2
        while i < e1 {
            if lower(a[i]) != lower(b[j]) { return false }
            i += 1
            j += 1
        }
        return true
    }
}
