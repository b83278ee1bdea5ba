import CLua
import CLuaSupport

extension LuaState {
    /// Makes room for `n` more slots or throws. Stack unchanged.
    func ensureStack(_ n: Int32, on L: OpaquePointer) throws(LuaError) {
        if lua_checkstack(L, n) == 0 { throw LuaError.limit(.memory, message: "stack overflow", traceback: nil) }
    }

    /// Pushes a value. Pushes 1. Never raises (allocation in a Swift frame cannot fail under the cap).
    func push(_ value: LuaValue, on L: OpaquePointer) {
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s):
            s.bytes.withUnsafeBufferPointer { buffer in
                _ = buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { lua_pushlstring(L, $0, buffer.count) }
                } ?? lua_pushstring(L, "")
            }
        case .table(let r as LuaReference), .function(let r as LuaReference), .userdata(let r as LuaReference),
            .thread(let r as LuaReference):
            precondition(r.state === self, "a Lua reference was used with another state")
            lua_rawgeti(L, ctl_registryindex(), lua_Integer(r.ref))
        case .lightUserdata(let p): lua_pushlightuserdata(L, p)
        }
    }

    /// Pushes a Swift string. Pushes 1.
    func push(_ string: String, on L: OpaquePointer) { Self.push(string, on: L) }

    /// Pushes a Swift string. Pushes 1. A native string's bytes are read in place (`withUTF8` on a
    /// copy would retain it, B1).
    static func push(_ string: String, on L: OpaquePointer) {
        let pushed: Void? = string.utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { _ = lua_pushlstring(L, "", 0); return }
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                _ = lua_pushlstring(L, $0, buffer.count)
            }
        }
        guard pushed == nil else { return }
        var s = string
        s.withUTF8 { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                _ = lua_pushlstring(L, $0, buffer.count)
            }
        }
    }

    /// Reads the value at `index` (references for tables, functions, userdata, threads). Stack unchanged.
    func value(at index: Int32, on L: OpaquePointer) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            return lua_isinteger(L, index) != 0 ? .integer(Int64(ctl_tointeger(L, index))) : .number(ctl_tonumber(L, index))
        case LUA_TSTRING: return .string(LuaString(bytes: bytes(at: index, on: L)))
        case LUA_TTABLE: return .table(LuaTable(state: self, index: index, on: L))
        case LUA_TFUNCTION: return .function(LuaFunction(state: self, index: index, on: L))
        case LUA_TUSERDATA: return .userdata(LuaUserdata(state: self, index: index, on: L))
        case LUA_TTHREAD: return .thread(LuaThread(state: self, index: index, on: L))
        case LUA_TLIGHTUSERDATA: return .lightUserdata(lua_touserdata(L, index))
        default: return .nil
        }
    }

    /// The bytes of the string at `index` (which must be a string: no number conversion). Stack unchanged.
    func bytes(at index: Int32, on L: OpaquePointer) -> [UInt8] {
        var length = 0
        guard let p = lua_tolstring(L, index, &length) else { return [] }
        return p.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The type name Lua's messages use for the value at `index` (`__name` for userdata, `no value`).
    func typeName(at index: Int32, on L: OpaquePointer) -> String {
        let type = lua_type(L, index)
        if type == LUA_TNONE { return "no value" }
        if type == LUA_TUSERDATA || type == LUA_TTABLE, lua_getmetatable(L, index) != 0 {
            defer { ctl_pop(L, 1) }
            lua_pushstring(L, "__name")
            if lua_rawget(L, -2) == LUA_TSTRING {
                defer { ctl_pop(L, 1) }
                return String(decoding: bytes(at: -1, on: L), as: UTF8.self)
            }
            ctl_pop(L, 1)
        }
        return String(cString: lua_typename(L, type))
    }

    /// Builds the `LuaError` for a failed status from the error value on top; pops it.
    ///
    /// The one mapping from Lua's outcome to `LuaError` (mlua's `pop_error`): by the status,
    /// then by which limit stopped the entry (`ctl_runtime.tripped`, set by the hook, the
    /// pattern-step counter or a binding limit such as output), then by the error object.
    /// Never by the message's text: a script's `error("not enough memory")` is a runtime error.
    /// `L` must be a normal thread (a dead coroutine's error is moved off it first).
    func popError(status: Int32, on L: OpaquePointer) -> LuaError {
        defer { ctl_pop(L, 1) }
        switch status {
        case LUA_ERRSYNTAX:
            let message = lua_type(L, -1) == LUA_TSTRING ? String(decoding: bytes(at: -1, on: L), as: UTF8.self) : "syntax error"
            return .syntax(message: message, isIncomplete: message.hasSuffix("<eof>"))
        case LUA_ERRMEM where isClosed || runtime.pointee.refused != 0:
            return .memory(message: "not enough memory")
        case LUA_ERRMEM:
            // Nothing was refused: a script's own error("not enough memory") (lua_error makes
            // that string a LUA_ERRMEM). A runtime error with that value, as the script raised it.
            // Lua runs no message handler for LUA_ERRMEM: there is no traceback.
            let message = "not enough memory"
            return .runtime(message: message, traceback: nil, value: .string(LuaString(message)))
        case LUA_ERRERR:
            return .errorHandler(message: lua_type(L, -1) == LUA_TSTRING
                ? String(decoding: bytes(at: -1, on: L), as: UTF8.self) : "error in error handling")
        default:
            let value = self.value(at: -1, on: L)
            let message = errorMessage(at: -1, on: L)
            ctl_lasttraceback(L)
            let traceback = lua_type(L, -1) == LUA_TSTRING ? String(decoding: bytes(at: -1, on: L), as: UTF8.self) : nil
            ctl_pop(L, 1)
            if let kind = trippedLimit {
                return .limit(kind, message: message, traceback: traceback)
            }
            return .runtime(message: message, traceback: traceback, value: value)
        }
    }

    /// The limit that stopped the current (or last) entry, if any.
    var trippedLimit: LuaLimitKind? {
        guard !isClosed else { return nil }
        switch UInt32(runtime.pointee.tripped) {
        case CTL_LIMIT_INSTRUCTIONS.rawValue: return .instructions
        case CTL_LIMIT_TIMEOUT.rawValue: return .timeout
        case CTL_LIMIT_INTERRUPTED.rawValue: return .interrupted
        case CTL_LIMIT_OUTPUT.rawValue: return .output
        case CTL_LIMIT_MEMORY.rawValue: return .memory
        default: return nil
        }
    }

    /// The text of an error value, as lua.c's handler makes it. Stack unchanged.
    func errorMessage(at index: Int32, on L: OpaquePointer) -> String {
        let index = lua_absindex(L, index)
        switch lua_type(L, index) {
        case LUA_TSTRING: return String(decoding: bytes(at: index, on: L), as: UTF8.self)
        case LUA_TNUMBER: return value(at: index, on: L).description
        default:
            if hasMetafield(at: index, "__tostring", on: L), ctl_ptostring(L, index) == LUA_OK {
                defer { ctl_pop(L, 1) }
                if lua_type(L, -1) == LUA_TSTRING { return String(decoding: bytes(at: -1, on: L), as: UTF8.self) }
            } else if hasMetafield(at: index, "__tostring", on: L) {
                ctl_pop(L, 1)   // the error of __tostring itself
            }
            return "(error object is a \(String(cString: lua_typename(L, lua_type(L, index)))) value)"
        }
    }

    /// Whether the value at `index` has a metatable field `name` (raw lookup). Stack unchanged.
    func hasMetafield(at index: Int32, _ name: String, on L: OpaquePointer) -> Bool {
        guard lua_getmetatable(L, index) != 0 else { return false }
        push(name, on: L)
        let found = lua_rawget(L, -2) != LUA_TNIL
        ctl_pop(L, 2)
        return found
    }

    /// Calls the value `function` with `arguments` under a protected call; returns every result.
    func call(_ function: LuaValue, _ arguments: [LuaValue]) throws(LuaError) -> [LuaValue] {
        guard !isClosed else { throw .closed }
        try nesting.enter()
        defer { nesting.leave() }
        let stack = StackGuard(activeL)
        defer { stack.restore() }
        let L = stack.L
        try ensureStack(Int32(arguments.count) + 3, on: L)
        push(function, on: L)
        for argument in arguments { push(argument, on: L) }
        let status = ctl_pcall(L, Int32(arguments.count), LUA_MULTRET)
        if status != LUA_OK { throw popError(status: status, on: L) }
        // Many results leave the stack full to its frame's top: reading a table or function
        // results pushes it again to reference it (`luaL_ref` pushes two).
        try ensureStack(3, on: L)
        let count = lua_gettop(L) - stack.top
        var results: [LuaValue] = []
        results.reserveCapacity(Int(count))
        for i in 0..<count { results.append(value(at: stack.top + 1 + i, on: L)) }
        return results
    }
}
