import Engine
import JSON
import LuaRuntime

/// The Lua `hooks` module (lua-api.md, docs/hooks.md).
enum HooksModule {
    static func make(system: HooksSystem, engine: Engine, state: LuaState) -> LuaValue {
        // Functions live in the engine's Lua state: capture weakly to avoid a cycle.
        unowned let system = system
        unowned let engine = engine
        let module = state.newTable()
        let screens = ScreenModelTrees()   // the river's screens as jansson trees, for every Lua hook
        func fail(_ message: String) -> LuaError { .callback(message: "hooks: \(message)") }

        module["plugin"] = .function(state.function("plugin") { args in
            try Tables.plugin.check(try args.table(1), argument: 1, of: args)
            let definition = try LuaHookDefinition(try args.table(1), retain: { [unowned engine] in try engine.retain($0) })
            try engine.retain(128 + definition.identifier.utf8.count)   // the manager keeps the factory
            system.luaHooks.insert(definition.identifier)
            let pluginModel = ModelTree<PluginModel>(\.json)
            system.manager.register(definition.identifier, HookPluginFactory(isScreen: definition.isScreen) { creation in
                try LuaHookPlugin(definition: definition, creation: creation, pluginModel: pluginModel, screens: screens)
            })
            return []
        })
        module["loadPlugins"] = .function(state.function("loadPlugins") { args in
            let reader = try document(args, file: "plugin_configurations.json")
            try engine.retain(reader.document.value.estimatedSize)   // the manager keeps the plugins
            do throws(LocatedProblem) { try system.loadPlugins(reader) } catch { throw fail(error.description) }
            return [.integer(Int64(system.manager.plugins.count))]
        })
        module["loadScreens"] = .function(state.function("loadScreens") { args in
            let reader = try document(args, file: "river.json")
            try engine.retain(reader.document.value.estimatedSize)   // the manager keeps the screens
            do throws(LocatedProblem) { try system.loadScreens(reader) } catch { throw fail(error.description) }
            return [.integer(Int64(system.manager.screens.count))]
        })
        module["navigate"] = .function(state.function("navigate") { args in
            let screen = try args.string(1)
            var from = InvocationPoint.cell
            var dataSource: JSONValue?
            switch args[2] {
            case .nil: break
            case .table(let options):
                try Tables.navigateOptions.check(options, argument: 2, of: args)
                switch options["from"] {
                case .nil: break
                case .string(let s):
                    guard let point = InvocationPoint(rawValue: s.string) else {
                        throw args.argumentError(2, "'from' must be one of \(InvocationPoint.names), got '\(s.string)'")
                    }
                    from = point
                case let other: throw args.argumentError(2, "'from' must be a string, got \(other.typeName)")
                }
                if !options["dataSource"].isNil {
                    do throws(LuaJSONError) { dataSource = try args.state.jsonValue(options["dataSource"]) } catch {
                        throw args.argumentError(2, "'dataSource': \(error.message)")
                    }
                    try engine.retain(dataSource?.estimatedSize ?? 0)   // the navigation and its hooks keep it
                }
            case let other: throw args.argumentError(2, "table or nil expected, got \(other.typeName)")
            }
            let started: Bool
            do throws(HookManagerError) { started = try system.manager.navigate(to: screen, from: from, dataSource: dataSource) } catch {
                throw fail(error.description)
            }
            engine.settle()
            guard started else {
                return [try args.state.luaValue(["presented": false, "rejected": true])]
            }
            return [try args.state.luaValue(outcome(system.manager.state))]
        })
        module["closeHookScreen"] = .function(state.function("closeHookScreen") { _ in
            do { try system.manager.closeHookScreen() } catch { return [.boolean(false)] }
            engine.settle()
            return [.boolean(true)]
        })
        module["back"] = .function(state.function("back") { _ in
            do throws(HookManagerError) { try system.manager.back() } catch { throw fail(error.description) }
            engine.settle()
            return []
        })
        installAppLoading(in: module, system: system, engine: engine, state: state)
        module["state"] = .function(state.function("state") { args in
            [try args.state.luaValue(system.stateJSON)]
        })
        module["configure"] = .function(state.function("configure") { args in
            if case .table(let options) = args[1] {
                try Tables.options.check(options, argument: 1, of: args)
                switch options["timeout"] {
                case .nil: break
                case .boolean(false): system.manager.timeout = 0
                case let value:
                    guard let seconds = value.doubleValue, seconds >= 0, seconds.isFinite else {
                        throw args.argumentError(1, "'timeout' must be a non-negative number of seconds (0 or false: no timeout)")
                    }
                    system.manager.timeout = seconds
                }
            } else if !args[1].isNil {
                throw args.argumentError(1, "table or nil expected, got \(args[1].typeName)")
            }
            return [try args.state.luaValue(["timeout": .double(system.manager.timeout)])]
        })
        return .table(module)
    }

    /// What `hooks.navigate` returns: `{presented=, blockedBy=, data=}` (presented nil while
    /// running; data nil when the last hook passed nothing on).
    static func outcome(_ state: NavigationState) -> JSONValue {
        guard let last = state.last else { return [:] }
        var object: JSONObject = [:]
        if let data = last.data { object["data"] = .object(data) }
        if let presented = last.presented { object["presented"] = .bool(presented) }
        if let by = last.blockedBy { object["blockedBy"] = .string(by) }
        return .object(object)
    }

    /// The document argument of `loadPlugins`/`loadScreens`: JSON text or a table.
    static func document(_ args: LuaArguments, file: String) throws -> JSONReader {
        switch args[1] {
        case .string(let text):
            do throws(LocatedProblem) { return try JSONReader(file: file, bytes: Array(text.string.utf8)) } catch {
                throw LuaError.callback(message: "hooks: \(error.description)")
            }
        case .table:
            let json: JSONValue
            do throws(LuaJSONError) { json = try args.state.jsonValue(args[1]) } catch { throw LuaError.callback(message: "hooks: \(file): \(error.message)") }
            return JSONReader(file: file, value: json == .object([:]) ? .array([]) : json)
        default:
            throw args.argumentError(1, "string or table expected, got \(args[1].typeName)")
        }
    }
}
