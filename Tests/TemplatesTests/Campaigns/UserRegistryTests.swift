import Engine
import Foundation
import JSON
@testable import Templates
import TestSupport
import Testing

/// Issue 20, item 8: 2,000 `app.login` with a state directory took 120 s: each login wrote
/// `users.json` whole twice (the switch, then the new identity's cache), each write fsynced, and
/// the file grew with every user. The users are now a snapshot plus a journal (`UsersJournal`):
/// one appended record per driving call that changed them, folded into the snapshot now and then.
/// Writes and bytes are counted, so a regression fails at any disk speed.
@Suite struct UserRegistryTests {
    /// A login run on a fresh state directory: the engine's campaigns after `logins` logins.
    static func afterLogins(_ logins: Int, in directory: URL) throws -> (Engine, Campaigns) {
        let engine = try CampaignsTests.engine(directory)
        let campaigns = try SwitchUserTests.campaigns(engine)
        try engine.run("for i = 1, \(logins) do app.login('user' .. i) end")
        return (engine, campaigns)
    }

    @Test func oneUsersRecordPerLoginAndNoneWhenNothingChanged() throws {
        let directory = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: directory) }
        let logins = 100
        let (engine, campaigns) = try Self.afterLogins(logins, in: directory)
        #expect(campaigns.users.count == logins)   // the first login keeps the device's first ID
        #expect(campaigns.usersJournal.saveCount <= logins, "\(campaigns.usersJournal.saveCount) writes of the users")
        let before = campaigns.usersJournal.saveCount
        try engine.run("for i = 1, 20 do app.profile{Name = 'same'} end")   // no identity: the users are unchanged
        #expect(campaigns.usersJournal.saveCount == before)
        // What was acknowledged is on disk: the snapshot and journal hold every identity.
        let saved = try #require(try UserRegistry.saved(in: engine.storage))
        #expect(saved.identities.count == logins && saved.current == campaigns.users.current && saved.count == campaigns.users.count)
        #expect(FileManager.default.fileExists(atPath: engine.storage.path(UserRegistry.storageName)), "folded at least once")
    }

    /// Durable writes grow linearly with logins: a switch writes the new user's campaign state
    /// and one users record (2 per login); not the old user's queue when unchanged (it was 4),
    /// nor the new user's empty queue (it was 3). Counted over 10 and 100 logins.
    @Test func durableWritesPerLoginAreConstant() throws {
        func writes(_ logins: Int) throws -> Int {
            let directory = TemporaryFolder.path()
            defer { try? FileManager.default.removeItem(at: directory) }
            let (_, campaigns) = try Self.afterLogins(logins, in: directory)
            return campaigns.saver.saveCount + campaigns.usersJournal.saveCount + campaigns.controller.saveCount
        }
        let ten = try writes(10), hundred = try writes(100)
        #expect(ten <= 2 * 10 + 3, "\(ten) writes for 10 logins")
        #expect(hundred <= 2 * 100 + 3, "\(hundred) writes for 100 logins")
        #expect(hundred - ten <= 2 * 90, "\(hundred - ten) writes for 90 more logins")
    }

    /// The bytes written for the users grow linearly with logins (a whole `users.json` per login
    /// made them grow with the square): 4 times the logins write at most about 4 times the bytes
    /// (a quadratic cost would write 16 times).
    @Test func usersBytesPerLoginDoNotGrowWithTheNumberOfUsers() throws {
        func bytes(_ logins: Int) throws -> Int {
            let directory = TemporaryFolder.path()
            defer { try? FileManager.default.removeItem(at: directory) }
            return try Self.afterLogins(logins, in: directory).1.usersJournal.bytesWritten
        }
        let small = try bytes(300), large = try bytes(1_200)
        #expect(Double(large) / Double(small) < 6, "\(small) bytes for 300 logins, \(large) for 1,200")
    }

    /// A record torn by a kill during its append (never acknowledged) is cut off at the next
    /// start; the records before it count, and the next append starts on a fresh line.
    @Test func aTornLastRecordIsCutOffAndTheJournalGoesOn() throws {
        let directory = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: directory) }
        do { _ = try Self.afterLogins(3, in: directory) }
        let journal = directory.appendingPathComponent(UsersJournal.fileName)
        let handle = try FileHandle(forWritingTo: journal)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"version":1,"current":"-ctlua-9","cou"#.utf8))
        try handle.close()
        let engine = try CampaignsTests.engine(directory)
        let campaigns = try SwitchUserTests.campaigns(engine)
        #expect(campaigns.users.identities.count == 3 && campaigns.users.count == 3)
        #expect(engine.transcript.events(prefix: "error").isEmpty)
        try engine.run("app.login('dave')")
        let saved = try #require(try UserRegistry.saved(in: engine.storage))
        #expect(saved.identities.count == 4 && saved.identities["Identity:dave"] == saved.current)
    }

    /// A journal record that is not a registry object: the journal is moved aside and reported,
    /// as a corrupt state file is.
    @Test func aCorruptJournalIsMovedAsideAndReported() throws {
        let directory = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("[1, 2]\n".utf8).write(to: directory.appendingPathComponent(UsersJournal.fileName))
        let engine = try CampaignsTests.engine(directory)
        let message = engine.transcript.events(prefix: "error").first?["message"]?.stringValue ?? ""
        #expect(message.contains("users.journal is corrupt") && message.contains("users.journal.corrupt-1"), "\(message)")
        #expect(FileManager.default.fileExists(atPath: engine.storage.path("users.journal.corrupt-1")))
    }

    /// A tampered count is refused when read (the next ID would overflow), as are counts that are
    /// not whole numbers; an ID number in `current` past the bound is clamped.
    @Test(arguments: [("9223372036854775807", false), ("-1", false), ("0", false), ("1.5", false), ("12", true)])
    func theCountMustBeAPlausibleWholeNumber(_ count: String, _ accepted: Bool) throws {
        let json = try JSONValue.decode(#"{"version": 1, "current": "-ctlua-3", "count": \#(count), "identities": {}}"#)
        #expect((UserRegistry.read(json) != nil) == accepted, "\(count)")
        #expect(UserRegistry.number("-ctlua-9223372036854775807") == Int(UserRegistry.maxCount))
    }
}
