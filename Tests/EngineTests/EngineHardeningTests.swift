import Foundation
import JSON
import LuaRuntime
import Testing
import TestSupport
@testable import Engine

/// Issue 9 ("Hardening") at the engine level: modules per script, `app.load` confined under
/// `strict`, timer storms and huge advances bounded, memory outside the Lua heap bounded.
@Suite struct EngineHardeningTests {
    // MARK: 1, modules

    @Test func noScriptCanReplaceAModuleFunctionForAnother() throws {
        let engine = try Engine()
        let error = #expect(throws: LuaError.self) { try engine.run("json.encode = function() return 'pwned' end", name: "=a") }
        #expect(error?.message == "a:1: attempt to modify read-only table 'json'")
        try engine.run("""
            local evil = function() return 'pwned' end
            rawset(json, 'encode', evil)
            rawset(app, 'log', evil)
            rawset(ui, 'show', evil)
            rawset(require('json'), 'decode', evil)
            local _, real = pairs(app); real.now = evil
            """, name: "=attacker")
        let r = try engine.run("return json.encode({1}), require('json').decode('[2]')[1], app.now(), ui.show == require('ui').show",
                               name: "=victim")
        #expect(r[0].stringValue == "[1]")
        #expect(r[1].integerValue == 2)
        #expect(r[2].doubleValue == 0)
        #expect(r[3].boolValue == true)
    }

    // MARK: 3, app.load under strict

