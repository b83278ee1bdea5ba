import Foundation
import LuaRuntime
import TestSupport
import Testing

/// The one reader of outside files: regular files up to a bound, or a clear failure, never a
/// hang (a FIFO) or an allocation until the process aborts (`/dev/zero`).
struct FileBytesTests {
    @Test func readsRegularFilesEmptyOnesIncluded() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("hello".utf8).write(to: dir.appendingPathComponent("a"))
        try Data().write(to: dir.appendingPathComponent("empty"))
        #expect(try FileBytes.read(dir.path + "/a") == Array("hello".utf8))
        #expect(try FileBytes.read(dir.path + "/empty") == [])
        #expect(throws: FileBytes.Failure.self) { try FileBytes.read(dir.path + "/missing") }
        do { _ = try FileBytes.read(dir.path + "/missing") } catch { #expect(error.isMissing) }
    }

    /// `/dev/zero` once allocated until the process aborted; a link to `/dev/full` hung a start.
    @Test(arguments: ["/dev/zero", "/dev/full", "/dev/null", "/dev/urandom"])
    func devicesAreRefusedBeforeAnythingIsRead(path: String) throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.path + "/state.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        for target in [path, link] {
            do {
                _ = try FileBytes.read(target)
                Issue.record("\(target) was read")
            } catch {
                #expect(error.reason == .notRegular("a character device"))
                #expect(error.description == "cannot read \(target): not a regular file (a character device)")
                #expect(!error.isMissing)
            }
        }
    }

    /// Opening a FIFO for reading blocks until a writer comes; reading it then blocks too.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.path + "/scenario.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let outcome = withDeadline(5) { () -> String in
            do {
                _ = try FileBytes.read(fifo)
                return "read"
            } catch {
                return (error as? FileBytes.Failure)?.problem ?? "\(error)"
            }
        }
        #expect(try outcome?.get() == "not a regular file (a FIFO)", "the read of a FIFO did not return within 5 s")
    }

    @Test func filesPastTheLimitAreRefused() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(repeating: 65, count: 2048).write(to: dir.appendingPathComponent("two-k"))
        #expect(try FileBytes.read(dir.path + "/two-k", limit: 2048).count == 2048)
        #expect(throws: FileBytes.Failure(path: dir.path + "/two-k", operation: "read", reason: .tooLarge(1024))) {
            try FileBytes.read(dir.path + "/two-k", limit: 1024)
        }
        // A sparse file one byte past the default limit: refused from its size, nothing allocated.
        let big = dir.path + "/big"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let fd = open(big, O_WRONLY)
        #expect(ftruncate(fd, off_t(FileBytes.limit + 1)) == 0)
        close(fd)
        do {
            _ = try FileBytes.read(big)
            Issue.record("a file past the limit was read")
        } catch {
            #expect(error.description == "cannot read \(big): larger than 64 MiB, the limit of files ctlua reads")
        }
    }

    /// Standard input and pipes have no size to look at: the bound applies while reading.
    @Test func aStreamPastTheLimitIsRefusedWhileReading() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writer = fds[1]
        let thread = Thread {
            let bytes = [UInt8](repeating: 0, count: 4096)
            _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
        }
        thread.start()
        defer { close(fds[0]) }
        #expect(throws: FileBytes.Failure(path: "standard input", operation: "read", reason: .tooLarge(1000))) {
            try FileBytes.read(descriptor: fds[0], name: "standard input", limit: 1000)
        }
    }

    /// A Lua chunk from a device or FIFO is refused with lauxlib's shape of message.
    @Test func loadFileRefusesWhatIsNotARegularFile() throws {
        let lua = try LuaState()
        #expect(throws: LuaError.self) { try lua.loadFile("/dev/zero") }
        do { _ = try lua.loadFile("/dev/zero") } catch {
            #expect(error.message == "cannot read /dev/zero: not a regular file (a character device)")
        }
    }
}
