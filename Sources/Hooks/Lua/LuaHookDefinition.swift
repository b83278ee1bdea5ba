import LuaRuntime

/// A checked `hooks.plugin{...}` table.
struct LuaHookDefinition {
    let table: LuaTable
    let identifier: String
    let isScreen: Bool?
    let execute: LuaFunction
    let initialise: LuaFunction?
    let requestPresentation: LuaFunction?
    let didDisappear: LuaFunction?
    /// Charges what a callback keeps in Swift (`done`'s data) to the engine's memory cap.
    let retain: (Int) throws -> Void

    /// Reads the definition; every problem is a Lua error naming the field.
    init(_ table: LuaTable, retain: @escaping (Int) throws -> Void = { _ in }) throws(LuaError) {
        func fail(_ message: String) -> LuaError { .callback(message: "hooks.plugin: \(message)") }
        func optionalFunction(_ key: String) throws(LuaError) -> LuaFunction? {
            switch table[key] {
            case .nil: return nil
            case .function(let f): return f
            case let other: throw fail("'\(key)' must be a function, got \(other.typeName)")
            }
        }
        guard case .string(let identifier) = table["identifier"], !identifier.bytes.isEmpty else {
            throw fail("'identifier' must be a non-empty string, got \(table["identifier"].typeName)")
        }
        guard case .function(let execute) = table["execute"] else {
            throw fail("'execute' must be a function, got \(table["execute"].typeName)")
        }
        switch table["screen"] {
        case .nil: isScreen = nil
        case .boolean(let b): isScreen = b
        case let other: throw fail("'screen' must be a boolean, got \(other.typeName)")
        }
        for key in ["isFlowBlocker", "recurring"] {
            switch table[key] {
            case .nil, .boolean, .function: break
            case let other: throw fail("'\(key)' must be a boolean or a function, got \(other.typeName)")
            }
        }
        self.table = table
        self.retain = retain
        self.identifier = identifier.string
        self.execute = execute
        initialise = try optionalFunction("init")
        requestPresentation = try optionalFunction("requestPresentation")
        didDisappear = try optionalFunction("didDisappear")
    }
}
