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
        // `ctlua help NAME` for no such command printed the root's help and exited 0.
        (["help", "bogus"], "ctlua: help: no command named 'bogus' (commands: check, doc, help, init, preview, render, run, sync, test)"),
        // Out-of-range limits: an overflow trap, or a worker that cannot start reported as a crash.
        (["test", "--timeout", "1e20", "examples/scenarios"], "ctlua: --timeout 1e+20: expected a positive number of seconds up to 1000000"),
        (["test", "--max-memory", "9223372036854775807", "examples/scenarios"],
         "ctlua: --max-memory 9223372036854775807: expected bytes from 0 (no limit) to 1099511627776 (1 TiB)"),
        (["test", "--max-address-space", "1000000", "examples/scenarios"],
         "ctlua: --max-address-space 1000000: expected 0 (no cap) or bytes from 268435456 (256 MiB; a worker needs that much to start)"),
        (["--max-memory", "-1", "run", "examples/scenarios/x.lua"], "ctlua: --max-memory -1: expected bytes from 0 (no limit)"),
        (["run", "--max-instructions", "-1", "x.lua"], "ctlua: --max-instructions -1: expected a count from 0 (no limit)"),
        (["run", "--timeout=1e20", "x.lua"], "ctlua: --timeout 1e+20: expected a positive number of seconds"),
        // Options that do not apply where they are written (they were parsed and dropped).
        (["--sandbox", "test", "examples/scenarios"], "ctlua: --sandbox does not apply to `ctlua test`"),
        (["test", "--state-dir", "sd", "examples/scenarios"], "ctlua: --state-dir does not apply to `ctlua test`"),
        (["check", "--sandbox", "examples/templates/definitions.json"], "ctlua: --sandbox does not apply to `ctlua check`"),
        (["check", "--policy", "lax", "examples/templates/definitions.json"], "ctlua: The value 'lax' is invalid for '--policy <policy>'"),
        (["check", "--timeout", "0", "examples/templates/definitions.json"], "ctlua: --timeout 0.0: expected a positive number of seconds"),
        (["--tap", "test", "examples/scenarios"], "ctlua: --tap before `test`: only ctlua's own options"),
    ])
    func usageErrorsExit2WithOneShape(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(!result.stderr.contains("error:") && !result.stderr.contains("Error:"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// `--shard auto` with a CI variable at the integer edge overflowed `index + 1` (SIGILL).
    @Test func aShardVariableAtTheIntegerEdgeIsAUsageErrorNamingIt() throws {
        let result = try CLI.run(["test", "--shard", "auto", "examples/scenarios"],
                                 environment: ["CI_NODE_INDEX": "-9223372036854775808", "CI_NODE_TOTAL": "4"], timeout: 60)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("ctlua: --shard auto: CI_NODE_INDEX=-9223372036854775808, CI_NODE_TOTAL=4: CI_NODE_INDEX must be"),
                "\(result.stderr)")
    }

    @Test func aStateDirectoryThatIsAFileIsAClearUsageError() throws {
        let dir = try TemporaryFolder.make()
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
