import Engine
import JSON
import LuaRuntime

/// The campaign functions of the Lua API: `templates.suspend/discard/resume/state` and
/// `app.event/charged/profile/location/background/foreground/reset/unixTime/configure`, with
/// `app.relaunch(response?)` (the core function) taking the launch's response. Installed by
/// the templates system into the `templates` table and the core `app` table.
enum CampaignsModule {
    static func install(system: TemplatesSystem, engine: Engine, templates: LuaTable, state: LuaState) {
        unowned let system = system
        unowned let engine = engine
        func fail(_ message: String) -> LuaError { .callback(message: message) }
        func json(_ args: LuaArguments, _ i: Int, _ what: String) throws -> JSONValue {
            do { return try args.state.jsonValue(args[i]) } catch { throw fail("\(what): \(error.message)") }
        }
        // What a script hands over here stays in Swift (the event log, the profile, the stores, the
        // transcript): charged to the engine's budget, so a loop of large events ends with
        // `not enough memory` instead of growing the process.
        func object(_ args: LuaArguments, _ i: Int, _ what: String) throws -> JSONObject {
            switch args[i] {
            case .nil: return [:]
            case .table:
                let value = try json(args, i, what)
                try engine.retain(value.estimatedSize)
                if case .array(let list) = value, list.isEmpty { return [:] }
                guard case .object(let o) = value else { throw args.argumentError(i, "table with string keys expected") }
                return o
            default: throw args.argumentError(i, "table expected, got \(args[i].typeName)")
            }
        }
        func drive(_ body: () throws -> Void) rethrows -> [LuaValue] {
            try body()
            engine.settle()
            return []
        }

        templates["suspend"] = .function(state.function("suspend") { _ in drive { system.controller.suspend() } })
        templates["discard"] = .function(state.function("discard") { args in
            let dismissVisible: Bool
            if case .boolean(let b) = args[1] { dismissVisible = b } else { dismissVisible = false }
            return drive { system.controller.discard(dismissVisible: dismissVisible) }
        })
        templates["resume"] = .function(state.function("resume") { _ in drive { system.controller.resume() } })
        templates["state"] = .function(state.function("state") { args in
            // Top-level nulls (no mode, nothing displayed) read as nil in Lua.
            var snapshot = system.campaigns.state.objectValue ?? [:]
            for (key, value) in snapshot where value == .null { snapshot[key] = nil }
            return [try args.state.luaValue(.object(snapshot))]
        })

        guard case .table(let app) = state.globals["app"] else { return }
        app["event"] = .function(state.function("event") { args in
            // Invalid UTF-8 is refused in the name as in the properties (the JSON bridge's rule).
            let name = try args.utf8String(1)
            try engine.retain(name.utf8.count)
            let props = try object(args, 2, "app.event")
            return drive { system.campaigns.recordUserEvent(name, properties: props) }
        })
        app["charged"] = .function(state.function("charged") { args in
            let details = try object(args, 1, "app.charged")
            var items: [JSONObject] = []
            if case .table = args[2], case .array(let list) = try json(args, 2, "app.charged") {
                try engine.retain(JSONValue.array(list).estimatedSize)
                items = list.compactMap(\.objectValue)
            }
            return drive { system.campaigns.recordUserCharged(details: details, items: items) }
        })
        app["profile"] = .function(state.function("profile") { args in
            let props = try object(args, 1, "app.profile")
            return drive { system.campaigns.pushUserProfile(props) }
        })
        app["location"] = .function(state.function("location") { args in
            let lat = try args.number(1), lng = try args.number(2)
            return drive { system.campaigns.setLocation(latitude: lat, longitude: lng) }
        })
        app["background"] = .function(state.function("background") { _ in drive { system.campaigns.background() } })
        app["foreground"] = .function(state.function("foreground") { args in
            var response: JSONObject?
            if case .table = args[1] { response = try object(args, 1, "app.foreground") }
            return drive { system.foreground(response: response) }
        })
        AppDelegateBinding.install(system: system, engine: engine, app: app, state: state)
        app["login"] = .function(state.function("login") { args in
            var profile: JSONObject
            switch args[1] {
            case .string(let identity):
                try engine.retain(identity.bytes.count)
                profile = try object(args, 2, "app.login")
                profile["Identity"] = .string(identity.description)
            case .table: profile = try object(args, 1, "app.login")
            default: throw args.argumentError(1, "string or table expected, got \(args[1].typeName)")
            }
            return drive { system.campaigns.login(profile) }
        })
        app["reset"] = .function(state.function("reset") { _ in drive { system.campaigns.reset() } })
        app["unixTime"] = .function(state.function("unixTime") { _ in [.number(engine.clock.unixTime)] })
        app["configure"] = .function(state.function("configure") { args in
            try TemplatesModule.Tables.configure.check(argument: 1, of: args)
            let options = try object(args, 1, "app.configure")
            if let debug = options["debugBuild"]?.boolValue { system.instance.isDebugBuild = debug }
            if let testUser = options["testUser"]?.boolValue { system.instance.isTestUser = testUser }
            if let push = options["pushEnabled"]?.boolValue { system.campaigns.pushEnabled = push }
            try PushPrimerBinding.configure(system, options) { args.argumentError(1, $0) }
            return []
        })
        PushPrimerBinding.install(system: system, engine: engine, app: app, templates: templates, state: state)
    }
}
