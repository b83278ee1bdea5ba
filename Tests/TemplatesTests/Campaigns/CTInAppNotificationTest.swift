import Engine
import Foundation
import JSON
@testable import Templates
import Testing
import TestSupport

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTInAppNotificationTest.m`:
// all 37 of its cases, same names and outcomes. ctlua keeps the in-app JSON (`InAppNotification`)
// and reads each key where the SDK's object is used: `Id` is `CampaignData.campaignId` (`ti`),
// `campaignId` is `InAppNotification.id` (`wzrk_id`), the caps (`mdc`, `tlc`, `tdc`,
// `excludeGlobalFCaps`/`efc`) are checked by `FrequencyCaps`, `rfp` by the queue, the type and its
// parse error by the display. The SDK's image preparation error (`setPreparedInAppImage:`) is, for
// a custom-code in-app, the file download of its file arguments, for a native one its image.
// The 18 cases of native decoding (background color … buttons) are in
// `CTInAppNotificationTest+Native.swift`, one row each, with the local in-app flags.
@Suite struct CTInAppNotificationTest {
    /// The SDK test's minimal cover in-app.
    var coverJSON: JSONObject {
        ["ti": "notif_001", "wzrk_id": "camp_99", "type": "cover", "bg": "#FFFFFF",
         "title": ["text": "Hello", "color": "#000"], "message": ["text": "World", "color": "#111"],
         "close": true, "tablet": false, "hasPortrait": true, "hasLandscape": true,
         "mdc": 3, "tlc": 10, "tdc": 2]
    }

    /// A fixture with generous global caps (the per-campaign caps decide).
    static func fixture(_ templates: @escaping (RecordingPresenter) throws -> [CustomTemplate] = { _ in [] }) throws -> CampaignsFixture {
        let f = try CampaignsFixture(templates: templates)
        f.campaigns.handleResponse(["imc": 100, "imp": 100])
        return f
    }

    // MARK: - inAppId:

    @Test func test_inAppId_nilInput_returnsNil() {
        #expect(CampaignData.campaignId(.null) == nil)
    }

    @Test func test_inAppId_missingKey_returnsNil() {
        #expect(CampaignData.campaignId([:]) == nil)
    }

    @Test func test_inAppId_validKey_returnsString() {
        #expect(CampaignData.campaignId(["ti": "abc123"]) == "abc123")
    }

    @Test func test_inAppId_numericValue_returnsStringRepresentation() {
        #expect(CampaignData.campaignId(["ti": 42]) == "42")
    }

    // MARK: - identifiers

    @Test func test_initWithJSON_setsId() {
        #expect(CampaignData.campaignId(.object(coverJSON)) == "notif_001")
    }

    @Test func test_initWithJSON_setsCampaignId() {
        #expect(InAppNotification(json: .object(coverJSON)).id == "camp_99")
    }

    @Test func test_initWithJSON_storesJsonDescription() {
        #expect(InAppNotification(json: .object(coverJSON)).json == .object(coverJSON))
    }

    // MARK: - frequency caps

    @Test func test_initWithJSON_setsMaxPerSession() {
        #expect(FrequencyCaps.maxPerSession(.object(coverJSON)) == 3)
    }

    @Test func test_initWithJSON_missingMaxPerSession_defaultsToMinusOne() {
        var json = coverJSON
        json["mdc"] = nil
        #expect(FrequencyCaps.maxPerSession(.object(json)) == -1)
    }

    @Test func test_initWithJSON_setsTotalLifetimeCount() throws {
        let f = try Self.fixture()
        f.data.counts["notif_001"] = [0, 9]
        #expect(f.campaigns.caps.rejection(.object(coverJSON)) == nil)
        f.data.counts["notif_001"] = [0, 10]
        #expect(f.campaigns.caps.rejection(.object(coverJSON)) == "tlc")
    }

    @Test func test_initWithJSON_setsTotalDailyCount() throws {
        let f = try Self.fixture()
        f.data.counts["notif_001"] = [1, 1]
        #expect(f.campaigns.caps.rejection(.object(coverJSON)) == nil)
        f.data.counts["notif_001"] = [2, 2]
        #expect(f.campaigns.caps.rejection(.object(coverJSON)) == "tdc")
    }

    @Test func test_initWithJSON_excludeGlobalFCaps_true() throws {
        let f = try Self.fixture()
        var json = coverJSON
        json["excludeGlobalFCaps"] = true
        f.data.counts["notif_001"] = [5, 50]
        #expect(FrequencyCaps.excludesCaps(.object(json)))
        #expect(f.campaigns.caps.rejection(.object(json)) == nil)
    }

    @Test func test_initWithJSON_excludeFromCaps_fallback() throws {
        let f = try Self.fixture()
        var json = coverJSON
        json["efc"] = true
        f.data.counts["notif_001"] = [5, 50]
        #expect(FrequencyCaps.excludesCaps(.object(json)))
        #expect(f.campaigns.caps.rejection(.object(json)) == nil)
        json["excludeGlobalFCaps"] = false
        #expect(!FrequencyCaps.excludesCaps(.object(json)), "only a fallback: excludeGlobalFCaps wins when present")
    }

    // MARK: - boolean flags

    @Test func test_initWithJSON_rfp_true() throws {
        let f = try Self.fixture()
        f.harness.controller.suspend()
        f.campaigns.pushEnabled = true
        var json = coverJSON
        json["rfp"] = true
        f.harness.controller.addToQueue([.object(json)])
        #expect(f.harness.events("inapp.skipped").map { $0["reason"] } == ["push-enabled"])
        #expect(f.inappNotifs.isEmpty)
    }

    @Test func test_initWithJSON_rfp_absent_isFalse() throws {
        let f = try Self.fixture()
        f.harness.controller.suspend()
        f.campaigns.pushEnabled = true
        f.harness.controller.addToQueue([.object(coverJSON)])
        #expect(f.inappNotifs == [.object(coverJSON)])
    }

    // MARK: - type

    @Test func test_initWithJSON_setsInAppType() throws {
        let f = try Self.fixture()
        #expect(InAppNotification(json: .object(coverJSON)).type == "cover")
        #expect(InAppNotification(json: .object(coverJSON)).hasKnownType)
        f.harness.controller.addToQueue([.object(coverJSON)])
        f.harness.clock.drain()
        #expect(NativeInApp(json: .object(coverJSON)).type == "cover")
        #expect(f.harness.events("inapp.skipped").isEmpty)
        #expect(f.harness.controller.displayedNativeInApp?.type == "cover", "presented as headless views")
    }

    @Test func test_initWithJSON_unknownType_setsError() throws {
        let f = try Self.fixture { p in [try makeTemplate("Banner", presenter: p)] }
        var json = coverJSON
        json["type"] = "bogus-type"
        #expect(!InAppNotification(json: .object(json)).hasKnownType)
        f.harness.controller.addToQueue([.object(json), inapp("next", "Banner")])
        f.harness.clock.drain()
        #expect(f.harness.events("inapp.skipped").map { $0["reason"] } == ["parse"])
        #expect(f.harness.presenter.calls.isEmpty, "a parse error makes no new show attempt")
        #expect(f.harness.controller.queue.map(\.id) == ["next"])
    }

    // MARK: - setPreparedInAppImage

    @Test func test_setPreparedInAppImage_setsError() throws {
        let f = try Self.fixture { p in [try makeTemplate("Banner", presenter: p) { b in try b.addFileArgument("image") }] }
        f.harness.controller.addToQueue([inapp("a", "Banner", vars: ["image": "file:///nonexistent/ctlua-image.png"])])
        f.harness.clock.drain()
        #expect(f.harness.events("inapp.skipped").map { $0["message"] } == [.string(InAppController.filesFailedReason)])
        #expect(f.harness.presenter.calls.isEmpty)
    }

    @Test func test_setPreparedInAppImage_nilError_clearsError() throws {
        let dir = try TemporaryFolder.make()
        let file = dir.appendingPathComponent("image.png")
        try "PNG".write(to: file, atomically: true, encoding: .utf8)
        let f = try Self.fixture { p in [try makeTemplate("Banner", presenter: p) { b in try b.addFileArgument("image") }] }
        f.harness.controller.addToQueue([inapp("a", "Banner", vars: ["image": .string("file://" + file.path)])])
        f.harness.clock.drain()
        #expect(f.harness.events("inapp.skipped").isEmpty)
        #expect(f.harness.presenter.calls == ["present:Banner:a"])
    }
}
