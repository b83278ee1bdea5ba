import Engine
import JSON
import LuaRuntime
import OrderedCollections

extension FlowXModule {
    /// Process driving: every call returns once the engine is idle (an action waiting for an
    /// async validator completes on a later `app.advance`).
    static func installProcess(_ module: LuaTable, system: FlowXSystem, engine: Engine, state: LuaState) {
        unowned let system = system
        unowned let engine = engine
        func set(_ name: String, _ body: @escaping (LuaArguments) throws -> [LuaValue]) {
            module[name] = .function(state.function(name, body))
        }
        func driving(_ name: String, _ body: @escaping (LuaArguments) throws -> [LuaValue]) {
            set(name) { args in
                defer { engine.settle() }
                do { return try body(args) } catch let error as RendererError { throw LuaError.callback(message: error.description) }
            }
        }

        set("loadProcess") { args in
            let definition: ProcessDefinition
            do {
                switch args[1] {
                case .string(let text):
                    let json: JSONValue
                    do { json = try JSONDocument(text: text.string).value } catch { throw fail("loadProcess: \(error)") }
                    try engine.retain(json.estimatedSize)   // the renderer keeps the definition
                    definition = try ProcessDefinition(json: json)
                case .table(let t): definition = try ProcessDefinition(json: try json(args.state, .table(t), "loadProcess", engine), fromLua: true)
                default: throw args.argumentError(1, "string or table expected, got \(args[1].typeName)")
                }
            } catch let e as LocatedProblem { throw fail("loadProcess: \(e)") }
            system.renderer.add(definition)
            return [.string(LuaString(definition.name))]
        }
        driving("start") { args in
            let name = try args.string(1)
            let params = try json(args.state, args[2], "start", engine)
            let instance = try system.renderer.start(name, params: params.objectValue ?? [:])
            return [.string(LuaString(instance.uuid))]
        }
        driving("fill") { args in
            guard let values = try json(args.state, .table(try args.table(1)), "fill", engine).objectValue else {
                throw fail("fill: expected a table {key = value}")
            }
            try system.renderer.fill(values)
            return []
        }
        driving("action") { args in
            try system.renderer.action(try args.string(1))
            return []
        }
        driving("upload") { args in
            let name = try args.string(1), file = try args.string(2)
            try engine.retain(file.utf8.count)   // the upload's file is named in the transcript
            try system.renderer.upload(name, file: file)
            return []
        }
        driving("dismiss") { _ in
            try system.renderer.dismiss()
            return []
        }
        driving("resume") { args in
            try system.renderer.resume(try args.string(1))
            return []
        }
        driving("update") { args in
            let id = try args.string(1)
            try system.renderer.updateComponent(id, data: try json(args.state, args[2], "update", engine))
            return []
        }
        set("state") { args in
            guard let current = system.renderer.current ?? system.renderer.instances.last else { return [.nil] }
            return [try args.state.luaValue(current.json)]
        }
    }
}
