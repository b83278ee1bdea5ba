import Engine
import Foundation
import LuaRuntime
import Testing
@testable import Templates

/// Issue 9, item 1: one script cannot hijack another's `templates` module.
@Suite struct TemplatesModuleIsolationTests {
    @Test func aScriptCannotHijackTheNextScriptsDefinitions() throws {
        let engine = try Engine()
        let system = try TemplatesSystem(instance: TemplatesConfiguration(isDebugBuild: false, isTestUser: false))
        try engine.add(system)
        let error = #expect(throws: LuaError.self) { try engine.run("templates.define = function() end", name: "=a") }
        #expect(error?.message == "a:1: attempt to modify read-only table 'templates'")
        try engine.run("""
            rawset(templates, 'define', function() return 'stolen' end)
            local _, real = pairs(templates); real.define = function() return 'stolen' end
            rawset(templates.file, '__ctlua', 'templates.action')
            """, name: "=attacker")
        try engine.run("""
            templates.define{name = "Victim", arguments = {{"image", templates.file}, {"ok", templates.action}},
                             onPresent = function(ctx) ctx:presented() end}
            """, name: "=victim")
        #expect(system.manager.names.contains("Victim"))
    }
}
