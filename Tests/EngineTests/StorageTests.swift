import Foundation
import Testing

@testable import Engine

@Suite struct StorageTests {
    @Test(arguments: [true, false])
    func writesReplaceTheFileWholeAndLeaveNoTemporaryFile(durable: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-storage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let storage = try Storage(directory: dir, durable: durable)
        #expect(storage.isDurable == durable)
        #expect(try storage.read("q.json") == nil)
        try storage.writeAtomically("q.json", Array("first, longer content".utf8))
        try storage.writeAtomically("q.json", Array("second".utf8))
        #expect(try storage.read("q.json") == Array("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["q.json"])
    }

    @Test func anEnginesOwnTemporaryDirectoryIsNotFsyncedAGivenOneIs() throws {
        #expect(try Engine().storage.isDurable == false, "removed with the engine: nothing to keep")
        var configuration = Engine.Configuration()
        configuration.stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-state-\(UUID().uuidString)")
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
}
