import Engine
import JSON
import LuaRuntime
import OrderedCollections

/// The Lua `flowx` module (lua-api.md): validators, the data source, custom components, tags,
/// media, enumerations, configuration; process driving is in `FlowXModule+Process.swift`.
enum FlowXModule {
    static func make(system: FlowXSystem, engine: Engine, state: LuaState) -> LuaValue {
        // Functions live in the engine's Lua state: capture the system and engine unowned (no cycle).
        unowned let system = system
        unowned let engine = engine
        let module = state.newTable()
        func set(_ name: String, _ body: @escaping (LuaArguments) throws -> [LuaValue]) {
            module[name] = .function(state.function(name, body))
        }

        set("validator") { args in
            let name = try args.string(1)
            let function = try args.function(2)
            try engine.retain(64 + name.utf8.count)   // the registry keeps the validator
            try Tables.validatorOptions.check(argument: 3, of: args)
            var isAsync = false
            if case .table(let options) = args[3] { isAsync = options["async"].boolValue ?? false }
            else if !args[3].isNil { throw args.argumentError(3, "table expected, got \(args[3].typeName)") }
            system.renderer.validators.register(name, isAsync ? asyncValidator(name, function) : syncValidator(name, function))
            return []
        }
        set("validate") { args in
            let name = try args.string(1)
            let value = try json(args.state, args[2], "validate", engine)
            let params = try strings(args, 3)
            let outcome = system.renderer.validators.validateWaiting(name, value: value == .null ? nil : value, params: params)
            return [.boolean(outcome.valid)] + (outcome.reason.map { [.string(LuaString($0))] } ?? [])
        }
        set("validateForm") { args in
            let form: FormDefinition
            do { form = try FormDefinition(json: try json(args.state, .table(try args.table(1)), "validateForm", engine), fromLua: true) } catch let e as LocatedProblem {
                throw fail("validateForm: form: \(e)")
            }
            let data = try json(args.state, args[2].isNil ? .table(args.state.newTable()) : args[2], "validateForm", engine)
            let result = system.renderer.validators.validateWaiting(forms: [form], data: data.objectValue ?? [:])
            return [.boolean(result.isValid), try args.state.luaValue(.object(result.errors))]
        }
        set("options") { args in
            let validators = system.renderer.validators
            try Tables.options.check(argument: 1, of: args)
            if case .table(let t) = args[1] {
                if case .boolean(let b) = t["strictValidators"] { validators.strict = b }
                if let timeout = t["asyncTimeout"].doubleValue {
                    guard timeout > 0, timeout.isFinite else { throw fail("options: asyncTimeout must be a positive number of seconds") }
                    validators.asyncTimeout = timeout
                }
            }
            return [try args.state.luaValue(["strictValidators": .bool(validators.strict), "asyncTimeout": .double(validators.asyncTimeout)])]
        }
        set("onEvent") { args in
            let listener = try args.function(1)
            try engine.retain(64)   // every listener is kept
            system.luaDataSource.listeners.append(listener)
            return []
        }
        set("collect") { args in
            do { system.renderer.collect(try AnalyticsEvent(json: try json(args.state, args[1], "collect", engine))) } catch let e as LocatedProblem {
                throw fail("collect: \(e)")
            }
            return []
        }
        set("dataSource") { args in
            try Tables.dataSource.check(try args.table(1), argument: 1, of: args)
            system.luaDataSource.callbacks = try args.table(1)
            return []
        }
        set("component") { args in
            let name = try args.string(1)
            let table = try args.table(2)
            try Tables.component.check(table, argument: 2, of: args)
            try engine.retain(64 + name.utf8.count)
            system.luaDataSource.components[name] = table
            return []
        }
        installContent(module, system: system, engine: engine, state: state)
        installProcess(module, system: system, engine: engine, state: state)
        return .table(module)
    }

