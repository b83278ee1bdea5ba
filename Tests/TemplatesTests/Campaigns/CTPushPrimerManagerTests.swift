import Engine
import JSON
@testable import Templates
import TestSupport
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTPushPrimerManagerTests.m`:
// its 3 cases, one row each (`checkAndUpdatePushPermissionStatusWithCompletion:` is
// `PushStatus.isEnabled`), then the primer's behaviour (`promptPushPrimer:`,
// `promptForOSPushNotificationWithFallbackToSettings:`, the local in-app's buttons) end to end.
@Suite struct CTPushPrimerManagerTests {
    @Test(arguments: [
        ("testPushPermissionStatusEnabledWhenAuthorized", PushStatus.authorized, true),
        ("testPushPermissionStatusNotEnabledWhenDenied", .denied, false),
        ("testPushPermissionStatusNotEnabledWhenNotDetermined", .notDetermined, false),
    ])
    func pushPermissionStatus(_ sdkCase: String, _ status: PushStatus, _ enabled: Bool) {
        #expect(status.isEnabled == enabled, "\(sdkCase)")
    }

    static let primer = "app.promptPushPrimer{ titleText = 'Stay informed', messageText = 'Allow?', positiveBtnText = 'Allow', negativeBtnText = 'Later', fallbackToSettings = true }"

    static func engine() throws -> (Engine, Campaigns) {
        let (engine, system) = try makeEngine(with: TemplatesSystem())
        return (engine, system.campaigns)
    }

    @Test func aPrimerShowsWhilePushIsNotEnabledAndItsFirstButtonAsksTheOS() throws {
        let (engine, campaigns) = try Self.engine()
        try engine.run(Self.primer)
        #expect(engine.ui.find("inapp")?.properties["local"] == true)
        #expect(engine.ui.find("inapp.title")?.properties["text"] == "Stay informed")
        #expect(campaigns.data.localInAppCount == 1, "incrementLocalInAppCount (header af.LIAMC)")
        try engine.run("app.tap('inapp.button.1')")
        #expect(engine.transcript.events(prefix: "push.prompt").last?["presented"] == true)
        #expect(campaigns.pushStatus == .authorized && engine.ui.find("inapp") == nil)
        #expect(engine.transcript.events(prefix: "notification.clicked").isEmpty, "a primer records no click")
        try engine.run(Self.primer)
        #expect(engine.ui.find("inapp") == nil, "push is enabled: no primer")
    }

    @Test func theSecondButtonDeclines() throws {
        let (engine, campaigns) = try Self.engine()
        try engine.run(Self.primer + "; app.tap('inapp.button.2')")
        #expect(engine.transcript.events(prefix: "push.response").last?["accepted"] == false)
        #expect(campaigns.pushStatus == .denied && engine.transcript.events(prefix: "push.prompt").isEmpty)
    }

    @Test func aDeniedUserIsSentToTheSettingsOnlyWithTheFallback() throws {
        let (engine, _) = try Self.engine()
        try engine.run("app.configure{ pushStatus = 'denied' }; app.promptForPushPermission(false)")
        #expect(engine.transcript.events(prefix: "push.settings").isEmpty)
        try engine.run("app.promptForPushPermission(true)")
        #expect(engine.transcript.events(prefix: "push.settings").count == 1)
        try engine.run(Self.primer + "; app.tap('inapp.button.1')")
        #expect(engine.transcript.events(prefix: "push.settings").count == 2, "the primer's fallbackToSettings")
    }

    @Test func theOSAnswerIsTheConfiguredOne() throws {
        let (engine, campaigns) = try Self.engine()
        try engine.run("app.configure{ pushAnswer = false }; app.promptForPushPermission()")
        #expect(campaigns.pushStatus == .denied)
        #expect(throws: (any Error).self) { try engine.run("app.configure{ pushStatus = 'maybe' }") }
    }

    @Test func aBadPrimerTableIsAnArgumentError() throws {
        let (engine, _) = try Self.engine()
        #expect(throws: (any Error).self) { try engine.run("app.promptPushPrimer{ titleText = 'x' }") }
        #expect(throws: (any Error).self) { try engine.run("app.promptPushPrimer{ titel = 'x' }") }
    }
}
