import JSON

/// The dataDict passed from hook to hook: a deep merge.
enum DataMerge {
    /// `base` with `update` merged in: objects merge member by member, recursively; any other
    /// value of `update` replaces the one in `base`.
    static func merge(_ base: JSONObject, _ update: JSONObject) -> JSONObject {
        var result = base
        for (key, value) in update {
            if case .object(let new) = value, case .object(let old)? = result[key] {
                result[key] = .object(merge(old, new))
            } else {
                result[key] = value
            }
        }
        return result
    }
}
