import Foundation
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTImpressionManagerTest.m`:
// 10 of its 12 cases, same names and outcomes, on the same mock date (Thursday 2023-10-26 19:00,
// here in UTC, ctlua's calendar; weeks start on Sunday as with the test's `en_US_POSIX`).
// `testSwitchUserDelegateAdded` and `testSwitchUser` are in SwitchUserTests.swift.
@Suite struct CTImpressionManagerTest {
    /// 2023-10-26 19:00:00 UTC, a Thursday.
    static let start: Double = 1_698_346_800

    @Test func testRecordImpression() {
        let f = LimitsFixture(now: Self.start)
    f.impressions.record(f.id)
    
    #expect(f.impressions.sessionTotal == 1)
    #expect(f.impressions.perSession(f.id) == 1)
    
    let anotherCampaignId = f.id + "_2"
    f.impressions.record(f.id)
    f.impressions.record(anotherCampaignId)
    #expect(f.impressions.sessionTotal == 3)
    #expect(f.impressions.perSession(f.id) == 2)
    
    f.impressions.remove(anotherCampaignId)
    }

    @Test func testImpressionCountMethods() {
        let f = LimitsFixture(now: Self.start)
    f.impressions.record(f.id)
    
    #expect(f.impressions.perSecond(f.id, seconds: 1) == 1)
    #expect(f.impressions.perMinute(f.id, minutes: 1) == 1)
    #expect(f.impressions.perHour(f.id, hours: 1) == 1)
    #expect(f.impressions.perDay(f.id, days: 1) == 1)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 1)
    
    f.impressions.record(f.id)
    
    #expect(f.impressions.perSecond(f.id, seconds: 1) == 2)
    #expect(f.impressions.perMinute(f.id, minutes: 1) == 2)
    #expect(f.impressions.perHour(f.id, hours: 1) == 2)
    #expect(f.impressions.perDay(f.id, days: 1) == 2)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 2)
    
    let anotherCampaignId = f.id + "_2"
    #expect(f.impressions.perSecond(anotherCampaignId, seconds: 1) == 0)
    #expect(f.impressions.perMinute(anotherCampaignId, minutes: 1) == 0)
    #expect(f.impressions.perHour(anotherCampaignId, hours: 1) == 0)
    #expect(f.impressions.perDay(anotherCampaignId, days: 1) == 0)
    #expect(f.impressions.perWeek(anotherCampaignId, weeks: 1) == 0)
    }

    @Test func testImpressionStorage() {
        let f = LimitsFixture(now: Self.start)
    f.impressions.record(f.id)
    #expect(f.impressions.impressions(f.id).count == 1)
    
    f.impressions.record(f.id)
    #expect(f.impressions.impressions(f.id).count == 2)
    
    f.impressions.remove(f.id)
    #expect(f.impressions.impressions(f.id).count == 0)
    }

    @Test func testPerSecond() {
        let f = LimitsFixture(now: Self.start)
    f.impressions.record(f.id)
    let initialDate = f.now
    
    // Advance the clock by 1 seconds
    f.now = initialDate + Double(1)
    #expect(f.impressions.perSecond(f.id, seconds: 1) == 1)
    #expect(f.impressions.perSecond(f.id, seconds: 10) == 1)
    
    // Advance the clock by 11 seconds
    f.now = initialDate + Double(11)
    #expect(f.impressions.perSecond(f.id, seconds: 10) == 0)
    #expect(f.impressions.perSecond(f.id, seconds: 12) == 1)
    }

    @Test func testPerMinute() {
        let f = LimitsFixture(now: Self.start)
    f.impressions.record(f.id)
    
    let initialDate = f.now
    
    // Advance the clock by 30 seconds
    f.now = initialDate + Double(30)
    #expect(f.impressions.perMinute(f.id, minutes: 1) == 1)
    
    // Advance the clock by 1 minute
    f.now = initialDate + Double(60)
    #expect(f.impressions.perMinute(f.id, minutes: 1) == 1)
    
    // Advance the clock by 1 minute and 1 second
    f.now = initialDate + Double(61)
    #expect(f.impressions.perMinute(f.id, minutes: 1) == 0)
    
    // Advance the clock by 1 minute and 1 second test per 2 minutes
    f.now = initialDate + Double(61)
    #expect(f.impressions.perMinute(f.id, minutes: 2) == 1)
    
    // Advance the clock by 1 minute and 1 second test per 2 minutes
    f.now = initialDate + Double(60 * 60)
    #expect(f.impressions.perMinute(f.id, minutes: 60) == 1)
    }

    @Test func testPerHour() {
        let f = LimitsFixture(now: Self.start)
    f.impressions.record(f.id)
    
    let initialDate = f.now
    
    // Advance the clock by 30 mins
    f.now = initialDate + Double(30 * 60)
    #expect(f.impressions.perHour(f.id, hours: 1) == 1)
    
    // Advance the clock by 1 hour
    f.now = initialDate + Double(60 * 60)
    #expect(f.impressions.perHour(f.id, hours: 1) == 1)
    
    // Advance the clock by 1 hour and 1 second
    f.now = initialDate + Double(60 * 60 + 1)
    #expect(f.impressions.perHour(f.id, hours: 1) == 0)
    
    // Advance the clock by 1 hour and 1 second and test per 2 hours
    f.now = initialDate + Double(60 * 60 + 1)
    #expect(f.impressions.perHour(f.id, hours: 2) == 1)
    
    // Advance the clock by 25 hours
    f.now = initialDate + Double(25 * 60 * 60)
    #expect(f.impressions.perHour(f.id, hours: 1) == 0)
    
    // Advance the clock by 25 hours and test per 25 hours
    f.now = initialDate + Double(25 * 60 * 60)
    #expect(f.impressions.perHour(f.id, hours: 25) == 1)
    }

    @Test func testPerDay() {
        let f = LimitsFixture(now: Self.start)
    f.impressions.record(f.id)
    
    let initialDate = f.now
    // Advance the clock by 2 hours
    f.now = initialDate + Double(2 * 60 * 60)
    #expect(f.impressions.perDay(f.id, days: 1) == 1)
    
    // Advance the clock by 5 hours minus 1 second
    f.now = initialDate + Double((5 * 60 * 60) - 1)
    #expect(f.impressions.perDay(f.id, days: 1) == 1)
    
    // Advance the clock by 5 hours - the day changes
    f.now = initialDate + Double(5 * 60 * 60)
    #expect(f.impressions.perDay(f.id, days: 1) == 0)
    
    // Advance the clock by 5 hours - the day changes
    f.now = initialDate + Double(5 * 60 * 60)
    #expect(f.impressions.perDay(f.id, days: 2) == 1)
    
    // Advance the clock by 1 day
    f.now = initialDate + Double(1 * 24 * 60 * 60)
    #expect(f.impressions.perDay(f.id, days: 1) == 0)
    }

    @Test func testPerMultipleDays() {
        let f = LimitsFixture(now: Self.start)
    let initialDate = f.now
    f.impressions.record(f.id)
    
    // Advance the clock by 2 hours
    f.now = initialDate + Double(2 * 60 * 60)
    f.impressions.record(f.id)
    #expect(f.impressions.perDay(f.id, days: 1) == 2)
    
    // Advance the clock by 5 hours - the day changes
    f.now = initialDate + Double(5 * 60 * 60)
    f.impressions.record(f.id)
    
    // Check with clock advanced 5 hours - into the next day
    #expect(f.impressions.perDay(f.id, days: 1) == 1)
    #expect(f.impressions.perDay(f.id, days: 2) == 3)
    #expect(f.impressions.perDay(f.id, days: 7) == 3)
    
    // Advance the clock by 24 + 5 hours - 2 days ahead
    f.now = initialDate + Double((24 + 5) * 60 * 60)
    #expect(f.impressions.perDay(f.id, days: 1) == 0)
    #expect(f.impressions.perDay(f.id, days: 2) == 1)
    
    // Check with clock advanced 2 days
    f.impressions.record(f.id)
    #expect(f.impressions.perDay(f.id, days: 1) == 1)
    #expect(f.impressions.perDay(f.id, days: 2) == 2)
    #expect(f.impressions.perDay(f.id, days: 3) == 4)
    }

    @Test func testPerWeek() {
        let f = LimitsFixture(now: Self.start)
    f.impressions.record(f.id)
    
    let startDate = f.now
    // Advance the clock by 2 days
    f.now = startDate + Double(2 * 24 * 60 * 60)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 1)
    
    // Advance the clock by 2 days and 5 hours minus 1 second
    f.now = startDate + Double((2 * 24 * 60 * 60 + 5 * 60 * 60) - 1)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 1)
    
    // Advance the clock by 2 days and 5 hours - goes into Sunday which is the start of the next week
    f.now = startDate + Double(2 * 24 * 60 * 60 + 5 * 60 * 60)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 0)
    #expect(f.impressions.perWeek(f.id, weeks: 2) == 1)
    
    // Advance the clock by 3 days
    f.now = startDate + Double(3 * 24 * 60 * 60)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 0)
    
    // Advance the clock by 1 week
    f.now = startDate + Double(7 * 24 * 60 * 60)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 0)
    
    // Advance the clock by 1 week and 1 second
    f.now = startDate + Double((7 * 24 * 60 * 60) + 1)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 0)
    
    // Advance the clock by 1 week and test per 2 weeks
    f.now = startDate + Double(7 * 24 * 60 * 60)
    #expect(f.impressions.perWeek(f.id, weeks: 2) == 1)
    }

    @Test func testPerMultipleWeeks() {
        let f = LimitsFixture(now: Self.start)
    let startDate = f.now
    
    // 2023-10-26 19:00:00
    f.impressions.record(f.id)
    // Advance the clock by 2 days
    // 2023-10-28 19:00:00
    f.now = startDate + Double(2 * 24 * 60 * 60)
    f.impressions.record(f.id)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 2)
    
    // Advance the clock by 2 days and 5 hours - goes into Sunday which is the start of the next week
    // 2023-10-29 00:00:00
    f.now = startDate + Double(2 * 24 * 60 * 60 + 5 * 60 * 60)
    f.impressions.record(f.id)

    #expect(f.impressions.perWeek(f.id, weeks: 1) == 1)
    #expect(f.impressions.perWeek(f.id, weeks: 2) == 3)
    
    // Advance the clock by 1 week
    // 2023-11-02 19:00:00
    f.now = startDate + Double(7 * 24 * 60 * 60)
    // Last 1 week - current week
    // 2023-10-30 19:00:00
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 1)
    // Last 2 Weeks - start of current week minus 7 days
    // 2023-10-22 00:00:00
    #expect(f.impressions.perWeek(f.id, weeks: 2) == 3)
    #expect(f.impressions.perWeek(f.id, weeks: 4) == 3)
    
    // Advance the clock by 2 weeks
    // 2023-11-09 19:00:00
    f.now = startDate + Double(2 * 7 * 24 * 60 * 60)
    #expect(f.impressions.perWeek(f.id, weeks: 1) == 0)
    // Last 2 Weeks - start of current week minus 7 days
    // 2023-10-30 00:00:00
    #expect(f.impressions.perWeek(f.id, weeks: 2) == 1)
    // Last 3 Weeks - start of current week minus 14 days
    // 2023-10-22 00:00:00
    #expect(f.impressions.perWeek(f.id, weeks: 3) == 3)
    #expect(f.impressions.perWeek(f.id, weeks: 4) == 3)
    }
}
