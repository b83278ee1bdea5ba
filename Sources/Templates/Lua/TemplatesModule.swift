import Engine
import JSON
import LuaRuntime

/// The Lua `templates` module (lua-api.md).
enum TemplatesModule {
    static func make(system: TemplatesSystem, engine: Engine, state: LuaState) -> LuaValue {
        // The functions live in the engine's Lua state: capturing the engine or the system strongly
        // would make a cycle (engine → state → function → engine) and nothing would ever be freed.
        unowned let system = system
        unowned let engine = engine
        TemplateContextBinding.register(in: state)
        let module = state.newTable()
        let fileMark = state.newTable()
        let actionMark = state.newTable()
        fileMark["__ctlua"] = "templates.file"
        actionMark["__ctlua"] = "templates.action"
        module["file"] = .table(fileMark)
        module["action"] = .table(actionMark)

        func fail(_ message: String) -> LuaError { .callback(message: "templates: \(message)") }

        module["define"] = .function(state.function("define") { args in
            let spec = try args.table(1)
            let built = buildTemplate(spec, fileMark: fileMark, actionMark: actionMark, state: args.state)
            if let template = built.template { try engine.retain(estimatedSize(template)) }   // the manager keeps it
            if let checker = system.checker {
                var problems = built.problems
                if problems.isEmpty, let template = built.template {
                    do { try system.manager.register(template) } catch {
                        problems.append(DefineProblem(message: "templates: \(error)", anchor: .key("name")))
                    }
                }
                checker.record(problems, caller: args.caller)
                return [.boolean(problems.isEmpty)]
            }
            if let first = built.problems.first { throw LuaError.callback(message: first.message) }
            guard let template = built.template else { throw fail("invalid definition") }
            do { try system.manager.register(template) } catch { throw fail("\(error)") }
            return [.boolean(true)]
        })
        module["defineJSON"] = .function(state.function("defineJSON") { args in
            let definitions: JSONValue
            switch args[1] {
            case .string(let text):
                if text.string.isEmpty { throw fail(TemplateError.jsonEmpty.description) }
                do { definitions = try JSONDocument(text: text.string).value } catch {
                    throw fail(TemplateError.jsonParse("\(error)").description)
                }
            case .table(let t): definitions = try json(args.state, .table(t))
            default: throw args.argumentError(1, "string or table expected, got \(args[1].typeName)")
            }
            try engine.retain(definitions.estimatedSize)   // kept for relaunch, and as templates
            var templatePresenter: LuaTemplatePresenter?
            var functionPresenter: LuaTemplatePresenter?
            if case .table(let presenters) = args[2] {
                try Tables.jsonPresenters.check(presenters, argument: 2, of: args)
                templatePresenter = try presenter(presenters["template"], "template", args, argument: 2, at: "template")
                functionPresenter = try presenter(presenters["function"], "function", args, argument: 2, at: "function")
            }
            do {
                try system.defineJSON(definitions, templatePresenter: templatePresenter, functionPresenter: functionPresenter)
            } catch let error as TemplateError { throw fail(error.description) }
            return [.boolean(true)]
        })
        module["presenter"] = .function(state.function("presenter") { args in
            let name = try args.string(1)
            try engine.retain(64 + name.utf8.count)
            guard let p = try presenter(args[2], "presenter", args, argument: 2) else {
                throw args.argumentError(2, "presenter table expected, got nil")
            }
            system.namedPresenters[name] = p
            return []
        })
        module["list"] = .function(state.function("list") { args in
            [.table(args.state.newArray(system.manager.names.map { .string(LuaString($0)) }))]
        })
        module["syncPayload"] = .function(state.function("syncPayload") { _ in
            do {
                let payload = try system.manager.syncPayload()
                return [.string(LuaString(try payload.encoded()))]
            } catch let error as TemplateError { throw fail(error.description) }
        })
        module["deliver"] = .function(state.function("deliver") { args in
            let payload: JSONValue
            if args.isString(1), case .string(let text) = args[1] {
                do { payload = try JSONDocument(text: text.string).value } catch { throw fail("deliver: \(error)") }
            } else {
                do throws(LuaJSONError) { payload = try args.jsonValue(1) }   // in place: no `LuaValue` per delivery
                catch { throw LuaError.callback(message: "templates: \(error.message)") }
            }
            try engine.retain(payload.estimatedSize)   // kept by the queue, the stores and the transcript
            do { try system.deliver(payload) } catch { throw LuaError.callback(message: "\(error)") }  // already "templates: deliver: ..."
            engine.settle()
            return []
        })
        module["close"] = .function(state.function("close") { _ in
            let closed = system.controller.close()
            engine.settle()
            return [.boolean(closed)]
        })
        module["displayed"] = .function(state.function("displayed") { args in
            guard let displayed = system.controller.displayed else { return [.nil] }
            return [try args.state.luaValue(displayed.json)]
        })
        module["queue"] = .function(state.function("queue") { args in
            let waiting = system.controller.pending.map(\.notification.json) + system.controller.queue.map(\.json)
            return [try args.state.luaValue(.array(waiting))]
        })
        module["activeContext"] = .function(state.function("activeContext") { args in
            guard let context = system.controller.activeContext(try args.string(1)) else { return [.nil] }
            return [TemplateContextBinding.wrap(context, in: args.state)]
        })
        CampaignsModule.install(system: system, engine: engine, templates: module, state: state)
        return .table(module)
    }

