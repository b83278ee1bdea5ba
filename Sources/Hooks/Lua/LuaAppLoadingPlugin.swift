import JSON
import LuaRuntime

/// An app-loading hook plugin written in Lua (`hooks.appLoadingPlugin{...}`), one instance per
/// launch. `self` is a fresh table: the definition's fields plus `identifier` and `pluginModel`.
/// Each stage function gets `done` (call it once, now or later); `executeOnContinuingUserActivity`
/// gets the activity first.
final class LuaAppLoadingPlugin: AppLoadingHookAdapter {
    let definition: LuaAppLoadingDefinition
    let instance: LuaTable

    /// Creates the instance; nil when the definition's `init(self)` returns false.
    init?(definition: LuaAppLoadingDefinition, model: PluginModel) throws {
        self.definition = definition
        let state = definition.table.state
        instance = state.newTable()
        for (key, value) in definition.table.pairs { instance[key] = value }
        instance["identifier"] = .string(LuaString(model.identifier))
        instance["pluginModel"] = try state.luaValue(model.json)
        if case .function(let initialise) = definition.table["init"] {
            let results = try initialise.call(.table(instance))
            if case .boolean(false)? = results.first { return nil }
        }
    }

    func implements(_ stage: AppLoadingStage) -> Bool { definition.stages[stage] != nil }

    func execute(_ stage: AppLoadingStage, argument: JSONValue?, completion: @escaping () -> Void) throws {
        guard let function = definition.stages[stage] else { return completion() }
        let done = LuaValue.function(function.state.function("done") { _ in
            completion()
            return []
        })
        if stage == .onContinuingUserActivity {
            let activity = try argument.map { try function.state.luaValue($0) } ?? .nil
            _ = try function.call(.table(instance), activity, done)
        } else {
            _ = try function.call(.table(instance), done)
        }
    }
}

/// A checked `hooks.appLoadingPlugin{...}` table.
struct LuaAppLoadingDefinition {
    let table: LuaTable
    let identifier: String
    let type: String
    let stages: [AppLoadingStage: LuaFunction]

    /// Reads the definition; every problem is a Lua error naming the field.
    init(_ table: LuaTable) throws(LuaError) {
        func fail(_ message: String) -> LuaError { .callback(message: "hooks.appLoadingPlugin: \(message)") }
        guard case .string(let identifier) = table["identifier"], !identifier.bytes.isEmpty else {
            throw fail("'identifier' must be a non-empty string, got \(table["identifier"].typeName)")
        }
        switch table["type"] {
        case .nil: type = "general"
        case .string(let s): type = s.string
        case let other: throw fail("'type' must be a string, got \(other.typeName)")
        }
        var stages: [AppLoadingStage: LuaFunction] = [:]
        for stage in AppLoadingStage.allCases {
            switch table[stage.rawValue] {
            case .nil: break
            case .function(let f): stages[stage] = f
            case let other: throw fail("'\(stage.rawValue)' must be a function, got \(other.typeName)")
            }
        }
        switch table["init"] {
        case .nil, .function: break
        case let other: throw fail("'init' must be a function, got \(other.typeName)")
        }
        guard !stages.isEmpty else {
            throw fail("no stage: give at least one of \(AppLoadingStage.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.table = table
        self.identifier = identifier.string
        self.stages = stages
    }
}
