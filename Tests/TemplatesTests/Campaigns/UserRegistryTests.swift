import Engine
import Foundation
import JSON
@testable import Templates
import Testing

/// Issue 20, item 8: 2,000 `app.login` with a state directory took 120 s: each login wrote
/// `users.json` whole twice (the switch, then the new identity's cache), each write fsynced. It
/// is now saved once per driving call, with the campaign state, and not at all when unchanged;
/// the writes are counted, so a regression to a write per change fails at any disk speed.
@Suite struct UserRegistryTests {
    @Test func oneUsersWritePerLoginAndNoneWhenNothingChanged() throws {
        let directory = CampaignsTests.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let engine = try CampaignsTests.engine(directory)
        let campaigns = try SwitchUserTests.campaigns(engine)
        let logins = 100
        try engine.run("for i = 1, \(logins) do app.login('user' .. i) end")
        #expect(campaigns.users.count == logins)   // the first login keeps the device's first ID
        #expect(campaigns.usersSaver.saveCount <= logins, "\(campaigns.usersSaver.saveCount) writes of users.json")
        let before = campaigns.usersSaver.saveCount
        try engine.run("for i = 1, 20 do app.profile{Name = 'same'} end")   // no identity: users.json unchanged
        #expect(campaigns.usersSaver.saveCount == before)
        // What was acknowledged is on disk: a new engine on the directory reads every identity.
        let bytes = try #require(try engine.storage.read(UserRegistry.storageName))
        let saved = try #require(UserRegistry.read(try JSONValue.decode(String(decoding: bytes, as: UTF8.self))))
        #expect(saved.identities.count == logins && saved.current == campaigns.users.current)
    }

    /// Durable writes grow linearly with logins: a switch writes the new user's campaign state,
    /// queue and `users.json` (3 per login), not the old user's queue again when it is unchanged
    /// (it was 4). Counted over 10 and 100 logins, so a write per change, or writes growing with
    /// the number of users, fails.
    @Test func durableWritesPerLoginAreConstant() throws {
        func writes(_ logins: Int) throws -> Int {
            let directory = CampaignsTests.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let engine = try CampaignsTests.engine(directory)
            let campaigns = try SwitchUserTests.campaigns(engine)
            try engine.run("for i = 1, \(logins) do app.login('user' .. i) end")
            return campaigns.saver.saveCount + campaigns.usersSaver.saveCount + campaigns.controller.saveCount
        }
        let ten = try writes(10), hundred = try writes(100)
        #expect(ten <= 3 * 10 + 3, "\(ten) writes for 10 logins")
        #expect(hundred <= 3 * 100 + 3, "\(hundred) writes for 100 logins")
        #expect(hundred - ten <= 3 * 90, "\(hundred - ten) writes for 90 more logins")
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
