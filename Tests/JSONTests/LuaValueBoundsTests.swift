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

/// `jsonValue` builds objects with sorted keys in one pass: the same value, key order included,
/// as the unsorted conversion sorted afterwards.
@Suite struct LuaJSONSortedKeysTests {
    @Test func objectsComeOutWithSortedKeysAtEveryDepth() throws {
        let lua = try LuaState()
        let table = try lua.run("""
            return {zeta = 1, alpha = {k = {3, {y = true, b = "x", ["é"] = 0, B = 1}}, a = 2}, Mid = "m", [""] = {}}
            """)[0]
        let value = try lua.jsonValue(table)
        #expect(value.objectValue.map { Array($0.keys) } == ["", "Mid", "alpha", "zeta"])
        #expect(value["alpha"]?.objectValue.map { Array($0.keys) } == ["a", "k"])
        #expect(value["alpha"]?["k"]?.arrayValue?[1].objectValue.map { Array($0.keys) } == ["B", "b", "y", "é"])
        #expect(value == value.sortingObjectKeys())
        try #require(JSONValue.decode(#"{"b": {"d": 1, "c": 2}, "a": [{"z": 0, "y": 1}]}"#).encoded() == #"{"b":{"d":1,"c":2},"a":[{"z":0,"y":1}]}"#)
    }
}
