import Testing
import TestSupport
@testable import LuaRuntime

/// Issue 20, item 3: a Swift function that calls back into Lua, called again from that callback,
/// recursed through Swift frames until the thread's stack ended. Every entry from Swift into Lua
/// counts one level of `LuaNesting`; past its limit the entry fails at once with one message.
@Suite struct LuaNestingTests {
    /// `again(f)` calls `f` from Swift: `f` calling `again` again nests one level each time.
    static func state(limit: Int = LuaNesting.defaultLimit) throws -> LuaState {
        let lua = try LuaState()
        lua.nesting = LuaNesting(limit: limit)
        lua.globals["again"] = .function(lua.function("again") { args in try args.function(1).call() })
        return lua
    }

    @Test func recursionThroughSwiftStopsAtTheLimitWithOneMessage() throws {
        let lua = try Self.state()
        defer { lua.close() }
        let r = try lua.run("""
            local depth, message = 0, nil
            local function f()
              depth = depth + 1
              local ok, e = pcall(again, f)
              if not ok and message == nil then message = e end
            end
            again(f)
            return depth, message
            """)
        // The chunk is level 1; each `again` adds one: the last call refused is the 64th level.
        #expect(r[0].integerValue == Int64(LuaNesting.defaultLimit - 1))
        #expect(r[1].stringValue?.contains("too many nested calls (more than 64 levels of callbacks") == true, "\(r[1])")
        #expect(lua.nesting.depth == 0)
        // The state is usable afterwards, and a shallow callback still runs.
        #expect(try lua.run("local n = 0 again(function() n = n + 1 end) return n")[0].integerValue == 1)
    }

    /// Without `pcall` the error unwinds every level to the outermost call.
    @Test func theErrorUnwindsEveryLevel() throws {
        let lua = try Self.state(limit: 10)
        defer { lua.close() }
        let error = #expect(throws: LuaError.self) {
            try lua.run("local function f() again(f) end again(f)")
        }
        #expect(error?.message.contains("too many nested calls (more than 10 levels") == true, "\(String(describing: error))")
        #expect(lua.nesting.depth == 0)
    }

    /// One bound shared by two states: recursion that hops between states (an engine's states
    /// over relaunches) is bounded too.
    @Test func aSharedBoundCountsEveryState() throws {
        let a = try Self.state(limit: 8), b = try Self.state(limit: 8)
        defer { a.close(); b.close() }
        b.nesting = a.nesting
        let inA = try a.load("toB()", name: "=a"), inB = try b.load("toA()", name: "=b")
        a.globals["toB"] = .function(a.function("toB") { _ in try inB.call() })
        b.globals["toA"] = .function(b.function("toA") { _ in try inA.call() })
        let error = #expect(throws: LuaError.self) { try a.run("toB()") }
        #expect(error?.message.contains("more than 8 levels") == true, "\(String(describing: error))")
        #expect(a.nesting.depth == 0)
    }
}
