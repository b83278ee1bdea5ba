import Foundation
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTLimitsMatcherTest.m`
// (16 cases, same names and outcomes), as a table: one row per SDK case, named after it, whose
// steps replay the SDK test's calls in order (a failure names the case and the check). The SDK's `CTClockMock` becomes the fixture's `now`
// (a fixed Wednesday, 2024-05-15 12:00 UTC, instead of the test run's date).

/// A campaign id, its impressions and trigger counts over a mock clock.
final class LimitsFixture {
    let id = "1699000000"
    var now: Double
    let data = CampaignData()
    lazy var impressions = ImpressionManager(data: data, now: { [unowned self] in self.now })

    init(now: Double = 1_715_774_400) { self.now = now }

    func matches(_ limits: JSONValue) -> Bool {
        LimitsMatcher(impressions: impressions, triggerCount: data.triggerCount).matches(limits.arrayValue ?? [], campaign: id)
    }
}

/// One SDK case of `CTLimitsMatcherTest.m`: steps run in order on a fresh ``LimitsFixture``.
typealias LimitsCase = SDKCase<LimitsStep>

/// A step of a ``LimitsCase``.
enum LimitsStep: Sendable {
    /// The campaign's `frequencyLimits` from here on.
    case limits(JSONValue)
    /// Records the campaign's trigger this many times.
    case triggers(Int)
    /// Records this many impressions of the campaign.
    case impressions(Int)
    /// Forgets the campaign's impressions.
    case forgetImpressions
    /// Moves the mock clock on (seconds).
    case advance(Double)
    /// What the SDK asserts the limits give now.
    case matches(Bool)
}

@Suite struct CTLimitsMatcherTest {
    @Test(arguments: cases)
    func sdkCase(_ sdkCase: LimitsCase) {
        let f = LimitsFixture()
        var limits: JSONValue = .null
        let checks = SDKChecks(sdkCase.sdk)
        for step in sdkCase.steps {
            switch step {
            case .limits(let value): limits = value
            case .triggers(let n): for _ in 0..<n { f.data.incrementTrigger(f.id) }
            case .impressions(let n): for _ in 0..<n { f.impressions.record(f.id) }
            case .forgetImpressions: f.impressions.remove(f.id)
            case .advance(let seconds): f.now += seconds
            case .matches(let expected): checks.expect(f.matches(limits), expected, "limits \(limits)")
            }
        }
    }
}

extension CTLimitsMatcherTest {
    static let cases: [LimitsCase] = [
        LimitsCase("testMatchOnExactlyLessThanLimit", [
            .limits([["type": "onExactly", "limit": 6]]),
            .triggers(1),
            .matches(false),
        ]),
        LimitsCase("testMatchOnExactly", [
            .limits([["type": "onExactly", "limit": 6]]),
            .triggers(6),
            .matches(true),
        ]),
        LimitsCase("testMatchOnEvery", [
            .limits([["type": "onEvery", "limit": 6]]),
            .triggers(12),
            .matches(true),
        ]),
        LimitsCase("testMatchOnEveryIntermediate", [
            .limits([["type": "onEvery", "limit": 6]]),
            .triggers(2),
            .matches(false),
        ]),
        LimitsCase("testMatchEver", [
            .limits([["type": "ever", "limit": 6]]),
            .matches(true),
        ]),
        LimitsCase("testMatchEverLimitExceeded", [
            .limits([["type": "ever", "limit": 6]]),
            .impressions(7),
            .matches(false),
        ]),
        LimitsCase("testMatchSession", [
            .limits([["type": "session", "limit": 6]]),
            .impressions(1),
            .matches(true),
        ]),
        LimitsCase("testMatchSessionLimitExceeded", [
            .limits([["type": "session", "limit": 6]]),
            .impressions(7),
            .matches(false),
        ]),
        LimitsCase("testMatchSeconds", [
            .limits([["type": "seconds", "limit": 6, "frequency": 12]]),
            .impressions(2),
            .matches(true),
        ]),
        LimitsCase("testMatchSecondsLimitExceeded", [
            .limits([["type": "seconds", "limit": 6, "frequency": 12]]),
            .impressions(7),
            .matches(false),
        ]),
        LimitsCase("testMatchMinutes", [
            .limits([["type": "minutes", "limit": 3, "frequency": 10]]),
            .impressions(2),
            .matches(true),
            .advance(5 * 60),
            .impressions(1),
            .matches(false),
            .advance(5 * 60 + 1),
            .matches(true),
        ]),
        LimitsCase("testMatchHours", [
            .limits([["type": "hours", "limit": 3, "frequency": 2]]),
            .impressions(2),
            .matches(true),
            .advance(1 * 60 * 60),
            .impressions(1),
            .matches(false),
            .advance(1 * 60 * 60 + 1),
            .matches(true),
        ]),
        LimitsCase("testMatchDays", [
            .limits([["type": "days", "limit": 3, "frequency": 2]]),
            .impressions(2),
            .matches(true),
            .advance(24 * 60 * 60),
            .impressions(1),
            .matches(false),
            .advance(24 * 60 * 60 + 1),
            .matches(true),
        ]),
        LimitsCase("testMatchWeeks", [
            .limits([["type": "weeks", "limit": 3, "frequency": 2]]),
            .impressions(2),
            .matches(true),
            .advance(7 * 24 * 60 * 60),
            .impressions(1),
            .matches(false),
            .advance(7 * 24 * 60 * 60 + 1),
            .matches(true),
        ]),
        LimitsCase("testMatchMultiple", [
            .limits([
                ["type": "onExactly", "limit": 1],
                ["type": "days", "limit": 3, "frequency": 1],
                ["type": "session", "limit": 6],
            ]),
            .triggers(1),
            .matches(true),
            .impressions(2),
            .matches(true),
            // Impressions per day no longer match
            .impressions(1),
            .matches(false),
            // Reset impressions and increment trigger, so it will not match
            .forgetImpressions,
            .triggers(1),
            .matches(false),
        ]),
        LimitsCase("testMatchEmpty", [
            .limits([[:]]),
            .matches(true),
            .limits([]),
            .matches(true),
            .limits(.null),
            .matches(true),
        ]),
    ]
}
