import Foundation
import TestSupport
import Testing

/// What the start does with the state directory is said on standard error, in ctlua's shape:
/// a corrupt state file is moved aside and named; one that cannot be read stops the start.
struct StateDirectoryTests {
    static func run(stateFile name: String, contents: String?, directory: Bool = false) throws -> (CLI.Result, URL) {
        let dir = try TemporaryFolder.make()
        let state = dir.appendingPathComponent("sd")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        if let contents { try contents.write(to: state.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        if directory { try FileManager.default.createDirectory(at: state.appendingPathComponent(name), withIntermediateDirectories: true) }
        try "print('started')\n".write(toFile: dir.path + "/s.lua", atomically: true, encoding: .utf8)
        return (try CLI.run(["run", "--state-dir", "sd", "s.lua"], directory: dir), dir)
    }

    /// They used to be moved aside without a word (only a transcript event nobody printed).
    @Test(arguments: ["campaigns.json", "users.json", "inapp-queue.json"])
    func aCorruptStateFileIsMovedAsideAndNamed(name: String) throws {
        let (r, dir) = try Self.run(stateFile: name, contents: "{not json")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "started\n")
        #expect(r.stderr.hasPrefix("ctlua: templates: \(name) is corrupt ("), "\(r.stderr)")
        #expect(r.stderr.contains("; moved aside to \(name).corrupt-1\n"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/sd/\(name).corrupt-1"))
    }

    /// A state file that cannot be read (a folder in its place) stops the start and is kept:
    /// `campaigns.json` and `users.json` used to be moved aside as if corrupt. The message has
    /// ctlua's shape (it was `Error: templates: storage: ...`).
    @Test(arguments: ["campaigns.json", "users.json", "users.journal", "inapp-queue.json"])
    func anUnreadableStateFileStopsTheStartAndIsKept(name: String) throws {
        let (r, dir) = try Self.run(stateFile: name, contents: nil, directory: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(r.status == 1, "\(r.stderr)")
        #expect(!r.stdout.contains("started"))
        #expect(r.stderr.hasPrefix("ctlua: templates: storage: read "), "\(r.stderr)")
        #expect(r.stderr.contains("sd/\(name): Is a directory; refusing to start"), "\(r.stderr)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.path + "/sd/\(name)", isDirectory: &isFolder) && isFolder.boolValue)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/sd/\(name).corrupt-1"))
    }

    /// `--max-memory 0` and `--max-instructions 0` are documented as "no limit", and are that:
    /// a scenario past the defaults (64 MiB, 50 million instructions) passes with them.
    @Test func zeroLimitsMeanNoLimit() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "local s = string.rep('x', 80 << 20)\nassert(#s == 80 << 20)\n".write(toFile: dir.path + "/big_test.lua", atomically: true, encoding: .utf8)
        try "local n = 0 for i = 1, 6e7 do n = n + 1 end\n".write(toFile: dir.path + "/long_test.lua", atomically: true, encoding: .utf8)
        let defaults = try CLI.run(["test", "--jobs", "1", "."], directory: dir)
        #expect(defaults.status == 1)
        #expect(defaults.stdout.contains("not enough memory") && defaults.stdout.contains("instruction limit exceeded"), "\(defaults.stdout)")
        let unlimited = try CLI.run(["test", "--jobs", "1", "--max-memory", "0", "--max-instructions", "0", "."], directory: dir)
        #expect(unlimited.status == 0, "\(unlimited.stdout)")
        for script in ["big_test.lua", "long_test.lua"] {
            let run = try CLI.run(["run", "--max-memory", "0", "--max-instructions", "0", script], directory: dir)
            #expect(run.status == 0, "\(script): \(run.stderr)")
        }
    }
}
