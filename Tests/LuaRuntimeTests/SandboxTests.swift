import Foundation
import TestSupport
import Testing
@testable import LuaRuntime

@Suite struct SandboxTests {
    @Test(arguments: ["io", "dofile", "loadfile", "package", "debug.getinfo", "debug.sethook", "os.execute",
                      "os.exit", "os.getenv", "os.remove", "string.dump", "require == nil and 1"])
    func dangerousNamesAreAbsentUnderStrict(name: String) throws {
        let lua = try LuaState()
        let value = try lua.run("return \(name)")[0]
        if name == "require == nil and 1" { #expect(value.boolValue == false) } else { #expect(value.isNil, "\(name)") }
    }

    @Test func allowedLibrariesArePresent() throws {
        let lua = try LuaState()
        let r = try lua.run("return string.format('%d', 3), table.concat({1,2}, ','), math.floor(2.5), utf8.char(233), os.time() > 0, debug.traceback ~= nil")
        #expect(r[0].stringValue == "3")
        #expect(r[1].stringValue == "1,2")
        #expect(r[2].integerValue == 2)
        #expect(r[4].boolValue == true)
        #expect(r[5].boolValue == true)
    }

    @Test func bytecodeIsRefusedUnderStrict() throws {
        let full = try LuaState(policy: .full)
        let dumped = try full.run("return string.dump(function() return 1 end)")[0]
        guard case .string(let bytecode) = dumped else { Issue.record("no dump"); return }
        let strict = try LuaState()
        #expect(throws: LuaError.self) { try strict.load(bytes: bytecode.bytes, name: "=bc") }
        let f = try strict.load("local code = ...; return load(code)")
        let r = try f.call(dumped)
        #expect(r[0].isNil)
        #expect(r[1].stringValue?.contains("binary chunk") == true)
        // Under full, bytecode loads.
        #expect(try full.load(bytes: bytecode.bytes, name: "=bc").call()[0].integerValue == 1)
    }

    @Test func eachScriptHasItsOwnEnvironment() throws {
        let lua = try LuaState()
        try lua.run("function greet() return 'a' end; shared = 1", name: "=a")
        let r = try lua.run("return greet, shared", name: "=b")
        #expect(r[0].isNil && r[1].isNil)
    }

    @Test func librariesAreReadOnly() throws {
        let lua = try LuaState()
        let error = #expect(throws: LuaError.self) { try lua.run("string.upper = nil", name: "=a") }
        #expect(error?.message == "a:1: attempt to modify read-only table 'string'")
        #expect(try lua.run("return string.upper('x'), ('y'):upper()", name: "=b")[0].stringValue == "X")
        #expect(try lua.run("return getmetatable('')")[0].boolValue == false)
        #expect(try lua.run("return getmetatable(_ENV)")[0].boolValue == false)
    }

    @Test func requireIsLimitedToScriptRootsAndCtluaModules() throws {
        let dir = TemporaryFolder.path()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try "return {answer = 42}".write(to: dir.appendingPathComponent("lib/util.lua"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dir) }
        let lua = try LuaState(scriptRoots: [dir.path])
        #expect(try lua.run("return require('lib.util').answer")[0].integerValue == 42)
        #expect(try lua.run("return require('lib.util') == require('lib.util')")[0].boolValue == true)
        let missing = #expect(throws: LuaError.self) { try lua.run("require('os_helpers')", name: "=m") }
        #expect(missing?.message.hasPrefix("m:1: module 'os_helpers' not found:") == true)
        #expect(throws: LuaError.self) { try lua.run("require('../../etc/passwd')") }
        lua.preload("greeting", loader: lua.function("greeting") { _ in [.string("hello")] })
        #expect(try lua.run("return require 'greeting'")[0].stringValue == "hello")
    }

    @Test func fullPolicyIsPlainLua() throws {
        let lua = try LuaState(policy: .full, limits: .none)
        let r = try lua.run("return io ~= nil, os.execute ~= nil, debug.getinfo ~= nil, package.loadlib ~= nil")
        #expect(r.allSatisfy { $0.boolValue == true })
    }

    @Test func errorsInGcAreWarningsAndTheStateGoesOn() throws {
        let lua = try LuaState()
        try lua.run("setmetatable({}, {__gc = function() error('in gc') end}) collectgarbage() collectgarbage()")
        #expect(lua.warnings.contains { $0.contains("in gc") }, "\(lua.warnings)")
        #expect(try lua.run("return 5")[0].integerValue == 5)
    }

    @Test func coroutineMisuseIsAnError() throws {
        let lua = try LuaState()
        let r = try lua.run("""
            local co = coroutine.create(function() end)
            coroutine.resume(co)
            local ok, e = coroutine.resume(co)
            local ok2, e2 = pcall(coroutine.yield)
            return ok, e, ok2, e2
            """)
        #expect(r[0].boolValue == false && r[1].stringValue == "cannot resume dead coroutine")
        #expect(r[2].boolValue == false && r[3].stringValue == "attempt to yield from outside a coroutine")
    }
}
