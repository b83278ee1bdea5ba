import Foundation
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTImpressionManagerTest.m`:
// 10 of its 12 cases, same names and outcomes, as a table: one row per SDK case, named after it,
// whose steps replay the SDK test's calls in order (a failure names the case and the check). The
// mock date is the SDK's (Thursday 2023-10-26 19:00, here in UTC, ctlua's calendar; weeks start
// on Sunday as with the test's `en_US_POSIX`); `.at(s)` sets the mock clock `s` seconds after it.
// `testSwitchUserDelegateAdded` and `testSwitchUser` are in SwitchUserTests.swift.

/// One SDK case of `CTImpressionManagerTest.m`: steps run in order on a fresh ``LimitsFixture``.
typealias ImpressionCase = SDKCase<ImpressionStep>

/// A step of an ``ImpressionCase``.
enum ImpressionStep: Sendable {
    /// The test's campaign (`campaignId`) or `anotherCampaignId` (its id + `_2`).
    enum Campaign: Sendable { case first, another }

    /// A count the SDK reads from the impression manager.
    enum Count: Sendable {
        case sessionTotal, perSession, stored
        case seconds(Int), minutes(Int), hours(Int), days(Int), weeks(Int)
    }

    /// `recordImpression:`.
    case record(Campaign = .first)
    /// `removeImpressions:`.
    case remove(Campaign = .first)
    /// The mock clock, in seconds after the start date.
    case at(Double)
    /// What the SDK asserts the count is now.
    case count(Count, Int, of: Campaign = .first)
}

@Suite struct CTImpressionManagerTest {
    /// 2023-10-26 19:00:00 UTC, a Thursday.
    static let start: Double = 1_698_346_800

    @Test(arguments: cases)
    func sdkCase(_ sdkCase: ImpressionCase) {
        let f = LimitsFixture(now: Self.start)
        let id = { (campaign: ImpressionStep.Campaign) in campaign == .first ? f.id : f.id + "_2" }
        let checks = SDKChecks(sdkCase.sdk)
        for step in sdkCase.steps {
            switch step {
            case .record(let campaign): f.impressions.record(id(campaign))
            case .remove(let campaign): f.impressions.remove(id(campaign))
            case .at(let seconds): f.now = Self.start + seconds
            case .count(let count, let expected, let campaign):
                checks.expect(Self.read(count, of: id(campaign), in: f.impressions), expected, "\(count) of \(campaign)")
            }
        }
    }

    static func read(_ count: ImpressionStep.Count, of id: String, in impressions: ImpressionManager) -> Int {
        switch count {
        case .sessionTotal: impressions.sessionTotal
        case .perSession: impressions.perSession(id)
        case .stored: impressions.impressions(id).count
        case .seconds(let n): impressions.perSecond(id, seconds: n)
        case .minutes(let n): impressions.perMinute(id, minutes: n)
        case .hours(let n): impressions.perHour(id, hours: n)
        case .days(let n): impressions.perDay(id, days: n)
        case .weeks(let n): impressions.perWeek(id, weeks: n)
        }
    }
}

private let minute: Double = 60, hour: Double = 60 * 60, day: Double = 24 * 60 * 60, week: Double = 7 * 24 * 60 * 60

extension CTImpressionManagerTest {
    static let cases: [ImpressionCase] = [
        ImpressionCase("testRecordImpression", [
            .record(),
            .count(.sessionTotal, 1), .count(.perSession, 1),
            .record(), .record(.another),
            .count(.sessionTotal, 3), .count(.perSession, 2),
            .remove(.another),
        ]),
        ImpressionCase("testImpressionCountMethods", [
            .record(),
            .count(.seconds(1), 1), .count(.minutes(1), 1), .count(.hours(1), 1), .count(.days(1), 1), .count(.weeks(1), 1),
            .record(),
            .count(.seconds(1), 2), .count(.minutes(1), 2), .count(.hours(1), 2), .count(.days(1), 2), .count(.weeks(1), 2),
            .count(.seconds(1), 0, of: .another), .count(.minutes(1), 0, of: .another), .count(.hours(1), 0, of: .another),
            .count(.days(1), 0, of: .another), .count(.weeks(1), 0, of: .another),
        ]),
        ImpressionCase("testImpressionStorage", [
            .record(), .count(.stored, 1),
            .record(), .count(.stored, 2),
            .remove(), .count(.stored, 0),
        ]),
        ImpressionCase("testPerSecond", [
            .record(),
            .at(1), .count(.seconds(1), 1), .count(.seconds(10), 1),
            .at(11), .count(.seconds(10), 0), .count(.seconds(12), 1),
        ]),
        ImpressionCase("testPerMinute", [
            .record(),
            .at(30), .count(.minutes(1), 1),
            .at(minute), .count(.minutes(1), 1),
            .at(minute + 1), .count(.minutes(1), 0), .count(.minutes(2), 1),
            .at(hour), .count(.minutes(60), 1),
        ]),
        ImpressionCase("testPerHour", [
            .record(),
            .at(30 * minute), .count(.hours(1), 1),
            .at(hour), .count(.hours(1), 1),
            .at(hour + 1), .count(.hours(1), 0), .count(.hours(2), 1),
            .at(25 * hour), .count(.hours(1), 0), .count(.hours(25), 1),
        ]),
        ImpressionCase("testPerDay", [
            .record(),
            .at(2 * hour), .count(.days(1), 1),
            .at(5 * hour - 1), .count(.days(1), 1),
            // 5 hours on, the day changes.
            .at(5 * hour), .count(.days(1), 0), .count(.days(2), 1),
            .at(day), .count(.days(1), 0),
        ]),
        ImpressionCase("testPerMultipleDays", [
            .record(),
            .at(2 * hour), .record(), .count(.days(1), 2),
            // 5 hours on: the next day.
            .at(5 * hour), .record(),
            .count(.days(1), 1), .count(.days(2), 3), .count(.days(7), 3),
            // 24 + 5 hours on: two days ahead.
            .at(24 * hour + 5 * hour), .count(.days(1), 0), .count(.days(2), 1),
            .record(), .count(.days(1), 1), .count(.days(2), 2), .count(.days(3), 4),
        ]),
        ImpressionCase("testPerWeek", [
            .record(),
            .at(2 * day), .count(.weeks(1), 1),
            .at(2 * day + 5 * hour - 1), .count(.weeks(1), 1),
            // 2 days and 5 hours on: Sunday, the start of the next week.
            .at(2 * day + 5 * hour), .count(.weeks(1), 0), .count(.weeks(2), 1),
            .at(3 * day), .count(.weeks(1), 0),
            .at(week), .count(.weeks(1), 0),
            .at(week + 1), .count(.weeks(1), 0),
            .at(week), .count(.weeks(2), 1),
        ]),
        ImpressionCase("testPerMultipleWeeks", [
            // 2023-10-26 19:00, then 2023-10-28 19:00.
            .record(),
            .at(2 * day), .record(), .count(.weeks(1), 2),
            // 2023-10-29 00:00, a Sunday: the start of the next week.
            .at(2 * day + 5 * hour), .record(),
            .count(.weeks(1), 1), .count(.weeks(2), 3),
            // 2023-11-02 19:00: the current week, then from the start of the week before (2023-10-22 00:00).
            .at(week), .count(.weeks(1), 1), .count(.weeks(2), 3), .count(.weeks(4), 3),
            // 2023-11-09 19:00: from 2023-10-30 00:00 for 2 weeks, 2023-10-22 00:00 for 3.
            .at(2 * week), .count(.weeks(1), 0), .count(.weeks(2), 1), .count(.weeks(3), 3), .count(.weeks(4), 3),
        ]),
    ]
}
