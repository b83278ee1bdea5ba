import Engine
import Foundation
import JSON
@testable import Templates
import TestSupport
import Testing

// User switching (`onUserLogin:` → `CTSwitchUserDelegate deviceIdDidChange:`), ported from the
// SDK's switch-user cases (CleverTapSDKTests/InApps, 7.7.0); each test names its SDK case.
// The SDK tests call `deviceIdDidChange:` on one component with a made-up device id; here
// `Campaigns.switchUser(to:)` plays the delegate manager and every component switches at once.
//
// Not ported:
// - `CTInAppFCManagerTest testLocalInAppCount`: local (push primer) in-apps, which ctlua does not
//   simulate; the count is not keyed by device id anyway.
// - `CTInAppFCManagerLegacyTest` (13 cases): they migrate FC preference keys of SDKs before 5.x
//   (`<account>:<suffix>` without the device id, and the global keys) to the per-device keys.
//   ctlua has no legacy keys: its state files were per device id from the start, so there is
//   nothing to migrate and no case applies.
@Suite struct SwitchUserTests {
    static func engine(_ directory: URL? = nil) throws -> Engine { try CampaignsTests.engine(directory) }

    static func campaigns(_ engine: Engine) throws -> Campaigns {
        try #require(engine.system(TemplatesSystem.self)?.campaigns)
    }

    static var first: String { UserRegistry.deviceId(1) }
    static var second: String { UserRegistry.deviceId(2) }

    // MARK: CTImpressionManagerTest

