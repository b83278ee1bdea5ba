import CLua
import CLuaSupport

/// A Lua value held by Swift: a registry reference released in `deinit`.
public class LuaReference {
    /// The state the value lives in.
    public let state: LuaState
    @usableFromInline let ref: Int32

    /// Refs the value at `index` of `L`. Stack unchanged.
    init(state: LuaState, index: Int32, on L: OpaquePointer) {
        self.state = state
        let stack = StackGuard(L)
        defer { stack.restore() }
        lua_pushvalue(L, index)
        ref = luaL_ref(L, ctl_registryindex())
    }

    deinit {
        if !state.isClosing && !state.isClosed { luaL_unref(state.L, ctl_registryindex(), ref) }
    }

    /// Pushes the referenced value on `L`. Pushes 1.
    func push(on L: OpaquePointer) { lua_rawgeti(L, ctl_registryindex(), lua_Integer(ref)) }

    /// An address identifying the Lua object (`lua_topointer`): equal for the same table or function.
    public var identity: UnsafeRawPointer? {
        guard !state.isClosed else { return nil }
        return state.balanced { L in
            push(on: L)
            return lua_topointer(L, -1)
        }
    }
}

/// A Lua table.
public final class LuaTable: LuaReference {
    /// Raw access (no metamethods). Setting a nil or NaN key is ignored.
    public subscript(key: LuaValue) -> LuaValue {
        get { rawGet { L in state.push(key, on: L) } }
        set {
            guard !state.isClosed, !key.isNil else { return }
            if case .number(let d) = key, d.isNaN { return }
            state.balanced { L in
                push(on: L)
                state.push(key, on: L)
                state.push(newValue, on: L)
                lua_rawset(L, -3)
            }
        }
    }

    /// Raw access by string key (read with the key pushed from the Swift string: no `LuaString`).
    public subscript(key: String) -> LuaValue {
        get { rawGet { L in state.push(key, on: L) } }
        set { rawSet(string: key, newValue) }
    }

    /// The raw value at the key `pushKey` pushes (nil once the state is closed).
    @inline(__always)
    private func rawGet(_ pushKey: (OpaquePointer) -> Void) -> LuaValue {
        guard !state.isClosed else { return .nil }
        return state.balanced { L in
            push(on: L)
            pushKey(L)
            lua_rawget(L, -2)
            return state.value(at: -1, on: L)
        }
    }

    /// Raw access by integer key.
    public subscript(index: Int) -> LuaValue {
        get { self[.integer(Int64(index))] }
        set { self[.integer(Int64(index))] = newValue }
    }

    /// `t[key]` with metamethods, under a protected call.
    public func get(_ key: LuaValue) throws(LuaError) -> LuaValue {
        guard !state.isClosed else { throw .closed }
        return try state.balanced { L throws(LuaError) in
            push(on: L)
            state.push(key, on: L)
            let status = ctl_pgettable(L, -2)
            if status != LUA_OK { throw state.popError(status: status, on: L) }
            return state.value(at: -1, on: L)
        }
    }

    /// `t[key] = value` with metamethods, under a protected call.
    public func set(_ key: LuaValue, _ value: LuaValue) throws(LuaError) {
        guard !state.isClosed else { throw .closed }
        try state.balanced { L throws(LuaError) in
            push(on: L)
            state.push(key, on: L)
            state.push(value, on: L)
            let status = ctl_psettable(L, -3)
            if status != LUA_OK { throw state.popError(status: status, on: L) }
        }
    }

    /// The raw length (`rawlen`).
    public var count: Int {
        guard !state.isClosed else { return 0 }
        return state.balanced { L in
            push(on: L)
            return Int(lua_rawlen(L, -1))
        }
    }

    /// Elements 1...n (raw), up to the first nil.
    public var array: [LuaValue] {
        var result: [LuaValue] = []
        var i = 1
        while true {
            let v = self[i]
            if v.isNil { break }
            result.append(v)
            i += 1
        }
        return result
    }