    /// Tags, media, enumerations, configuration and session.
    static func installContent(_ module: LuaTable, system: FlowXSystem, engine: Engine, state: LuaState) {
        unowned let system = system
        unowned let engine = engine
        func set(_ name: String, _ body: @escaping (LuaArguments) throws -> [LuaValue]) {
            module[name] = .function(state.function(name, body))
        }
        set("setTags") { args in
            system.renderer.content.setTags(try stringTable(args, "setTags", engine))
            return []
        }
        set("tag") { args in [system.renderer.content.tag(try args.string(1)).map { .string(LuaString($0)) } ?? .nil] }
        set("setMedia") { args in
            system.renderer.content.setMedia(try stringTable(args, "setMedia", engine))
            return []
        }
        set("mediaURL") { args in [system.renderer.content.mediaURL(try args.string(1)).map { .string(LuaString($0)) } ?? .nil] }
        set("setEnumerations") { args in
            do { try system.renderer.content.setEnumerations(try json(args.state, .table(try args.table(1)), "setEnumerations", engine), fromLua: true) }
            catch let e as LocatedProblem { throw fail("setEnumerations: \(e)") }
            return []
        }
        set("enumeration") { args in
            guard let items = system.renderer.enumeration(try args.string(1), parent: try args.optionalString(2)) else { return [.nil] }
            return [try args.state.luaValue(.array(items.map(\.json)))]
        }
        set("configure") { args in
            try Tables.configuration.check(argument: 1, of: args)
            do {
                let configuration = try Configuration(json: try json(args.state, .table(try args.table(1)), "configure", engine))
                system.renderer.configure(configuration)
                return [try args.state.luaValue(configuration.json)]
            } catch let e as ConfigurationError { throw LuaError.callback(message: e.description) }
        }
        for name in ["changeLocaleSettings", "changeLocale"] {
            set(name) { args in
                do { try system.renderer.changeLocaleSettings(locale: try args.optionalString(1), language: try args.optionalString(2)) }
                catch let e as ConfigurationError { throw LuaError.callback(message: e.description) }
                return []
            }
        }
        set("setThemes") { args in
            guard case .object(let themes) = try json(args.state, .table(try args.table(1)), "setThemes", engine) else {
                throw fail("setThemes: expected a table {uuid = theme}")
            }
            system.renderer.themes = Dictionary(uniqueKeysWithValues: themes.map { ($0.key, $0.value) })
            return []
        }
        // The SDK's `setupTheme(withUuid:workspaceId:localFileUrl:appearance:completion:)`: the
        // table form names the labels; positionally, the seed's order (uuid, workspaceId,
        // localFileUrl, appearance, completion) when a third string or more than three arguments
        // are given, else the 4.x order (uuid, localFileUrl, completion).
        set("setupTheme") { args in
            var call = ThemeCall()
            if case .table(let t) = args[1] {
                try Tables.themeSetup.check(t, argument: 1, of: args)
                call = try ThemeCall(table: t, args: args)
            } else {
                call.uuid = try args.string(1)
                let seedOrder = args.count > 3 || args[3].stringValue != nil
                if seedOrder {
                    call.workspaceId = try args.optionalString(2)
                    call.file = try args.optionalString(3)
                    call.appearance = try ThemeCall.appearance(args[4], args: args, argument: 4)
                    call.completion = try ThemeCall.function(args[5], args: args, argument: 5)
                } else {
                    call.file = try args.optionalString(2)
                    call.completion = try ThemeCall.function(args[3], args: args, argument: 3)
                }
            }
            let fallback = call.file.flatMap { ProcessRenderer.themeFile($0, roots: engine.lua.scriptRoots) }
            if let file = call.file, fallback == nil {
                engine.transcript.warn(Warning(system: "flowx", "setupTheme: the fallback file '\(file)' is not a JSON file in the script folders: the SDK has no fallback theme"
                    + (call.workspaceId == nil ? " (a workspace id goes second of five: setupTheme(uuid, workspaceId, localFileUrl, appearance, completion))" : "")))
            }
            // The renderer keeps the uuid and the transcript names it (and the file and workspace).
            try engine.retain(call.uuid.utf8.count + (call.file?.utf8.count ?? 0) + (call.workspaceId?.utf8.count ?? 0)
                              + (fallback?.estimatedSize ?? 0))
            do {
                try system.renderer.setupTheme(uuid: call.uuid, workspaceId: call.workspaceId, fallback: fallback,
                                               fallbackName: call.file, appearance: call.appearance)
            } catch let e as RendererError { throw LuaError.callback(message: e.description) }
            let completion = call.completion
            system.renderer.themeSetupFinished(completion.map { f in { _ = try f.call() } })
            return []
        }
        // `FXTheme.themeFetched`: a subscriber called with true each time a theme setup finishes.
        set("themeFetched") { args in
            let subscriber = try args.function(1)
            try engine.retain(64)   // the renderer keeps it
            system.renderer.themeFetched.append { fetched in _ = try subscriber.call(.boolean(fetched)) }
            return []
        }
        // The SDK's `getEnumeration(name:parentName:completion:)`: the items (nil when unknown)
        // given to `completion`, contained, in the configured language.
        set("getEnumeration") { args in
            let name = try args.string(1)
            let parent = try args.optionalString(2)
            let completion = try args.function(3)
            let items = system.renderer.enumeration(name, parent: parent)
            let value = try items.map { try args.state.luaValue(.array($0.map(\.json))) } ?? .nil
            system.renderer.contained("getEnumeration completion") { _ = try completion.call(value) }
            return []
        }
        set("session") { args in
            let token = try args.optionalString(1)
            try engine.retain(token?.utf8.count ?? 0)
            system.renderer.sessionToken = token
            return []
        }
    }

    static func syncValidator(_ name: String, _ function: LuaFunction) -> CustomValidator {
        .sync { value, params in
            // The value and a fresh params array pushed for the call (no references, no arrays of `LuaValue`).
            let result = try function.callFirst(pushing: 2) { arguments in
                try push(value, &arguments)
                arguments.push(strings: params)
            }
            guard case .boolean(let valid)? = result else {
                throw ValidatorError.wrongResult(validator: name, got: result?.typeName ?? "no value")
            }
            return valid
        }
    }

