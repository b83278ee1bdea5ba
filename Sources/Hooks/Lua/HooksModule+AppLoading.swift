import Engine
import JSON
import LuaRuntime

/// The app-loading part of the Lua `hooks` module: `appLoadingPlugin`, `launch`,
/// `continueUserActivity`, `openURL`.
extension HooksModule {
    static func installAppLoading(in module: LuaTable, system: HooksSystem, engine: Engine, state: LuaState) {
        unowned let system = system
        unowned let engine = engine
        module["appLoadingPlugin"] = .function(state.function("appLoadingPlugin") { args in
            try Tables.appLoadingPlugin.check(try args.table(1), argument: 1, of: args)
            let definition = try LuaAppLoadingDefinition(try args.table(1))
            try engine.retain(128 + definition.identifier.utf8.count + definition.type.utf8.count)   // the launcher keeps it
            system.luaAppHooks.insert(definition.identifier)
            system.launcher.register(definition.identifier, AppLoadingHookFactory(type: definition.type) { model in
                try LuaAppLoadingPlugin(definition: definition, model: model)
            })
            return []
        })
        module["launch"] = .function(state.function("launch") { args in
            var root: String?
            var fails = false
            switch args[1] {
            case .nil: break
            case .table(let options):
                try Tables.launchOptions.check(options, argument: 1, of: args)
                switch options["root"] {
                case .nil: break
                case .string(let s): root = s.string
                case let other: throw args.argumentError(1, "'root' must be a string, got \(other.typeName)")
                }
                switch options["loadingFails"] {
                case .nil: break
                case .boolean(let b): fails = b
                case let other: throw args.argumentError(1, "'loadingFails' must be a boolean, got \(other.typeName)")
                }
            case let other: throw args.argumentError(1, "table or nil expected, got \(other.typeName)")
            }
            do throws(AppLaunchError) { try system.launcher.launch(root: root, loadingFails: fails) } catch {
                throw LuaError.callback(message: "hooks: \(error.description)")
            }
            engine.settle()
            return [try args.state.luaValue(system.launcher.json)]
        })
        module["openURL"] = .function(state.function("openURL") { args in
            let url = try args.string(1)
            try engine.retain(url.utf8.count)   // kept until the app is ready, and in the transcript
            system.launcher.openURL(url)
            engine.settle()
            return []
        })
        module["continueUserActivity"] = .function(state.function("continueUserActivity") { args in
            guard case .table(let table) = args[1] else { throw args.argumentError(1, "table expected, got \(args[1].typeName)") }
            try Tables.userActivity.check(table, argument: 1, of: args)
            let activity: JSONValue
            do throws(LuaJSONError) { activity = try args.state.jsonValue(args[1]) } catch {
                throw args.argumentError(1, error.message)
            }
            try engine.retain(activity.estimatedSize)   // kept for the launch and in the transcript
            system.launcher.continueUserActivity(activity)
            engine.settle()
            return []
        })
    }
}
