import Foundation

/// The argument order algorithm of the sync payload.
///
/// Undotted arguments take the next index in definition order. At the first
/// appearance of a dotted prefix, the whole group (every argument sharing that
/// first component, whenever defined) takes the next indexes, sorted by full name
/// (case-insensitively, as the SDK).
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
            let group = names.filter { $0.hasPrefix(prefix + ".") }.sorted(by: nameOrder)
            for member in group where result[member] == nil {
                result[member] = next
                next += 1
            }
        }
        return result
    }

    /// The SDK's `localizedCaseInsensitiveCompare` (en_US collation: accented letters sort with
    /// their base letter, case ignored); exact order breaks ties.
    static func nameOrder(_ a: String, _ b: String) -> Bool {
        switch a.compare(b, options: [.caseInsensitive], range: nil, locale: locale) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a < b
        }
    }

    private static let locale = Locale(identifier: "en_US")

    /// The names sorted by their index.
    public static func ordered(_ names: [String]) -> [String] {
        let order = order(names)
        return names.sorted { order[$0]! < order[$1]! }
    }
}
