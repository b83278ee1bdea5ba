import CLua
import CLuaSupport

extension LuaTable {
    /// A new table holding this table's pairs (a raw, shallow copy: no metamethods, the
    /// metatable not copied), sized for them plus `extraCapacity` more string keys.
    /// The pairs are moved on the Lua stack: no value is converted to Swift, no function or
    /// table is referenced from Swift on the way (what `pairs` and a subscript per pair cost).
    public func copy(extraCapacity: Int = 0) -> LuaTable {
        guard !state.isClosed else { return state.newTable() }
        return state.balanced { L in
            pushCopy(extraCapacity: extraCapacity, on: L)
            return LuaTable(state: state, index: -1, on: L)
        }
    }

    /// Pushes the copy (see `copy(extraCapacity:)`). Pushes 1; needs 4 free slots.
    func pushCopy(extraCapacity: Int, on L: OpaquePointer) {
        push(on: L)
        var count: Int32 = 0
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            count += 1
            lua_settop(L, -2)   // the value; the key stays for `lua_next`
        }
        lua_createtable(L, 0, count + Int32(max(0, min(extraCapacity, 1 << 16))))
        lua_pushnil(L)   // source at -3, copy at -2, key at -1
        while lua_next(L, -3) != 0 {
            lua_pushvalue(L, -2)   // key, value, key
            lua_rotate(L, -2, 1)   // key, key, value
            lua_rawset(L, -4)      // copy[key] = value; the key stays for `lua_next`
        }
        lua_rotate(L, -2, 1)   // the copy below the source
        lua_settop(L, -2)      // the source popped
    }

    /// Raw set by string key, the key pushed straight from the Swift string (no byte array).
    func rawSet(string key: String, _ value: LuaValue) {
        guard !state.isClosed else { return }
        state.balanced { L in
            push(on: L)
            state.push(key, on: L)
            state.push(value, on: L)
            lua_rawset(L, -3)
        }
    }
}