    /// `CTImpressionManagerTest testSwitchUser`.
    @Test func impressionManagerTestSwitchUser() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        campaigns.impressions.record("1")
        campaigns.impressions.record("1")
        #expect(campaigns.impressions.impressions("1").count == 2)
        campaigns.switchUser(to: Self.second)
        #expect(campaigns.impressions.impressions("1").count == 0)
        #expect(campaigns.impressions.perSession("1") == 0, "deviceIdDidChange: resets the session")
        campaigns.impressions.record("1")
        #expect(campaigns.impressions.impressions("1").count == 1)
        campaigns.switchUser(to: Self.first)
        #expect(campaigns.impressions.impressions("1").count == 2)
        campaigns.switchUser(to: Self.second)
        #expect(campaigns.impressions.impressions("1").count == 1)
    }

    /// `CTImpressionManagerTest testSwitchUserDelegateAdded`, `CTInAppTriggerManagerTest
    /// testSwitchUserDelegateAdded`, `CTInAppStoreTest testSwitchUserDelegateAdded`: each
    /// component registers for the switch; here: a switch reaches every one of them.
    @Test func switchUserDelegateAdded() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        try engine.run("""
            templates.deliver{ imc = 4, imp = 5, inapp_delivery_mode = 'CS', inapp_notifs_cs = {
              { ti = 1, wzrk_id = 'a', type = 'custom-code', templateName = 'Banner', whenTriggers = { { eventName = 'Go' } } } },
              inapp_notifs = { { ti = 2, wzrk_id = 'b', type = 'custom-code', templateName = 'Banner' } } }
            templates.suspend()
            app.event('Go')
            """)
        #expect(campaigns.data.triggers["1"] == 1 && campaigns.data.counts["2"] != nil && campaigns.controller.queue.count == 1)
        campaigns.switchUser(to: Self.second)
        #expect(campaigns.impressions.impressions("2").isEmpty, "impression manager")
        #expect(campaigns.data.counts.isEmpty && campaigns.data.shownToday == 0, "FC manager")
        #expect(campaigns.caps.perSessionMax == 1 && campaigns.caps.perDayMax == 1, "FC manager: imc/imp are per user")
        #expect(campaigns.data.triggerCount("1") == 0, "trigger manager")
        #expect(campaigns.data.clientSide.isEmpty && campaigns.controller.queue.isEmpty, "in-app store")
        #expect(campaigns.data.eventLog.isEmpty, "user event logs")
        #expect(campaigns.controller.displayed?.id == "b", "the display manager is not a switch-user delegate")
    }

    // MARK: CTInAppFCManagerTest

    /// `CTInAppFCManagerTest testSwitchUser`.
    @Test func fcManagerTestSwitchUser() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        campaigns.caps.didShow(["ti": 1])
        campaigns.caps.didShow(["ti": 2])
        #expect(campaigns.data.counts.count == 2)
        campaigns.switchUser(to: Self.second)
        #expect(campaigns.data.counts.count == 0)
        campaigns.caps.didShow(["ti": 1])
        #expect(campaigns.data.counts.count == 1)
        campaigns.switchUser(to: Self.first)
        #expect(campaigns.data.counts.count == 2)
        campaigns.switchUser(to: Self.second)
        #expect(campaigns.data.counts.count == 1)
    }

    // MARK: CTInAppTriggerManagerTest

    /// `CTInAppTriggerManagerTest testSwitchUser`.
    @Test func triggerManagerTestSwitchUser() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        campaigns.data.incrementTrigger("t")
        campaigns.data.incrementTrigger("t")
        #expect(campaigns.data.triggerCount("t") == 2)
        campaigns.switchUser(to: Self.second)
        #expect(campaigns.data.triggerCount("t") == 0)
        campaigns.data.incrementTrigger("t")
        #expect(campaigns.data.triggerCount("t") == 1)
        campaigns.switchUser(to: Self.first)
        #expect(campaigns.data.triggerCount("t") == 2)
        campaigns.switchUser(to: Self.second)
        #expect(campaigns.data.triggerCount("t") == 1)
    }

    // MARK: CTInAppStoreTest

    /// `CTInAppStoreTest testSwitchUser`: the store queue is per user.
    @Test func inAppStoreTestSwitchUser() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        let controller = campaigns.controller
        try engine.run("app.background()")
        try engine.run("templates.deliver{ { ti = 1, type = 'custom-code', templateName = 'Banner' }, { ti = 2, type = 'custom-code', templateName = 'Banner' } }")
        #expect(controller.queue.count == 2)
        campaigns.switchUser(to: Self.second)
        #expect(controller.queue.count == 0)
        try engine.run("templates.deliver{ ti = 1, type = 'custom-code', templateName = 'Banner' }")
        #expect(controller.queue.count == 1)
        campaigns.switchUser(to: Self.first)
        #expect(controller.queue.count == 2)
        campaigns.switchUser(to: Self.second)
        #expect(controller.queue.count == 1)
    }

    // MARK: onUserLogin

    @Test func theFirstLoginOfAnAnonymousDeviceKeepsTheUserAndALaterNewIdentitySwitches() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        try engine.run("app.login('alice')")
        #expect(campaigns.deviceId == Self.first)
        try engine.run("app.login('alice', { Name = 'Alice' })")
        #expect(campaigns.deviceId == Self.first, "the identity maps to the current ID: a profile push")
        try engine.run("app.login{ Email = 'bob@example.com', Name = 'Bob' }")
        #expect(campaigns.deviceId == Self.second)
        #expect(campaigns.data.profile["Name"] == "Bob" && campaigns.data.profile["Email"] == "bob@example.com")
        try engine.run("app.login('alice')")
        #expect(campaigns.deviceId == Self.first && campaigns.data.profile["Name"] == "Alice")
        let logins = engine.transcript.events(prefix: "app.login").map { $0["switched"] }
        #expect(logins == [false, false, true, true])
        let launched = engine.transcript.events(prefix: "event.recorded").filter { $0["name"] == "App Launched" }
        #expect(launched.count == 3, "the first launch, then one per switch")
    }

    @Test func aLoginWithoutIdentityOrWithATableIdentityDoesNotSwitch() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        try engine.run("app.login('alice'); app.login{ Name = 'x' }; app.login{ Identity = { 1 } }")
        #expect(campaigns.deviceId == Self.first)
        #expect(engine.transcript.events(prefix: "log").contains { ($0["message"]?.stringValue ?? "").contains("Non-primitive") })
    }

    @Test func eachUserIsDurableBeforeTheLoginReturnsAndTheCurrentUserSurvivesARelaunch() throws {
        let dir = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            let engine = try Self.engine(dir)
            try engine.run("""
                app.login('alice')
                templates.deliver{ imc = 10, imp = 10, inapp_notifs = { { ti = 1, type = 'custom-code', templateName = 'Banner' } } }
                templates.close()
                app.login('bob')
                """)
            // What a kill -9 right now leaves.
            let storage = try Storage(directory: dir)
            let users = try #require(try UserRegistry.saved(in: storage))
            #expect(users.current == Self.second)
            let alice = try JSONValue.decode(try #require(try storage.read(Campaigns.storageName)))
            #expect(alice["counts"]?["1"] == [1, 1])
            withExtendedLifetime(engine) {}
        }
        let engine = try Self.engine(dir)
        let campaigns = try Self.campaigns(engine)
        #expect(campaigns.deviceId == Self.second && campaigns.data.counts.isEmpty)
        try engine.run("app.login('alice')")
        #expect(campaigns.data.counts["1"] == [1, 1] && campaigns.caps.perSessionMax == 10)
    }

    /// A user switch to a user whose state file cannot be read (a folder in its place): the
    /// queue file used to be moved aside as if corrupt, the campaign state overwritten; docs/cli.md
    /// promises such a file is never overwritten. It is kept, and an error event says so and why.
    @Test(arguments: ["campaigns-2.json", "inapp-queue-2.json"])
    func anUnreadableStateFileMetOnASwitchIsKeptAndNamed(name: String) throws {
        let dir = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: true)
        let engine = try Self.engine(dir)
        try engine.run("app.login('alice'); app.login('bob'); templates.deliver{ inapp_notifs = { { ti = 1, type = 'custom-code', templateName = 'Banner' } } }")
        let messages = engine.transcript.events(prefix: "error").compactMap { $0["message"]?.stringValue }
        #expect(messages.contains { $0.hasPrefix("templates: storage: read ") && $0.contains("\(name): Is a directory; \(name) is kept as it is") },
                "\(messages)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(name + ".corrupt-1").path))
        #expect(!messages.contains { $0.contains("cannot save") }, "nothing tries to write over it: \(messages)")
    }

    @Test func timersPendingAndEvaluatedIdsStayAcrossASwitch() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        try engine.run("""
            app.login('alice')
            templates.deliver{ imc = 10, imp = 10, inapp_delivery_mode = 'CS', inapp_notifs_cs = {
              { ti = 9, wzrk_id = 'd9', type = 'custom-code', templateName = 'Banner', delayAfterTrigger = 60,
                whenTriggers = { { eventName = 'Go' } } } } }
            app.event('Go')
            templates.deliver{ inapp_delivery_mode = 'SS', inapp_notifs_ss = { { ti = 5, whenTriggers = { { eventName = 'Go' } } } } }
            app.event('Go')
            """)
        #expect(campaigns.timers.count == 1 && campaigns.data.evaluated == [5])
        try engine.run("app.login('bob')")
        #expect(campaigns.timers.count == 1, "iOS never cancels timers on a switch")
        #expect(campaigns.data.evaluated == [5], "the evaluation manager is not a switch-user delegate")
        #expect(campaigns.data.serverSide.isEmpty)
    }

    @Test func resetForgetsTheIdentities() throws {
        let engine = try Self.engine()
        let campaigns = try Self.campaigns(engine)
        try engine.run("app.login('alice'); app.reset(); app.login('bob')")
        #expect(campaigns.deviceId == Self.first, "after a fresh install the device is anonymous again")
    }
}
