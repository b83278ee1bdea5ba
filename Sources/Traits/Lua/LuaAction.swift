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
final class LuaAction: ExperienceAction {
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