    /// What the manager keeps of a template: its name and each argument's name and default.
    static func estimatedSize(_ template: CustomTemplate) -> Int {
        template.arguments.reduce(128 + template.name.utf8.count) { $0 + 64 + $1.name.utf8.count + ($1.defaultValue?.estimatedSize ?? 0) }
    }

    static func json(_ state: LuaState, _ value: LuaValue) throws -> JSONValue {
        do { return try state.jsonValue(value) } catch { throw LuaError.callback(message: "templates: \(error.message)") }
    }

    /// A presenter table, argument `argument` of `args` (or its member `at`): its keys are checked
    /// against ``Tables/presenter``.
    static func presenter(_ value: LuaValue, _ what: String, _ args: LuaArguments, argument: Int, at path: String? = nil) throws -> LuaTemplatePresenter? {
        switch value {
        case .nil: return nil
        case .table(let t):
            try Tables.presenter.check(t, argument: argument, of: args, at: path)
            guard let p = LuaTemplatePresenter(table: t) else {
                throw LuaError.callback(message: "templates: \(what) needs an onPresent function")
            }
            return p
        default: throw LuaError.callback(message: "templates: \(what) must be a table {onPresent=, onClose=}")
        }
    }

    /// Builds a template or app function from a `templates.define{...}` table, collecting every
    /// problem (messages start with `templates: `; SDK messages that name an Objective-C API get
    /// the Lua way to do it).
    static func buildTemplate(_ spec: LuaTable, fileMark: LuaTable, actionMark: LuaTable, state: LuaState)
        -> (template: CustomTemplate?, problems: [DefineProblem])
    {
        var problems: [DefineProblem] = []
        func add(_ error: any Error, _ anchor: DefineProblem.Anchor) {
            let text: String
            switch error {
            case let error as TemplateError: text = luaMessage(error)
            case let error as ArgumentDefaultError: text = error.message
            default: text = "\(error)"
            }
            problems.append(DefineProblem(message: "templates: \(text)", anchor: anchor))
        }
        for unknown in Tables.definition.problems(in: spec) {
            let message = LuaError.badArgument(function: "define", position: 1, message: unknown.message).description
            problems.append(DefineProblem(message: message, anchor: spec[unknown.key].isNil ? .call : .key(unknown.key)))
        }
        let type = spec["type"].stringValue ?? "template"
        let builder: TemplateBuilder
        switch type {
        case "template": builder = CustomTemplateBuilder()
        case "function": builder = AppFunctionBuilder(isVisual: spec["visual"].boolValue ?? spec["isVisual"].boolValue ?? false)
        default:
            add(TemplateError.unknownTemplateType(type: type, template: spec["name"].stringValue ?? "nil"), .key("type"))
            return (nil, problems)
        }
        if case .string(let name) = spec["name"] {
            do { try builder.setName(name.string) } catch { add(error, .key("name")) }
        }
        if case .table(let arguments) = spec["arguments"] {
            var seen: [String: Int] = [:]
            for (index, entry) in arguments.array.enumerated() {
                guard case .table(let pair) = entry, case .string(let name) = pair[1] else {
                    problems.append(DefineProblem(message: "templates: arguments[\(index + 1)] must be {name, default}", anchor: .key("arguments")))
                    continue
                }
                seen[name.string, default: 0] += 1
                do {
                    try addArgument(builder, name.string, pair[2], fileMark: fileMark, actionMark: actionMark, state: state)
                } catch {
                    add(error, .argument(name.string, occurrence: seen[name.string] ?? 1))
                }
            }
        }
        if case .function(let present) = spec["onPresent"] {
            builder.setPresenter(LuaTemplatePresenter(onPresent: present, onClose: spec["onClose"].functionValue))
        } else if !problems.isEmpty {
            add(TemplateError.missingPresenter, .call)  // build() would say it; it does not run after other problems
        }
        guard problems.isEmpty else { return (nil, problems) }
        do { return (try builder.build(), []) } catch {
            add(error, .call)
            return (nil, problems)
        }
    }

