import CLua
@testable import JSON
@_spi(RawLua) import LuaRuntime
import Testing

/// `KeptJSON`: a Lua value read by the `json.encode` walk and kept as its nodes, pushed back as
/// fresh tables without a `JSONValue`. Against `jsonValue` and `push(json:)`: the same values,
/// errors, sizes and tables (each table's `next` order, marks, `json.null`, integer/float).
@Suite struct KeptJSONTests {
    /// Lua values to keep (random and hand-made: marks, null, -0.0, NUL in keys, non-ASCII keys).
    static let values = """
        local json = require "json"
        local seed = 4242
        local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
        local keys = {"a", "b", "Z", "aa", "a\\1", "", "key with space", "10", "a.b", "_x1", "zz", "m", "é", "ключ"}
        local function gen(depth, ascii)
          local k = rnd(depth > 3 and 8 or 12)
          if k == 0 then return rnd(2) == 1
          elseif k == 1 then return rnd(1000000) - 500000
          elseif k == 2 then return ({-0.0, 0.0, 1e308, 2^53, math.mininteger, math.maxinteger, 2^63, 1.5, 3.0})[rnd(9) + 1]
          elseif k == 3 then return ({"", "x", "a\\0b", "ünï", "😀", string.rep("s", 700)})[rnd(6) + 1]
          elseif k == 4 then return json.null
          elseif k == 5 then return {}
          elseif k == 6 then return json.object{}
          elseif k == 7 then return json.array{}
          elseif k <= 9 then
            local t = {}
            for i = 1, rnd(6) + 1 do t[i] = gen(depth + 1, ascii) end
            return rnd(3) == 0 and json.array(t) or t
          else
            local t = {}
            for _ = 1, rnd(12) + 1 do t[keys[rnd(ascii and 12 or #keys) + 1]] = gen(depth + 1, ascii) end
            return rnd(3) == 0 and json.object(t) or t
          end
        end
        local out = {}
        for i = 1, 150 do out[i] = gen(0, i <= 120) end
        local wide = {}
        for i = 1, 300 do wide["k" .. (i * 7919 % 1000)] = i end
        out[#out + 1] = wide
        return table.unpack(out)
        """

    /// A Lua function describing a value exactly: each table's pairs in `next` order, its mark,
    /// integer or float, and `json.null`.
    static let describe = """
        local json = require "json"
        local function d(v)
          if v == json.null then return "null" end
          if type(v) == "number" then return math.type(v) .. ":" .. string.format("%q", v) end
          if type(v) ~= "table" then return type(v) .. ":" .. string.format("%q", v) end
          local mt = getmetatable(v)
          local parts = {mt and mt.__jsontype or "plain", "{"}
          for k, x in next, v do parts[#parts + 1] = string.format("%q", k) .. "=" .. d(x) .. "," end
          return table.concat(parts) .. "}"
        end
        return d
        """

    private func keep(_ lua: LuaState, _ value: LuaValue) throws -> KeptJSON {
        var kept: Result<KeptJSON, LuaJSONError>?
        let f = lua.function("keep") { args in
            kept = Result { () throws(LuaJSONError) in try args.keptJSON(1) }
            return []
        }
        _ = try f.call(value)
        return try #require(kept).get()
    }

    @Test func keptValuesReadSizeAndPushAsTheirJSONValuesDo() throws {
        let lua = try LuaState(limits: .standard)
        lua.installJSONModule()
        let values = try lua.run(Self.values)
        let describe = try #require(try lua.run(Self.describe).first?.functionValue)
        #expect(values.count == 151)
        for (index, value) in values.enumerated() {
            let kept = try keep(lua, value)
            let json = try lua.jsonValue(value)
            #expect(kept.estimatedSize == json.estimatedSize, "value \(index + 1)")
            #expect(kept.value == json, "value \(index + 1)")
            let fromKept = try describe.call(pushing: 1) { try $0.push(kept) }
            let fromJSON = try describe.call(pushing: 1) { try $0.push(json: json) }
            #expect(fromKept.first?.stringValue == fromJSON.first?.stringValue, "value \(index + 1)")
        }
        // Read before and after pushing: the same value; a key that is not ASCII keeps the value.
        let kept = try keep(lua, values[149])
        let json = try lua.jsonValue(values[149])
        _ = try describe.call(pushing: 1) { try $0.push(kept) }
        #expect(kept.value == json)
    }

