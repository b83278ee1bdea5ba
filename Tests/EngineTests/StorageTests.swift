import Foundation
import LuaRuntime
import TestSupport
import Testing

@testable import Engine

@Suite struct StorageTests {
    @Test(arguments: [true, false])
    func writesReplaceTheFileWholeAndLeaveNoTemporaryFile(durable: Bool) throws {
        let dir = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: dir) }
        let storage = try Storage(directory: dir, durable: durable)
        #expect(storage.isDurable == durable)
        #expect(try storage.read("q.json") == nil)
        try storage.writeAtomically("q.json", Array("first, longer content".utf8))
        try storage.writeAtomically("q.json", Array("second".utf8))
        #expect(try storage.read("q.json") == Array("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["q.json"])
    }

    /// Appends go to the end (the file is created by the first, its directory too when missing),
    /// and a truncate cuts a torn tail off so the next append starts where it should.
    @Test(arguments: [true, false])
    func appendsAddToTheEndAndTruncateCutsBack(durable: Bool) throws {
        let dir = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: dir) }
        let storage = try Storage(directory: dir, durable: durable)
        try storage.append("j", Array("one\n".utf8))
        try storage.append("j", Array("tw".utf8))
        try storage.truncate("j", to: 4)
        try storage.append("j", Array("two\n".utf8))
        #expect(try storage.read("j") == Array("one\ntwo\n".utf8))
        #expect(throws: StorageError.self) { try storage.truncate("missing", to: 0) }
    }

    @Test func anEnginesOwnTemporaryDirectoryIsNotFsyncedAGivenOneIs() throws {
        #expect(try Engine().storage.isDurable == false, "removed with the engine: nothing to keep")
        var configuration = Engine.Configuration()
        configuration.stateDirectory = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: configuration.stateDirectory!) }
        #expect(try Engine(configuration: configuration).storage.isDurable)
    }

    @Test func idleActionsRunOnceAfterEveryDueTimerAndBeforeDrainReturns() {
        let clock = VirtualClock()
        var log: [String] = []
        clock.after(0) {
            log.append("timer")
            clock.whenIdle { log.append("idle") }
            clock.after(0) { log.append("later timer") }
        }
        clock.drain()
        #expect(log == ["timer", "later timer", "idle"])
        clock.whenIdle { log.append("idle 2"); clock.after(0) { log.append("timer from idle") } }
        clock.advance(by: 1)
        #expect(log == ["timer", "later timer", "idle", "idle 2", "timer from idle"])
        clock.drain()
        #expect(log.count == 5, "idle actions run once")
    }

    @Test func anEmptyFileReadsAsNoBytesAndAMissingOneAsNil() throws {
        let dir = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: dir) }
        let storage = try Storage(directory: dir)
        try storage.writeAtomically("empty", [])
        #expect(try storage.read("empty") == [])
        #expect(try storage.read("missing") == nil)
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try storage.writeAtomically("big", big)
        #expect(try storage.read("big") == big)
        #expect(try FileBytes.read(dir.path + "/empty") == [])
    }

    @Test func aFileThatExistsButCannotBeReadIsAnErrorNotMissing() throws {
        let dir = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: dir) }
        let storage = try Storage(directory: dir)
        // A directory in the file's place: unreadable as a file even for root.
        try FileManager.default.createDirectory(atPath: storage.path("q.json"), withIntermediateDirectories: true)
        #expect(throws: StorageError.io(path: storage.path("q.json"), operation: "read", errno: EISDIR)) {
            try storage.read("q.json")
        }
        #expect(throws: FileBytes.Failure.self) { try FileBytes.read(storage.path("q.json")) }
    }

    @Test func temporaryFilesOfDeadProcessesAreRemovedAtOpenOthersKept() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A pid that ran and exited: the process is gone.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let names = ["q.json", "q.json.tmp-\(dead)", "q.json.tmp-\(getpid())", "q.json.tmp-1", "notes.tmp-x"]
        for name in names { try Data("x".utf8).write(to: dir.appendingPathComponent(name)) }
        _ = try Storage(directory: dir)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["notes.tmp-x", "q.json", "q.json.tmp-1", "q.json.tmp-\(getpid())"],
                "the dead process's file goes; running processes' (ours, init) and foreign names stay")
    }
}
