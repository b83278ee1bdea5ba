import Foundation
import JSON
import TestSupport
import Testing
@testable import Scenarios

/// Steps in `.lua` scenarios (`step`, `step.skip`, `step.todo`, `step.only`): run after the
/// script's own code, in order; a failure names its step; marks are reported as JSON steps' are.
struct LuaStepsTests {
    @Test func stepsRunAfterTheScriptInOrder() throws {
        let script = """
            local order = {}
            step("first", function() order[#order + 1] = "first" end)
            step("second", function() order[#order + 1] = "second"; expect(order):toEqual({"setup", "first", "second"}) end)
            order[#order + 1] = "setup"
            """
        let (code, out, folder) = try Fixture.run(["a_test.lua": script])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.passed, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.hasSuffix("1 passed, 0 failed\n"), "\(out.stdout)")
    }

    @Test func aFailingStepNamesItselfAndEndsTheScenario() throws {
        let script = """
            local ran = {}
            step("passes", function() end)
            step("breaks", function() expect(1):toBe(2) end)
            step("never runs", function() error("ran after a failure") end)
            """
        let (code, out, folder) = try Fixture.run(["a_test.lua": script])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.failed)
        #expect(out.stdout.contains(#"step "breaks": "#), "\(out.stdout)")
        #expect(out.stdout.contains("a_test.lua:3: expect(1):toBe(2) failed"), "\(out.stdout)")
        #expect(!out.stdout.contains("ran after a failure"), "\(out.stdout)")
    }

    @Test func skipTodoAndOnlyAreListedAndNotRun() throws {
        let marked = """
            step.skip("flaky one", "waits for the fix", function() error("skipped step ran") end)
            step.todo("relaunch keeps the queue")
            step("plain", function() error("plain step ran") end)
            step.only("focus", function() end)
            """
        let (code, out, folder) = try Fixture.run(["m_test.lua": marked])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.passed, "\(out.stdout)")
        #expect(out.stdout == """
            SKIP \(folder)/m_test.lua (m): steps[0] skipped: "flaky one": waits for the fix
            TODO \(folder)/m_test.lua (m): steps[1] todo: "relaunch keeps the queue"
            SKIP \(folder)/m_test.lua (m): steps[2] skipped: "plain": another step is marked only
            1 passed, 0 failed

            """)
    }

    @Test func tapAndJUnitListLuaStepMarks() throws {
        let report = TemporaryFolder.path().path + ".xml"
        let (_, out, folder) = try Fixture.run(["m_test.lua": #"step.skip("later", "not now", function() end); step("runs", function() end)"#]) {
            $0.tap = true
            $0.junitPath = report
        }
        defer { Fixture.remove(folder); try? FileManager.default.removeItem(atPath: report) }
        #expect(out.stdout.contains(#"# SKIP steps[0] skipped: "later": not now"#), "\(out.stdout)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"steps[0] skipped: &quot;later&quot;: not now"#) || xml.contains(#"steps[0] skipped: "later": not now"#), "\(xml)")
    }

    @Test func misuseIsAnErrorAtTheCallersLine() throws {
        let (code, out, folder) = try Fixture.run(["a_test.lua": "step(\"no function\")"])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.failed)
        #expect(out.stdout.contains(#"a_test.lua:1: step "no function": missing the function to run"#), "\(out.stdout)")
    }

    @Test func aScenarioMarkedInItsOpeningCommentsIsNotRun() throws {
        let skipped = "-- a flaky scenario\n-- ctlua: skip waits for the new SDK\nerror('ran')\n"
        let todo = "-- ctlua: todo\nerror('ran')\n"
        let (code, out, folder) = try Fixture.run(["s_test.lua": skipped, "t_test.lua": todo])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.passed, "\(out.stdout)")
        #expect(out.stdout.contains("SKIP \(folder)/s_test.lua (s): waits for the new SDK"), "\(out.stdout)")
        #expect(out.stdout.contains("TODO \(folder)/t_test.lua (t): to do"), "\(out.stdout)")
        #expect(out.stdout.hasSuffix("1 skipped, 1 todo, 0 passed, 0 failed\n"), "\(out.stdout)")
    }

    @Test func onlyInALuaScenarioSkipsTheOthers() throws {
        let (code, out, folder) = try Fixture.run(["a_test.lua": "-- ctlua: only\n", "b.json": #"{"name": "json", "steps": [{"expect": {"fakeDisplayed": "zz"}}]}"#])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.passed, "\(out.stdout)")
        #expect(out.stdout.contains("SKIP \(folder)/b.json (json): another scenario is marked only"), "\(out.stdout)")
    }

    @Test func anUnknownDirectiveIsALoadErrorAtItsLine() throws {
        let (code, _, folder) = try Fixture.run(["a_test.lua": "-- about\n-- ctlua: skp flaky\n"])
        defer { Fixture.remove(folder) }
        #expect(code == Runner.ExitCode.usage)
        let loaded = ScenarioLoader(registry: Fixture.registry).loadAll(
            ScenarioDiscovery.Found(relativePath: "a_test.lua", file: folder + "/a_test.lua"))
        guard case .failure(let errors) = loaded else { Issue.record("loaded"); return }
        #expect(errors.description.hasPrefix("a_test.lua:2:1: unknown directive \"skp flaky\""), "\(errors)")
    }

    @Test func directivesAfterTheFirstLineOfCodeAreComments() {
        let lines = ScenarioLoader.openingComments("#!/usr/bin/env ctlua\n-- ctlua: skip\n\nlocal x = 1\n-- ctlua: todo\n")
        #expect(lines.map(\.0) == [2])
        #expect(ScenarioLoader.directive("--- ctlua: only") == "only")
        #expect(ScenarioLoader.directive("-- plain") == nil)
    }
}
