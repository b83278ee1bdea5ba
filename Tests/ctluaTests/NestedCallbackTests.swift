import Foundation
import Testing
import TestSupport

/// Issue 20, item 3, end to end: callbacks that drive the app again from inside themselves. A
/// presenter that delivers and dismisses (the next queued in-app is shown from inside
/// `ctx:dismissed()`) recursed through Swift until `ctlua run` died of SIGSEGV, and `ctlua test
/// --no-workers` with it; a validator that validates again stopped only at Lua's own C-stack
/// limit. Each now ends with one clear error at the engine's nesting bound, and the run goes on.
@Suite struct NestedCallbackTests {
    static let shapes: [(name: String, script: String)] = [
        ("presenter that delivers", """
            local n = 0
            templates.define{name = "Loop", onPresent = function(ctx)
              n = n + 1
              templates.deliver{type = 'custom-code', templateName = 'Loop', wzrk_id = 'x' .. n, vars = {}}
              ctx:dismissed()
            end}
            templates.deliver{type = 'custom-code', templateName = 'Loop', wzrk_id = 'x0', vars = {}}
            """),
        ("validator that validates", """
            flowx.validator("again", function(value) flowx.validate("again", value) return true end)
            flowx.validate("again", "x")
            """),
        ("hook that navigates", """
            hooks.loadPlugins{{plugin = {identifier = "again"}}}
            hooks.loadScreens{{id = "s", hooks = {preload_plugins = {{identifier = "again", type = "general"}}}}}
            hooks.plugin{identifier = "again", execute = function(self, data, done) done(true) hooks.navigate("s") end}
            hooks.navigate("s")
            """),
        ("trait that shows", """
            local n = 0
            traits.register{type = "@h/again", present = function(self)
              n = n + 1
              traits.dismiss()
              traits.show{id = string.format("00000000-0000-4000-8000-%012d", n), traits = {{type = "@h/again"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}}, name = "Tour", type = "mobile"}
            end, remove = function() end}
            traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@h/again"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000602"}}}, name = "Tour", type = "mobile"}
            """),
        ("tap handler that taps", """
            ui.show{id = "b", onTap = function() app.tap("b") end}
            app.tap("b")
            """),
    ]

    /// The script, then a report of the errors it left: how many, and whether one names the bound.
    static func script(_ body: String) -> String {
        body + """

            local errors, bounded = app.events("error"), false
            for _, e in ipairs(errors) do
              if e.message:find("too many nested calls", 1, true) or e.message:find("C stack overflow", 1, true) then bounded = true end
            end
            print("errors", #errors, "bounded", bounded)
            """
    }

    @Test(arguments: shapes.map(\.name))
    func ctluaRunEndsWithOneClearError(_ name: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("nested.lua")
        try Self.script(Self.shapes.first { $0.name == name }!.script).write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", file.path])
        #expect(r.status == 0, "\(name): status \(r.status)\n\(r.stderr.suffix(600))")
        // Either refused earlier by the system (a hook or trait already driving), or the bound:
        // never Lua's C-stack overflow after hundreds of fat Swift frames.
        #expect(!r.stdout.contains("C stack overflow") && !r.stderr.contains("C stack overflow"), "\(name): \(r.stdout)")
        #expect(r.stdout.contains("errors"), "\(name): \(r.stdout) \(r.stderr.suffix(300))")
    }

    /// The shapes that recurse reach the bound and name it.
    @Test(arguments: ["presenter that delivers", "validator that validates", "tap handler that taps"])
    func theBoundIsNamed(_ name: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("nested.lua")
        try (Self.shapes.first { $0.name == name }!.script + "\nfor _, e in ipairs(app.events('error')) do print(e.message) end")
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", file.path])
        #expect(r.stdout.contains("too many nested calls (more than 64 levels"), "\(name): \(r.status) \(r.stdout.prefix(400)) \(r.stderr.suffix(400))")
    }

    /// `ctlua test --no-workers` runs scenarios in its own process: one such scenario ended the run.
    @Test func anInProcessRunSurvivesAndReportsTheScenario() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.shapes[0].script.write(to: dir.appendingPathComponent("nested_test.lua"), atomically: true, encoding: .utf8)
        try "assert(true)".write(to: dir.appendingPathComponent("fine_test.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "--no-workers", dir.path])
        #expect(r.status == 0 || r.status == 1, "status \(r.status): \(r.stderr.suffix(600))")
        #expect(r.stdout.contains("2 passed"), "\(r.stdout)")
    }
}
