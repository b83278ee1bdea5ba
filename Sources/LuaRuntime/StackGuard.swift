import CLua
import CLuaSupport

/// The stack discipline at the C boundary, as mlua's `StackGuard`: an operation on a Lua stack
/// runs under a guard that remembers the top on entry and, on every way out (a return, a thrown
/// error), pops what the operation left, so no operation counts its own pops. An operation that
/// popped more than it pushed has eaten a caller's values: the guard traps, as that is a bug in
/// ctlua (never a script's doing) and going on would corrupt the state.
struct StackGuard {
    let L: OpaquePointer
    /// The top on entry.
    let top: Int32

    init(_ L: OpaquePointer) {
        self.L = L
        top = lua_gettop(L)
    }

    /// Pops back to the top on entry; traps when the stack is below it.
    func restore() {
        let now = lua_gettop(L)
        if now < top { fatalError("ctlua: Lua stack underflow: \(top - now) value(s) popped that the operation did not push") }
        if now > top { lua_settop(L, top) }
    }
}

extension LuaState {
    /// Runs `body` on the active thread's stack under a ``StackGuard``: what it leaves on the
    /// stack is popped, whichever way it ends.
    func balanced<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        let stack = StackGuard(activeL)
        defer { stack.restore() }
        return try body(stack.L)
    }
}
