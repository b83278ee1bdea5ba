import Engine
import JSON
import LuaRuntime

/// The experience half of the `traits` module: custom actions, the form and navigation
/// functions, the app's delegates, served experiences, the profile and reset.
extension TraitsModule {
    static func addExperienceFunctions(to module: LuaTable, system: TraitsSystem, engine: Engine, state: LuaState) {
        unowned let system = system
        unowned let engine = engine
        func fail(_ message: String) -> LuaError { .callback(message: "traits: \(message)") }
        func usage(_ name: String, _ body: () throws -> Void) throws {
            do { try body() } catch let error as TraitsUsageError { throw fail("\(name): \(error)") }
        }

        module["action"] = .function(state.function("action") { args in
            let definition = try args.table(1)
            try Tables.action.check(definition, argument: 1, of: args)
            guard case .string(let typeName) = definition["type"] else {
                throw args.argumentError(1, "field 'type' must be a string, got \(definition["type"].typeName)")
            }
            guard case .function(let execute) = definition["execute"] else {
                throw args.argumentError(1, "field 'execute' must be a function, got \(definition["execute"].typeName)")
            }
            var transform: LuaFunction?
            switch definition["transformQueue"] {
            case .function(let f): transform = f
            case .nil: break
            default: throw args.argumentError(1, "field 'transformQueue' must be a function, got \(definition["transformQueue"].typeName)")
            }
            let type = typeName.string
            try engine.retain(type.utf8.count + 64)   // the registry keeps the type
            let registered = system.registerAction(type: type) { config, level in
                let retain: (Int) throws -> Void = { [unowned engine] bytes in try engine.retain(bytes) }
                if let transform {
                    return LuaTransformingAction(type: type, level: level, config: config, execute: execute, transform: transform, retain: retain)
                }
                return LuaAction(type: type, level: level, config: config, execute: execute, retain: retain)
            }
            return [.boolean(registered)]
        })
        var components: [String: LuaFunction] = [:]
        system.renderer.customComponentRenderer = { identifier, view, config, actions in
            guard let render = components[identifier] else { return false }
            _ = try render.call(TraitBindings.wrap(view, in: state), try config.map { try state.luaValue($0) } ?? .nil,
                                customActions(actions, state))
            return true
        }
        module["component"] = .function(state.function("component") { args in
            let definition = try args.table(1)
            try Tables.component.check(definition, argument: 1, of: args)
            guard case .string(let identifier) = definition["identifier"] else {
                throw args.argumentError(1, "field 'identifier' must be a string, got \(definition["identifier"].typeName)")
            }
            guard case .function(let render) = definition["render"] else {
                throw args.argumentError(1, "field 'render' must be a function, got \(definition["render"].typeName)")
            }
            // As the SDK's `CustomComponentRegistry.registerCustomComponent`: a second
            // registration replaces the first (returns false then: it was registered before).
            let replaced = components[identifier.string] != nil
            if !replaced { try engine.retain(identifier.string.utf8.count + 64) }
            components[identifier.string] = render
            return [.boolean(!replaced)]
        })
        module["runActions"] = .function(state.function("runActions") { args in
            if case .table(let list) = args[1] {
                for (i, item) in list.array.enumerated() {
                    if case .table(let model) = item { try Tables.actionModel.check(model, argument: 1, of: args, at: "[\(i + 1)]") }
                }
            }
            let json = try args.state.jsonValue(args[1])
            var models: [Experience.Action] = []
            for item in LuaEmptyTables.actions(json).arrayValue ?? [] {
                guard let type = item["type"]?.stringValue else { throw args.argumentError(1, "actions {on, type, config} expected") }
                models.append(Experience.Action(trigger: item["on"]?.stringValue ?? "tap", type: type, config: item["config"]))
            }
            system.renderer.actionRegistry.enqueue(models, level: "step", interactionType: try args.optionalString(2) ?? "Button Tapped",
                                                   viewDescription: try args.optionalString(3))
            return []   // the queue runs at the next turn of the run loop (the caller's settle)
        })
        module["continue"] = .function(state.function("continue") { args in
            let reference = try stepReference(args, 1)
            system.renderer.show(step: reference)
            engine.settle()
            return []
        })
        module["close"] = .function(state.function("close") { args in
            let markComplete = args[1].isNil ? false : try args.boolean(1)
            let closed = system.renderer.dismiss(markComplete: markComplete)
            engine.settle()
            return [.boolean(closed)]
        })
        module["type"] = .function(state.function("type") { args in
            let id = try args.string(1), text = try args.string(2)
            try usage("type") { try system.renderer.type(text, into: id) }
            engine.settle()
            return []
        })
        module["select"] = .function(state.function("select") { args in
            let id = try args.string(1), value = try args.string(2)
            try usage("select") { try system.renderer.select(value, in: id) }
            engine.settle()
            return []
        })
        module["longPress"] = .function(state.function("longPress") { args in
            let id = try args.string(1)
            try usage("longPress") { try system.renderer.longPress(id) }
            engine.settle()
            return []
        })
        module["form"] = .function(state.function("form") { args in
            guard let data = system.renderer.current?.data else { return [.nil] }
            return [try args.state.luaValue(.object(JSONObject(uniqueKeysWithValues: data.flatFormState().map { ($0, .string($1)) })))]
        })
        module["qualify"] = .function(state.function("qualify") { args in   // traits.qualify(response) → the id shown, or nil
            let reader: JSONReader
            switch args[1] {
            case .string(let text):
                do { reader = try JSONReader(file: nil, bytes: Array(text.string.utf8)) } catch { throw fail("qualify: \(error)") }
            case .table:
                do { reader = JSONReader(value: try args.state.jsonValue(args[1]).sortingKeys) } catch { throw fail("qualify: \(error)") }
            default: throw args.argumentError(1, "qualification response table or JSON text expected, got \(args[1].typeName)")
            }
            try engine.retain(reader.document.value.estimatedSize)
            do {
                return [try system.qualify(reader).map { .string(LuaString($0)) } ?? .nil]
            } catch let error as LocatedProblem {
                throw fail("qualify: invalid qualification response: \(error)")
            } catch let error as TraitsUsageError {
                throw fail("qualify: \(error)")
            }
        })
        module["serve"] = .function(state.function("serve") { args in
            let json: JSONValue
            if case .string(let text) = args[1] {
                do { json = try JSONReader(file: nil, bytes: Array(text.string.utf8)).root } catch { throw fail("serve: \(error)") }
            } else {
                json = try args.state.jsonValue(args[1])
            }
            try engine.retain(json.estimatedSize)   // kept until launched (or replaced)
            guard let id = json["id"]?.stringValue else { throw args.argumentError(1, "an experience with a string 'id' expected") }
            system.renderer.served[Experience.formatted(id)] = json.sortingKeys
            return []
        })
        module["delegate"] = .function(state.function("delegate") { args in
            let table = try args.table(1)
            try Tables.delegate.check(table, argument: 1, of: args)
            switch table["canDisplayExperience"] {
            case .function(let function):
                system.renderer.canDisplayExperience = { data in
                    // The SDK passes `experience.id.uuidString`: upper case.
                    try function.call(.string(LuaString(Experience.isUUID(data.id) ? data.id.uppercased() : data.id))).first?.boolValue ?? true
                }
            case .nil: system.renderer.canDisplayExperience = nil
            default: throw args.argumentError(1, "field 'canDisplayExperience' must be a function")
            }
            switch table["navigate"] {
            case .function(let function):
                system.renderer.navigationDelegate = { url, external in _ = try function.call(.string(LuaString(url)), .boolean(external)) }
            case .nil: system.renderer.navigationDelegate = nil
            default: throw args.argumentError(1, "field 'navigate' must be a function")
            }
            switch table["continueUserActivity"] {
            case .function(let function):
                // The app delegate's `application(_:continue:restorationHandler:)`: true when it handled the link.
                system.renderer.continueUserActivity = { activity in
                    try function.call(try state.luaValue(activity)).first?.boolValue ?? false
                }
            case .nil: system.renderer.continueUserActivity = nil
            default: throw args.argumentError(1, "field 'continueUserActivity' must be a function")
            }
            return []
        })
        /// A presentation delegate from its Lua table (`TraitsPresentationDelegate`): each callback optional.
        func presentationDelegate(_ table: LuaTable, _ args: LuaArguments, argument: Int, at path: String? = nil) throws -> PresentationDelegate {
            try Tables.presentationDelegate.check(table, argument: argument, of: args, at: path)
            var functions: [ExperienceRenderer.PresentationCallback: LuaFunction] = [:]
            for callback in ExperienceRenderer.PresentationCallback.allCases {
                switch table[callback.rawValue] {
                case .function(let f): functions[callback] = f
                case .nil: break
                default: throw args.argumentError(argument, "field '\((path.map { $0 + "." } ?? ""))\(callback.rawValue)' must be a function, got \(table[callback.rawValue].typeName)")
                }
            }
            return PresentationDelegate { callback, metadata in
                guard let function = functions[callback] else { return true }
                let result = try function.call(try state.luaValue(metadata)).first
                if callback == .canDisplayExperience, case .boolean(false)? = result { return false }   // only false refuses
                return true
            }
        }
        module["presentationDelegate"] = .function(state.function("presentationDelegate") { args in
            // traits.presentationDelegate{experienceWillAppear = function(metadata) end, ...}: Appcues.presentationDelegate; nil removes it
            if args[1].isNil {
                system.renderer.presentationDelegate = nil
            } else {
                system.renderer.presentationDelegate = try presentationDelegate(try args.table(1), args, argument: 1)
            }
            return []
        })
        module["frame"] = .function(state.function("frame") { args in
            // traits.frame(frameID, {retainContent = false, presentationDelegate = {...}}): the frame view's options
            let frameID = try args.string(1)
            var options = FrameOptions()
            if !args[2].isNil {
                let table = try args.table(2)
                try Tables.frame.check(table, argument: 2, of: args)
                switch table["retainContent"] {
                case .boolean(let on): options.retainContent = on
                case .nil: break
                default: throw args.argumentError(2, "field 'retainContent' must be a boolean, got \(table["retainContent"].typeName)")
                }
                switch table["presentationDelegate"] {
                case .table(let delegate): options.presentationDelegate = try presentationDelegate(delegate, args, argument: 2, at: "presentationDelegate")
                case .nil: break
                default: throw args.argumentError(2, "field 'presentationDelegate' must be a table, got \(table["presentationDelegate"].typeName)")
                }
            }
            if system.renderer.frames[frameID] == nil {
                guard system.renderer.frames.count < ExperienceRenderer.maxFrameOptions else {
                    throw fail("frame: more than \(ExperienceRenderer.maxFrameOptions) frames have options")
                }
                try engine.retain(frameID.utf8.count + 128)
            }
            system.renderer.frames[frameID] = options
            return []
        })
        module["config"] = .function(state.function("config") { args in   // traits.config{enableUniversalLinks=, universalLinkHostAllowList=}
            if !args[1].isNil {
                let table = try args.table(1)
                try Tables.config.check(table, argument: 1, of: args)
                switch table["enableUniversalLinks"] {
                case .boolean(let on): system.renderer.enableUniversalLinks = on
                case .nil: break
                default: throw args.argumentError(1, "field 'enableUniversalLinks' must be a boolean, got \(table["enableUniversalLinks"].typeName)")
                }
                switch table["universalLinkHostAllowList"] {
                case .nil: break
                case .boolean(false): system.renderer.universalLinkHostAllowList = nil
                case .table(let list):
                    var hosts: [String] = []
                    for (i, item) in list.array.enumerated() {
                        guard case .string(let host) = item else {
                            throw args.argumentError(1, "field 'universalLinkHostAllowList[\(i + 1)]' must be a string, got \(item.typeName)")
                        }
                        hosts.append(host.string)
                    }
                    guard hosts.count <= 10_000 else { throw args.argumentError(1, "field 'universalLinkHostAllowList' has more than 10000 hosts") }
                    try engine.retain(hosts.reduce(64) { $0 + $1.utf8.count + 16 })
                    system.renderer.universalLinkHostAllowList = hosts
                default:
                    throw args.argumentError(1, "field 'universalLinkHostAllowList' must be a list of hosts or false, got \(table["universalLinkHostAllowList"].typeName)")
                }
            }
            var current: JSONObject = ["enableUniversalLinks": .bool(system.renderer.enableUniversalLinks)]
            if let hosts = system.renderer.universalLinkHostAllowList { current["universalLinkHostAllowList"] = .array(hosts.map { .string($0) }) }
            return [try args.state.luaValue(.object(current))]
        })
        module["profile"] = .function(state.function("profile") { args in [try args.state.luaValue(.object(system.renderer.profile))] })
        module["reset"] = .function(state.function("reset") { _ in
            system.renderer.reset()
            engine.settle()
            return []
        })
        module["actions"] = .function(state.function("actions") { args in
            [.table(args.state.newArray(system.renderer.actionRegistry.types.map { .string(LuaString($0)) }))]
        })
    }