    @Test func appLoadStaysInsideTheScriptRootsAndAFailedLoadWidensNothing() throws {
        let dir = TemporaryFolder.path()
        let root = dir.appendingPathComponent("root"), elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "syntax error here".write(to: elsewhere.appendingPathComponent("x.lua"), atomically: true, encoding: .utf8)
        try "return 'secret'".write(to: elsewhere.appendingPathComponent("secret.lua"), atomically: true, encoding: .utf8)
        try "app.log('inside ran')".write(to: root.appendingPathComponent("ok.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.lua").path,
                                                   withDestinationPath: elsewhere.appendingPathComponent("secret.lua").path)
        var configuration = Engine.Configuration()
        configuration.scriptRoots = [root.path]
        configuration.baseDirectory = URL(fileURLWithPath: root.path, isDirectory: true)
        let engine = try Engine(configuration: configuration)
        let r = try engine.run("""
            local a, ea = pcall(app.load, "/etc/hostname")
            local b, eb = pcall(app.load, "\(elsewhere.path)/x.lua")
            local c, ec = pcall(require, "secret")
            local d, ed = pcall(app.load, "link.lua")
            local e, ee = pcall(app.load, "ok.lua\\0")
            app.load("ok.lua")
            return a, ea, b, c, d, e
            """)
        #expect(r[0].boolValue == false && r[1].stringValue?.contains("not a file inside the script roots") == true,
                "\(r[1])")
        #expect(r[2].boolValue == false && r[3].boolValue == false && r[4].boolValue == false && r[5].boolValue == false)
        #expect(engine.lua.scriptRoots == [root.path])
        #expect(engine.transcript.events(prefix: "log").count == 1)
        // The host (Swift) may still load any script; a failed host load widens nothing either.
        #expect(throws: LuaError.self) { try engine.load(path: elsewhere.appendingPathComponent("x.lua").path) }
        #expect(engine.lua.scriptRoots == [root.path])
    }

    /// In-app `file://` arguments (and plain local paths) are fetched under `strict` only inside
    /// the roots `app.load` reads: before, an existing host file was fetched and a missing one
    /// failed, so a script learnt which host paths exist. Now every path outside fails the same.
    @Test func localFileFetchesStayInsideTheRootsAsAppLoadDoes() throws {
        let dir = TemporaryFolder.path()
        let root = dir.appendingPathComponent("root"), elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "SECRET".write(to: elsewhere.appendingPathComponent("secret.png"), atomically: true, encoding: .utf8)
        try "PNG".write(to: root.appendingPathComponent("ok.png"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.png").path,
                                                   withDestinationPath: elsewhere.appendingPathComponent("secret.png").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("dangling.png").path,
                                                   withDestinationPath: elsewhere.appendingPathComponent("missing.png").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("out").path, withDestinationPath: elsewhere.path)
        var configuration = Engine.Configuration()
        configuration.scriptRoots = [root.path]
        configuration.baseDirectory = URL(fileURLWithPath: root.path, isDirectory: true)
        let engine = try Engine(configuration: configuration)
        let secret = elsewhere.appendingPathComponent("secret.png").path
        let outside = [
            "file://" + secret, "file://" + elsewhere.appendingPathComponent("missing.png").path, secret, "/etc/hostname",
            "file:///etc/hostname", "file:///%65tc/hostname", "file://" + root.path + "/../elsewhere/secret.png",
            "../elsewhere/secret.png", "sub/../../elsewhere/secret.png", "link.png", "dangling.png", "out/secret.png",
            "out/../elsewhere/secret.png", "file://" + root.path + "/out/missing.png",
        ]
        for url in outside {
            #expect(engine.files.fetch(url) == .failed(reason: "not a file inside the script roots: \(url)"), "\(url)")
        }
        #expect(engine.files.fetch("ok.png").path == root.appendingPathComponent("ok.png").path)
        #expect(engine.files.fetch("file://" + root.appendingPathComponent("ok.png").path).path == root.appendingPathComponent("ok.png").path)
        #expect(engine.files.fetch("missing.png") == .failed(reason: "no such file: \(root.appendingPathComponent("missing.png").path)"),
                "a missing file inside the roots is reported as missing")
        // The full policy (the REPL's and `ctlua run`'s default: scripts have `io`) is not confined.
        configuration.policy = .full
        #expect(try Engine(configuration: configuration).files.fetch(secret).path == secret)
    }

    // MARK: 7, timers and virtual time

    @Test func aTimerThatReschedulesItselfEndsWithAnError() throws {
        let outcome = withDeadline(60) { () throws -> [String] in
            let engine = try Engine()
            engine.clock.maxTimersPerAdvance = 20_000
            try engine.run("local function again() app.after(0, again) end again()")
            var seen = engine.transcript.events(prefix: "error").compactMap { $0.fields["message"]?.stringValue }
            do {
                try engine.run("local n = 0 local function tick() n = n + 1 app.after(1, tick) end tick() app.advance(1e8)")
                seen.append("advanced")
            } catch let error as LuaError {
                seen.append(error.message)
            }
            return seen
        }
        let seen = try #require(try outcome?.get(), "a timer storm hung the engine")
        #expect(seen.first?.hasPrefix("timer limit exceeded") == true, "\(seen)")
        #expect(seen.last?.contains("timer limit exceeded") == true, "\(seen)")
    }

    @Test func advanceRefusesEndlessTime() throws {
        let engine = try Engine()
        for bad in ["math.huge", "1e9", "0/0"] {
            let error = #expect(throws: LuaError.self) { try engine.run("app.advance(\(bad))", name: "=t") }
            #expect(error?.message.contains("bad argument #1 to 'advance'") == true, "\(bad): \(String(describing: error))")
        }
        #expect(engine.clock.now == 0)
    }

    // MARK: 8, memory outside the Lua heap

    @Test func jsonEncodeAndDecodeAreBoundedByTheCap() throws {
        let outcome = withDeadline(60) { () throws -> [String] in
            let engine = try Engine()   // 64 MiB cap
            var messages: [String] = []
            for code in [
                "local s = ('x'):rep(1 << 20) local t = {} for i = 1, 1000 do t[i] = s end return json.encode(t)",
                "return #json.decode('[' .. ('[],'):rep(4e6) .. '[]]')",
            ] {
                do {
                    _ = try engine.run(code)
                    messages.append("succeeded")
                } catch let error as LuaError {
                    messages.append(error.message)
                }
            }
            return messages
        }
        let messages = try #require(try outcome?.get(), "hung")
        #expect(messages.allSatisfy { $0.contains("json: not enough memory") }, "\(messages)")
    }

    @Test func uiPropertiesAreBoundedByTheCap() throws {
        let engine = try Engine()
        let error = #expect(throws: LuaError.self) {
            try engine.run("local s = ('x'):rep(1 << 20) local t = {} for i = 1, 200 do t[i] = s end ui.show{id = 'x', blob = t}")
        }
        #expect(error?.message.contains("not enough memory") == true, "\(String(describing: error))")
        // Many smaller views, kept by the UI and the transcript, are charged too.
        let kept = #expect(throws: LuaError.self) {
            try engine.run("local s = ('x'):rep(1 << 20) for i = 1, 200 do ui.show{id = 'v' .. i, blob = s} end")
        }
        #expect(kept?.message.contains("not enough memory") == true, "\(String(describing: kept))")
        #expect(engine.retainedBytes <= 64 << 20)
    }
}
