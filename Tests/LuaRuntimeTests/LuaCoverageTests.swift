import Foundation
import Testing
import TestSupport
@testable import LuaRuntime

/// Line coverage: hits counted by the hook, executable lines read from each chunk's bytecode.
@Suite struct LuaCoverageTests {
    /// Runs `source` as a file under coverage; returns its lines (line → hits) and the state.
    static func cover(_ source: String, policy: SandboxPolicy = .strict, limits: LuaLimits = .standard,
                      extra: [String: String] = [:], then: (LuaState) throws -> Void = { _ in }) throws -> [Int: Int] {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.path + "/script.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        for (name, text) in extra { try text.write(toFile: dir.path + "/" + name, atomically: true, encoding: .utf8) }
        let lua = try LuaState(policy: policy, limits: limits, scriptRoots: [dir.path])
        lua.startCoverage()
        try lua.loadFile(path).call()
        try then(lua)
        let coverage = try #require(lua.coverage)
        return coverage.files[LuaState.realPath(path)!] ?? [:]
    }

    @Test func aFunctionNeverCalledShowsItsLinesWithZeroHits() throws {
        let lines = try Self.cover("""
            -- a comment
            local function unused(x)
              local y = x * 2
              return y
            end

            local function used()
              return 1
            end
            used()
            """)
        // 3 and 4: the body that never ran; 8: the one that did; 10: the call. Lua creates a
        // `local function`'s closure at its `end` (5, 9: one hit each, when the definition ran);
        // no line for the comment, the blank lines nor the `local function` lines themselves.
        #expect(lines == [3: 0, 4: 0, 5: 1, 8: 1, 9: 1, 10: 1])
    }

    @Test func loopsCountEveryTurnAndFallThroughEndsAreNotLines() throws {
        let lines = try Self.cover("""
            local n = 0
            for i = 1, 5 do
              n = n + i
            end
            local function f()
              n = n + 1
            end
            f(); f()
            """)
        #expect(lines[3] == 5)
        #expect(lines[2] == 6)   // FORPREP once, FORLOOP jumps back five times
        #expect(lines[6] == 2)
        #expect(lines[4] == nil)   // `end` of a numeric for: no code of its own
        // The `end` of a `local function`: its closure made once, then each fall-through return.
        #expect(lines[7] == 3)
    }

    @Test func coroutinesAreCounted() throws {
        let lines = try Self.cover("""
            local co = coroutine.wrap(function()
              for i = 1, 3 do
                coroutine.yield(i)
              end
            end)
            co(); co(); co()
            local t = {}
            local co2 = coroutine.create(function() t[1] = true end)
            coroutine.resume(co2)
            """)
        #expect(lines[3] == 3)
        #expect(lines[8] == 2)   // the closure at creation, and its body
    }

    @Test func coroutinesResumedFromSwiftAreCounted() throws {
        let lines = try Self.cover("""
            function body()
              local x = 1
              coroutine.yield(x)
              return x + 1
            end
            """, policy: .full) { lua in
            guard case .function(let f) = lua.globals["body"] else { Issue.record("no body"); return }
            let thread = lua.newThread(f)
            _ = try thread.resume()
            _ = try thread.resume()
        }
        #expect(lines[2] == 1 && lines[3] == 1 && lines[4] == 1, "\(lines)")
    }

    @Test func longStringsCommentsAndMultiLineStatementsKeepTheirLines() throws {
        let lines = try Self.cover("""
            local s = [[
            not code
            ]]
            --[[ a long
            comment ]]
            local t = {
              a = 1,
              b = s,
            }
            if #s > 100 then
              t.a = 2
            else
              t.a = 3
            end
            """)
        // A statement ending in a long string belongs to the string's last line (3); a table
        // constructor has code on each field's line; `else` and `end` have none; line 11 never ran.
        #expect(lines == [3: 1, 6: 1, 7: 1, 8: 1, 10: 1, 11: 0, 13: 1])
    }

