import CLua
import Testing
@testable import LuaRuntime

/// `LuaFunction.call1`: a nil, boolean or number argument and result cross in one C call
/// (`ctl_call1`), any other value through the stack; both are one counted, protected entry.
@Suite struct LuaStateCallOneTests {
    @Test func everyScalarArgumentArrivesWithItsType() throws {
        let lua = try LuaState()
        let f = try lua.run("return function(x) return type(x) .. ':' .. tostring(math.type(x) or x) end")[0].functionValue!
        #expect(try f.call1(.nil).stringValue == "nil:nil")
        #expect(try f.call1(.boolean(true)).stringValue == "boolean:true")
        #expect(try f.call1(.boolean(false)).stringValue == "boolean:false")
        #expect(try f.call1(.integer(.min)).stringValue == "number:integer")
        #expect(try f.call1(.number(3)).stringValue == "number:float")
        let identity = try lua.run("return function(x) return x end")[0].functionValue!
        #expect(try identity.call1(.integer(.max)).integerValue == .max)
        #expect(try identity.call1(.integer(-7)).integerValue == -7)
        #expect(try identity.call1(.number(-0.0)).doubleValue?.sign == .minus)
        #expect(try identity.call1(.number(.nan)).doubleValue?.isNaN == true)
        #expect(try identity.call1(.number(1e308)).doubleValue == 1e308)
    }

    @Test func everyResultComesBackWithItsTypeAndTheStackBalanced() throws {
        let lua = try LuaState()
        let L = lua.activeL
        let top = lua_gettop(L)
        let f = try lua.run("""
            return function(k)
              if k == 1 then return end
              if k == 2 then return nil, 'ignored' end
              if k == 3 then return false end
              if k == 4 then return 3.0 end
              if k == 5 then return 3 end
              if k == 6 then return 'text' end
              if k == 7 then return {answer = 42} end
              if k == 8 then return function() return 'inner' end end
              return coroutine.create(function() end)
            end
            """)[0].functionValue!
        #expect(try f.call1(.integer(1)).isNil)
        #expect(try f.call1(.integer(2)).isNil)
        guard case .boolean(false) = try f.call1(.integer(3)) else { Issue.record("not false"); return }
        guard case .number(3) = try f.call1(.integer(4)) else { Issue.record("not the float 3.0"); return }
        guard case .integer(3) = try f.call1(.integer(5)) else { Issue.record("not the integer 3"); return }
        #expect(try f.call1(.integer(6)).stringValue == "text")
        #expect(try f.call1(.integer(7)).tableValue?["answer"].integerValue == 42)
        #expect(try f.call1(.integer(8)).functionValue?.call1(.nil).stringValue == "inner")
        guard case .thread = try f.call1(.integer(9)) else { Issue.record("not a thread"); return }
        #expect(lua_gettop(L) == top)
    }

    @Test func aNonScalarArgumentTakesTheStackPath() throws {
        let lua = try LuaState()
        let f = try lua.run("return function(x) return type(x) == 'table' and x.n or x .. '!' end")[0].functionValue!
        #expect(try f.call1("hi").stringValue == "hi!")
        let t = lua.newTable()
        t["n"] = .integer(5)
        #expect(try f.call1(.table(t)).integerValue == 5)
    }

    @Test func anErrorCarriesItsTracebackAndLeavesTheStackBalanced() throws {
        let lua = try LuaState()
        let L = lua.activeL
        let top = lua_gettop(L)
        let f = try lua.run("return function(x) error('bad ' .. x) end", name: "=f")[0].functionValue!
        do {
            _ = try f.call1(.integer(7))
            Issue.record("no error")
        } catch {
            guard case .runtime(let message, let traceback, _) = error else { Issue.record("\(error)"); return }
            #expect(message == "f:1: bad 7")
            #expect(traceback?.contains("stack traceback") == true)
        }
        #expect(lua_gettop(L) == top)
        #expect(try lua.run("return 1 + 1")[0].integerValue == 2)
    }

