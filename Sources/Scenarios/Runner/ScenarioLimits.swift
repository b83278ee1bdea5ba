import LuaRuntime

/// Limits applied to each scenario's engine (nil: the engine's default; 0 for memory or
/// instructions: no limit, as `ctlua test --max-memory 0` documents).
public struct ScenarioLimits: Sendable, Equatable {
    /// Bytes of Lua memory.
    public var maxMemory: Int?
    /// Lua instructions per entry from Swift.
    public var maxInstructions: Int?
    /// Wall-clock seconds per entry from Swift.
    public var timeout: Double?

    public init(maxMemory: Int? = nil, maxInstructions: Int? = nil, timeout: Double? = nil) {
        self.maxMemory = maxMemory
        self.maxInstructions = maxInstructions
        self.timeout = timeout
    }

    /// The engine's standard limits with these overrides.
    public var luaLimits: LuaLimits {
        var limits = LuaLimits.standard
        if let maxMemory { limits.memory = maxMemory > 0 ? maxMemory : nil }
        if let maxInstructions { limits.instructions = maxInstructions > 0 ? maxInstructions : nil }
        if let timeout { limits.timeout = timeout }
        return limits
    }
}
