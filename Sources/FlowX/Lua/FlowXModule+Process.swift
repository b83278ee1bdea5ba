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
            let instance = try system.renderer.start(name, params: params.objectValue ?? [:], options: StartOptions(showLoader: true))
            return [.string(LuaString(instance.uuid))]
        }
        // The SDK's lifecycle: startSession/endSession, startProcess (uuid or "" and never an
        // error for a process that cannot start), continueExistingProcess, stopProcess, startUIFlow.
        driving("startSession") { _ in
            system.renderer.startSession()
            return []
        }
        driving("endSession") { _ in
            system.renderer.endSession()
            return []
        }
        for (function, uiFlow) in [("startProcess", false), ("startUIFlow", true)] {
            driving(function) { args in
                let name = try args.string(1)
                let params = try json(args.state, args[2], function, engine)
                let (options, completion) = try startOptions(args, 3, system: system)
                let uuid = system.renderer.startProcess(name, params: params.objectValue ?? [:], options: options, uiFlow: uiFlow)
                if let completion { system.renderer.contained("\(function) completion") { _ = try completion.call(.string(LuaString(uuid))) } }
                return [.string(LuaString(uuid))]
            }
        }
        driving("continueExistingProcess") { args in
            let uuid = try args.string(1)
            let (options, completion) = try startOptions(args, 3, system: system)
            try system.renderer.resume(uuid, name: try args.optionalString(2), options: options)
            if let completion { system.renderer.contained("continueExistingProcess completion") { _ = try completion.call(.string(LuaString(uuid))) } }
            return []
        }
        // The SDK's `continueLatestProcess`: the latest process started, continued as
        // `continueExistingProcess` continues one by uuid; its uuid, or "" when there is none.
        driving("continueLatestProcess") { args in
            let (options, completion) = try startOptions(args, 1, system: system)
            let uuid = system.renderer.continueLatestProcess(options: options)
            if let completion { system.renderer.contained("continueLatestProcess completion") { _ = try completion.call(.string(LuaString(uuid))) } }
            return [.string(LuaString(uuid))]
        }
        driving("updateAuthorization") { args in
            let token = try args.string(1)
            try engine.retain(token.utf8.count)   // the renderer keeps it, the transcript names it
            system.renderer.updateAuthorization(token: token)
            return []
        }
        driving("stopProcess") { args in
            system.renderer.stopProcess(try args.string(1))
            return []
        }
        driving("fill") { args in
            guard let values = try json(args.state, .table(try args.table(1)), "fill", engine).objectValue else {
                throw fail("fill: expected a table {key = value}")
            }
            try system.renderer.fill(values)
            return []
        }
        driving("action") { args in
            let params = try json(args.state, args[2], "action", engine)
            try system.renderer.action(try args.string(1), params: params.objectValue ?? [:])
            return []
        }
        // A custom component's own actions (`self:runAction(name, params)`, the SDK's
        // `runAction(action:params:)`) and uploads (`self:runUploadAction(name, file)`): only the
        // actions its definition gives it.
        func componentAction(_ args: LuaArguments, _ function: String) throws -> String {
            let component = try args.table(1)
            let name = try args.string(2)
            let own = component["actions"].tableValue?.array.compactMap { $0.stringValue } ?? []
            guard own.contains(name) else {
                let identifier = component["identifier"].stringValue ?? "?"
                throw fail("\(function): component '\(identifier)' has no action '\(name)' (its actions: \(own.isEmpty ? "none" : own.joined(separator: ", ")))")
            }
            return name
        }
        system.luaDataSource.componentFunctions["runAction"] = .function(state.function("runAction") { args in
            let name = try componentAction(args, "runAction")
            let params = try json(args.state, args[3], "runAction", engine)
            do { try system.renderer.action(name, params: params.objectValue ?? [:]) } catch let e as RendererError { throw LuaError.callback(message: e.description) }
            return []
        })
        system.luaDataSource.componentFunctions["runUploadAction"] = .function(state.function("runUploadAction") { args in
            let name = try componentAction(args, "runUploadAction")
            let file = try args.string(3)
            do { try system.renderer.upload(name, file: file) } catch let e as RendererError { throw LuaError.callback(message: e.description) }
            return []
        })
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
            try system.renderer.resume(try args.string(1), name: try args.optionalString(2))
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

    /// Argument `i` as `{workspaceId=, projectId=, isModal=, showLoader=, completion=, onProcessEnded=, onProcessStarted=}`.
    static func startOptions(_ args: LuaArguments, _ i: Int, system: FlowXSystem) throws -> (StartOptions, LuaFunction?) {
        unowned let system = system
        var options = StartOptions()
        guard case .table(let t) = args[i] else {
            if args[i].isNil { return (options, nil) }
            throw args.argumentError(i, "table expected, got \(args[i].typeName)")
        }
        try Tables.startOptions.check(t, argument: i, of: args)
        func string(_ key: String) throws -> String? {
            switch t[key] {
            case .nil: return nil
            case .string(let s): return s.string
            case let other: throw args.argumentError(i, "\(key) must be a string, got \(other.typeName)")
            }
        }
        func bool(_ key: String) throws -> Bool? {
            switch t[key] {
            case .nil: return nil
            case .boolean(let b): return b
            case let other: throw args.argumentError(i, "\(key) must be a boolean, got \(other.typeName)")
            }
        }
        func function(_ key: String) throws -> LuaFunction? {
            switch t[key] {
            case .nil: return nil
            case .function(let f): return f
            case let other: throw args.argumentError(i, "\(key) must be a function, got \(other.typeName)")
            }
        }
        options.workspaceId = try string("workspaceId")
        options.projectId = try string("projectId")
        options.isModal = try bool("isModal")
        options.showLoader = try bool("showLoader") ?? false
        if let ended = try function("onProcessEnded") {
            options.onProcessEnded = { system.renderer.contained("onProcessEnded") { _ = try ended.call() } }
        }
        if let started = try function("onProcessStarted") {
            options.onProcessStarted = { uuid in system.renderer.contained("onProcessStarted") { _ = try started.call(.string(LuaString(uuid))) } }
        }
        return (options, try function("completion"))
    }
}