    @Test func aRunawayIsStoppedByTheInstructionLimitOnEveryCall() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: 1_000_000))
        let spin = try lua.run("""
            return function(x)
              if x then pcall(function() while true do end end) end   -- a pcall cannot swallow the stop
              while true do end
            end
            """)[0].functionValue!
        for argument: LuaValue in [.nil, .boolean(true), .integer(1)] {
            #expect {
                _ = try spin.call1(argument)
            } throws: { error in
                guard case .limit(.instructions, _, _) = error as? LuaError else { return false }
                return true
            }
        }
        // Each call is a new entry with a fresh budget: a bounded loop after the stops still runs.
        let count = try lua.run("return function(n) local s = 0 for i = 1, n do s = s + i end return s end")[0].functionValue!
        #expect(try count.call1(.integer(100_000)).integerValue == 5_000_050_000)
    }

    @Test func theNestingBoundHoldsThroughCall1() throws {
        let lua = try LuaState()
        lua.nesting = LuaNesting(limit: 8)
        var reentry: LuaFunction?
        lua.globals["again"] = .function(lua.function("again") { args in
            [try reentry!.call1(.integer(try args.integer(1) + 1))]
        })
        reentry = try lua.run("return function(n) return again(n) end")[0].functionValue
        #expect {
            _ = try reentry!.call1(.integer(0))
        } throws: { error in
            (error as? LuaError)?.message.contains("too many nested calls") == true
        }
        #expect(lua.nesting.depth == 0)
        reentry = nil
    }

    @Test func call1InsideACoroutineCallbackRunsOnThatThread() throws {
        let lua = try LuaState()
        defer { lua.close() }   // the callback holds `double`, which holds the state: a cycle until closed
        let double = try lua.run("return function(x) return x * 2 end")[0].functionValue!
        lua.globals["viaSwift"] = .function(lua.function("viaSwift") { args in
            [try double.call1(.integer(try args.integer(1)))]
        })
        let r = try lua.run("""
            local co = coroutine.wrap(function(x) local y = viaSwift(x) coroutine.yield(y) return viaSwift(y) end)
            return co(5), co()
            """)
        #expect(r.map(\.integerValue) == [10, 20])
    }

    @Test func aClosedStateRefusesTheCall() throws {
        let lua = try LuaState()
        let f = try lua.run("return function(x) return x end")[0].functionValue!
        lua.close()
        #expect {
            _ = try f.call1(.integer(1))
        } throws: { error in
            guard case .closed = error as? LuaError else { return false }
            return true
        }
    }

    /// `ctl_call1` counts the nesting in C: the bound is exact (levels 1...limit run, the next is
    /// refused before anything runs), a bound assigned later and one shared with another state are
    /// what C reads, and every way out (result, error, refusal) leaves the count at zero.
    @Test func theNestingCountedInCIsExactSharedAndBalanced() throws {
        let a = try LuaState(), b = try LuaState()
        defer { a.close(); b.close() }
        a.nesting = LuaNesting(limit: 5)
        b.nesting = a.nesting
        var levels = 0
        var inA: LuaFunction?, inB: LuaFunction?
        a.globals["toB"] = .function(a.function("toB") { args in [try inB!.call1(.integer(try args.integer(1) + 1))] })
        b.globals["toA"] = .function(b.function("toA") { args in [try inA!.call1(.integer(try args.integer(1) + 1))] })
        a.globals["mark"] = .function(a.function("mark") { _ in levels += 1; return [] })
        b.globals["mark"] = .function(b.function("mark") { _ in levels += 1; return [] })
        inA = try a.run("return function(n) mark() return toB(n) end")[0].functionValue
        inB = try b.run("return function(n) mark() return toA(n) end")[0].functionValue
        let error = #expect(throws: LuaError.self) { try inA!.call1(.integer(0)) }
        // Refused at level 6 as `.limit(.nesting)`, which reaches the outermost call through the
        // Lua levels as an ordinary error.
        #expect(error?.message.contains("more than 5 levels") == true, "\(String(describing: error))")
        #expect(levels == 5)
        #expect(a.nesting.depth == 0)
        // A runtime error and a non-scalar result leave it at zero too.
        let fails = try a.run("return function(x) error({}) end")[0].functionValue!
        #expect(throws: LuaError.self) { try fails.call1(.integer(1)) }
        #expect(try a.run("return function(x) return {x} end")[0].functionValue!.call1(.integer(3)).tableValue?[1].integerValue == 3)
        #expect(a.nesting.depth == 0)
        inA = nil
        inB = nil
    }

    /// The memory cap is armed inside the entry: a function that allocates past it stops with a
    /// memory error, the stack is balanced and the state goes on.
    @Test func theMemoryCapStopsAnAllocationInsideCall1() throws {
        let lua = try LuaState(limits: LuaLimits(memory: 4 << 20))
        defer { lua.close() }
        let L = lua.activeL
        let top = lua_gettop(L)
        let grow = try lua.run("return function(n) local t = {} for i = 1, n do t[i] = ('x'):rep(64) .. i end return #t end")[0].functionValue!
        let error = #expect(throws: LuaError.self) { try grow.call1(.integer(10_000_000)) }
        guard case .memory? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(lua_gettop(L) == top)
        #expect(lua.nesting.depth == 0)
        #expect(try grow.call1(.integer(10)).integerValue == 10)
    }

    /// An error value with a `__tostring` that itself fails, through the C path: the message falls
    /// back, the stack is balanced, nothing is left counted.
    @Test func aHostileErrorObjectThroughCall1() throws {
        let lua = try LuaState()
        defer { lua.close() }
        let L = lua.activeL
        let top = lua_gettop(L)
        let f = try lua.run("""
            return function(x)
              if x then error(setmetatable({}, {__tostring = function() error('nested') end})) end
              error(setmetatable({}, {__tostring = function() return 'custom ' .. tostring(x) end}))
            end
            """)[0].functionValue!
        let e1 = #expect(throws: LuaError.self) { try f.call1(.boolean(true)) }
        #expect(e1?.message.contains("table") == true, "\(String(describing: e1))")
        let e2 = #expect(throws: LuaError.self) { try f.call1(.nil) }
        #expect(e2?.message == "custom nil", "\(String(describing: e2))")
        #expect(lua_gettop(L) == top)
        #expect(lua.nesting.depth == 0)
    }

    /// Every scalar result crosses as a kind and 64 bits: the float's bits exactly (sign of zero,
    /// NaN, infinities, a float above 2^53), the integer's extremes, booleans.
    @Test func scalarResultsKeepTheirExactBits() throws {
        let lua = try LuaState()
        defer { lua.close() }
        let f = try lua.run("""
            local results = {-0.0, 0/0, math.huge, -math.huge, 2.0^53 + 2, math.mininteger, math.maxinteger, true, false, 2^63}
            return function(k) return results[k] end
            """)[0].functionValue!
        guard case .number(let negativeZero) = try f.call1(.integer(1)) else { Issue.record("not a float"); return }
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        guard case .number(let nan) = try f.call1(.integer(2)) else { Issue.record("not a float"); return }
        #expect(nan.isNaN)
        guard case .number(.infinity) = try f.call1(.integer(3)) else { Issue.record("not inf"); return }
        guard case .number(-.infinity) = try f.call1(.integer(4)) else { Issue.record("not -inf"); return }
        guard case .number(9_007_199_254_740_994) = try f.call1(.integer(5)) else { Issue.record("not 2^53 + 2"); return }
        guard case .integer(.min) = try f.call1(.integer(6)) else { Issue.record("not mininteger"); return }
        guard case .integer(.max) = try f.call1(.integer(7)) else { Issue.record("not maxinteger"); return }
        guard case .boolean(true) = try f.call1(.integer(8)) else { Issue.record("not true"); return }
        guard case .boolean(false) = try f.call1(.integer(9)) else { Issue.record("not false"); return }
        guard case .number(9.223372036854775808e18) = try f.call1(.integer(10)) else { Issue.record("not 2^63 as a float"); return }
        #expect(try f.call1(.integer(11)).isNil)
    }

    /// Under the full policy a script can remove the limit hook (`debug.sethook()`): the next
    /// entry sees it gone and installs it again, so a runaway is still stopped. Under the strict
    /// policy (where the entry trusts the hook it installed) scripts cannot reach `debug.sethook`.
    @Test func aHookRemovedByAScriptIsBackForTheNextCall1() throws {
        let full = try LuaState(policy: .full, limits: LuaLimits(instructions: 200_000))
        defer { full.close() }
        let unhook = try full.run("return function(x) debug.sethook() return x end")[0].functionValue!
        // Bounded: a hook left removed makes the test fail, not hang.
        let spin = try full.run("return function(x) for i = 1, 2e7 do end end")[0].functionValue!
        for _ in 0..<2 {
            #expect(try unhook.call1(.integer(1)).integerValue == 1)
            let error = #expect(throws: LuaError.self) { try spin.call1(.nil) }
            guard case .limit(.instructions, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
        }
        let strict = try LuaState(policy: .strict, limits: LuaLimits(instructions: 200_000))
        defer { strict.close() }
        let tryUnhook = try strict.run("return function(x) return pcall(function() debug.sethook() end) end")[0].functionValue!
        guard case .boolean(false) = try tryUnhook.call1(.nil) else { Issue.record("debug.sethook reachable"); return }
        let strictSpin = try strict.run("return function(x) while true do end end")[0].functionValue!
        let error = #expect(throws: LuaError.self) { try strictSpin.call1(.nil) }
        guard case .limit(.instructions, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
    }

    /// The timeout is armed per outermost call1: a runaway stops with `timeout`, and the next call
    /// gets a fresh deadline (a loop long enough to reach the hook runs to its end).
    @Test func eachCall1GetsItsOwnDeadline() throws {
        let lua = try LuaState(limits: LuaLimits(instructions: nil, timeout: 0.05))
        defer { lua.close() }
        let spin = try lua.run("return function(x) while true do end end")[0].functionValue!
        let count = try lua.run("return function(n) local s = 0 for i = 1, n do s = s + i end return s end")[0].functionValue!
        for _ in 0..<2 {
            let error = #expect(throws: LuaError.self) { try spin.call1(.integer(1)) }
            guard case .limit(.timeout, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
            #expect(try count.call1(.integer(20_000)).integerValue == 200_010_000)
        }
    }
}
