import CLua
import CLuaSupport

/// Raw access for the JSON bridge (the only other module allowed `lua_*` calls).
extension LuaState {
    /// The thread running now. Use only with the helpers below and C walkers that never raise.
    @_spi(RawLua) public var rawState: OpaquePointer { activeL }

    /// Pushes `value` on the running thread. Pushes 1.
    @_spi(RawLua) public func rawPush(_ value: LuaValue) { push(value, on: activeL) }

    /// Pops the top value. Pops 1.
    @_spi(RawLua) public func rawPop() -> LuaValue {
        defer { ctl_pop(activeL, 1) }
        return value(at: -1, on: activeL)
    }

    /// Pops the top value without reading it. Pops 1.
    @_spi(RawLua) public func rawDrop() { ctl_pop(activeL, 1) }

    /// Pops the error value a failed protected call left on top and maps it (`popError`). Pops 1.
    @_spi(RawLua) public func rawPopError(status: Int32) -> LuaError {
        popError(status: status, on: activeL)
    }
}

extension LuaArguments {
    /// The thread the arguments are on: argument `i` is at stack index `i` (`1...count`).
    @_spi(RawLua) public var rawThread: OpaquePointer { L }
}
