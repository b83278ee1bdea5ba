import JSON
import LuaRuntime
import OrderedCollections

/// The data source written in Lua: `flowx.dataSource{...}` callbacks, `flowx.onEvent`
/// listeners and `flowx.component` providers. Every call into Lua is a protected call; errors
/// reach the renderer, which records them.
final class LuaDataSource: DataSource {
    /// `{validate=, collect=, errorReceivedForAction=, dismissRequested=, newProcessStarted=,
    /// customLoader=, viewForStepperHeader=}`.
    var callbacks: LuaTable?
    var listeners: [LuaFunction] = []
    var components: [String: LuaTable] = [:]
    /// Methods every component's `self` gets (`runAction`, `runUploadAction`), set by the module.
    var componentFunctions: [String: LuaValue] = [:]
    /// Records an error of a callback that cannot throw (`validate`).
    var onError: ((any Error, String) -> Void)?
    /// The theme's appearance (`light`/`dark`) each new component's `self.appearance` gets.
    var appearance: () -> String = { ThemeAppearance.light.rawValue }

    private func callback(_ name: String) -> LuaFunction? { callbacks?[name].functionValue }

    func validate(validatorName: String, value: String, params: [String]?) -> Bool? {
        guard let function = callback("validate") else { return nil }
        let state = function.state
        do {
            let result = try function.call(.string(LuaString(validatorName)), .string(LuaString(value)),
                                           .table(state.newArray((params ?? []).map { .string(LuaString($0)) }))).first ?? .nil
            switch result {
            case .nil: return nil
            case .boolean(let b): return b
            default: throw ValidatorError.wrongResult(validator: validatorName, got: result.typeName)
            }
        } catch {
            onError?(error, "flowx: dataSource.validate")
            return false
        }
    }

    func collect(event: AnalyticsEvent) throws {
        let functions = listeners + (callback("collect").map { [$0] } ?? [])
        for function in functions {
            try function.call(try function.state.luaValue(.object(event.json)))
        }
    }

    func component(for identifier: String) throws -> (any CustomComponent)? {
        guard let methods = components[identifier] else { return nil }
        let component = try LuaCustomComponent(identifier: identifier, methods: methods)
        for (name, function) in componentFunctions { component.instance[name] = function }
        component.instance["appearance"] = .string(LuaString(appearance()))
        return component
    }

    func errorReceivedForAction(_ name: String) throws {
        try callback("errorReceivedForAction")?.call(.string(LuaString(name)))
    }

    func dismissRequested(process: String) throws {
        try callback("dismissRequested")?.call(.string(LuaString(process)))
    }

    func newProcessStarted(uuid: String) throws {
        try callback("newProcessStarted")?.call(.string(LuaString(uuid)))
    }

    func customLoader(type: CustomLoaderType) throws -> HeadlessView? {
        guard let function = callback("customLoader") else { return nil }
        return try LuaDataSource.view(function.call(try function.state.luaValue(type.json)).first ?? .nil, state: function.state,
                                      defaultId: "loader", what: "customLoader")
    }

    func viewForStepperHeader(stepViewModel: StepViewModel) throws -> HeadlessView? {
        guard let function = callback("viewForStepperHeader") else { return nil }
        return try LuaDataSource.view(function.call(try function.state.luaValue(stepViewModel.json)).first ?? .nil,
                                      state: function.state, defaultId: "stepperHeader", what: "viewForStepperHeader")
    }

    /// A view table (`{id = "...", text = ...}`) as a headless view; nil for nil.
    static func view(_ value: LuaValue, state: LuaState, defaultId: String, what: String) throws -> HeadlessView? {
        switch value {
        case .nil, .boolean(false): return nil
        case .table:
            var properties = try object(value, state: state, what: what)
            let id = properties.removeValue(forKey: "id")?.stringValue ?? defaultId
            return HeadlessView(id: id, properties: properties)
        default:
            throw LuaError.callback(message: "flowx: \(what) must return a view table or nil, got \(value.typeName)")
        }
    }

    /// A Lua table as a JSON object (an empty table is an empty object).
    static func object(_ value: LuaValue, state: LuaState, what: String) throws -> JSONObject {
        let json: JSONValue
        do { json = try state.jsonValue(value) } catch { throw LuaError.callback(message: "flowx: \(what): \(error.message)") }
        switch json {
        case .object(let o): return o
        case .array(let a) where a.isEmpty: return [:]
        default: throw LuaError.callback(message: "flowx: \(what) must give a table with string keys, got \(json.typeName)")
        }
    }
}

/// A custom component written in Lua: `flowx.component(identifier, {populateUI=, updateUI=,
/// saveData=, validate=})`. Each shown component gets its own `self` table (`identifier`,
/// `data`, `actions`) whose missing keys fall back to the methods table.
final class LuaCustomComponent: CustomComponent {
    let identifier: String
    let instance: LuaTable
    let state: LuaState

    init(identifier: String, methods: LuaTable) throws {
        self.identifier = identifier
        state = methods.state
        instance = state.newTable()
        instance["identifier"] = .string(LuaString(identifier))
        let meta = state.newTable()
        meta["__index"] = .table(methods)
        instance.metatable = meta
    }

    private func call(_ name: String, _ arguments: [LuaValue] = []) throws -> LuaValue? {
        guard case .function(let f) = try instance.get(.string(LuaString(name))) else { return nil }
        return try f.call(arguments: [.table(instance)] + arguments).first ?? .nil
    }

    func titleForScreen() throws -> String? {
        guard let result = try call("titleForScreen"), !result.isNil else { return nil }
        guard case .string(let title) = result else {
            throw LuaError.callback(message: "flowx: \(identifier).titleForScreen must return a string or nil, got \(result.typeName)")
        }
        return title.string
    }

    func populateUI(data: JSONValue, actions: [String]) throws -> JSONObject {
        let luaData = try state.luaValue(data)
        instance["data"] = luaData
        instance["actions"] = .table(state.newArray(actions.map { .string(LuaString($0)) }))
        guard let result = try call("populateUI", [luaData, instance["actions"]]), !result.isNil else { return [:] }
        return try LuaDataSource.object(result, state: state, what: "\(identifier).populateUI")
    }

    func updateUI(data: JSONValue) throws -> JSONObject {
        let luaData = try state.luaValue(data)
        instance["data"] = luaData
        guard let result = try call("updateUI", [luaData]), !result.isNil else { return [:] }
        return try LuaDataSource.object(result, state: state, what: "\(identifier).updateUI")
    }

    func saveData() throws -> JSONObject {
        guard let result = try call("saveData"), !result.isNil else { return [:] }
        return try LuaDataSource.object(result, state: state, what: "\(identifier).saveData")
    }

    func validate() throws -> Bool {
        guard let result = try call("validate") else { return true }
        guard case .boolean(let b) = result else {
            throw LuaError.callback(message: "flowx: \(identifier).validate must return a boolean, got \(result.typeName)")
        }
        return b
    }
}
