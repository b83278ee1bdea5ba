import CLua
import CLuaSupport

/// Values pushed straight onto the Lua stack: a call's arguments (`LuaFunction.call(pushing:_:)`)
/// or a new table's fields (`LuaTable.copy(extraCapacity:fields:)`). Nothing is converted to a
/// `LuaValue` array and no registry reference is taken for what is pushed here (a table or a
/// function made for the call lives on the stack only, then wherever Lua keeps it).
///
/// Room: at most `limit` values (checked by the caller with `lua_checkstack`); a push past it
/// is a programming error. As `call(_:)` and the table setters push their values (and unlike
/// a Swift function's results), strings are not checked against the memory cap first: the
/// values pushed here come from Swift, which charged them when it took them.
public struct LuaPusher {
    public let state: LuaState
    let L: OpaquePointer
    let limit: Int32
    /// Values pushed so far.
    public private(set) var count: Int32 = 0

    init(state: LuaState, L: OpaquePointer, limit: Int32) {
        self.state = state
        self.L = L
        self.limit = limit
    }

    private mutating func reserve() {
        precondition(count < limit, "LuaPusher: more values pushed than room was made for")
        count += 1
    }

    public mutating func push(_ value: LuaValue) {
        reserve()
        state.push(value, on: L)
    }

    /// Pushes a Swift string without an intermediate byte array.
    public mutating func push(_ string: String) {
        reserve()
        state.push(string, on: L)
    }

    public mutating func push(_ integer: Int64) {
        reserve()
        lua_pushinteger(L, lua_Integer(integer))
    }

    public mutating func push(_ table: LuaTable) {
        precondition(table.state === state, "a Lua reference was used with another state")
        reserve()
        table.push(on: L)
    }

    /// A new array of strings (`{s1, s2, ...}`, no mark), made here.
    public mutating func push(strings: [String]) {
        reserve()
        lua_createtable(L, Int32(clamping: strings.count), 0)
        for (i, string) in strings.enumerated() {
            state.push(string, on: L)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// A new Swift function (as `LuaState.function(_:_:)`), pushed without a `LuaFunction` or a
    /// registry reference: Lua owns it (its `__gc` releases `body`).
    public mutating func pushFunction(_ name: String, _ body: @escaping (LuaArguments) throws -> [LuaValue]) {
        reserve()
        SwiftFunctionBox(name: name, returning: body).push(on: L)
    }

    /// For pushers of other modules (JSON): the raw thread and one slot taken for a value they push.
    @_spi(RawLua) public var rawState: OpaquePointer { L }
    @_spi(RawLua) public mutating func reserveSlot() { reserve() }
}

extension LuaFunction {
    /// Calls the function with at most `arguments` values pushed by `body` (no `LuaValue` array,
    /// no references for them), under a protected call with a traceback handler, as `call(_:)`.
    /// `results`: how many results to read (nil: all; 0 drops them unread). An error thrown by
    /// `body` leaves the stack as it was and is rethrown; the function is not called.
    @discardableResult
    public func call(pushing arguments: Int, results: Int? = nil, _ body: (inout LuaPusher) throws -> Void) throws -> [LuaValue] {
        try withCall(pushing: arguments, results: results, body) { L, first, count in
            var values: [LuaValue] = []
            values.reserveCapacity(Int(count))
            for i in 0..<count { values.append(state.value(at: first + i, on: L)) }
            return values
        }
    }

    /// `call(pushing:_:)` giving its first result only (nil when it returned none), without an array.
    public func callFirst(pushing arguments: Int, _ body: (inout LuaPusher) throws -> Void) throws -> LuaValue? {
        try withCall(pushing: arguments, results: nil, body) { L, first, count -> LuaValue? in
            guard count > 0 else { return .none }   // not `nil`: that literal is `LuaValue.nil`
            return state.value(at: first, on: L)
        }
    }

    private func withCall<R>(pushing arguments: Int, results: Int?, _ body: (inout LuaPusher) throws -> Void,
                             read: (OpaquePointer, Int32, Int32) -> R) throws -> R {
        guard !state.isClosed else { throw LuaError.closed }
        try state.nesting.enter()
        defer { state.nesting.leave() }
        let stack = StackGuard(state.activeL)
        defer { stack.restore() }
        let L = stack.L
        try state.ensureStack(Int32(clamping: arguments) + 3, on: L)
        push(on: L)
        var pusher = LuaPusher(state: state, L: L, limit: Int32(clamping: arguments))
        try body(&pusher)
        let status = ctl_pcall(L, pusher.count, results.map { Int32(clamping: $0) } ?? LUA_MULTRET)
        if status != LUA_OK { throw state.popError(status: status, on: L) }
        try state.ensureStack(3, on: L)   // reading table results references them (luaL_ref pushes)
        return read(L, stack.top + 1, lua_gettop(L) - stack.top)
    }
}

extension LuaTable {
    /// `copy(extraCapacity:)` with fields set by `body` while the copy is on the stack: each is
    /// pushed by one `LuaPusher` call (a value, a string, a new function...) and stored raw under
    /// its key, with no reference taken for it. An error thrown by `body` drops the copy.
    public func copy(extraCapacity: Int, fields body: (inout LuaFields) throws -> Void) throws -> LuaTable {
        guard !state.isClosed else { throw LuaError.closed }
        return try state.balanced { L in
            try state.ensureStack(6, on: L)
            pushCopy(extraCapacity: extraCapacity, on: L)
            var fields = LuaFields(pusher: LuaPusher(state: state, L: L, limit: .max), table: lua_gettop(L))
            try body(&fields)
            return LuaTable(state: state, index: -1, on: L)
        }
    }
}

/// The fields of a table being built on the stack (`LuaTable.copy(extraCapacity:fields:)`).
public struct LuaFields {
    var pusher: LuaPusher
    let table: Int32

    /// `t[key] = <what push pushed>` (raw). `push` must push exactly one value.
    public mutating func set(_ key: String, _ push: (inout LuaPusher) throws -> Void) throws {
        let L = pusher.L
        let before = lua_gettop(L)
        pusher.state.push(key, on: L)
        try push(&pusher)
        precondition(lua_gettop(L) == before + 2, "LuaFields.set: push exactly one value")
        lua_rawset(L, table)
    }

    public mutating func set(_ key: String, _ value: LuaValue) throws {
        try set(key) { $0.push(value) }
    }
}
