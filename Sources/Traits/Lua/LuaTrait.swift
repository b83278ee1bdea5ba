import JSON
import LuaRuntime

/// A trait written in Lua (`traits.register{type = ..., decorateStep = ..., ...}`): one instance
/// per use in an experience, its capabilities given by the functions its definition has.
///
/// Each capability calls the definition's function with `self` (a table with `type`, `config`,
/// `level` and `metadata`, falling back to the definition) under a protected call. An error
/// raised with `traits.error{...}` becomes a ``TraitError``; any other Lua error is thrown as it
/// is (a `step.error` with its traceback).
final class LuaTrait: StepDecoratingTrait, ContainerCreatingTrait, ContainerDecoratingTrait, WrapperCreatingTrait,
    BackdropDecoratingTrait, PresentingTrait {
    let type: String
    let level: TraitLevel
    private let definition: LuaTable
    private let instance: LuaTable
    private let errorMeta: LuaTable
    private let provided: Set<TraitCapability>
    weak var metadataDelegate: TraitMetadataDelegate? {
        didSet { instance["metadata"] = metadataDelegate.map { instance.state.wrap($0) } ?? .nil }
    }

    init(type: String, level: TraitLevel, definition: LuaTable, instance: LuaTable, errorMeta: LuaTable) {
        self.type = type
        self.level = level
        self.definition = definition
        self.instance = instance
        self.errorMeta = errorMeta
        provided = LuaTrait.capabilities(of: definition)
    }

    /// The capabilities a definition provides: the functions it has.
    static func capabilities(of definition: LuaTable) -> Set<TraitCapability> {
        var result: Set<TraitCapability> = []
        func has(_ name: String) -> Bool { if case .function = definition[name] { return true } else { return false } }
        if has("decorateStep") { result.insert(.stepDecorating) }
        if has("createContainer") { result.insert(.containerCreating) }
        if has("decorateContainer") { result.insert(.containerDecorating) }
        if has("createWrapper") { result.insert(.wrapperCreating) }
        if has("decorateBackdrop") { result.insert(.backdropDecorating) }
        if has("present") { result.insert(.presenting) }
        return result
    }

    func adopts(_ capability: TraitCapability) -> Bool { provided.contains(capability) }

    /// The instance's `init`: false drops it. `why`: the second result when a string (the
    /// built-ins say which config member did not decode, whether they drop the instance or keep
    /// it with defaults).
    func initialize() throws -> (keep: Bool, why: String?) {
        guard case .function = definition["init"] else { return (true, nil) }
        let results = try call("init")
        var why: String?
        if results.count > 1, case .string(let text) = results[1] { why = text.string }
        if case .boolean(false)? = results.first { return (false, why) }
        return (true, why)
    }

    @discardableResult
    private func call(_ name: String, _ arguments: LuaValue...) throws -> [LuaValue] {
        guard case .function(let function) = definition[name] else { return [] }
        let result = Result { () throws(LuaError) -> [LuaValue] in try function.call(arguments: [.table(instance)] + arguments) }
        switch result {
        case .success(let values): return values
        case .failure(let error):
            if let traitError = traitError(error) { throw traitError }
            throw error
        }
    }

    /// The ``TraitError`` raised by `error(traits.error{...})`, or nil for any other error.
    private func traitError(_ error: LuaError) -> TraitError? {
        guard case .runtime(_, _, .table(let value)) = error, value.metatable?.identity == errorMeta.identity,
              case .string(let description) = value["description"] else { return nil }
        return TraitError(description: description.string, retryMilliseconds: value["retryMilliseconds"].integerValue.map { Int(clamping: $0) },
                          recoverable: value["recoverable"].boolValue ?? false)
    }

    private func view(_ view: TraitView) -> LuaValue { TraitBindings.wrap(view, in: instance.state) }

    /// A view a capability returned, or an error naming the function.
    private func returnedView(_ results: [LuaValue], _ name: String) throws -> TraitView? {
        switch results.first ?? .nil {
        case .nil: return nil
        case .userdata(let data):
            if let view = data.object(as: TraitView.self) { return view }
            fallthrough
        default:
            throw LuaError.callback(message: "trait \(type): \(name) must return a view (traits.view{...}), got \((results.first ?? .nil).typeName)")
        }
    }

    func decorate(stepView: TraitView) throws { try call("decorateStep", view(stepView)) }

    func createContainer(for stepViews: [TraitView], with pageMonitor: PageMonitor) throws -> TraitView {
        let state = instance.state
        let list = state.newArray(stepViews.map { view($0) })
        let results = try call("createContainer", .table(list), state.wrap(pageMonitor))
        guard let container = try returnedView(results, "createContainer") else {
            throw LuaError.callback(message: "trait \(type): createContainer must return a view (traits.view{...}), got nil")
        }
        return container
    }

    func decorate(container: TraitView) throws { try call("decorateContainer", view(container)) }
    func undecorate(container: TraitView) throws { try call("undecorateContainer", view(container)) }

    func createWrapper(around container: TraitView) throws -> TraitView {
        let results = try call("createWrapper", view(container))
        guard let wrapper = try returnedView(results, "createWrapper") else {
            throw LuaError.callback(message: "trait \(type): createWrapper must return a view (traits.view{...}), got nil")
        }
        return wrapper
    }

    func getBackdrop(for wrapper: TraitView) throws -> TraitView? {
        try returnedView(try call("getBackdrop", view(wrapper)), "getBackdrop")
    }

    func decorate(backdrop: TraitView) throws { try call("decorateBackdrop", view(backdrop)) }
    func undecorate(backdrop: TraitView) throws { try call("undecorateBackdrop", view(backdrop)) }

    func present(wrapper: TraitView, completion: @escaping () -> Void) throws {
        try call("present", view(wrapper), .function(doneFunction("present", completion)))
    }

    func remove(wrapper: TraitView, completion: @escaping () -> Void) {
        guard case .function = definition["remove"] else { return completion() }
        let once = LuaTrait.once(completion)
        do {
            try call("remove", view(wrapper), .function(doneFunction("remove", once)))
        } catch {
            // The SDK's remove cannot fail: the error is reported and the wrapper counts as removed.
            onRemoveError?(error)
            once()
        }
    }

    /// `completion`, running only the first time it is called.
    static func once(_ completion: @escaping () -> Void) -> () -> Void {
        var called = false
        return {
            guard !called else { return }
            called = true
            completion()
        }
    }

    /// Told of an error in `remove` (recorded as an `error` event).
    var onRemoveError: ((any Error) -> Void)?

    /// A `done` function that runs `completion` the first time it is called.
    private func doneFunction(_ name: String, _ completion: @escaping () -> Void) -> LuaFunction {
        let once = LuaTrait.once(completion)
        return instance.state.function("done") { _ in
            once()
            return []
        }
    }
}