    @Test func eachPushIsAFreshCopyOfWhatWasReadThen() throws {
        let lua = try LuaState(limits: .standard)
        lua.installJSONModule()
        let t = try #require(try lua.run("return {x = 'early', list = {1, 2}, nested = {deep = {1}}}").first)
        let kept = try keep(lua, t)
        _ = try lua.load("local t = ...; t.x = 'late'; t.list[1] = 99; t.nested.deep[1] = 7").call(t)
        let f = try #require(try lua.run("""
            return function(a, b)
              local same = a == b or a.list == b.list or a.nested == b.nested
              a.x = "changed"; a.list[1] = 5
              return same, b.x, b.list[1], b.nested.deep[1]
            end
            """).first?.functionValue)
        let results = try f.call(pushing: 2) { arguments in
            try arguments.push(kept)
            try arguments.push(kept)
        }
        #expect(results.map(\.description) == ["false", "early", "1", "1"])
        let again = try f.call(pushing: 2) { arguments in
            try arguments.push(kept)
            try arguments.push(kept)
        }
        #expect(again.map(\.description) == ["false", "early", "1", "1"])
    }

    @Test func hostileValuesFailAsJSONValueFails() throws {
        let lua = try LuaState(limits: .standard)
        lua.installJSONModule()
        let values = try lua.run("""
            local cycle = {}; cycle.self = cycle
            local deep = {}; local t = deep; for _ = 1, 600 do t.x = {}; t = t.x end
            local withMeta = setmetatable({a = 1}, {__index = function() error("no") end, __pairs = function() error("no") end})
            return cycle, {f = print}, {[true] = 1}, {x = 0/0}, {s = "\\xff"}, deep, {1, nil, 3}, withMeta,
              {[1.5] = 1}, {co = coroutine.create(print)}
            """)
        for (index, value) in values.enumerated() {
            let expected = Result { () throws(LuaJSONError) in try lua.jsonValue(value) }
            var got: Result<KeptJSON, LuaJSONError>?
            _ = try lua.function("keep") { args in
                got = Result { () throws(LuaJSONError) in try args.keptJSON(1) }
                return []
            }.call(value)
            switch (expected, try #require(got)) {
            case (.failure(let a), .failure(let b)): #expect(a == b, "value \(index + 1)")
            case (.success(let a), .success(let b)): #expect(a == b.value, "value \(index + 1)")
            case (let a, let b): Issue.record("value \(index + 1): \(a) vs \(b)")
            }
        }
        #expect(try lua.run("return 'usable'").first?.stringValue == "usable")
    }

    @Test func aPushOverTheMemoryCapFailsAsPushJSONDoes() throws {
        let big = try LuaState(limits: .standard)
        big.installJSONModule()
        let value = try #require(try big.run("local t = {} for i = 1, 3000 do t['k' .. i] = string.rep('x', 1000) .. i end return t").first)
        let kept = try keep(big, value)
        let lua = try LuaState(limits: LuaLimits(memory: 2 << 20))
        lua.installJSONModule()
        let top = lua_gettop(lua.rawState)
        let f = try #require(try lua.run("return function(a) return a end").first?.functionValue)
        let error = #expect(throws: LuaError.self) { try f.call(pushing: 1) { try $0.push(kept) } }
        guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lua_gettop(lua.rawState) == top)
        #expect(try lua.run("return 'usable'").first?.stringValue == "usable")
        // A kept value outlives the state it was read from. (The failed push left up to the cap in
        // garbage, and a callback that ends over the cap fails: collect it first, or the check
        // below depends on how many bytes the failed push happened to leave free.)
        big.close()
        try lua.run("collectgarbage()")
        #expect(try f.call(pushing: 1) { try $0.push(try keep(lua, "x")) }.first?.stringValue == "x")
        #expect(kept.estimatedSize > 3_000_000)
    }

    /// Whatever bytes a failed push happens to leave free under the cap (they depend on the Lua
    /// build: Debian's longer `package.path` shifts them by 116), the state stays usable: caps
    /// around 2 MiB, a byte apart over one string's size.
    @Test func aPushOverTheMemoryCapLeavesTheStateUsableAtEveryCap() throws {
        let big = try LuaState(limits: .standard)
        big.installJSONModule()
        let value = try #require(try big.run("local t = {} for i = 1, 3000 do t['k' .. i] = string.rep('x', 1000) .. i end return t").first)
        let kept = try keep(big, value)
        var failed: [String] = []
        for cap in stride(from: (2 << 20) - 1200, through: (2 << 20) + 1200, by: 8) {
            let lua = try LuaState(limits: LuaLimits(memory: cap))
            lua.installJSONModule()
            let f = try #require(try lua.run("return function(a) return a end").first?.functionValue)
            do {
                _ = try f.call(pushing: 1) { try $0.push(kept) }
                failed.append("\(cap): the push fitted")
            } catch LuaError.memory {
            } catch { failed.append("\(cap): \(error)") }
            do {
                if try lua.run("return 'usable'").first?.stringValue != "usable" { failed.append("\(cap): no result") }
            } catch { failed.append("\(cap): \(error) (used \(lua.memoryUsed))") }
        }
        #expect(failed.isEmpty, "\(failed.count) caps: \(failed.prefix(5))")
    }
}
