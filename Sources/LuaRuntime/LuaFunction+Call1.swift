import CLua
import CLuaSupport

extension LuaFunction {
    /// Calls the function with one argument and returns its first result (nil when none): the fast path.
    ///
    /// A nil, boolean or number argument and result cross in one C call (`ctl_call1`: the closed
    /// check, the nesting bound, the handler, the function, the argument, the counted entry and the
    /// result read there), as a kind and 64 bits in registers; any other argument or result goes
    /// through the stack. Inlinable (B2): in the caller, a known argument's switch and the read of
    /// the result fold away, and no `LuaValue` is built for them.
    @inlinable
    public func call1(_ argument: LuaValue) throws(LuaError) -> LuaValue {
        let kind: Int32
        let bits: Int64
        switch argument {
        case .integer(let i): kind = CTL_KINTEGER; bits = i
        case .number(let d): kind = CTL_KFLOAT; bits = Int64(bitPattern: d.bitPattern)
        case .boolean(let b): kind = CTL_KBOOLEAN; bits = b ? 1 : 0
        case .nil: kind = CTL_KNIL; bits = 0
        default: return try state.callOneValue(self, argument)
        }
        let r = ctl_call1(state.runtime, ref, kind, lua_Integer(bits))
        guard r.status == LUA_OK else { throw state.callOneError(r.status) }
        switch r.kind {
        case CTL_KINTEGER: return .integer(Int64(r.bits))
        case CTL_KFLOAT: return .number(Double(bitPattern: UInt64(bitPattern: Int64(r.bits))))
        case CTL_KBOOLEAN: return .boolean(r.bits != 0)
        case CTL_KNIL: return .nil
        default: return state.callOneResult()
        }
    }
}

extension LuaState {
    /// `call1`'s result that is not a scalar, left by `ctl_call1` above its handler. Pops 2.
    @usableFromInline
    func callOneResult() -> LuaValue {
        let L = activeL
        defer { ctl_pop(L, 2) }   // the result and the handler
        return value(at: -1, on: L)
    }

    /// The error of a `ctl_call1` that did not return LUA_OK (pops the handler and the error value).
    @usableFromInline
    func callOneError(_ status: Int32) -> LuaError {
        switch status {
        case CTL_CLOSED: return .closed
        case CTL_NESTED: return nesting.refusal
        case CTL_NOSTACK: return .limit(.memory, message: "stack overflow", traceback: nil)
        default:
            let L = activeL
            defer { ctl_pop(L, 1) }   // the handler
            return popError(status: status, on: L)
        }
    }

    /// `call1` for an argument that is not a scalar: pushed from Swift.
    @usableFromInline
    func callOneValue(_ function: LuaFunction, _ argument: LuaValue) throws(LuaError) -> LuaValue {
        guard !isClosed else { throw .closed }
        try nesting.enter()
        defer { nesting.leave() }
        let L = activeL
        let top = lua_gettop(L)
        try ensureStack(4, on: L)
        ctl_pushmsgh(L)   // below the function: nothing to rotate in or out
        function.push(on: L)
        push(argument, on: L)
        let status = ctl_pcallh(L, 1, 1, top + 1)
        defer { lua_settop(L, top) }
        if status != LUA_OK { throw popError(status: status, on: L) }
        return value(at: -1, on: L)
    }
}