    static func asyncValidator(_ name: String, _ function: LuaFunction) -> CustomValidator {
        .async { value, params, completion in
            let done: (LuaArguments) throws -> [LuaValue] = { args in
                guard case .boolean(let valid) = args[1] else {
                    completion(.failure(.wrongResult(validator: name, got: args[1].typeName)))
                    return []
                }
                completion(.success(valid))
                return []
            }
            // As the sync validator's: the value, a fresh params array and `done` pushed for the call.
            try function.call(pushing: 3, results: 0) { arguments in
                try push(value, &arguments)
                arguments.push(strings: params)
                arguments.pushFunction("done", done)
            }
        }
    }

    /// Pushes a validator's value: scalars directly (no protected conversion that a limit tripped
    /// earlier in the same entry would fail), tables through the JSON bridge; missing is nil.
    static func push(_ value: JSONValue?, _ arguments: inout LuaPusher) throws {
        switch value {
        case nil, .null?: arguments.push(.nil)
        case .bool(let b)?: arguments.push(.boolean(b))
        case .integer(let i)?: arguments.push(i)
        case .double(let d)?: arguments.push(.number(d))
        case .string(let s)?: arguments.push(s)
        case let other?: try arguments.push(json: other)
        }
    }

    static func fail(_ message: String) -> LuaError { .callback(message: "flowx: \(message)") }

    /// A Lua argument as JSON, charged to the engine's memory cap: what scripts hand to the
    /// renderer stays in Swift (form data, analytics in the transcript), outside the Lua allocator.
    static func json(_ state: LuaState, _ value: LuaValue, _ function: String, _ engine: Engine) throws -> JSONValue {
        if value.isNil { return .null }
        let json: JSONValue
        do { json = try state.jsonValue(value) } catch { throw fail("\(function): \(error.message)") }
        try engine.retain(json.estimatedSize)
        return json
    }

    /// Argument `i` as a list of strings (absent: empty).
    static func strings(_ args: LuaArguments, _ i: Int) throws -> [String] {
        guard case .table(let t) = args[i] else {
            if args[i].isNil { return [] }
            throw args.argumentError(i, "table expected, got \(args[i].typeName)")
        }
        return try t.array.map { value in
            switch value {
            case .string(let s): return s.string
            case .integer, .number: return value.description
            default: throw args.argumentError(i, "params must be strings, got \(value.typeName)")
            }
        }
    }

    /// Argument 1 as `{key = "string", ...}`, charged to the engine's memory cap (the store keeps it).
    static func stringTable(_ args: LuaArguments, _ function: String, _ engine: Engine) throws -> [String: String] {
        var result: [String: String] = [:]
        var size = 0
        for (key, value) in try args.table(1).pairs {
            guard case .string(let k) = key, case .string(let v) = value else {
                throw fail("\(function): expected string keys and string values, got \(key.typeName) = \(value.typeName)")
            }
            result[k.string] = v.string
            size += 64 + k.bytes.count + v.bytes.count
        }
        try engine.retain(size)
        return result
    }
}

/// The arguments of `flowx.setupTheme`, in either form.
struct ThemeCall {
    var uuid = ""
    var workspaceId: String?
    var file: String?
    var appearance = ThemeAppearance.light
    var completion: LuaFunction?

    init() {}

    init(table t: LuaTable, args: LuaArguments) throws {
        func string(_ key: String, required: Bool = false) throws -> String? {
            switch t[key] {
            case .nil where !required: return nil
            case .string(let s): return s.string
            case let other: throw args.argumentError(1, "'\(key)' must be a string, got \(other.typeName)")
            }
        }
        uuid = try string("withUuid", required: true) ?? ""
        workspaceId = try string("workspaceId")
        file = try string("localFileUrl")
        appearance = try Self.appearance(t["appearance"], args: args, argument: 1)
        completion = try Self.function(t["completion"], args: args, argument: 1)
    }

    static func appearance(_ value: LuaValue, args: LuaArguments, argument: Int) throws -> ThemeAppearance {
        switch value {
        case .nil: return .light
        case .string(let s):
            guard let appearance = ThemeAppearance(rawValue: s.string) else {
                throw args.argumentError(argument, "appearance must be \"light\" or \"dark\" (the SDK's .light, .dark), got '\(s.string)'")
            }
            return appearance
        case let other: throw args.argumentError(argument, "appearance must be \"light\" or \"dark\", got \(other.typeName)")
        }
    }

    static func function(_ value: LuaValue, args: LuaArguments, argument: Int) throws -> LuaFunction? {
        switch value {
        case .nil: return nil
        case .function(let f): return f
        case let other: throw args.argumentError(argument, "completion must be a function, got \(other.typeName)")
        }
    }
}
