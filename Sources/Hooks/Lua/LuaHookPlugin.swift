import JSON
import LuaRuntime

/// A hook plugin written in Lua (`hooks.plugin{...}`), one instance per navigation.
///
/// `self` is a fresh table per instance: the definition's fields (functions included) plus
/// `identifier`, `pluginModel`, `screenModel` (hook screen plugins) and `dataSource`. The
/// callbacks `done(succeed, error, data)` and `allow(bool)` check their arguments and raise a
/// Lua error on wrong types; calling them twice is ignored and recorded by the manager.
final class LuaHookPlugin: ScreenHookAdapter {
    let definition: LuaHookDefinition
    let instance: LuaTable
    let isFlowBlocker: Bool

    /// Creates the instance; nil when the definition's `init(self)` returns false.
    init?(definition: LuaHookDefinition, creation: HookCreation) throws {
        self.definition = definition
        let state = definition.table.state
        instance = state.newTable()
        for (key, value) in definition.table.pairs { instance[key] = value }
        instance["identifier"] = .string(LuaString(creation.pluginModel.identifier))
        instance["pluginModel"] = try state.luaValue(creation.pluginModel.json)
        instance["screenModel"] = try creation.screenModel.map { try state.luaValue($0.json) } ?? .nil
        instance["dataSource"] = try creation.dataSourceModel.map { try state.luaValue($0) } ?? .nil
        if let initialise = definition.initialise {
            let results = try initialise.call(.table(instance))
            if case .boolean(false)? = results.first { return nil }
        }
        switch definition.table["isFlowBlocker"] {
        case .boolean(let b): isFlowBlocker = b
        case .function(let f): isFlowBlocker = try f.call(.table(instance)).first?.isTruthy ?? false
        default:
            // As the SDK's example plugin: the hook's settings decide (plugin configuration, then
            // the hook screen's own `general`).
            isFlowBlocker = creation.pluginModel.isFlowBlocker || (creation.screenModel?.general["is_flow_blocker"]?.boolValue ?? false)
        }
    }

    func requestScreenPluginPresentation(completion: @escaping (Bool) -> Void) throws {
        guard let request = definition.requestPresentation else { return completion(true) }
        let allow = request.state.function("allow") { args in
            guard case .boolean(let allowed) = args[1] else {
                throw args.argumentError(1, "boolean expected, got \(args[1].typeName)")
            }
            completion(allowed)
            return []
        }
        _ = try request.call(.table(instance), .function(allow))
    }

    func executeHook(presentationIndex: Int, dataDict: JSONObject?, completion: @escaping HookCompletion) throws {
        let execute = definition.execute
        let done = execute.state.function("done") { args in
            guard case .boolean(let succeed) = args[1] else {
                throw args.argumentError(1, "boolean expected, got \(args[1].typeName)")
            }
            var message: String?
            switch args[2] {
            case .nil: break
            case .string(let s): message = s.string
            default: throw args.argumentError(2, "string or nil expected, got \(args[2].typeName)")
            }
            var data: JSONObject?
            switch args[3] {
            case .nil: break
            case .table:
                let json: JSONValue
                do throws(LuaJSONError) { json = try args.state.jsonValue(args[3]) } catch {
                    throw args.argumentError(3, error.message)
                }
                switch json {
                case .object(let o): data = o
                case .array(let a) where a.isEmpty: data = [:]
                default: throw args.argumentError(3, "a table with string keys expected")
                }
            default: throw args.argumentError(3, "table or nil expected, got \(args[3].typeName)")
            }
            completion(succeed, message, data)
            return []
        }
        let data = try execute.state.luaValue(.object(dataDict ?? [:]))
        _ = try execute.call(.table(instance), data, .function(done), .integer(Int64(presentationIndex)))
    }

    func hookPluginDidDisappear(screen: ScreenModel) throws {
        guard let disappear = definition.didDisappear else { return }
        _ = try disappear.call(.table(instance))
    }
}

/// A checked `hooks.plugin{...}` table.
struct LuaHookDefinition {
    let table: LuaTable
    let identifier: String
    let isScreen: Bool?
    let execute: LuaFunction
    let initialise: LuaFunction?
    let requestPresentation: LuaFunction?
    let didDisappear: LuaFunction?

    /// Reads the definition; every problem is a Lua error naming the field.
    init(_ table: LuaTable) throws(LuaError) {
        func fail(_ message: String) -> LuaError { .callback(message: "hooks.plugin: \(message)") }
        func optionalFunction(_ key: String) throws(LuaError) -> LuaFunction? {
            switch table[key] {
            case .nil: return nil
            case .function(let f): return f
            case let other: throw fail("'\(key)' must be a function, got \(other.typeName)")
            }
        }
        guard case .string(let identifier) = table["identifier"], !identifier.bytes.isEmpty else {
            throw fail("'identifier' must be a non-empty string, got \(table["identifier"].typeName)")
        }
        guard case .function(let execute) = table["execute"] else {
            throw fail("'execute' must be a function, got \(table["execute"].typeName)")
        }
        switch table["screen"] {
        case .nil: isScreen = nil
        case .boolean(let b): isScreen = b
        case let other: throw fail("'screen' must be a boolean, got \(other.typeName)")
        }
        switch table["isFlowBlocker"] {
        case .nil, .boolean, .function: break
        case let other: throw fail("'isFlowBlocker' must be a boolean or a function, got \(other.typeName)")
        }
        self.table = table
        self.identifier = identifier.string
        self.execute = execute
        initialise = try optionalFunction("init")
        requestPresentation = try optionalFunction("requestPresentation")
        didDisappear = try optionalFunction("didDisappear")
    }
}
