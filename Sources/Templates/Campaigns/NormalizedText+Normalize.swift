extension NormalizedText {
    /// `CampaignEvent.normalize` of ASCII text written straight into the new string (spaces
    /// removed, A-Z lowered, tabs trimmed at both ends: the leading and trailing runs of spaces
    /// and tabs); nil when `name` is not ASCII or has no contiguous UTF-8.
    static func asciiNormalized(_ name: String) -> String? {
        let result: String?? = name.utf8.withContiguousStorageIfAvailable { raw in
            var start = 0, end = raw.count, kept = 0
            for c in raw {
                if c >= 0x80 { return nil }
            }
            while start < end, raw[start] == 0x20 || raw[start] == 0x09 { start += 1 }
            while end > start, raw[end - 1] == 0x20 || raw[end - 1] == 0x09 { end -= 1 }
            for i in start..<end where raw[i] != 0x20 { kept += 1 }
            return String(unsafeUninitializedCapacity: kept) { buffer in
                var j = 0
                for i in start..<end where raw[i] != 0x20 {
                    let c = raw[i]
                    buffer[j] = c >= 0x41 && c <= 0x5A ? c + 0x20 : c
                    j += 1
                }
                return j
            }
        }
        guard let outer = result, let value = outer else { return nil }
        return value
    }
}
