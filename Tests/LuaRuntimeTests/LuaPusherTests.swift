import CLua
import Testing
@testable import LuaRuntime

/// `LuaFunction.call(pushing:results:_:)` and `LuaTable.copy(extraCapacity:fields:)`: values pushed
/// straight onto the stack, with no references taken for them (B9's validators, B10's hooks).
@Suite struct LuaPusherTests {
    struct Refused: Error {}

    @Test func argumentsArriveInOrderAndResultsAreRead() throws {
        let lua = try LuaState()
        let top = lua_gettop(lua.activeL)
        let f = try #require(try lua.run("""
            return function(t, s, i, n, b, list, f)
              return type(t), t.k, s, math.type(i), i, n, b, #list, list[1], list[3], f(2)
            end
            """).first?.functionValue)
        let table = lua.newTable()
        table["k"] = .string("v")
        let results = try f.call(pushing: 7) { arguments in
            arguments.push(table)
            arguments.push("héllo")
            arguments.push(Int64(42))
            arguments.push(.number(0.5))
            arguments.push(.boolean(true))
            arguments.push(strings: ["a", "", "c"])
            arguments.pushFunction("twice") { args in [.integer((args[1].integerValue ?? 0) * 2)] }
        }
        #expect(results.map(\.description) == ["table", "v", "héllo", "integer", "42", "0.5", "true", "3", "a", "c", "4"])
        #expect(lua_gettop(lua.activeL) == top)
        // Fewer results when asked: none read, or exactly one.
        let none = try lua.run("return function() return 1, 2 end").first?.functionValue
        #expect(try none?.call(pushing: 0, results: 0) { _ in }.isEmpty == true)
        #expect(try none?.call(pushing: 0, results: 1) { _ in }.map(\.description) == ["1"])
        // callFirst: the first result, or none at all (not a nil value) when the function returned nothing.
        let values = try #require(try lua.run("return function(n) if n == 0 then return end if n == 1 then return nil end return n, 'more' end").first?.functionValue)
        #expect(try values.callFirst(pushing: 1) { $0.push(Int64(0)) } == nil)
        #expect(try values.callFirst(pushing: 1) { $0.push(Int64(1)) }.map { $0.isNil } == true)
        #expect(try values.callFirst(pushing: 1) { $0.push(Int64(2)) }?.integerValue == 2)
        #expect(lua_gettop(lua.activeL) == top)
    }

    @Test func anErrorThrownWhilePushingCallsNothingAndLeavesTheStackAlone() throws {
        let lua = try LuaState()
        let top = lua_gettop(lua.activeL)
        let made = try lua.run("local flag = {} return function() flag.called = true end, flag")
        let f = try #require(made.first?.functionValue), flag = try #require(made.last?.tableValue)
        #expect(throws: Refused.self) {
            try f.call(pushing: 3) { arguments in
                arguments.push(strings: ["x"])
                arguments.pushFunction("never") { _ in [] }
                throw Refused()
            }
        }
        #expect(lua_gettop(lua.activeL) == top)
        #expect(flag["called"].isNil)
        try f.call(pushing: 0) { _ in }
        #expect(flag["called"].boolValue == true)   // the check above could fail
        // The function made for the aborted call is not kept anywhere: collected with its closure.
        final class Token {}
        weak var token: Token?
        do {
            let t = Token()
            token = t
            _ = try? f.call(pushing: 1) { arguments in
                arguments.pushFunction("holds") { _ in withExtendedLifetime(t) {}; return [] }
                throw Refused()
            }
        }
        _ = try lua.run("collectgarbage() collectgarbage()")
        #expect(token == nil)
    }

    @Test func errorsAndLimitsInsideTheCalledFunction() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 8 << 20, instructions: 1_000_000))
        let top = lua_gettop(lua.activeL)
        let raises = try #require(try lua.run("return function(list) error('bad ' .. list[1]) end").first?.functionValue)
        let error = #expect(throws: LuaError.self) { try raises.call(pushing: 1) { $0.push(strings: ["value"]) } }
        #expect(error?.message.hasSuffix("bad value") == true)
        let spins = try #require(try lua.run("return function(done) while true do end end").first?.functionValue)
        let limit = #expect(throws: LuaError.self) { try spins.call(pushing: 1) { $0.pushFunction("done") { _ in [] } } }
        guard case .limit(.instructions, _, _)? = limit else { Issue.record("\(String(describing: limit))"); return }
        let grows = try #require(try lua.run("return function(t) for i = 1, 1e8 do t[i] = {i} end end").first?.functionValue)
        let memory = #expect(throws: LuaError.self) { try grows.call(pushing: 1) { $0.push(strings: []) } }
        guard case .memory? = memory else { Issue.record("\(String(describing: memory))"); return }
        #expect(lua_gettop(lua.activeL) == top)
        #expect(try lua.run("return 'usable'").first?.stringValue == "usable")
    }

    /// A pushed function is owned by Lua alone: calling it after the call returned works while Lua
    /// keeps it, and it is collected (its closure released) once Lua drops it. No registry leak
    /// over many calls.
    @Test func pushedFunctionsLiveAsLongAsLuaKeepsThem() throws {
        let lua = try LuaState()
        let made = try lua.run("local holder = {} return function(done) holder.kept = done end, holder")
        let keep = try #require(made.first?.functionValue), holder = try #require(made.last?.tableValue)
        var calls = 0
        try keep.call(pushing: 1) { $0.pushFunction("done") { _ in calls += 1; return [] } }
        _ = try lua.run("collectgarbage()")
        try holder["kept"].functionValue?.call()
        try holder["kept"].functionValue?.call()
        #expect(calls == 2)
        final class Token {}
        weak var token: Token?
        do {
            let t = Token()
            token = t
            try keep.call(pushing: 1) { $0.pushFunction("done") { _ in withExtendedLifetime(t) {}; return [] } }
        }
        _ = try lua.run("collectgarbage()")
        #expect(token != nil)   // `holder.kept` holds it
        holder["kept"] = .nil
        _ = try lua.run("collectgarbage() collectgarbage()")
        #expect(token == nil)
        let drop = try #require(try lua.run("return function(done, list) list[1] = done end").first?.functionValue)
        _ = try lua.run("collectgarbage()")
        let before = lua.memoryUsed
        for _ in 0..<2_000 { try drop.call(pushing: 2) { $0.pushFunction("done") { _ in [] }; $0.push(strings: ["a", "b"]) } }
        _ = try lua.run("collectgarbage() collectgarbage()")
        #expect(lua.memoryUsed < before + 16_384, "\(lua.memoryUsed - before) bytes kept after 2,000 calls")
    }

    @Test func stringArraysAreFreshPerCall() throws {
        let lua = try LuaState()
        let f = try #require(try lua.run("""
            local last
            return function(list) local same = list == last; last = list; list[1] = 'changed'; list.extra = true; return same end
            """).first?.functionValue)
        for _ in 0..<3 {
            let same = try f.call(pushing: 1) { $0.push(strings: ["one"]) }
            #expect(same.first?.boolValue == false)
        }
    }

    @Test func aCopyWithFieldsSetsThemRawOverTheSource() throws {
        let lua = try LuaState()
        let top = lua_gettop(lua.activeL)
        let source = try #require(try lua.run("""
            return setmetatable({a = 1, keep = 'k', dataSource = 'script'}, {__newindex = function() error('no') end})
            """).first?.tableValue)
        var calls = 0
        let copy = try source.copy(extraCapacity: 3) { fields in
            try fields.set("a", .integer(2))
            try fields.set("dataSource", .nil)   // nil removes the source's key, as a raw set does
            try fields.set("list") { $0.push(strings: ["x"]) }
            try fields.set("f") { $0.pushFunction("f") { _ in calls += 1; return [] } }
        }
        #expect(lua_gettop(lua.activeL) == top)
        #expect(copy.identity != source.identity)
        #expect(copy["a"].integerValue == 2 && copy["keep"].stringValue == "k" && copy["dataSource"].isNil)
        #expect(copy["list"].tableValue?[1].stringValue == "x")
        try copy["f"].functionValue?.call()
        #expect(calls == 1)
        #expect(source["a"].integerValue == 1 && source["dataSource"].stringValue == "script" && source["list"].isNil)
        // An error while setting drops the copy and leaves the stack alone.
        #expect(throws: Refused.self) {
            _ = try source.copy(extraCapacity: 1) { fields in
                try fields.set("a", .integer(3))
                try fields.set("b") { _ in throw Refused() }
            }
        }
        #expect(lua_gettop(lua.activeL) == top)
        #expect(source["a"].integerValue == 1 && source["b"].isNil)
    }
}
