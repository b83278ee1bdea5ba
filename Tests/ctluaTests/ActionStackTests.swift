import Foundation
import TestSupport
import Testing

/// Issue 34, item 3, end to end: 8,000 `@appcues/link` navigate actions in one group crashed
/// the whole process (SIGSEGV: the action chain overflowed the native stack) under `ctlua run`
/// and `ctlua test --no-workers`. Each runs as a subprocess, bounded in time.
@Suite struct ActionStackTests {
    static let script = """
        local actions = {}
        for i = 1, 8000 do actions[i] = {on = "navigate", type = "@appcues/link", config = {url = "app://x/" .. i}} end
        traits.register{type = "@s/present", present = function(self, w, done) done() end, remove = function(self, w, done) done() end}
        traits.show{id = "00000000-0000-4000-8000-000000000001", name = "nav", type = "mobile", traits = {{type = "@s/present"}},
          steps = {{id = "00000000-0000-4000-8000-000000000002", type = "group", traits = {}, children = {
            {id = "00000000-0000-4000-8000-000000000003", type = "m", traits = {}, actions = {},
             content = {type = "spacer", id = "00000000-0000-4000-8000-000000000004"}}},
            actions = {["00000000-0000-4000-8000-000000000002"] = actions}}}}
        assert(#app.events("link.opened") == 8000, "links opened: " .. #app.events("link.opened"))
        print("opened " .. #app.events("link.opened"))
        """

    @Test func runOpensEveryLinkInsteadOfOverflowingTheStack() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.script.write(toFile: dir.path + "/nav.lua", atomically: true, encoding: .utf8)
        let start = Date()
        let r = try CLI.run(["run", dir.path + "/nav.lua"])
        #expect(r.status == 0 && r.stdout == "opened 8000\n", "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(Date().timeIntervalSince(start) < 60)
    }

    @Test func aScenarioInProcessPassesInsteadOfCrashingTheRun() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.script.write(toFile: dir.path + "/nav_test.lua", atomically: true, encoding: .utf8)
        try "assert(true)\n".write(toFile: dir.path + "/other_test.lua", atomically: true, encoding: .utf8)
        let start = Date()
        let r = try CLI.run(["test", "--no-workers", "--jobs", "1", dir.path])
        #expect(r.status == 0 && r.stdout.hasSuffix("2 passed, 0 failed\n"), "\(r.status) \(r.stdout.suffix(1000)) \(r.stderr)")
        #expect(Date().timeIntervalSince(start) < 60)
    }
}