    /// The `actions` table a custom component's `render` gets (`AppcuesExperienceActions`).
    static func customActions(_ actions: CustomComponentActions, _ state: LuaState) -> LuaValue {
        let table = state.newTable()
        table["triggerBlockActions"] = .function(state.function("triggerBlockActions") { _ in actions.triggerBlockActions(); return [] })
        table["track"] = .function(state.function("track") { args in
            actions.track(try args.string(1), properties: args[2].isNil ? nil : try args.state.jsonValue(args[2]).objectValue)
            return []
        })
        table["nextStep"] = .function(state.function("nextStep") { _ in actions.nextStep(); return [] })
        table["previousStep"] = .function(state.function("previousStep") { _ in actions.previousStep(); return [] })
        table["close"] = .function(state.function("close") { args in
            actions.close(markComplete: args[1].isNil ? false : try args.boolean(1))
            return []
        })
        table["updateProfile"] = .function(state.function("updateProfile") { args in
            actions.updateProfile(try args.state.jsonValue(args[1]).objectValue ?? [:])
            return []
        })
        return .table(table)
    }

    /// A step reference argument: a number is an offset, `{index=}`, `{offset=}` or `{stepID=}` as the continue config.
    static func stepReference(_ args: LuaArguments, _ i: Int) throws -> StepReference {
        switch args[i] {
        case .nil: return .offset(1)
        case .integer(let n): return .offset(Int(clamping: n))
        case .table: return BuiltInActions.stepReference(try args.state.jsonValue(args[i]))
        default: throw args.argumentError(i, "an offset or a {index|offset|stepID} table expected, got \(args[i].typeName)")
        }
    }
}
