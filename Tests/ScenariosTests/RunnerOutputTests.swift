import Foundation
import TestSupport
import Testing
@testable import Scenarios

/// Reports are written through what is not a regular file (devices, FIFOs, symbolic links), and
/// replace regular files atomically; failures say `FILE: reason`.
struct RunnerOutputTests {
    private func folder() throws -> String {
        let path = try TemporaryFolder.make().path
        return path
    }

    @Test func aSymbolicLinkIsWrittenThroughNotReplaced() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "old".write(toFile: dir + "/target.xml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.xml", withDestinationPath: dir + "/target.xml")
        try RunnerOutput.writeToDisk(dir + "/link.xml", "new report")
        #expect(try String(contentsOfFile: dir + "/target.xml", encoding: .utf8) == "new report")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.xml") == dir + "/target.xml")
    }

    @Test func aFIFOIsWrittenThrough() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Received()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var data = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                data += buffer[0..<n]
            }
            close(fd)
            received.set(String(decoding: data, as: UTF8.self))
        }
        reader.start()
        try RunnerOutput.writeToDisk(fifo, "through the pipe")
        #expect(received.wait() == "through the pipe")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)  // still a FIFO
    }

    @Test func aRegularFileIsReplacedAndItsFolderCreated() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try RunnerOutput.writeToDisk(dir + "/reports/a.json", "{}")
        try RunnerOutput.writeToDisk(dir + "/reports/a.json", "[1]")
        #expect(try String(contentsOfFile: dir + "/reports/a.json", encoding: .utf8) == "[1]")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/reports") == ["a.json"])  // no temporary left
    }

    /// A file named after a scenario (a page, a trace) is never written through a link or into a
    /// FIFO: refused with a reason, the target unchanged, nothing blocked.
    @Test func aNamedFileIsNeverWrittenThroughALinkOrAFIFO() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "precious".write(toFile: dir + "/target", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/page.html", withDestinationPath: dir + "/target")
        #expect(throws: ReportFileError(path: dir + "/page.html",
                                        reason: "is a symbolic link: not written through (ctlua names this file; remove it)")) {
            try RunnerOutput.writeNamedToDisk(dir + "/page.html", "report")
        }
        #expect(try String(contentsOfFile: dir + "/target", encoding: .utf8) == "precious")
        #expect(mkfifo(dir + "/fifo.html", 0o600) == 0)
        #expect(throws: ReportFileError.self) { try RunnerOutput.writeNamedToDisk(dir + "/fifo.html", "report") }
        try RunnerOutput.writeNamedToDisk(dir + "/new.html", "report")
        #expect(try String(contentsOfFile: dir + "/new.html", encoding: .utf8) == "report")
    }

    /// A link left at the temporary name (`.NAME.tmp-PID`) is removed, not followed.
    @Test func aLinkAtTheTemporaryNameIsNotFollowed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "precious".write(toFile: dir + "/target", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/.page.html.tmp-\(getpid())", withDestinationPath: dir + "/target")
        try RunnerOutput.writeNamedToDisk(dir + "/page.html", "report")
        #expect(try String(contentsOfFile: dir + "/target", encoding: .utf8) == "precious")
        #expect(try String(contentsOfFile: dir + "/page.html", encoding: .utf8) == "report")
    }

    @Test func failuresNameTheFileAndTheReason() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: ReportFileError(path: dir, reason: "is a folder")) { try RunnerOutput.writeToDisk(dir, "x") }
        try "file".write(toFile: dir + "/plain", atomically: true, encoding: .utf8)
        #expect(throws: ReportFileError(path: dir + "/plain/r.xml", reason: "cannot create the folder \(dir)/plain")) {
            try RunnerOutput.writeToDisk(dir + "/plain/r.xml", "x")
        }
    }
}

/// A value handed over from a reader thread.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var value = ""
    func set(_ text: String) {
        lock.withLock { value = text }
        done.signal()
    }
    func wait() -> String {
        _ = done.wait(timeout: .now() + 10)
        return lock.withLock { value }
    }
}
