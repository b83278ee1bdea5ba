import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InAppDurationPartitionerTests.swift`
// (10 cases, same names and outcomes).
@Suite struct InAppDurationPartitionerTests {
    @Test func testPartitionImmediateDelayed_nilInput_returnsEmpty() {
        let result = DurationPartitioner.immediateAndDelayed(nil)
        #expect(result.immediate.count == 0)
        #expect(result.delayed.count == 0)
    }

    @Test func testPartitionImmediateDelayed_noDelay_allImmediate() {
        let result = DurationPartitioner.immediateAndDelayed([["ti": 1, "type": "interstitial"]])
        #expect(result.immediate.count == 1)
        #expect(result.delayed.count == 0)
    }

    @Test func testPartitionImmediateDelayed_validDelay_goesToDelayed() {
        let result = DurationPartitioner.immediateAndDelayed([["ti": 2, "delayAfterTrigger": 30]])
        #expect(result.delayed.count == 1)
        #expect(result.immediate.count == 0)
    }

    @Test func testPartitionImmediateDelayed_zeroDelay_goesToImmediate() {
        let result = DurationPartitioner.immediateAndDelayed([["ti": 3, "delayAfterTrigger": 0]])
        #expect(result.immediate.count == 1)
        #expect(result.delayed.count == 0)
    }

    @Test func testPartitionImmediateDelayed_maxDelay_goesToDelayed() {
        let result = DurationPartitioner.immediateAndDelayed([["ti": 4, "delayAfterTrigger": 1200]])
        #expect(result.delayed.count == 1)
        #expect(result.immediate.count == 0)
    }

    @Test func testPartitionImmediateDelayed_overMaxDelay_goesToImmediate() {
        let result = DurationPartitioner.immediateAndDelayed([["ti": 5, "delayAfterTrigger": 1201]])
        #expect(result.immediate.count == 1)
        #expect(result.delayed.count == 0)
    }

    @Test func testPartitionServerSideMeta_nilInput_returnsEmpty() {
        let result = DurationPartitioner.unknownAndInAction(nil)
        #expect(result.unknown.count == 0)
        #expect(result.inAction.count == 0)
    }

    @Test func testPartitionServerSideMeta_validInAction_goesToInAction() {
        let result = DurationPartitioner.unknownAndInAction([["ti": 6, "inactionDuration": 60]])
        #expect(result.inAction.count == 1)
        #expect(result.unknown.count == 0)
    }

    @Test func testPartitionServerSideMeta_noInAction_goesToUnknown() {
        let result = DurationPartitioner.unknownAndInAction([["ti": 7, "type": "interstitial"]])
        #expect(result.unknown.count == 1)
        #expect(result.inAction.count == 0)
    }

    @Test func testPartitionServerSideMeta_zeroInAction_goesToUnknown() {
        let result = DurationPartitioner.unknownAndInAction([["ti": 8, "inactionDuration": 0]])
        #expect(result.unknown.count == 1)
        #expect(result.inAction.count == 0)
    }
}
