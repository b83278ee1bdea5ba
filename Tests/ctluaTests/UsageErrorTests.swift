import Foundation
import TestSupport
import Testing

/// Usage errors exit 2 (as the README says, not ArgumentParser's 64) and every message has one
/// shape: `ctlua: ...`.
struct UsageErrorTests {
    @Test(arguments: [
        (["test", "--jobs", "-1", "examples/scenarios"], "ctlua: --jobs -1: expected a positive number"),
        (["test", "--jobs", "0", "examples/scenarios"], "ctlua: --jobs 0: expected a positive number"),
        (["test", "--bogus"], "ctlua: Unknown option '--bogus'"),
        (["--bogus"], "ctlua: Unknown option '--bogus'"),
        (["test", "--timeout", "abc"], "ctlua: The value 'abc' is invalid for '--timeout"),
        (["test", "--trace-all", "examples/scenarios"], "ctlua: --trace-all needs --trace DIR"),
        (["test", "--shard", "5/4", "examples/scenarios"], "ctlua: --shard 5/4: expected K/N with 1 <= K <= N"),
        (["test", "--filter", "(", "examples/scenarios"], "ctlua: --filter (: invalid regular expression"),
    ])
    func usageErrorsExit2WithOneShape(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(!result.stderr.contains("error:") && !result.stderr.contains("Error:"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aStateDirectoryThatIsAFileIsAClearUsageError() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("state")
        try "not a folder".write(to: file, atomically: true, encoding: .utf8)
        for arguments in [["--state-dir", file.path, "-e", "print(1)"], ["run", "--state-dir", file.path, "/dev/null"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("ctlua: --state-dir \(file.path): not a folder (it is a file)"), "\(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "not a folder")
    }
}