    /// An SDK message for Lua users: where it names an Objective-C API, the Lua way follows.
    static func luaMessage(_ error: TemplateError) -> String {
        switch error.underlying {
        case .missingPresenter: return "\(error.description) (in Lua: give templates.define an onPresent function)"
        case .missingName: return "\(error.description) (in Lua: name = \"...\" in templates.define)"
        default: return error.description
        }
    }

    /// The marker (`templates.file` or `templates.action`) nested somewhere in `table`, with the
    /// key it sits under; tables are visited once (cycles end).
    static func nestedMarker(in table: LuaTable, fileMark: LuaTable, actionMark: LuaTable) -> (type: String, key: String)? {
        var seen: Set<UnsafeRawPointer?> = []
        var pending = [table]
        while let current = pending.popLast() {
            guard seen.insert(current.identity).inserted, seen.count < 10_000 else { continue }
            for (key, value) in current.pairs {
                guard case .table(let t) = value else { continue }
                if t.identity == fileMark.identity || isMark(t, fileMark) { return ("file", key.stringValue ?? "\(key)") }
                if t.identity == actionMark.identity || isMark(t, actionMark) { return ("action", key.stringValue ?? "\(key)") }
                pending.append(t)
            }
        }
        return nil
    }

    /// Whether `table` is a script's view of `mark` (the same `__ctlua` tag).
    static func isMark(_ table: LuaTable, _ mark: LuaTable) -> Bool {
        guard case .string(let tag) = mark["__ctlua"], case .string(let other)? = try? table.get("__ctlua") else { return false }
        return tag == other
    }

    static func addArgument(_ builder: TemplateBuilder, _ name: String, _ value: LuaValue, fileMark: LuaTable,
                            actionMark: LuaTable, state: LuaState) throws {
        switch value {
        case .string(let s): try builder.addArgument(name, string: s.string)
        case .integer(let i): try builder.addArgument(name, integer: i)
        case .number(let d): try builder.addArgument(name, number: d)
        case .boolean(let b): try builder.addArgument(name, boolean: b)
        case .nil: try builder.addArgument(name, string: nil)
        // Scripts see their own copy of the module (and of these marks): compare by the tag.
        case .table(let t) where t.identity == fileMark.identity || isMark(t, fileMark): try builder.addFileArgument(name)
        case .table(let t) where t.identity == actionMark.identity || isMark(t, actionMark):
            guard let templateBuilder = builder as? CustomTemplateBuilder else {
                throw TemplateError.functionActionArgument(argument: name, template: nil)
            }
            try templateBuilder.addActionArgument(name)
        case .table(let t):
            if let marker = nestedMarker(in: t, fileMark: fileMark, actionMark: actionMark) {
                throw TemplateError.nestedFileOrAction(type: marker.type, argument: marker.key, template: "")
            }
            let json: JSONValue
            do { json = try state.jsonValue(.table(t)) } catch { throw ArgumentDefaultError(message: error.message) }
            try builder.addArgument(name, dictionary: json.objectValue ?? (json == .array([]) ? [:] : nil))
        default:
            throw ArgumentDefaultError(message: "argument '\(name)' has an unsupported default (\(value.typeName))")
        }
    }
}

/// An argument default a template cannot have (the message has no `templates: ` prefix yet).
struct ArgumentDefaultError: Error {
    var message: String
}