    /// Every key/value pair (raw traversal, Lua's `next` order).
    public var pairs: [(key: LuaValue, value: LuaValue)] {
        guard !state.isClosed else { return [] }
        return state.balanced { L in
            var result: [(LuaValue, LuaValue)] = []
            push(on: L)
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                result.append((state.value(at: -2, on: L), state.value(at: -1, on: L)))
                lua_settop(L, -2)   // the value; the key stays for `lua_next`
            }
            return result
        }
    }

    /// A key as ``forEachKey(_:)`` sees it.
    enum Key {
        case name(String)
        case integer(Int64)
        /// Any other key: its type name and how `tostring` would show a number.
        case other(typeName: String)
    }

    /// Calls `body` with every key (raw traversal), reading no value and taking no reference: a
    /// check of the keys (``LuaTableShape``) costs nothing per value, whatever the values hold.
    func forEachKey(_ body: (Key) -> Void) {
        guard !state.isClosed else { return }
        state.balanced { L in
            push(on: L)
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                lua_settop(L, -2)   // the value; the key stays for `lua_next`
                switch lua_type(L, -1) {
                case LUA_TSTRING:
                    var length = 0
                    let bytes = lua_tolstring(L, -1, &length)!   // a string key: no conversion, the key stays valid
                    body(.name(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)))
                case LUA_TNUMBER where lua_isinteger(L, -1) != 0: body(.integer(lua_tointegerx(L, -1, nil)))
                default: body(.other(typeName: String(cString: lua_typename(L, lua_type(L, -1)))))
                }
            }
        }
    }

    /// The metatable, or nil.
    public var metatable: LuaTable? {
        get {
            guard !state.isClosed else { return nil }
            return state.balanced { L in
                push(on: L)
                guard lua_getmetatable(L, -1) != 0 else { return nil }
                return LuaTable(state: state, index: -1, on: L)
            }
        }
        set {
            guard !state.isClosed else { return }
            state.balanced { L in
                push(on: L)
                state.push(newValue.map { .table($0) } ?? .nil, on: L)
                lua_setmetatable(L, -2)
            }
        }
    }
}

/// A Lua function (Lua or C, Swift closures included).
public final class LuaFunction: LuaReference {
    /// Calls the function under a protected call with a traceback handler.
    @discardableResult
    public func call(_ arguments: LuaValue...) throws(LuaError) -> [LuaValue] {
        try state.call(.function(self), arguments)
    }

    /// Calls the function with an argument array.
    @discardableResult
    public func call(arguments: [LuaValue]) throws(LuaError) -> [LuaValue] {
        try state.call(.function(self), arguments)
    }
}

/// A full userdata (a Swift object exposed to Lua, or one made by a C module).
public final class LuaUserdata: LuaReference {
    /// The metatable, read raw (`lua_getmetatable`: no `__metatable` field and no script's
    /// `getmetatable` in the way, so no Lua code runs), or nil.
    public var metatable: LuaTable? {
        guard !state.isClosed else { return nil }
        return state.balanced { L in
            push(on: L)
            guard lua_getmetatable(L, -1) != 0 else { return nil }
            return LuaTable(state: state, index: -1, on: L)
        }
    }

    /// The Swift object inside, when it is a registered class of type `T`.
    public func object<T: AnyObject>(as type: T.Type) -> T? {
        guard !state.isClosed, let mt = state.classMetatables[ObjectIdentifier(type)] else { return nil }
        return state.balanced { L in
            push(on: L)
            guard let box = ctl_toobject(L, -1, mt) else { return nil }
            return Unmanaged<T>.fromOpaque(box).takeUnretainedValue()
        }
    }
}

extension LuaState {
    /// A registry reference the state itself owns (released by `lua_close`). Stack unchanged.
    func registryRef(_ value: LuaValue) -> Int32 {
        let stack = StackGuard(L)
        defer { stack.restore() }
        push(value, on: L)
        return luaL_ref(L, ctl_registryindex())
    }

    /// A `LuaTable` for the value at registry reference `ref`.
    func table(registryRef ref: Int32) -> LuaTable {
        balanced { L in
            lua_rawgeti(L, ctl_registryindex(), lua_Integer(ref))
            return LuaTable(state: self, index: -1, on: L)
        }
    }

    /// A `LuaFunction` for the value at registry reference `ref`.
    func function(registryRef ref: Int32) -> LuaFunction {
        balanced { L in
            lua_rawgeti(L, ctl_registryindex(), lua_Integer(ref))
            return LuaFunction(state: self, index: -1, on: L)
        }
    }
}
