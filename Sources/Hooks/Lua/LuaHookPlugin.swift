import JSON
import LuaRuntime

/// A hook plugin written in Lua (`hooks.plugin{...}`), one instance per navigation.
///
/// `self` is a fresh table per instance: the definition's fields (functions included) plus
/// `identifier`, `pluginModel`, `screenModel` (a hook screen plugin's own screen; a plain hook's
/// host screen, as the SDK hands it), `hostScreenModel`, `dataSource` and `removeScreen`. The
/// callbacks `done(succeed, error, data, isFlowBlocker)` and `allow(bool)` check their arguments
/// and raise a Lua error on wrong types; calling them twice is ignored and recorded by the manager.
final class LuaHookPlugin: ScreenHookAdapter {
    let definition: LuaHookDefinition
    let instance: LuaTable
    /// The plugin's configured default (`general.is_flow_blocker`, then the hook screen's).
    private let configuredBlocker: Bool
    /// The `isFlowBlocker` that `done` sent with the result (the RN bridge's `hookFinishedWork`).
    private var finishedBlocker: Bool?

    /// Creates the instance; nil when the definition's `init(self)` returns false.
    init?(definition: LuaHookDefinition, creation: HookCreation, pluginModel: ModelTree<PluginModel> = ModelTree(\.json),
          screens: ScreenModelTrees = ScreenModelTrees()) throws {
        self.definition = definition
        let state = definition.table.state
        let delegate = creation.screenDelegate
        // The definition's fields, then ours over them: a raw copy made on the Lua stack, each
        // field pushed into it there (no reference taken for the models or the function).
        instance = try definition.table.copy(extraCapacity: 6) { fields in
            try fields.set("identifier") { $0.push(creation.pluginModel.identifier) }
            try fields.set("pluginModel") { try $0.push(pluginModel.tree(for: creation.pluginModel)) }
            // One table per navigation for the host screen and the data source (NavigationShared);
            // fresh tables each time, pushed from a kept jansson tree of the screen's model.
            let host = try creation.shared.value("hostScreenModel") { try state.luaValue(screens.tree(for: creation.hostScreenModel)) }
            // "`screenModel` - ScreenModel of the host screen" for hooks; a hook screen's own screen.
            if let screen = creation.screenModel {
                try fields.set("screenModel") { try $0.push(screens.tree(for: screen)) }
            } else {
                try fields.set("screenModel", host)
            }
            try fields.set("hostScreenModel", host)
            let dataSource = try creation.dataSourceModel.map { model in
                try creation.shared.value("dataSource") { try state.luaValue(model) }
            } ?? .nil
            try fields.set("dataSource", dataSource)
            try fields.set("removeScreen") {
                $0.pushFunction("removeScreen") { _ in [.boolean(delegate.removeScreenPluginFromNavigationStack())] }
            }
        }
        // As the SDK's example plugin: the hook's settings decide (plugin configuration, then
        // the hook screen's own `general`).
        configuredBlocker = creation.pluginModel.isFlowBlocker || (creation.screenModel?.general["is_flow_blocker"]?.boolValue ?? false)
        if let initialise = definition.initialise {
            let results = try initialise.call(.table(instance))
            if case .boolean(false)? = results.first { return nil }
        }
    }

    /// Read when asked (the manager asks when the hook completes): `done`'s fourth argument,
    /// else `self.isFlowBlocker` as it is now (a boolean, or a function called with `self`),
    /// else the configured default.
    var isFlowBlocker: Bool {
        get throws {
            if let finishedBlocker { return finishedBlocker }
            switch instance["isFlowBlocker"] {
            case .boolean(let b): return b
            case .function(let f): return try f.call(.table(instance)).first?.isTruthy ?? false
            default: return configuredBlocker
            }
        }
    }

    func requestScreenPluginPresentation(completion: @escaping (Bool) -> Void) throws {
        guard let request = definition.requestPresentation else { return completion(true) }
        _ = try request.call(.table(instance), .function(answer("allow", completion)))
    }

    func reccuringPostLaunchHook(completion: @escaping (Bool) -> Void) throws {
        switch definition.table["recurring"] {
        case .boolean(let b): completion(b)
        case .function(let f): _ = try f.call(.table(instance), .function(answer("answer", completion)))
        default: completion(false)
        }
    }

