import Foundation
import TestSupport
import Testing

/// `warning` events (issue 22, item 9): a likely mistake that changes nothing at run time is
/// printed by `ctlua run` and `ctlua test`, and fails nothing.
@Suite struct WarningOutputTests {
    static let script = """
        flowx.configure{baseURL = "https://api.example", enginePath = "engine", imageBaseURL = "https://cdn.example", organizationId = "o"}
        print(flowx.validate("cpn", "123"))
        print(flowx.validate("cpn", "456"))
        """

    // shared/spec/flowx.md: "Unknown names are valid (`true`) in the SDK sample; make it
    // configurable and record it." Issue 22 item 9: keep the result, make the mistake visible.
    @Test func unknownValidatorWarnsOnceOnStandardErrorOfRun() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.script.write(to: dir.appendingPathComponent("typo.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "typo.lua"], directory: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "true\tunknown validator\ntrue\tunknown validator\n", "\(r.stdout)")
        #expect(r.stderr.components(separatedBy: "ctlua: warning: flowx: no custom validator named 'cpn'").count == 2, "\(r.stderr)")
    }

    @Test func unknownValidatorWarnsInTheTestReportButPasses() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.script.write(to: dir.appendingPathComponent("typo_test.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", dir.path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("typo_test.lua (typo): flowx: no custom validator named"), "\(r.stdout)")
        #expect(r.stdout.contains("no custom validator named 'cpn'"), "\(r.stdout)")
        #expect(r.stdout.contains("1 passed, 0 failed"), "\(r.stdout)")
    }
}
