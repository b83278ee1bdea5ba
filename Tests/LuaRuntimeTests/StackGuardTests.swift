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

    /// Many results fill the stack to the top of its frame: referencing each table result pushes
    /// it and `luaL_ref` pushes once more, past that top without a `lua_checkstack` (Lua's API
    /// check aborts there: `scripts/test-apicheck` runs this suite against it).
    @Test(arguments: [25, 300, 5000])
    func manyTableResultsAreReferencedWithRoomOnTheStack(count: Int) throws {
        let lua = try LuaState()
        defer { lua.close() }
        let top = lua_gettop(lua.activeL)
        let results = try lua.run("local t = {} for i = 1, \(count) do t[i] = {i} end return table.unpack(t)")
        #expect(results.count == count)
        #expect(results.last?.tableValue?[1].integerValue == Int64(count))
        let yielding = try #require(try lua.run("""
            return function() local t = {} for i = 1, \(count) do t[i] = function() return i end end
              coroutine.yield(table.unpack(t)) return table.unpack(t) end
            """)[0].functionValue)
        let co = lua.newThread(yielding)
        for expected in ["yielded", "returned"] {
            let values: [LuaValue]
            switch try co.resume() {
            case .yielded(let v): values = v; #expect(expected == "yielded")
            case .returned(let v): values = v; #expect(expected == "returned")
            }
            #expect(values.count == count && values.allSatisfy { $0.functionValue != nil })
        }
        #expect(lua_gettop(lua.activeL) == top)
    }
}
