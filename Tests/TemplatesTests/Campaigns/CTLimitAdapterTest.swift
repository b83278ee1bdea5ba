import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTLimitAdapterTest.m`
// (16 cases, same names and outcomes).
@Suite struct CTLimitAdapterTest {
    func type(_ json: JSONObject) -> LimitAdapter.LimitType { LimitAdapter(json).type }

    @Test func test_limitType_ever() { #expect(type(["type": "ever"]) == .ever) }
    @Test func test_limitType_session() { #expect(type(["type": "session"]) == .session) }
    @Test func test_limitType_seconds() { #expect(type(["type": "seconds"]) == .seconds) }
    @Test func test_limitType_minutes() { #expect(type(["type": "minutes"]) == .minutes) }
    @Test func test_limitType_hours() { #expect(type(["type": "hours"]) == .hours) }
    @Test func test_limitType_days() { #expect(type(["type": "days"]) == .days) }
    @Test func test_limitType_weeks() { #expect(type(["type": "weeks"]) == .weeks) }
    @Test func test_limitType_onEvery() { #expect(type(["type": "onEvery"]) == .onEvery) }
    @Test func test_limitType_onExactly() { #expect(type(["type": "onExactly"]) == .onExactly) }
    @Test func test_limitType_unknown_defaultsToEver() { #expect(type(["type": "unknownType"]) == .ever) }
    @Test func test_limitType_missingKey_defaultsToEver() { #expect(type([:]) == .ever) }
    @Test func test_limit_returnsIntegerValue() { #expect(LimitAdapter(["type": "ever", "limit": 5]).limit == 5) }
    @Test func test_limit_missingKey_returnsZero() { #expect(LimitAdapter(["type": "ever"]).limit == 0) }
    @Test func test_frequency_returnsIntegerValue() { #expect(LimitAdapter(["type": "seconds", "frequency": 30]).frequency == 30) }
    @Test func test_isEmpty_emptyDict_returnsYes() { #expect(LimitAdapter([:]).isEmpty) }
    @Test func test_isEmpty_withData_returnsNo() { #expect(!LimitAdapter(["type": "ever"]).isEmpty) }
}
