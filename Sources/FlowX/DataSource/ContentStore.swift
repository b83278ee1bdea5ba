import Engine
import JSON
import OrderedCollections
import SystemKit

/// Substitution tags, media items and enumerations: key tables loaded before the first process,
/// looked up as the renderer does (unknown keys give nil). Enumeration lookups are cached per
/// language, as the renderer caches what it fetched; each lookup is recorded (`flowx.enumeration`).
public final class ContentStore {
    public private(set) var tags: [String: String] = [:]
    public private(set) var media: [String: String] = [:]
    /// Enumeration name → its items as given.
    public private(set) var enumerations: [String: [EnumerationItem]] = [:]
    private var cache: [String: [EnumerationItem]] = [:]
    private let transcript: Transcript

    public init(transcript: Transcript) { self.transcript = transcript }

    public func setTags(_ table: [String: String]) { tags = table }
    public func setMedia(_ table: [String: String]) { media = table }

    /// Reads `{"name": [items...]}`; errors name the path.
    public func setEnumerations(_ json: JSONValue, fromLua: Bool = false) throws(LocatedProblem) {
        let reader = JSONReader(value: json, emptyObjectIsArray: fromLua)
        var result: [String: [EnumerationItem]] = [:]
        for (name, list) in try reader.object(json, at: .root) {
            result[name] = try reader.array(list, at: .root.key(name)).enumerated().map { i, item throws(LocatedProblem) in
                try EnumerationItem(item, reader, JSONPath.root.key(name).index(i))
            }
        }
        setEnumerationItems(result)
    }

    /// Replaces the enumerations (already read) and forgets cached lookups.
    func setEnumerationItems(_ items: [String: [EnumerationItem]]) {
        enumerations = items
        cache = [:]
    }

    public func tag(_ key: String) -> String? { tags[key] }
    public func mediaURL(_ key: String) -> String? { media[key] }

    /// The items of an enumeration in `order`; with `parent`, only when one of the parent's items
    /// names it as its child (`childContentDescription.name`). Nil when unknown.
    public func enumeration(_ name: String, parent: String?, language: String) -> [EnumerationItem]? {
        let key = "\(language)\u{0}\(parent ?? "")\u{0}\(name)"
        if let cached = cache[key] {
            record(name, parent, cached: true, found: true)
            return cached
        }
        guard var items = enumerations[name] else {
            record(name, parent, cached: false, found: false)
            return nil
        }
        if let parent {
            guard let parentItems = enumerations[parent], parentItems.contains(where: { $0.childName == name }) else {
                record(name, parent, cached: false, found: false)
                return nil
            }
        }
        items.sort { ($0.order ?? Int.max, $0.code) < ($1.order ?? Int.max, $1.code) }
        cache[key] = items
        record(name, parent, cached: false, found: true)
        return items
    }

    /// Forgets cached lookups (the language changed).
    public func clearCache() { cache = [:] }

    private func record(_ name: String, _ parent: String?, cached: Bool, found: Bool) {
        var fields: JSONObject = ["name": .string(name), "cached": .bool(cached), "found": .bool(found)]
        if let parent { fields["parent"] = .string(parent) }
        transcript.record("flowx.enumeration", fields)
    }
}

/// One enumeration item: `{type, order, code, content, childContentDescription: {name}}`.
///
/// Decoded as the SDK's Codable models decode: unknown keys are ignored (a server that adds a
/// field breaks nothing) and a missing optional field stays empty (nil), never a made-up value.
public struct EnumerationItem: Equatable, Sendable {
    public var type: String?
    public var order: Int?
    public var code: String
    public var content: String?
    /// The child enumeration's name, when the item has one.
    public var childName: String?

    public var json: JSONValue {
        var o: JSONObject = ["code": .string(code)]
        if let type { o["type"] = .string(type) }
        if let order { o["order"] = .integer(Int64(order)) }
        if let content { o["content"] = .string(content) }
        if let childName { o["childContentDescription"] = .object(["name": .string(childName)]) }
        return .object(o)
    }

    init(_ json: JSONValue, _ reader: JSONReader, _ path: JSONPath) throws(LocatedProblem) {
        let o = try reader.object(json, at: path)
        code = try reader.string(o["code"], at: path.key("code"), nonEmpty: true)
        content = try reader.optionalString(o["content"], at: path.key("content"))
        type = try reader.optionalString(o["type"], at: path.key("type"))
        switch o["order"] {
        case nil, .null?: order = nil
        case let v?:
            guard let i = v.integerValue, i > -1_000_000_000, i < 1_000_000_000 else { throw reader.problem("expected a whole number, got \(JSONWriter.text(v))", at: path.key("order")) }
            order = Int(i)
        }
        if let child = o["childContentDescription"], child != .null {
            let c = try reader.object(child, at: path.key("childContentDescription"))
            childName = try reader.optionalString(c["name"], at: path.key("childContentDescription").key("name"))
        }
    }
}
