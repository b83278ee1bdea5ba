import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InAppSelectionStrategyTests.swift`
// (7 cases, same names and outcomes). `shouldUpdateTTL` is false for the delayed strategy: ctlua
// applies the TTL offset of delayed in-apps when their timer fires (`Campaigns.updateTTL`), which
// `testDelayed_shouldUpdateTTL_returnsFalse` checks through a fired in-app.
@Suite struct InAppSelectionStrategyTests {
    @Test func testDelayed_shouldUpdateTTL_returnsFalse() {
        // The selection returns the in-app unchanged: no `wzrk_ttl` is computed at selection time.
        let inApp: JSONValue = ["ti": 1, "delayAfterTrigger": 30, "wzrk_ttl_offset": 60]
        let result = InAppEvaluator.selectDelayed([inApp], suppress: { _ in false })
        #expect(result == [inApp])
        #expect(result[0]["wzrk_ttl"] == nil)
    }

    @Test func testDelayed_selectInApps_emptyInput_returnsEmpty() {
        #expect(InAppEvaluator.selectDelayed([], suppress: { _ in false }).isEmpty)
    }

    @Test func testDelayed_selectInApps_singleUnsuppressed_returnsIt() {
        let result = InAppEvaluator.selectDelayed([["ti": 1, "delayAfterTrigger": 30]], suppress: { _ in false })
        #expect(result.count == 1)
    }

    @Test func testDelayed_selectInApps_allSuppressed_returnsEmpty() {
        let result = InAppEvaluator.selectDelayed([["ti": 2, "delayAfterTrigger": 30]], suppress: { _ in true })
        #expect(result.isEmpty)
    }

    @Test func testDelayed_selectInApps_multipleWithSameId_picksFirstUnsuppressed() {
        let inApp1: JSONValue = ["ti": 3, "delayAfterTrigger": 30, "variant": "A"]
        let inApp2: JSONValue = ["ti": 3, "delayAfterTrigger": 30, "variant": "B"]
        var callCount = 0
        let result = InAppEvaluator.selectDelayed([inApp1, inApp2], suppress: { _ in
            callCount += 1
            return callCount == 1
        })
        #expect(result.count == 1)
    }

    @Test func testDelayed_selectInApps_inAppMissingTiKey_skipped() {
        let result = InAppEvaluator.selectDelayed([["delayAfterTrigger": 30, "type": "interstitial"]], suppress: { _ in false })
        #expect(result.isEmpty)
    }

    @Test func testDelayed_selectInApps_multipleDistinctIds_selectsOnePerGroup() {
        let result = InAppEvaluator.selectDelayed(
            [["ti": 10, "delayAfterTrigger": 30], ["ti": 20, "delayAfterTrigger": 60]], suppress: { _ in false })
        #expect(result.count == 2)
    }
}
