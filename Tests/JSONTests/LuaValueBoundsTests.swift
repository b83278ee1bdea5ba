import CLua
import Foundation
import JSON
@_spi(RawLua) import LuaRuntime
import Testing

/// Issue 9, items 8 and 10: JSON pushed from Swift runs as a protected entry with the cap armed,
/// and a failure pops exactly what it pushed.
@Suite struct LuaValueBoundsTests {
    @Test func aValueTooBigForTheCapIsAMemoryErrorAndTheStackStaysBalanced() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 2 << 20))
        let big = JSONValue.array(Array(repeating: .string(String(repeating: "x", count: 1000)), count: 5000))
        let top = lua_gettop(lua.rawState)
        let error = #expect(throws: LuaError.self) { try lua.luaValue(big) }
        guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lua_gettop(lua.rawState) == top)
        #expect(lua.memoryPeak <= 2 << 20)
        let small = try lua.luaValue(.array([.integer(1), .string("two")]))
        #expect(small.tableValue?[2].stringValue == "two")
        #expect(lua_gettop(lua.rawState) == top)
    }
}