    /// Lines far apart and long functions need absolute line entries in the bytecode.
    @Test func absoluteLineInformationIsRead() throws {
        var source = "local n = 0\n" + String(repeating: "\n", count: 300) + "local function f()\n"
        for _ in 0..<400 { source += "  n = n + 1\n" }
        source += "end\n" + String(repeating: "-- gap\n", count: 500) + "n = n + 1\n"
        let lines = try Self.cover(source)
        let body = Array(303...702)
        #expect(body.allSatisfy { lines[$0] == 0 }, "\(lines.keys.sorted().prefix(10))")
        #expect(lines[1] == 1 && lines[703] == 1 && lines[1204] == 1)   // 703: the closure, at its `end`
        #expect(lines.count == 403, "\(lines.count)")
    }

    /// The executable lines agree with Lua's own `debug.getinfo(f, "L").activelines`, less the
    /// implicit return at a function's `end`.
    @Test func executableLinesAgreeWithActiveLines() throws {
        let source = """
            function a(x)
              if x then
                return function(y) return y * 2 end
              end
              local t = {}
              for k, v in pairs(x or {}) do t[k] = v end
              while #t < 3 do t[#t + 1] = 0 end
              repeat x = (x or 0) + 1 until x > 2
              return t
            end
            function b(...)
              local n = select('#', ...)
              goto done
              ::done::
              return n
            end
            """
        var expected: Set<Int> = []
        let lines = try Self.cover(source, policy: .full) { lua in
            let code = """
                local result = {}
                for _, f in ipairs{a, b, a(true)} do
                  local info = debug.getinfo(f, "SL")
                  for line in pairs(info.activelines) do
                    if line ~= info.lastlinedefined then result[#result + 1] = line end
                  end
                end
                return result
                """
            guard case .table(let t) = try lua.run(code)[0] else { return }
            var i = 1
            while case .integer(let line) = t[.integer(Int64(i))] {
                expected.insert(Int(line))
                i += 1
            }
        }
        let functionLines = Set(lines.keys).subtracting([1, 10, 11, 16])   // main chunk: the definitions
        #expect(functionLines == expected.subtracting([1, 10, 11, 16]), "\(lines.keys.sorted()) vs \(expected.sorted())")
        #expect(lines[3] == 1)   // the inner one-line function: its closure and body share the line
    }

    @Test func requiredModulesAreCoveredButStringChunksAreNot() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "local M = {}\nfunction M.f()\n  return 1\nend\nreturn M\n".write(toFile: dir.path + "/mod.lua", atomically: true, encoding: .utf8)
        let lua = try LuaState(scriptRoots: [dir.path])
        lua.startCoverage()
        try lua.run("""
            local m = require("mod")
            m.f(); m.f()
            local g = load("return 1", "@pretend.lua")
            g()
            """)
        let coverage = try #require(lua.coverage)
        #expect(Array(coverage.files.keys) == [LuaState.realPath(dir.path + "/mod.lua")!])
        // 2 stores `M.f` (one hit), 4 makes its closure (one hit), 3 runs twice.
        #expect(coverage.files.values.first == [1: 1, 2: 1, 3: 2, 4: 1, 5: 1])
    }

    @Test func coverageIsOffByDefaultAndLimitsStillHold() throws {
        let plain = try LuaState()
        try plain.run("return 1")
        #expect(plain.coverage == nil)
        var stopped = false
        let lines = try Self.cover("function spin() while true do end end", policy: .full,
                                   limits: LuaLimits(instructions: 100_000)) { lua in
            #expect(throws: LuaError.self) { try lua.run("spin()") }
            stopped = true
            let two = try lua.run("return 2")[0].integerValue
            #expect(two == 2)
        }
        #expect(stopped)
        #expect((lines[1] ?? 0) > 1000, "\(lines)")
    }

    @Test func mergingAddsHitsAndUnitesLines() {
        var a = LuaCoverage(files: ["/x.lua": [1: 1, 2: 0]])
        a.merge(LuaCoverage(files: ["/x.lua": [2: 3, 4: 0], "/y.lua": [1: 0]]))
        #expect(a == LuaCoverage(files: ["/x.lua": [1: 1, 2: 3, 4: 0], "/y.lua": [1: 0]]))
        let summary = a.summary(of: "/x.lua")
        #expect(summary.found == 3 && summary.hit == 2)
    }
}
