/// The argument order algorithm of the sync payload.
///
/// Undotted arguments take the next index in definition order. At the first
/// appearance of a dotted prefix, the whole group (every argument sharing that
/// first component, whenever defined) takes the next indexes, sorted by full name.
public enum TemplateArgumentOrder {
    /// The index of every name.
    public static func order(_ names: [String]) -> [String: Int] {
        var result: [String: Int] = [:]
        var emittedGroups: Set<String> = []
        var next = 0
        for name in names {
            guard let dot = name.firstIndex(of: ".") else {
                if result[name] == nil { result[name] = next; next += 1 }
                continue
            }
            let prefix = String(name[..<dot])
            guard emittedGroups.insert(prefix).inserted else { continue }
            for member in names.filter({ $0.hasPrefix(prefix + ".") }).sorted() where result[member] == nil {
                result[member] = next
                next += 1
            }
        }
        return result
    }

    /// The names sorted by their index.
    public static func ordered(_ names: [String]) -> [String] {
        let order = order(names)
        return names.sorted { order[$0]! < order[$1]! }
    }
}
