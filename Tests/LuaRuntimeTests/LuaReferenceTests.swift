import CLua
import Testing
@testable import LuaRuntime

/// `LuaTable`'s string subscript reads with the key pushed from the Swift string (B10: the
/// hooks' `isFlowBlocker` read): raw, the same values as a `LuaString` key, the stack balanced.
@Suite struct LuaReferenceTests {
    @Test func theStringSubscriptReadsRawAsALuaStringKeyDoes() throws {
        let lua = try LuaState()
        let top = lua_gettop(lua.activeL)
        let t = try #require(try lua.run("""
            return setmetatable({a = 1, ["é"] = "e", ["a\\0b"] = true, [""] = 0.5, f = print, [1] = "one"},
                                {__index = function() error("not raw") end})
            """).first?.tableValue)
        for key in ["a", "é", "a\0b", "", "f", "1", "missing", "__index"] {
            #expect(t[key].description == t[LuaValue.string(LuaString(key))].description, "\(key)")
        }
        #expect(t["a"].integerValue == 1 && t["a\0b"].boolValue == true && t["1"].isNil && t["missing"].isNil)
        #expect(lua_gettop(lua.activeL) == top)
        lua.close()
        #expect(t["a"].isNil)
    }
}
