import Foundation
@testable import JSON
@_spi(RawLua) import LuaRuntime
import Testing

/// `LuaState.jsonValue` walks the Lua value to a tape read straight into a `JSONValue`; it
/// replaced a jansson tree converted afterwards. Both paths run here over generated and hostile
/// values: the same values (key order, integer vs double, -0.0 bits) and the same errors.
@Suite struct JSONTapeReaderTests {
    /// Both conversions of each value the chunk returns (as a list), compared.
    private func expectBothPathsAgree(
        _ chunk: String, limits: LuaLimits = .standard, maxDepth: Int = 512, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [Result<JSONValue, LuaJSONError>] {
        let lua = try LuaState(limits: limits)
        lua.installJSONModule()
        let values = try lua.run(chunk)
        var results: [Result<JSONValue, LuaJSONError>] = []
        for (index, value) in values.enumerated() {
            let direct = Result { () throws(LuaJSONError) in try lua.jsonValue(value, maxDepth: maxDepth) }
            let jansson = Result { () throws(LuaJSONError) in try lua.jsonValueThroughJansson(value, maxDepth: maxDepth) }
            switch (direct, jansson) {
            case (.success(let a), .success(let b)):
                #expect(identical(a, b), "value \(index + 1): \(a) vs \(b)", sourceLocation: sourceLocation)
            case (.failure(let a), .failure(let b)):
                #expect(a == b, "value \(index + 1)", sourceLocation: sourceLocation)
            default:
                Issue.record("value \(index + 1): \(direct) vs \(jansson)", sourceLocation: sourceLocation)
            }
            results.append(direct)
        }
        return results
    }

    /// Equal including key order, the integer/double split and the sign of zero.
    private func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(identical)
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && zip(x, y).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && identical($0.value, $1.value) }
        default: return a == b
        }
    }

    private func messages(_ results: [Result<JSONValue, LuaJSONError>]) -> [String?] {
        results.map { if case .failure(let e) = $0 { return e.message } else { return nil } }
    }

    @Test func generatedValuesConvertTheSameBothWays() throws {
        // 400 random values: scalars, arrays, objects, marks, json.null, floats, unicode keys.
        let results = try expectBothPathsAgree("""
            local json = require "json"
            local seed = 12345
            local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
            local keys = {"a", "b", "Z", "é", "e\\u{301}", "\\u{e9}", "", "key with space", "ключ", "😀", "10", "a.b", "_x1"}
            local function gen(depth)
              local k = rnd(depth > 4 and 9 or 13)
              if k == 0 then return nil elseif k == 1 then return rnd(2) == 1
              elseif k == 2 then return rnd(1000000) - 500000
              elseif k == 3 then return (rnd(2000) - 1000) / 7
              elseif k == 4 then return ({-0.0, 0.0, 1e308, -1e-308, 2^53, math.mininteger, math.maxinteger, 1.5})[rnd(8) + 1]
              elseif k == 5 then return ({"", "x", "a\\0b", "ünï", "😀", string.rep("s", 700)})[rnd(6) + 1]
              elseif k == 6 then return json.null
              elseif k == 7 then return keys[rnd(#keys) + 1]
              elseif k == 8 then return {}
              elseif k <= 10 then
                local t = {}
                for i = 1, rnd(8) do t[i] = gen(depth + 1); if t[i] == nil then t[i] = json.null end end
                return rnd(3) == 0 and json.array(t) or t
              else
                local t = {}
                for _ = 1, rnd(8) do t[keys[rnd(#keys) + 1]] = gen(depth + 1) end
                return rnd(3) == 0 and json.object(t) or t
              end
            end
            local out = {}
            for i = 1, 400 do out[i] = gen(0) end
            return table.unpack(out, 1, 400)
            """)
        #expect(results.count == 400)
        #expect(results.allSatisfy { if case .success = $0 { true } else { false } })
    }

    @Test func hostileValuesFailTheSameBothWays() throws {
        let results = try expectBothPathsAgree(#"""
            local json = require "json"
            local cycle = {a = {}}; cycle.a.back = cycle
            local acycle = {1, 2}; acycle[3] = acycle
            local deep = {}; local t = deep; for _ = 1, 600 do t.n = {}; t = t.n end
            local deeparr = {}; t = deeparr; for _ = 1, 513 do t[1] = {}; t = t[1] end
            local shared = {1}; local dag = {x = shared, y = shared, z = {shared}}
            local meta = setmetatable({}, {__index = function() return 1 end, __pairs = function() error("pairs") end})
            local metaful = setmetatable({a = 1, b = {2}}, {__index = {hidden = true}, __len = function() return 99 end})
            local proxied = setmetatable({1, 2, 3}, {__index = function(_, k) return k end})
            return
              cycle, acycle, deep, deeparr, dag, meta, metaful, proxied,
              {1, 2, nil, 4}, {[0] = 1}, {[-1] = 2, [1] = 3}, {[2] = 1}, {1, x = 2},
              {[1.5] = 1}, {[true] = 1}, {[{}] = 1}, {[print] = 1},
              0/0, 1/0, -1/0, {x = {0/0}}, {y = {z = -1/0}},
              "\xff", {k = "\xc3"}, {["\xff"] = 1}, {["a\0b"] = 1}, {["ok"] = {["nul\0"] = 2}},
              print, coroutine.create(print), io and io.stdout or newproxy and newproxy() or print,
              json.array({a = 1}), json.object({1}), json.array({}), json.object({}),
              {["a"] = {["b c"] = {["d\"e\\f\1"] = {0/0}}}}, {[1] = {[1] = {[2] = 0}}},
              -0.0, {-0.0, 0.0}, math.mininteger, 2^63, {["é"] = 1, ["e\u{301}"] = 2}, nil, json.null
            """#)
        let got = messages(results)
        #expect(got[0] == "json: cannot encode a cycle at $.a.back")
        #expect(got[2]?.hasPrefix("json: too deep (max 512) at $.n.n.n") == true)   // the path cut at 255 bytes
        #expect(got[4] == nil && got[5] == nil && got[6] == nil && got[7] == nil)
        #expect(got[8] == "json: cannot encode sparse array at $")
        #expect(got[17] == "json: cannot encode NaN at $")
        #expect(got[25] == "json: cannot encode an object key containing NUL at $[\"a\\u0000b\"]")
        #expect(got[30] == "json: cannot encode string key in array at $")
        #expect(got.compactMap { $0 }.count >= 25)
    }

    @Test func depthBoundsAgreeAtAndAroundTheLimit() throws {
        for maxDepth in [1, 2, 3, 16, 17, 33, 2000, 5000] {
            _ = try expectBothPathsAgree("""
                local function nest(n) local t = {}; local r = t; for _ = 1, n - 1 do t[1] = {}; t = t[1] end; return r end
                return nest(1), nest(2), nest(3), nest(16), nest(17), nest(18), nest(33), nest(1999), nest(2000), nest(2001)
                """, maxDepth: maxDepth)
        }
    }

    @Test func hugeAndSparseArraysAndBigStringsAgree() throws {
        let results = try expectBothPathsAgree("""
            local big = {}; for i = 1, 100000 do big[i] = i % 3 == 0 and tostring(i) or i * 0.5 end
            local sparse = {}; for i = 1, 1000 do sparse[i] = i end; sparse[500] = nil
            local wide = {}; for i = 1, 20000 do wide["k" .. i] = i end
            local long = {string.rep("x", 300000), string.rep("é", 50000)}
            local huge = {}; huge[1] = 1; huge[2^40] = 2
            return big, sparse, wide, long, huge
            """)
        #expect(messages(results) == [nil, "json: cannot encode sparse array at $", nil, nil, "json: cannot encode sparse array at $"])
        #expect(results[2].map { $0.objectValue?.count } == .success(20000))
    }

    @Test func theMemoryBudgetStopsARunawayTableAtTheSameBound() throws {
        // Under a 4 MB cap: a table whose tree would need more than the cap allows fails with the
        // same message both ways (the same budget charged per node), a smaller one passes.
        let results = try expectBothPathsAgree("""
            local t = {}; for i = 1, 20000 do t[i] = {i, "v" .. i} end
            local y = string.rep("y", 30000); local s = {}; for i = 1, 100 do s[i] = y end
            local ok = {}; for i = 1, 100 do ok[i] = i end
            return t, s, ok
            """, limits: LuaLimits(memory: 4 << 20))
        let got = messages(results)
        #expect(got[0]?.hasPrefix("json: not enough memory at $[") == true)
        #expect(got[1]?.hasPrefix("json: not enough memory at $[") == true)
        #expect(got[2] == nil)
    }

    @Test func smallObjectsAndTheInlineBuffersBoundsAgree() throws {
        // Objects of no or one member take their own path in the reader; the tape starts in
        // stack buffers of 42 nodes and 512 string bytes: values at and just past both bounds.
        let results = try expectBothPathsAgree(#"""
            local json = require "json"
            local function nodes(n) local t = {}; for i = 1, n - 1 do t[i] = i end; return t end
            return
              {from = "menu"}, {}, json.object({}), {[""] = 1}, {["é"] = {["e\u{301}"] = {x = {}}}},
              {a = {b = {c = json.null}}}, {{k = 1}, {k = {}}, json.object({})}, {one = {1, 2, 3}},
              {k = 0/0}, {["\xff"] = 1}, {bad = {print}}, {k = -0.0},
              nodes(41), nodes(42), nodes(43), nodes(200),
              {s = string.rep("b", 511)}, {s = string.rep("b", 512)}, {s = string.rep("b", 513)},
              string.rep("z", 512), string.rep("z", 513), 7, "x", true, json.null
            """#)
        let got = messages(results)
        #expect(try results[0].get() == .object(["from": .string("menu")]))
        #expect(try results[1].get() == .object([:]))
        #expect(try results[4].get().objectValue?.keys.elementsEqual(["é"]) == true)
        #expect(got[8] == "json: cannot encode NaN at $.k")
        #expect(got[9] == "json: invalid UTF-8 in object key at $")
        #expect(got[10] == "json: cannot encode function at $.bad[0]")
        #expect(got.enumerated().allSatisfy { $0.element == nil || [8, 9, 10].contains($0.offset) })
        #expect(try results[14].get().arrayValue?.count == 42)
    }
}
