import Foundation
import JSON
import LuaRuntime
import TestSupport
import Testing
@testable import Engine

@Suite struct EngineTests {
    @Test func printGoesToTheTranscript() throws {
        let engine = try Engine()
        try engine.run("print('hello', 1, 2.5)")
        #expect(engine.transcript.events.last?.type == "log")
        #expect(engine.transcript.events.last?.fields["message"] == "hello\t1\t2.5")
    }

    @Test func virtualClockRunsTimersInOrderOnAdvance() throws {
        let engine = try Engine()
        try engine.run("""
            app.after(2, function() app.log('two at ' .. app.now()) end)
            app.after(1, function() app.log('one at ' .. app.now()) app.after(0.5, function() app.log('nested') end) end)
            """)
        #expect(engine.transcript.events(prefix: "log").isEmpty)
        try engine.run("app.advance(3)")
        let messages = engine.transcript.events(prefix: "log").compactMap { $0.fields["message"]?.stringValue }
        #expect(messages == ["one at 1.0", "nested", "two at 2.0"])
        #expect(engine.clock.now == 3)
    }

    @Test func timerErrorsAreErrorEventsAndTheEngineGoesOn() throws {
        let engine = try Engine()
        try engine.run("app.after(1, function() error('late failure') end) app.advance(1)", name: "=t")
        let error = engine.transcript.events(prefix: "error").first
        #expect(error?.fields["message"]?.stringValue == "app.after: t:1: late failure")
        #expect(error?.fields["traceback"] != nil)
        #expect(try engine.run("return 1")[0].integerValue == 1)
    }

    @Test func headlessUIShowsTapsAndHides() throws {
        let engine = try Engine()
        try engine.run("""
            ui.show{id = 'ok', text = 'OK', size = 12, onTap = function(id) app.log('tapped ' .. id) ui.hide(id) end}
            """)
        #expect(engine.ui.tree == ["ok": ["size": 12, "text": "OK"]])
        try engine.run("app.tap('ok')")
        #expect(engine.ui.tree == [:])
        #expect(engine.transcript.events.map(\.type).suffix(3) == ["ui.tap", "log", "ui.hide"])
        let missing = #expect(throws: LuaError.self) { try engine.run("app.tap('nope')", name: "=t") }
        #expect(missing?.message == "t:1: ui: no view with id 'nope'")
    }

    @Test func eventsAreReadableFromLua() throws {
        let engine = try Engine()
        let r = try engine.run("app.log('a') app.log('b') local e = app.events('log') return #e, e[2].message, e[1].type")
        #expect(r[0].integerValue == 2)
        #expect(r[1].stringValue == "b")
        #expect(r[2].stringValue == "log")
    }

    @Test func loadedScriptsRunAgainOnRelaunch() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("boot.lua")
        try "app.log('booted')".write(to: script, atomically: true, encoding: .utf8)
        let engine = try Engine()
        try engine.load(path: script.path)
        try engine.run("app.relaunch()")
        let types = engine.transcript.events.map(\.type)
        #expect(types == ["log", "app.relaunched", "log"])
        #expect(engine.launches == 2)
    }

    /// The views belong to the app process a relaunch ends: they are hidden (`ui.hide`), and their
    /// tap handlers, closures of the old Lua state, can no longer be reached.
    @Test func aRelaunchHidesTheOldLaunchsViews() throws {
        let engine = try Engine()
        try engine.run("ui.show{id = 'cta', text = 'Buy', onTap = function() app.log('tapped') end}")
        try engine.run("app.tap('cta')")
        try engine.relaunch()
        #expect(engine.ui.find("cta") == nil)
        #expect(engine.transcript.events.map(\.type) == ["ui.show", "ui.tap", "log", "ui.hide", "app.relaunched"])
        #expect(throws: (any Error).self) { try engine.run("app.tap('cta')") }
        #expect(engine.transcript.events.filter { $0.type == "log" }.count == 1)
    }

    @Test func scriptsAreSandboxedByDefault() throws {
        let engine = try Engine()
        #expect(try engine.run("return io == nil and os.execute == nil")[0].boolValue == true)
        #expect(try engine.run("return require('json') == json")[0].boolValue == true)
    }

    @Test func gcErrorsBecomeErrorEvents() throws {
        let engine = try Engine()
        try engine.run("setmetatable({}, {__gc = function() error('gc boom') end}) collectgarbage()")
        #expect(engine.transcript.events(prefix: "error").contains { $0.fields["message"]?.stringValue?.contains("gc boom") == true })
    }
}
