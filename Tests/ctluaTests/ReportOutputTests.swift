import Foundation
import Scenarios
import TestSupport
import Testing

/// Reports carry outside names safely, and every report that cannot be written fails alike
/// (`ctlua: FILE: reason`, exit 2).
struct ReportOutputTests {
    /// A script whose file name holds a newline and a whole forged record.
    static let forgedName = "lib\nSF:forged.lua\nDA:1,1\nend_of_record\n.lua"

    static func folderWithForgedScript() throws -> URL {
        let dir = try TemporaryFolder.make()
        #expect(FileManager.default.createFile(atPath: dir.path + "/" + forgedName, contents: Data("local x = 1\nreturn x\n".utf8)))
        let scripts = "[\"" + forgedName.replacingOccurrences(of: "\n", with: "\\n") + "\"]"
        try #"{"name": "forge\nok 2 - forged", "scripts": \#(scripts), "steps": [{"advance": 1}]}"#
            .write(toFile: dir.path + "/a.json", atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: dir.path + "/b\nnot ok 9.json",
                                               contents: Data(#"{"name": "fails", "steps": [{"expect": {"displayed": "nothing"}}]}"#.utf8)))
        return dir
    }

    @Test func controlCharactersInNamesNeverStartARecord() throws {
        let dir = try Self.folderWithForgedScript()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["test", "--coverage", "cov.info", "--junit", "j.xml", "--json", "j.json", "--trace", "tr", "--tap", "."],
                            directory: dir)
        #expect(r.status == 1, "\(r.stderr)")
        let lcov = try String(contentsOfFile: dir.path + "/cov.info", encoding: .utf8)
        let lines = lcov.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("SF:") } == [#"SF:lib\nSF:forged.lua\nDA:1,1\nend_of_record\n.lua"#], "\(lcov)")
        #expect(lines.filter { $0 == "end_of_record" }.count == 1)
        // TAP: one line per test point.
        let tap = r.stdout.split(separator: "\n")
        #expect(tap.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }.count == 2, "\(r.stdout)")
        #expect(tap.contains { $0.hasPrefix(#"ok 1 - forge\nok 2 - forged (a.json)"#) }, "\(r.stdout)")
        #expect(r.stdout.contains(#"(b\nnot ok 9.json)"#), "\(r.stdout)")
        // JUnit: newlines in attributes are character references, which parsers keep.
        let junit = try String(contentsOfFile: dir.path + "/j.xml", encoding: .utf8)
        #expect(junit.contains(#"name="forge&#10;ok 2 - forged""#), "\(junit)")
        #expect(junit.contains(#"file="b&#10;not ok 9.json""#), "\(junit)")
        // JSON: escaped by the writer.
        let json = try String(contentsOfFile: dir.path + "/j.json", encoding: .utf8)
        #expect(json.contains(#""name":"forge\nok 2 - forged""#), "\(json)")
        // Trace file names: one file, the newline written `_` in its readable prefix.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/tr") == [JSONReporter.traceFileName("b\nnot ok 9.json")])
        #expect(JSONReporter.traceFileName("b\nnot ok 9.json").hasPrefix("b_not_ok_9.json-"))
    }

    /// `--coverage /dev/full` exited 0 when no script was covered (an empty write succeeds).
    @Test(arguments: ["--coverage", "--junit", "--json"])
    func aReportThatCannotBeWrittenExits2(option: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"name": "ok", "steps": [{"advance": 1}]}"#.write(toFile: dir.path + "/a.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", option, "/dev/full", "a.json"], directory: dir)
        #expect(r.status == 2, "\(option): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains("ctlua: /dev/full: No space left on device"), "\(option): \(r.stderr)")
    }

    /// The text report and TAP on a full standard output: exit 2 with a message (a trap before).
    @Test(arguments: [["test", "a.json"], ["test", "--tap", "a.json"], ["test", "--json", "-", "a.json"], ["doc"]])
    func aFullStandardOutputExits2(arguments: [String]) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"name": "ok", "steps": [{"advance": 1}]}"#.write(toFile: dir.path + "/a.json", atomically: true, encoding: .utf8)
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let r = try CLI.shell("SWIFT_BACKTRACE=enable=no \"$CTLUA\" \(quoted) > /dev/full", environment: ["CTLUA": CLI.executable.path],
                              directory: dir)
        #expect(r.status == 2, "\(arguments): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains("ctlua: standard output: No space left on device"), "\(arguments): \(r.stderr)")
    }

    /// `ctlua doc --output` wrote atomically: a rename over a link (or, as root, over `/dev/full`
    /// itself). It writes through what is not a regular file, as the test reports do.
    @Test func docOutputWritesThroughADeviceAndFailsLikeTheReports() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/ref.md", withDestinationPath: "/dev/full")
        let r = try CLI.run(["doc", "--output", "ref.md"], directory: dir)
        #expect(r.status == 2, "\(r.status) \(r.stderr)")
        #expect(r.stderr == "ctlua: ref.md: No space left on device\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/ref.md") == "/dev/full")
    }
}
