import JSON
import SystemKit

/// What `ctlua check` validates of traits: experience files (decoded as the SDK does) whose trait
/// types are each registered (a built-in, or a Lua trait of a checked script), and the experience
/// files `show` steps name.
extension TraitsSystem {
    public static var checks: SystemChecks<TraitsSystem> {
        SystemChecks(
            fileKinds: [FileKind("Appcues experience", recognizes: isExperience) { system, reader in
                _ = try Experience.decode(reader)
                return system.unknownTraitTypes(reader).map(\.description)
            }],
            references: [FileReference(.step("show")) { step, path in
                guard let file = step["show"]?["experience"]?.stringValue else { return [] }
                return [(path.key("show").key("experience"), file)]
            }])
    }

    /// An experience has `steps` as a scenario does, and an `id`, `traits` or `type` no scenario has.
    @Sendable static func isExperience(_ document: JSONValue) -> Bool {
        guard let object = document.objectValue, object["steps"] != nil else { return false }
        return object["id"] != nil || object["traits"] != nil || object["type"] != nil
    }

    /// Each trait whose type is neither built in nor registered by a script, located.
    func unknownTraitTypes(_ reader: JSONReader) -> [LocatedProblem] {
        var problems: [LocatedProblem] = []
        func traits(_ value: JSONValue?, _ path: JSONPath) {
            for (i, trait) in (value?.arrayValue ?? []).enumerated() {
                guard let type = trait["type"]?.stringValue, !registry.isRegistered(type),
                      StandardTraits.source(for: type) == nil else { continue }
                problems.append(reader.problem("unknown trait type \(JSONWriter.quote(type)) (neither built in nor registered by a checked script with traits.register)",
                                               at: path.index(i).key("type")))
            }
        }
        traits(reader.root["traits"], .root.key("traits"))
        for (i, step) in (reader.root["steps"]?.arrayValue ?? []).enumerated() {
            let at = JSONPath.root.key("steps").index(i)
            traits(step["traits"], at.key("traits"))
            for (j, child) in (step["children"]?.arrayValue ?? []).enumerated() {
                traits(child["traits"], at.key("children").index(j).key("traits"))
            }
        }
        return problems
    }
}
