import JSON
import LuaRuntime

/// The Lua `ui` module: the headless UI presenters draw on (lua-api.md).
///
/// Properties are copied into Swift (the UI tree and the transcript keep them): each copy is
/// bounded by the memory the Lua cap still allows, and what the engine keeps is charged to
/// `Engine.retain` (bounded by the same cap).
enum UIModule {
    static func make(engine: Engine) -> (LuaState) throws -> LuaValue {
        { [unowned engine] state in
            let ui = state.newTable()
            ui["show"] = .function(state.function("show") { args in
                let spec = try args.table(1)
                guard case .string(let id) = spec["id"] else { throw args.argumentError(1, "field 'id' must be a string") }
                var functions: [String: LuaFunction] = [:]
                let props = try properties(of: spec, state: args.state, functions: &functions)
                try engine.retain(JSONValue.object(props).estimatedSize)
                let input = { (name: String) -> ((String) throws -> Void)? in
                    functions[name].map { handler in
                        { text in engine.callRecordingErrors(handler, [.string(LuaString(text))], source: "\(name) '\(id.string)'") }
                    }
                }
                let tap: (() throws -> Void)? = functions["onTap"].map { handler in
                    { engine.callRecordingErrors(handler, [.string(id)], source: "onTap '\(id.string)'") }
                }
                engine.ui.show(id: id.string, properties: props,
                               handlers: HeadlessUI.Handlers(onTap: tap, onType: input("onType"), onSelect: input("onSelect")))
                return []
            })
            ui["update"] = .function(state.function("update") { args in
                let id = try args.string(1)
                var functions: [String: LuaFunction] = [:]
                let props = try properties(of: try args.table(2), state: args.state, functions: &functions)
                try engine.retain(JSONValue.object(props).estimatedSize)
                try engine.ui.update(id: id, properties: props)
                return []
            })
            ui["hide"] = .function(state.function("hide") { args in
                engine.ui.hide(id: try args.string(1))
                return []
            })
            ui["find"] = .function(state.function("find") { args in
                guard let view = engine.ui.find(try args.string(1)) else { return [.nil] }
                var object = view.properties
                object["id"] = .string(view.id)
                return [try args.state.luaValue(.object(object))]
            })
            return .table(ui)
        }
    }

    /// What a view does when tapped (`onTap(id)`), typed into (`onType(text)`) or selected in (`onSelect(value)`).
    static let handlerNames: Set<String> = ["onTap", "onType", "onSelect"]

    /// The JSON properties of a view table; its handlers (``handlerNames``) go to `functions`
    /// (other functions are refused).
    static func properties(of table: LuaTable, state: LuaState, functions: inout [String: LuaFunction]) throws -> JSONObject {
        var object: JSONObject = [:]
        for (key, value) in table.pairs.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            guard case .string(let name) = key else { throw LuaError.callback(message: "ui: view keys must be strings, got \(key.typeName)") }
            if name.string == "id" { continue }
            if handlerNames.contains(name.string) {
                guard case .function(let f) = value else { throw LuaError.callback(message: "ui: \(name.string) must be a function") }
                functions[name.string] = f
                continue
            }
            do {
                object[name.string] = try state.jsonValue(value)   // bounded by the memory cap
            } catch {
                throw LuaError.callback(message: "ui: property '\(name.string)': \(error.message)")
            }
        }
        return object
    }
}
