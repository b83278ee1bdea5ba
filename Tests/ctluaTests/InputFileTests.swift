import Foundation
import TestSupport
import Testing

/// Every file the CLI reads from outside is a regular file within 64 MiB, or a clear error:
/// `ctlua check /dev/zero` aborted allocating 4 GB, `check`/`sync` of a FIFO hung, a state file
/// linked to `/dev/full` hung the start.
struct InputFileTests {
    /// Runs `ctlua` in `dir` and fails the test instead of hanging when it does not end in 20 s.
    static func run(_ arguments: [String], in dir: URL) throws -> CLI.Result {
        let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
        return try CLI.shell("timeout -s KILL 20 \"$CTLUA\" \(quoted) < /dev/null", environment: ["CTLUA": CLI.executable.path],
                             directory: dir)
    }

    static func folderWithFIFOs() throws -> URL {
        let dir = try TemporaryFolder.make()
        for name in ["defs.lua", "defs.json", "scenario.json", "script.lua", "ref.md"] {
            #expect(mkfifo(dir.path + "/" + name, 0o600) == 0)
        }
        return dir
    }

    /// (arguments, status, a part of standard error or output)
    static let fifoCases: [([String], Int32, String)] = [
        (["check", "defs.lua"], 1, "/defs.lua: not a regular file (a FIFO)"),
        (["check", "defs.json"], 1, "/defs.json: not a regular file (a FIFO)"),
        (["sync", "--debug", "--test-user", "defs.json"], 1, "ctlua: defs.json: cannot read the file (not a regular file (a FIFO))"),
        (["sync", "--debug", "--test-user", "defs.lua"], 1, "/defs.lua: not a regular file (a FIFO)"),
        (["run", "script.lua"], 1, "ctlua: cannot read script.lua: not a regular file (a FIFO)"),
        (["test", "scenario.json"], 2, "ctlua: scenario.json: cannot read: not a regular file (a FIFO)"),
        (["doc", "--check", "ref.md"], 2, "ctlua: ref.md: cannot read the file (not a regular file (a FIFO))"),
    ]

    @Test(arguments: fifoCases)
    func aFIFOIsAnErrorNotAHang(arguments: [String], status: Int32, message: String) throws {
        let dir = try Self.folderWithFIFOs()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(arguments, in: dir)
        #expect(r.status == status, "\(arguments): \(r.status) \(r.stdout)\(r.stderr)")
        #expect((r.stderr + r.stdout).contains(message), "\(arguments): \(r.stderr)\(r.stdout)")
    }

    @Test(arguments: [["check", "/dev/zero"], ["check", "/dev/zero.json"], ["run", "/dev/zero"], ["test", "/dev/zero"]])
    func aDeviceIsAnErrorNotAnAbort(arguments: [String]) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        var arguments = arguments
        if arguments[1] == "/dev/zero.json" {
            try FileManager.default.createSymbolicLink(atPath: dir.path + "/zero.json", withDestinationPath: "/dev/zero")
            arguments[1] = "zero.json"
        }
        let r = try Self.run(arguments, in: dir)
        #expect(r.status == 1 || r.status == 2, "\(arguments): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains("not a regular file (a character device)"), "\(arguments): \(r.stderr)")
    }

    /// A state file linked to a device stops the start with an error naming it (it used to hang).
    @Test(arguments: ["campaigns.json", "users.json", "inapp-queue.json"])
    func aStateFileLinkedToADeviceStopsTheStart(name: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(atPath: dir.path + "/sd", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/sd/" + name, withDestinationPath: "/dev/full")
        try "print('started')\n".write(toFile: dir.path + "/s.lua", atomically: true, encoding: .utf8)
        let r = try Self.run(["run", "--state-dir", "sd", "s.lua"], in: dir)
        #expect(r.status == 1, "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(!r.stdout.contains("started"))
        #expect(r.stderr.hasPrefix("ctlua: templates: storage: read "), "\(r.stderr)")
        #expect(r.stderr.contains("sd/\(name): not a regular file (a character device); refusing to start"), "\(r.stderr)")
        let kept = try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/sd/" + name)
        #expect(kept == "/dev/full")
    }

    /// Standard input is bounded too: `ctlua < /dev/zero` stops at 64 MiB with a message.
    @Test func standardInputIsBounded() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.shell("timeout -s KILL 60 \"$CTLUA\" < /dev/zero", environment: ["CTLUA": CLI.executable.path], directory: dir)
        #expect(r.status == 1, "\(r.status) \(r.stderr)")
        #expect(r.stderr == "ctlua: cannot read standard input: larger than 64 MiB, the limit of files ctlua reads\n")
    }
}
