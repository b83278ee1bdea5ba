import CLua
import Testing
@testable import LuaRuntime

/// `LuaTable.copy` (the hook instances' `self`): a raw, shallow copy made on the Lua stack.
@Suite struct LuaTableCopyTests {
    @Test func copiesEveryPairRawAndShallow() throws {
        let lua = try LuaState()
        let top = lua_gettop(lua.activeL)
        let results = try lua.run("""
            local inner = {1}
            local t = setmetatable({a = 1, [2] = "two", [true] = inner, f = print, "one", n = 0.5},
                                   {__index = function() return "meta" end, __newindex = function() error("no") end})
            return t, inner
            """)
        guard let t = results.first?.tableValue, let inner = results.last?.tableValue else {
            Issue.record("no tables")
            return
        }
        let copy = t.copy(extraCapacity: 3)
        #expect(lua_gettop(lua.activeL) == top)
        #expect(copy.identity != t.identity)
        #expect(copy.metatable == nil)   // not copied: no __index, no __newindex
        #expect(copy.pairs.count == 6)
        #expect(describe(copy.pairs) == describe(t.pairs))
        #expect(copy[.boolean(true)].tableValue?.identity == inner.identity)   // shallow
        #expect(copy["f"].functionValue?.identity == t["f"].functionValue?.identity)
        #expect(copy["missing"].isNil)   // raw: the source's __index is not consulted
        // Setting into the copy leaves the source alone.
        copy["a"] = .integer(2)
        copy["extra"] = .string("x")
        #expect(t["a"].integerValue == 1 && t["extra"].isNil)
        #expect(copy["a"].integerValue == 2 && copy["extra"].stringValue == "x")
    }

    @Test func copiesAnEmptyTable() throws {
        let lua = try LuaState()
        let copy = lua.newTable().copy()
        #expect(copy.pairs.isEmpty)
        copy["k"] = .boolean(true)
        #expect(copy["k"].isTruthy)
    }

    /// The pairs as sorted text (tables and functions by kind only).
    private func describe(_ pairs: [(key: LuaValue, value: LuaValue)]) -> [String] {
        pairs.map { "\(text($0.key))=\(text($0.value))" }.sorted()
    }

    private func text(_ value: LuaValue) -> String {
        switch value {
        case .string(let s): return "s:" + s.string
        case .integer(let i): return "i:\(i)"
        case .number(let d): return "n:\(d)"
        case .boolean(let b): return "b:\(b)"
        default: return value.typeName
        }
    }
}
