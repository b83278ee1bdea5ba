import CLua
import JSON
@_spi(RawLua) import LuaRuntime
import Testing

/// `LuaPusher.push(json:)` and `push(_: JanssonTree)` (call arguments and fields pushed without
/// references): the rules, errors and memory cap of `luaValue`.
extension LuaValueBoundsTests {
    @Test func pushedJSONHasLuaValuesRulesAndBounds() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 2 << 20))
        lua.installJSONModule()
        let top = lua_gettop(lua.rawState)
        let f = try #require(try lua.run("""
            local json = require "json"
            return function(a, b) return json.encode(a), json.encode(b), a.n == json.null, getmetatable(a.e) == getmetatable(json.array{}), a == b end
            """).first?.functionValue)
        let value: JSONValue = ["n": .null, "e": .array([]), "o": .object([:]), "i": 1, "d": 1.5, "s": "é", "nested": ["a": [1, [2]]]]
        let tree = try JanssonTree(value)
        let results = try f.call(pushing: 2) { arguments in
            try arguments.push(json: value)
            try arguments.push(tree)
        }
        let viaLuaValue = try f.call(try lua.luaValue(value), try lua.luaValue(tree))
        #expect(results.map(\.description) == viaLuaValue.map(\.description))
        #expect(results[2].boolValue == true && results[3].boolValue == true && results[4].boolValue == false)
        // Too big for the cap: the same memory error as `luaValue`, nothing called, the stack as it was.
        let big = JSONValue.array(Array(repeating: .string(String(repeating: "x", count: 1000)), count: 5000))
        let bigTree = try JanssonTree(big)
        for push in [{ (p: inout LuaPusher) throws in try p.push(json: big) }, { (p: inout LuaPusher) throws in try p.push(bigTree) }] {
            let error = #expect(throws: LuaError.self) { try f.call(pushing: 2) { try push(&$0) } }
            guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
            #expect(lua_gettop(lua.rawState) == top)
        }
        let viaLuaValue2 = #expect(throws: LuaError.self) { try lua.luaValue(big) }
        guard case .memory? = viaLuaValue2 else { Issue.record("\(String(describing: viaLuaValue2))"); return }
        #expect(try lua.run("return 'usable'").first?.stringValue == "usable")
    }
}
