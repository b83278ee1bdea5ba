import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CustomTemplates/SystemAppFunction/`:
// CTOpenUrlSystemAppFunctionTest (6), CTAppRatingSystemAppFunctionTest (5), CTPushPermissionSystemAppFunctionTest (6),
// CTSystemAppFunctionsTest (1) and CTSystemAppFunctionPresenterTest (7 of 8: `test_init_returnsNonNil` has no
// ctlua equivalent), same names and outcomes. The SDK's mocked action handler is the transcript's
// `system.function` event. CTSystemTemplateActionHandlerTest (3) is ported through the functions'
// presenter: the handler's answers are the `presented` field of `system.function`.
@Suite struct SystemAppFunctionsTests {
    static func function(_ name: String) -> CustomTemplate {
        SystemAppFunctions.templates().first { $0.name == name }!
    }

    // CTOpenUrlSystemAppFunctionTest
    @Test func test_buildTemplate_returnsNonNil_openUrl() { #expect(SystemAppFunctions.templates().contains { $0.name == "ctsystem_openurl" }) }
    @Test func test_buildTemplate_hasCorrectName_openUrl() { #expect(Self.function("ctsystem_openurl").name == "ctsystem_openurl") }
    @Test func test_buildTemplate_isNotVisual_openUrl() { #expect(!Self.function("ctsystem_openurl").isVisual && Self.function("ctsystem_openurl").isFunction) }
    @Test func test_buildTemplate_hasOneArgument_openUrl() { #expect(Self.function("ctsystem_openurl").arguments.count == 1) }
    @Test func test_buildTemplate_argumentKeyIsOpenUrlActionKey() { #expect(Self.function("ctsystem_openurl").arguments[0].name == "iOS") }
    @Test func test_buildTemplate_argumentTypeIsString() {
        #expect(Self.function("ctsystem_openurl").arguments[0].type == .string)
        #expect(Self.function("ctsystem_openurl").arguments[0].defaultValue == "")
    }

    // CTAppRatingSystemAppFunctionTest
    @Test func test_buildTemplate_returnsNonNil_appRating() { #expect(SystemAppFunctions.templates().contains { $0.name == "ctsystem_apprating" }) }
    @Test func test_buildTemplate_hasCorrectName_appRating() { #expect(Self.function("ctsystem_apprating").name == "ctsystem_apprating") }
    @Test func test_buildTemplate_isNotVisual_appRating() { #expect(!Self.function("ctsystem_apprating").isVisual) }
    @Test func test_buildTemplate_hasNoArguments() { #expect(Self.function("ctsystem_apprating").arguments.isEmpty) }
    @Test func test_buildTemplate_isSystemDefined() throws {
        let manager = try TemplatesManager()
        #expect(manager.isRegistered("ctsystem_apprating") && !manager.names.contains("ctsystem_apprating"))
        #expect(throws: TemplateError.systemTemplate("ctsystem_apprating")) {
            try manager.register(try makeFunction("ctsystem_apprating", visual: false, presenter: RecordingPresenter()))
        }
    }

    // CTPushPermissionSystemAppFunctionTest
    @Test func test_buildTemplate_returnsNonNil_pushPermission() { #expect(SystemAppFunctions.templates().contains { $0.name == "ctsystem_pushpermission" }) }
    @Test func test_buildTemplate_hasCorrectName_pushPermission() { #expect(Self.function("ctsystem_pushpermission").name == "ctsystem_pushpermission") }
    @Test func test_buildTemplate_isNotVisual_pushPermission() { #expect(!Self.function("ctsystem_pushpermission").isVisual) }
    @Test func test_buildTemplate_hasOneArgument_pushPermission() { #expect(Self.function("ctsystem_pushpermission").arguments.count == 1) }
    @Test func test_buildTemplate_argumentKeyIsFbSettingsKey() { #expect(Self.function("ctsystem_pushpermission").arguments[0].name == "fbSettings") }
    @Test func test_buildTemplate_argumentTypeIsBool() {
        #expect(Self.function("ctsystem_pushpermission").arguments[0].type == .boolean)
        #expect(Self.function("ctsystem_pushpermission").arguments[0].defaultValue == false)
    }

    // CTSystemAppFunctionsTest
    @Test func testSystemAppFunctions() {
        #expect(Set(SystemAppFunctions.templates().map(\.name)) == TemplatesManager.systemTemplateNames)
    }

    // CTSystemAppFunctionPresenterTest, through the queue and a Campaigns display delegate.
    func fixture() throws -> CampaignsFixture {
        let f = try CampaignsFixture { p in [try makeTemplate("Banner", presenter: p) { b in try b.addActionArgument("ok") }] }
        f.campaigns.handleResponse(["imc": 10, "imp": 10])
        return f
    }

    func run(_ f: CampaignsFixture, _ inApp: JSONValue) {
        f.harness.controller.addToQueue([inApp])
        f.harness.clock.drain()
    }

    static func system(_ name: String, _ vars: JSONObject = [:]) -> JSONValue {
        ["ti": 7, "wzrk_id": "7_1", "type": "custom-code", "templateName": .string(name), "vars": .object(vars)]
    }

    @Test func test_onCloseClicked_doesNotCrash() throws {
        let context = CustomTemplateContext(template: Self.function("ctsystem_apprating"), notification: InAppNotification(json: [:]))
        try context.template.presenter.onClose(context: context)
    }

    @Test func test_onPresent_pushPermission_callsPromptPushPermission() throws {
        let f = try fixture()
        run(f, Self.system("ctsystem_pushpermission"))
        #expect(f.harness.events("system.function").map(\.fields) == [["name": "ctsystem_pushpermission", "fbSettings": false, "presented": true]])
        #expect(f.harness.events("notification.viewed").count == 1, "the OS prompt counts as presented")
        #expect(f.harness.controller.displayed == nil, "dismissed")
        f.campaigns.pushEnabled = true
        run(f, Self.system("ctsystem_pushpermission"))
        #expect(f.harness.events("system.function").last?["presented"] == false, "already granted: not presented")
        #expect(f.harness.events("notification.viewed").count == 1)
    }

    /// `CTPushPrimerManager promptForOSPushNotificationWithFallbackToSettings:withCompletionBlock:`
    /// as `ctsystem_pushpermission` drives it: not determined ⇒ the OS prompt (presented: Notification
    /// Viewed and an impression); denied ⇒ the settings with `fbSettings`, not presented.
    @Test func promptForOSPushNotification_notDetermined_presentsTheOSPrompt() throws {
        let f = try fixture()
        f.campaigns.pushAnswer = false
        run(f, Self.system("ctsystem_pushpermission", ["fbSettings": true]))
        #expect(f.harness.events("push.prompt").map(\.fields) == [["fbSettings": true, "status": "notDetermined", "presented": true]])
        #expect(f.harness.events("push.response").map(\.fields) == [["accepted": false]])
        #expect(f.harness.events("push.settings").isEmpty)
        #expect(f.harness.events("system.function").last?["presented"] == true)
        #expect(f.harness.events("notification.viewed").count == 1)
        #expect(f.campaigns.impressions.impressions("7").count == 1)
        #expect(f.campaigns.pushStatus == .denied)
    }

    @Test(arguments: [true, false])
    func promptForOSPushNotification_denied_opensTheSettingsOnlyWithFbSettings(_ fbSettings: Bool) throws {
        let f = try fixture()
        f.campaigns.pushStatus = .denied
        run(f, Self.system("ctsystem_pushpermission", ["fbSettings": .bool(fbSettings)]))
        #expect(f.harness.events("push.prompt").map { $0["presented"] } == [false])
        #expect(f.harness.events("push.settings").count == (fbSettings ? 1 : 0))
        #expect(f.harness.events("push.response").isEmpty, "no OS prompt, no answer")
        #expect(f.harness.events("system.function").map(\.fields) == [["name": "ctsystem_pushpermission", "fbSettings": .bool(fbSettings), "presented": false]])
        #expect(f.harness.events("template.presented").isEmpty)
        #expect(f.harness.events("notification.viewed").isEmpty, "no Notification Viewed")
        #expect(f.campaigns.impressions.impressions("7").isEmpty, "no impression")
        #expect(f.harness.trace("template.dismissed") == ["template.dismissed 7_1"], "dismissed all the same")
        #expect(f.campaigns.pushStatus == .denied)
    }

    /// A number override of `fbSettings` (a boolean argument) reads as its `boolValue`.
    @Test func promptPushPermission_fbSettingsGivenAsANumber() throws {
        let f = try fixture()
        f.campaigns.pushStatus = .denied
        run(f, Self.system("ctsystem_pushpermission", ["fbSettings": 1]))
        #expect(f.harness.events("push.settings").count == 1)
    }

    @Test func test_onPresent_pushPermission_passesFbSettings() throws {
        let f = try fixture()
        run(f, Self.system("ctsystem_pushpermission", ["fbSettings": true]))
        #expect(f.harness.events("system.function").last?["fbSettings"] == true)
    }

    @Test func test_onPresent_openURL_callsHandleOpenURL() throws {
        let f = try fixture()
        run(f, Self.system("ctsystem_openurl", ["iOS": "https://example.com/a"]))
        #expect(f.harness.events("system.function").last?.fields == ["name": "ctsystem_openurl", "url": "https://example.com/a", "presented": true])
        #expect(f.harness.events("notification.viewed").count == 1)
        run(f, Self.system("ctsystem_openurl"))
        #expect(f.harness.events("system.function").last?["presented"] == false, "no URL: not presented")
        #expect(f.harness.events("notification.viewed").count == 1)
    }

    @Test func test_onPresent_openURL_callsDismissed() throws {
        let f = try fixture()
        run(f, Self.system("ctsystem_openurl", ["iOS": "https://example.com/a"]))
        #expect(f.harness.trace("template.dismissed") == ["template.dismissed 7_1"])
        #expect(f.harness.controller.displayed == nil)
    }

    @Test func test_onPresent_appRating_callsPromptAppRating() throws {
        let f = try fixture()
        run(f, Self.system("ctsystem_apprating"))
        #expect(f.harness.events("system.function").map(\.fields) == [["name": "ctsystem_apprating", "presented": true]])
        #expect(f.harness.controller.displayed == nil)
    }

    @Test func test_onPresent_unknownTemplate_doesNotCrash() throws {
        let odd = CustomTemplate(name: "unknown", kind: .function(isVisual: false), arguments: [],
                                 presenter: SystemAppFunctionPresenter())
        try odd.presenter.onPresent(context: CustomTemplateContext(template: odd, notification: InAppNotification(json: [:])))
    }

    @Test func asAnActionASystemFunctionRunsAtOnce() throws {
        let f = try fixture()
        run(f, ["ti": 8, "wzrk_id": "8_1", "type": "custom-code", "templateName": "Banner",
                "vars": ["ok": ["actions": ["type": "custom-code", "templateName": "ctsystem_openurl", "vars": ["iOS": "https://e.example"]]]]])
        f.harness.presenter.contexts[0].triggerAction("ok")
        #expect(f.harness.events("system.function").last?["url"] == "https://e.example")
        #expect(f.harness.controller.displayed?.id == "8_1", "a non-visual action frees nothing")
        #expect(f.harness.events("notification.viewed").count == 0, "an action's presented() records nothing (the banner never called it)")
    }

    // CTSystemTemplateActionHandlerTest
    @Test func testPromptPushPermissionNotPresentedWhenPushEnabled() throws {
        let f = try fixture()
        f.campaigns.pushEnabled = true
        run(f, Self.system("ctsystem_pushpermission", ["fbSettings": true]))
        #expect(f.harness.events("system.function").map { $0["presented"] } == [false])
        #expect(f.harness.events("notification.viewed").isEmpty)
    }

    @Test func testHandleOpenUrlSuccess() throws {
        let f = try fixture()
        run(f, Self.system("ctsystem_openurl", ["iOS": "https://clevertap.com"]))
        #expect(f.harness.events("system.function").map { $0["presented"] } == [true])
    }

    @Test func testHandleOpenUrlNotSuccess() throws {
        let f = try fixture()
        run(f, Self.system("ctsystem_openurl", ["iOS": ""]))
        run(f, Self.system("ctsystem_openurl", ["iOS": "htt!!ps://clevertap.com"]))
        #expect(f.harness.events("system.function").map { $0["presented"] } == [false, false])
        #expect(URLCheck.isValid("myapp://home") && URLCheck.isValid("/relative/path?a=b:c") && !URLCheck.isValid("1ab://x"))
    }
}
