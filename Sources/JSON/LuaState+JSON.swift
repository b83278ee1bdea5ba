import CJansson
import CLua
import CLuaSupport
@_spi(RawLua) import LuaRuntime

extension LuaState {
    /// Makes the `json` module available to `require "json"`.
    public func installJSONModule() {
        preload("json", cFunction: luaopen_ctlua_json)
        JSONModule.installOptionCheck(in: self)
    }

    /// Converts a Lua value to JSON with the `json.encode` rules (marks, `json.null`, paths in errors).
    ///
    /// A Lua table has no key order (its traversal order depends on the state's hash seed, so it
    /// differs from process to process): objects come out with sorted keys, the same everywhere.
    /// The C walk (`ctl_json_tape_from_lua`: the checks, limits and messages of `json.encode`)
    /// flattens the value to a tape, read here into the Swift value: no jansson tree between.
    public func jsonValue(_ value: LuaValue, maxDepth: Int = 512) throws(LuaJSONError) -> JSONValue {
        rawPush(value)
        defer { rawDrop() }
        return try Self.jsonValueOfTop(rawState, maxDepth: maxDepth)
    }

    /// The conversion of the value on top of `L`'s stack (left there).
    static func jsonValueOfTop(_ L: OpaquePointer, maxDepth: Int) throws(LuaJSONError) -> JSONValue {
        try withTapeOfTop(L, maxDepth: maxDepth) { tape in
            var reader = JSONTapeReader(tape: tape)
            return reader.value()
        }
    }

    /// `body` given the tape of the value on top of `L`'s stack (left there), valid during the call.
    @inline(__always)
    static func withTapeOfTop<R>(_ L: OpaquePointer, maxDepth: Int, _ body: (ctl_json_tape) -> R) throws(LuaJSONError) -> R {
        // The tape starts on the stack: 42 nodes (1,008 bytes: `withUnsafeTemporaryAllocation` takes
        // the heap above 1,024, a `posix_memalign` per call), then 512 string bytes and the 256-byte
        // message. The heap only past them. (Not an `InlineArray`: the package builds for macOS 13.)
        return try withUnsafeTemporaryAllocation(of: ctl_json_node.self, capacity: 42) { nodes throws(LuaJSONError) in
            try withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512 + 256) { buffer throws(LuaJSONError) in
                let bytes = buffer.baseAddress!, message = bytes + 512
                var tape = ctl_json_tape()
                ctl_json_tape_init(&tape, nodes.baseAddress, nodes.count, bytes, 512)
                defer { ctl_json_tape_free(&tape) }
                guard ctl_json_tape_from_lua(L, -1, Int32(maxDepth), &tape, message, 256) != 0 else {
                    throw LuaJSONError(message: String(cString: message))
                }
                return body(tape)
            }
        }
    }

    /// The conversion through a jansson tree that `jsonValue(_:maxDepth:)` replaced, kept to prove
    /// the two give the same values and errors (`LuaStateJSONTests`).
    func jsonValueThroughJansson(_ value: LuaValue, maxDepth: Int = 512) throws(LuaJSONError) -> JSONValue {
        rawPush(value)
        let L = rawState
        var buffer = [CChar](repeating: 0, count: 256)
        let json = ctl_json_from_lua_depth(L, -1, Int32(maxDepth), &buffer, buffer.count)
        rawDrop()
        guard let json else {
            let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw LuaJSONError(message: message)
        }
        defer { ctl_json_decref(json) }
        return JSONValue(jansson: json, sortingKeys: true)
    }

    /// Converts JSON to a Lua value with the `json.decode` rules (null is `json.null`, arrays/objects marked).
    /// Pushes under a protected call with the memory cap armed: a value too big for the cap is
    /// `LuaError.memory`; other failures (too deep) are `LuaJSONError`.
    public func luaValue(_ json: JSONValue) throws -> LuaValue {
        var status: Int32 = 0
        try json.withJansson { (pointer) throws(JSONError) -> Void in
            status = ctl_json_push_protected(rawState, pointer)
        }
        return try pushedJSON(status: status)
    }

    /// `luaValue(_:)` of the tree's value (fresh tables each time, the same rules and errors),
    /// without building the jansson tree again.
    public func luaValue(_ tree: JanssonTree) throws -> LuaValue {
        try pushedJSON(status: ctl_json_push_protected(rawState, tree.json))
    }

    /// The value `ctl_json_push_protected` pushed, or its error (the one value it pushed popped).
    private func pushedJSON(status: Int32) throws -> LuaValue {
        try checkPushedJSON(status: status)
        return rawPop()
    }

    /// Throws the error of `ctl_json_push_protected` (its one value popped); on success the
    /// value stays on the stack.
    func checkPushedJSON(status: Int32) throws {
        if status == CTL_JSON_NO_STACK { throw LuaError.limit(.memory, message: "stack overflow", traceback: nil) }
        if status != 0 {
            let error = rawPopError(status: status)   // pops exactly the one value pushed
            if case .runtime(let message, _, _) = error { throw LuaJSONError(message: message) }
            throw error
        }
    }
}

extension LuaPusher {
    /// Pushes `luaValue(json)` (the same rules, errors and memory cap) without a reference to it.
    public mutating func push(json: JSONValue) throws {
        let L = rawState
        var status: Int32 = 0
        try json.withJansson { (pointer) throws(JSONError) -> Void in
            status = ctl_json_push_protected(L, pointer)
        }
        try state.checkPushedJSON(status: status)
        reserveSlot()
    }

    /// Pushes `luaValue(tree)`: fresh tables from the kept tree, without a reference to them.
    public mutating func push(_ tree: JanssonTree) throws {
        try state.checkPushedJSON(status: ctl_json_push_protected(rawState, tree.json))
        reserveSlot()
    }
}

extension LuaArguments {
    /// `state.jsonValue(self[i])` read where the argument is: the same walk, values and errors,
    /// without making the argument a `LuaValue` first (for a table, a registry reference made
    /// and released per call). An argument past the end converts as `nil` does.
    public func jsonValue(_ i: Int, maxDepth: Int = 512) throws(LuaJSONError) -> JSONValue {
        let L = rawThread
        if i >= 1 && i <= count { lua_pushvalue(L, Int32(i)) } else { lua_pushnil(L) }
        defer { ctl_pop(L, 1) }
        return try LuaState.jsonValueOfTop(L, maxDepth: maxDepth)
    }

    /// True when argument `i` is a Lua string (numbers are not: `self[i]` would read `.string`).
    public func isString(_ i: Int) -> Bool { i >= 1 && i <= count && lua_type(rawThread, Int32(i)) == LUA_TSTRING }

    /// True when argument `i` is a Lua table (read without making it a `LuaValue`).
    public func isTable(_ i: Int) -> Bool { i >= 1 && i <= count && lua_type(rawThread, Int32(i)) == LUA_TTABLE }
}

/// A Lua value that cannot become JSON (or the reverse): `json: <reason> at <path>`.
public struct LuaJSONError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
