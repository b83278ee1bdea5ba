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

/// `luaValue(copyOf:)` and `LuaPusher.push(copyOf:)`: a deep copy of a table `luaValue` made is
/// what `luaValue` of the same JSON gives, fresh at every depth.
@Suite struct LuaValueCopyTests {
    @Test(arguments: [
        JSONValue.object([:]), .array([]),
        ["n": .null, "e": .array([]), "o": .object([:]), "i": 1, "d": -0.0, "s": "é\u{0}x", "t": true, "f": false,
         "nested": ["a": [1, [2, ["deep": .array([.null, .object([:])])]]], "b": .array(Array(repeating: 7, count: 40))]],
        .array((0..<100).map { .object(["k\($0)": .integer(Int64($0)), "list": [.integer(Int64($0))]]) }),
    ])
    func aCopyIsTheSameValueAndFreshAtEveryDepth(value: JSONValue) throws {
        let lua = try LuaState()
        lua.installJSONModule()
        let top = lua_gettop(lua.rawState)
        let prototype = try #require(try lua.luaValue(value).tableValue)
        let copy = try lua.luaValue(copyOf: prototype)
        let pushed = try #require(try lua.run("""
            local json = require "json"
            return function(a, b)
              local function same(x, y, depth)
                if type(x) ~= "table" then return x == y end
                if x == y or getmetatable(x) ~= getmetatable(y) or #x ~= #y then return false end
                for k, v in pairs(x) do if not same(v, y[k], depth + 1) then return false end end
                for k in pairs(y) do if x[k] == nil then return false end end
                return true
              end
              -- change every table of the copy: the prototype must not see it
              local function scribble(t) for k, v in pairs(t) do if type(v) == "table" then scribble(v) end end t.scribbled = true end
              local ok = same(a, b, 0)
              scribble(b)
              return ok, json.encode(a)
            end
            """).first?.functionValue)
        let viaPusher = try pushed.call(pushing: 2) { arguments in
            arguments.push(prototype)
            try arguments.push(copyOf: prototype)
        }
        #expect(viaPusher.first?.boolValue == true)
        let viaValue = try pushed.call(.table(prototype), copy)
        #expect(viaValue.first?.boolValue == true)
        // The prototype is untouched by both scribbles: it still converts to the value.
        #expect(try lua.jsonValue(.table(prototype)) == lua.jsonValue(try lua.luaValue(value)))
        #expect(lua_gettop(lua.rawState) == top)
    }

    @Test func aCopyTooBigForTheCapIsAMemoryErrorAndTheStackStaysBalanced() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 3 << 20))
        let prototype = try #require(try lua.luaValue(.array((0..<8_000).map { .object(["k": .integer(Int64($0))]) })).tableValue)
        let top = lua_gettop(lua.rawState)
        var copies: [LuaValue] = []
        let error = #expect(throws: LuaError.self) { for _ in 0..<100 { copies.append(try lua.luaValue(copyOf: prototype)) } }
        guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lua_gettop(lua.rawState) == top)
        let f = try #require(try lua.run("return function(t) return #t end").first?.functionValue)
        let pushError = #expect(throws: LuaError.self) { try f.call(pushing: 1) { try $0.push(copyOf: prototype) } }
        guard case .memory? = pushError else { Issue.record("\(String(describing: pushError))"); return }
        #expect(lua_gettop(lua.rawState) == top)
        copies.removeAll()
        _ = try lua.run("collectgarbage()")
        #expect(try f.call(pushing: 1) { try $0.push(copyOf: prototype) }.first?.integerValue == 8_000)
        #expect(lua_gettop(lua.rawState) == top)
    }
}