    /// A Lua callback taking one boolean.
    private func answer(_ name: String, _ completion: @escaping (Bool) -> Void) -> LuaFunction {
        instance.state.function(name) { args in
            guard case .boolean(let value) = args[1] else {
                throw args.argumentError(1, "boolean expected, got \(args[1].typeName)")
            }
            completion(value)
            return []
        }
    }

    func executeHook(presentationIndex: Int, dataDict: JSONObject?, completion: @escaping HookCompletion) throws {
        try execute(presentationIndex: presentationIndex, data: dataDict.map { KeptJSON(.object($0)) }) { succeed, error, data in
            completion(succeed, error, data.map(\.object))
        }
    }

    /// `executeHook` as the manager calls it: the dataDict kept as the last Lua hook's `done` read
    /// it (`KeptJSON`: pushed as fresh tables straight from the walk's nodes, its `JSONValue` read
    /// only when Swift needs it), and `done`'s data given back the same way.
    func execute(presentationIndex: Int, data dataDict: KeptJSON?, completion: @escaping (Bool, String?, KeptJSON?) -> Void) throws {
        let execute = definition.execute
        let retain = definition.retain
        let done: (LuaArguments) throws -> [LuaValue] = { [weak self] args in
            guard case .boolean(let succeed) = args[1] else {
                throw args.argumentError(1, "boolean expected, got \(args[1].typeName)")
            }
            var message: String?
            switch args[2] {
            case .nil: break
            case .string(let s): message = s.string
            default: throw args.argumentError(2, "string or nil expected, got \(args[2].typeName)")
            }
            var data: KeptJSON?
            if args.isTable(3) {
                // The `json.encode` walk (its checks and messages), kept as its nodes: a copy no
                // later change to the table reaches.
                let kept: KeptJSON
                do throws(LuaJSONError) { kept = try args.keptJSON(3) } catch {
                    throw args.argumentError(3, error.message)
                }
                try retain(kept.estimatedSize)   // the navigation state and the transcript keep it
                if kept.isObject {
                    data = kept
                } else if kept.isEmptyArray {
                    data = KeptJSON(.object([:]))
                } else {
                    throw args.argumentError(3, "a table with string keys expected")
                }
            } else if case let other = args[3], !other.isNil {
                throw args.argumentError(3, "table or nil expected, got \(other.typeName)")
            }
            switch args[4] {
            case .nil: break
            case .boolean(let blocker): self?.finishedBlocker = blocker
            default: throw args.argumentError(4, "boolean or nil expected, got \(args[4].typeName)")
            }
            completion(succeed, message, data)
            return []
        }
        // The arguments pushed for the call (no references): the results are not read.
        try execute.call(pushing: 4, results: 0) { arguments in
            arguments.push(instance)
            if let dataDict { try arguments.push(dataDict) } else { arguments.push(.nil) }
            arguments.pushFunction("done", done)
            arguments.push(Int64(presentationIndex))
        }
    }

    func hookPluginDidDisappear(screen: ScreenModel) throws {
        guard let disappear = definition.didDisappear else { return }
        _ = try disappear.call(.table(instance))
    }
}

/// The last model of one kind as a jansson tree: each instance still gets fresh tables,
/// pushed from the kept tree instead of a tree built from the model each time (a third of a
/// hook's cost in B10). Rebuilt when the model changes (`hooks.loadPlugins`, `hooks.loadScreens`).
final class ModelTree<Model: Equatable> {
    private var model: Model?
    private var cached: JanssonTree?
    private let json: (Model) -> JSONValue

    init(_ json: @escaping (Model) -> JSONValue) { self.json = json }

    func tree(for model: Model) throws -> JanssonTree {
        if let cached, self.model == model { return cached }
        let tree = try JanssonTree(json(model))
        (self.model, cached) = (model, tree)
        return tree
    }
}

/// The screen models' trees by screen id, for the host screen (one push per navigation) and
/// hook screens' own screens. Bounded: past 64 ids (screens replaced by new rivers), it starts over.
final class ScreenModelTrees {
    private var trees: [String: ModelTree<ScreenModel>] = [:]

    func tree(for screen: ScreenModel) throws -> JanssonTree {
        if let kept = trees[screen.id] { return try kept.tree(for: screen) }
        if trees.count >= 64 { trees.removeAll() }
        let made = ModelTree<ScreenModel>(\.json)
        trees[screen.id] = made
        return try made.tree(for: screen)
    }
}
