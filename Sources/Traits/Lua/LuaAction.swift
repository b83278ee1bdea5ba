import JSON
import LuaRuntime

/// An action written in Lua (`traits.action{type = ..., execute = function(ctx, config) end}`):
/// `execute` runs under a protected call with a context table and the action's config; the
/// action completes when it returns. An error is recorded (`error` with source `action <type>`)
/// and the queue goes on.
///
/// The context: `type`, `level`, `experience` (its id), `step` (`{group, step}`, 1-based),
/// `form` (field values by component id) and the functions `continue(ref)`, `close(markComplete)`,
/// `track(name, attributes)`, `updateProfile(properties)`, `enqueue(action)` and `log(message)`.
class LuaAction: ExperienceAction {
    let type: String
    let level: String
    let config: JSONValue?
    private let function: LuaFunction
    /// Charges what the action makes Swift keep (profile attributes) to the engine's memory cap.
    private let retain: (Int) throws -> Void

    init(type: String, level: String, config: JSONValue?, execute: LuaFunction, retain: @escaping (Int) throws -> Void) {
        self.type = type
        self.level = level
        self.config = config
        function = execute
        self.retain = retain
    }

    func execute(in host: any ActionHost, completion: @escaping () -> Void) throws {
        let state = function.state
        let context = state.newTable()
        context["type"] = .string(LuaString(type))
        context["level"] = .string(LuaString(level))
        if let data = host.currentExperience {
            context["experience"] = .string(LuaString(data.id))
            context["form"] = try state.luaValue(.object(JSONObject(uniqueKeysWithValues: data.flatFormState().map { ($0, .string($1)) })))
        }
        if let index = host.currentStepIndex {
            let step = state.newTable()
            step["group"] = .integer(Int64(index.group + 1))
            step["step"] = .integer(Int64(index.item + 1))
            context["step"] = .table(step)
        }
        weak let host = host
        context["continue"] = .function(state.function("continue") { args in
            host?.show(step: try TraitsModule.stepReference(args, 1)) {}
            return []
        })
        context["close"] = .function(state.function("close") { args in
            host?.dismiss(markComplete: args[1].isNil ? false : try args.boolean(1)) {}
            return []
        })
        context["track"] = .function(state.function("track") { args in
            let name = try args.string(1)
            let attributes = args[2].isNil ? [:] : (try args.state.jsonValue(args[2]).objectValue ?? [:])
            host?.publish(event: name, properties: attributes, isInternal: false)
            return []
        })
        let retain = self.retain
        context["updateProfile"] = .function(state.function("updateProfile") { args in
            let properties = try args.state.jsonValue(args[1]).objectValue ?? [:]
            try retain(JSONValue.object(properties).estimatedSize)   // the profile keeps them
            host?.updateProfile(properties, isInternal: false)
            return []
        })
        context["enqueue"] = .function(state.function("enqueue") { args in
            if case .table(let model) = args[1] { try TraitsModule.Tables.actionModel.check(model, argument: 1, of: args) }
            let json = try args.state.jsonValue(args[1])
            guard let type = json["type"]?.stringValue else { throw args.argumentError(1, "an action {type, config} expected") }
            guard let registry = host?.actionRegistry else { return [] }
            registry.enqueue(registry.makeInstances([Experience.Action(trigger: "tap", type: type, config: json["config"])], level: "step"),
                             context: host?.renderContext)
            return []
        })
        context["log"] = .function(state.function("log") { args in
            host?.log(try args.string(1))
            return []
        })
        let config = try self.config.map { try state.luaValue($0) } ?? .nil
        _ = try function.call(.table(context), config)
        completion()
    }
}

/// A Lua action with `transformQueue` (the SDK's `ExperienceActionQueueTransforming`): before
/// the queue runs, `transformQueue(queue, index, config)` gets the queued actions
/// (`{type, config}` each, `config` only for Lua and built-in models it knows) and its own
/// 1-based position, and returns the new queue: each item an integer (the action at that
/// position of the old queue) or an action model `{type, config}` made through the registry.
/// A transform that errors, or returns something else, leaves the queue as it was (logged);
/// one that loops hits the instruction limit; a result longer than the queue bound is refused.
final class LuaTransformingAction: LuaAction, QueueTransformingAction {
    private let transform: LuaFunction

    init(type: String, level: String, config: JSONValue?, execute: LuaFunction, transform: LuaFunction,
         retain: @escaping (Int) throws -> Void) {
        self.transform = transform
        super.init(type: type, level: level, config: config, execute: execute, retain: retain)
    }

    func transformQueue(_ queue: [any ExperienceAction], index: Int, in host: any ActionHost) -> [any ExperienceAction] {
        do { return try transformed(queue, index: index, in: host) } catch {
            host.log("action \(type): transformQueue: \(ExperienceRenderer.message(error)); the queue is left as it was")
            return queue
        }
    }

    private func transformed(_ queue: [any ExperienceAction], index: Int, in host: any ActionHost) throws -> [any ExperienceAction] {
        let state = transform.state
        let list = state.newTable()
        for (i, action) in queue.enumerated() {
            let item = state.newTable()
            item["type"] = .string(LuaString(action.type))
            if let lua = action as? LuaAction, let config = lua.config { item["config"] = try state.luaValue(config) }
            list[i + 1] = .table(item)
        }
        let config = try self.config.map { try state.luaValue($0) } ?? .nil
        let results = try transform.call(.table(list), .integer(Int64(index + 1)), config)
        guard case .table(let result)? = results.first else {
            throw ActionError("must return a list of positions and action models, got \(results.first?.typeName ?? "nothing")")
        }
        guard result.count <= ActionRegistry.maxQueueLength else {
            throw ActionError("returned \(result.count) actions (at most \(ActionRegistry.maxQueueLength))")
        }
        var out: [any ExperienceAction] = []
        for (n, item) in result.array.enumerated() {
            switch item {
            case .integer(let position) where position >= 1 && position <= Int64(queue.count):
                out.append(queue[Int(position) - 1])
            case .table:
                let json = try state.jsonValue(item)
                guard let type = json["type"]?.stringValue else { throw ActionError("item \(n + 1): an action model {type, config} expected") }
                out += host.actionRegistry.makeInstances([Experience.Action(trigger: "tap", type: type, config: json["config"])], level: level)
            default:
                throw ActionError("item \(n + 1): a position 1...\(queue.count) or an action model expected, got \(item.typeName)")
            }
        }
        return out
    }
}
