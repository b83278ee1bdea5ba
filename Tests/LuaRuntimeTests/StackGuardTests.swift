import CLua
import Testing
@testable import LuaRuntime

/// Every operation on a held Lua value runs under a ``StackGuard``: the stack is as it was
/// after it, whichever way it ended, and an operation that pops too much traps.
@Suite struct StackGuardTests {
    @Test func aGuardPopsWhatItsBodyLeft() throws {
        let lua = try LuaState()
        let L = lua.activeL
        lua_pushinteger(L, 1)
        let top = lua_gettop(L)
        let value = lua.balanced { L in
            lua_pushinteger(L, 2)
            lua_pushinteger(L, 3)
            return lua_tointegerx(L, -1, nil)
        }
        #expect(value == 3 && lua_gettop(L) == top)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try lua.balanced { L throws(Boom) in
                lua_pushnil(L)
                throw Boom()
            }
        }
        #expect(lua_gettop(L) == top)
        lua_settop(L, 0)
    }

    @Test func tableOperationsLeaveTheStackAsTheyFoundIt() throws {
        let lua = try LuaState()
        let L = lua.activeL
        let top = lua_gettop(L)
        let t = try #require(try lua.run("return setmetatable({1, 2, x = 3}, {__index = function(_, k) error('no ' .. k) end})")[0].tableValue)
        _ = t["x"]
        t["y"] = 4
        _ = t.count
        _ = t.pairs
        _ = t.metatable
        _ = t.identity
        #expect(throws: LuaError.self) { try t.get("missing") }
        #expect(try t.get("x").integerValue == 3)
        try t.set("z", 5)
        _ = lua.newTable()
        lua.register(Box.self, name: "Box") { $0.property("n") { _ in .integer(1) } }
        _ = lua.wrap(Box())
        #expect(lua_gettop(L) == top)
    }

    final class Box {}

    @Test func poppingMoreThanWasPushedTraps() async {
        await #expect(processExitsWith: .failure) {
            let lua = try LuaState()
            let L = lua.activeL
            lua_pushnil(L)
            lua_pushnil(L)
            lua.balanced { L in lua_settop(L, -2) }
        }
    }
}
