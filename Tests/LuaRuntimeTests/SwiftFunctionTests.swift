import Testing
@testable import LuaRuntime

/// A Swift function called from Lua borrows its box (B1: no retain per call); the C trampoline
/// counts the calls running, so a `__gc` of the box run by hand meanwhile (the full policy gives
/// scripts `debug`) leaves the release to the last call running.
@Suite struct SwiftFunctionTests {
    final class Token {
        let flag: DeinitFlag
        init(_ flag: DeinitFlag) { self.flag = flag }
        deinit { flag.count += 1 }
    }

    @Test func aFunctionWhoseGcRunsWhileItRunsFinishesThenIsReleasedOnce() throws {
        let lua = try LuaState(policy: .full)
        defer { lua.close() }
        let flag = DeinitFlag()
        var seenInside = -1
        // The token is owned by the function's closure only: released with the box.
        lua.globals["call"] = .function(lua.function("call") { [token = Token(flag)] args in
            try args.function(1).call()   // runs the __gc of this very function (and calls it again)
            seenInside = token.flag.count // the closure's context is alive until the call returns
            return ["after"]
        })
        let r = try lua.run("""
            local f = call
            call = nil
            local _, box = debug.getupvalue(f, 1)
            local inner = {}
            local out = f(function()
              -- recursion while running: a second call of the same function, then the __gc by hand
              f(function() end)
              debug.getmetatable(box).__gc(box)
              debug.getmetatable(box).__gc(box)   -- twice: nothing more to release
              inner[1], inner[2] = pcall(f, function() end)
              collectgarbage(); collectgarbage()
            end)
            local ok, e = pcall(f, function() end)
            return out, inner[1], inner[2], ok, e
            """)
        #expect(seenInside == 0)
        #expect(flag.count == 1)
        #expect(r[0].stringValue == "after")
        #expect(r[1].boolValue == false)
        #expect(r[2].stringValue?.contains("attempt to call a released Swift function") == true, "\(r[2])")
        #expect(r[3].boolValue == false)
        #expect(r[4].stringValue?.contains("attempt to call a released Swift function") == true, "\(r[4])")
        lua.close()
        #expect(flag.count == 1)   // the close releases nothing twice
    }

    /// The ordinary path: a function collected with nothing running is released by its `__gc`.
    @Test func aCollectedFunctionIsReleased() throws {
        let lua = try LuaState()
        defer { lua.close() }
        let flag = DeinitFlag()
        do {
            let f = lua.function("f") { [token = Token(flag)] _ in _ = token; return [] }
            lua.globals["f"] = .function(f)
            try lua.run("f()")
            lua.globals["f"] = .nil
        }
        _ = try lua.run("collectgarbage() collectgarbage()")
        #expect(flag.count == 1)
    }
}
