import CLua
import CLuaSupport

/// The results of a Swift function, pushed straight onto the Lua stack (mlua's way: no arrays).
///
/// Valid only during the call it was made for (as the `LuaArguments`): it holds the running
/// thread, not the state, so making it retains nothing (B1).
public struct LuaResults {
    let L: OpaquePointer
    /// Results pushed so far.
    public private(set) var count: Int32 = 0
    var yields = false

    init(L: OpaquePointer) { self.L = L }

    /// The state (borrowed from the running thread: the call holds it).
    var state: LuaState { LuaState.owner(of: L) }

    /// Keeps a slot free before a push (a C function starts with LUA_MINSTACK = 20 free slots).
    private mutating func reserve() throws(LuaError) {
        if count >= 16, lua_checkstack(L, 1) == 0 {
            throw LuaError.limit(.memory, message: "too many results", traceback: nil)
        }
        count += 1
    }

    public mutating func push(_ value: LuaValue) throws(LuaError) {
        try reserve()
        if case .string(let s) = value { try LuaState.checkAllocation(s.bytes.count, on: L) }
        let L = L
        LuaState.borrowOwner(of: L) { $0.push(value, on: L) }
    }

    /// Pushes a Swift string without an intermediate byte array.
    public mutating func push(_ string: String) throws(LuaError) {
        try reserve()
        try LuaState.checkAllocation(string.utf8.count, on: L)
        LuaState.push(string, on: L)
    }

    public mutating func push(_ integer: Int64) throws(LuaError) {
        try reserve()
        lua_pushinteger(L, lua_Integer(integer))
    }

    public mutating func push(_ number: Double) throws(LuaError) {
        try reserve()
        lua_pushnumber(L, number)
    }

    public mutating func push(_ boolean: Bool) throws(LuaError) {
        try reserve()
        lua_pushboolean(L, boolean ? 1 : 0)
    }

    public mutating func pushNil() throws(LuaError) {
        try reserve()
        lua_pushnil(L)
    }

    /// Makes the function yield its pushed results instead of returning them.
    public mutating func yield() { yields = true }
}
