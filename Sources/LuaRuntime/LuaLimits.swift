/// Limits of one Lua state, applied per entry from Swift (see reliability.md).
public struct LuaLimits: Sendable, Equatable {
    /// Memory cap in bytes (nil: none). Default 64 MiB. Message: `not enough memory`.
    /// Hard for what scripts cause: Lua's allocator refuses past it while Lua runs, finalizers run
    /// with it armed, large results of Swift functions are checked before they are allocated, and
    /// the JSON bridge bounds jansson's trees and texts by what it has left.
    public var memory: Int?
    /// Instructions per entry from Swift (nil: none). Default 50 million.
    /// Once exceeded, the stop fires on every line and call so `pcall` cannot swallow it (and an
    /// `xpcall` message handler is skipped). Pattern-matching steps count as instructions, and
    /// `__gc` finalizers run under the same budget.
    public var instructions: Int?
    /// Wall-clock seconds per entry from Swift (nil: none). Message: `timeout`.
    public var timeout: Double?
    /// Bytes `print` may write over the state's life (nil: none). Message: `output limit exceeded`.
    public var output: Int?

    public init(memory: Int? = 64 << 20, instructions: Int? = 50_000_000, timeout: Double? = nil,
                output: Int? = 1 << 20) {
        self.memory = memory
        self.instructions = instructions
        self.timeout = timeout
        self.output = output
    }

    /// The defaults of engines and the runner.
    public static let standard = LuaLimits()
    /// No limits at all (plain Lua, as `ctlua run` without options).
    public static let none = LuaLimits(memory: nil, instructions: nil, timeout: nil, output: nil)
}

/// What scripts may reach (see reliability.md).
public enum SandboxPolicy: String, Sendable, CaseIterable {
    /// Allow-listed libraries, text chunks only, per-script `_ENV`, `require` limited to script roots.
    case strict
    /// Plain Lua with every library and C modules: for `ctlua run` and the REPL, by choice.
    case full
}
