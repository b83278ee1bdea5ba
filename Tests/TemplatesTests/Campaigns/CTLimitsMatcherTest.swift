import Foundation
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTLimitsMatcherTest.m`
// (16 cases, same names and outcomes). The SDK's `CTClockMock` becomes the fixture's `now`
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

@Suite struct CTLimitsMatcherTest {
    @Test func testMatchOnExactlyLessThanLimit() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "onExactly",
            "limit": 6
        ]
    ]
    f.data.incrementTrigger(f.id)
    
    var match = f.matches(whenLimits)
    #expect(!(match))
    }

    @Test func testMatchOnExactly() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "onExactly",
            "limit": 6
        ]
    ]
    for _ in 0..<6 {
        f.data.incrementTrigger(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchOnEvery() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "onEvery",
            "limit": 6
        ]
    ]
    for _ in 0..<12 {
        f.data.incrementTrigger(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchOnEveryIntermediate() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "onEvery",
            "limit": 6
        ]
    ]
    for _ in 0..<2 {
        f.data.incrementTrigger(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(!(match))
    }

    @Test func testMatchEver() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "ever",
            "limit": 6
        ]
    ]
    var match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchEverLimitExceeded() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "ever",
            "limit": 6
        ]
    ]
    for _ in 0..<7 {
        f.impressions.record(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(!(match))
    }

    @Test func testMatchSession() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "session",
            "limit": 6
        ]
    ]
    f.impressions.record(f.id)
    
    var match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchSessionLimitExceeded() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "session",
            "limit": 6
        ]
    ]
    for _ in 0..<7 {
        f.impressions.record(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(!(match))
    }

    @Test func testMatchSeconds() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "seconds",
            "limit": 6,
            "frequency": 12
        ]
    ]
    for _ in 0..<2 {
        f.impressions.record(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchSecondsLimitExceeded() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "seconds",
            "limit": 6,
            "frequency": 12
        ]
    ]
    for _ in 0..<7 {
        f.impressions.record(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(!(match))
    }

    @Test func testMatchMinutes() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "minutes",
            "limit": 3,
            "frequency": 10
        ]
    ]
    for _ in 0..<2 {
        f.impressions.record(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(match)
    
    f.now += 5 * 60
    f.impressions.record(f.id)
    match = f.matches(whenLimits)
    #expect(!(match))
    
    f.now += 5 * 60 + 1
    match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchHours() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "hours",
            "limit": 3,
            "frequency": 2
        ]
    ]
    for _ in 0..<2 {
        f.impressions.record(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(match)
    
    f.now += 1 * 60 * 60
    f.impressions.record(f.id)
    match = f.matches(whenLimits)
    #expect(!(match))
    
    f.now += 1 * 60 * 60 + 1
    match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchDays() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "days",
            "limit": 3,
            "frequency": 2
        ]
    ]
    for _ in 0..<2 {
        f.impressions.record(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(match)
    
    f.now += 24 * 60 * 60
    f.impressions.record(f.id)
    match = f.matches(whenLimits)
    #expect(!(match))
    
    f.now += 24 * 60 * 60 + 1
    match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchWeeks() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "weeks",
            "limit": 3,
            "frequency": 2
        ]
    ]
    for _ in 0..<2 {
        f.impressions.record(f.id)
    }
    
    var match = f.matches(whenLimits)
    #expect(match)
    
    f.now += 7 * 24 * 60 * 60
    f.impressions.record(f.id)
    match = f.matches(whenLimits)
    #expect(!(match))
    
    f.now += 7 * 24 * 60 * 60 + 1
    match = f.matches(whenLimits)
    #expect(match)
    }

    @Test func testMatchMultiple() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [
            "type": "onExactly",
            "limit": 1
        ],
        [
            "type": "days",
            "limit": 3,
            "frequency": 1
        ],
        [
            "type": "session",
            "limit": 6
        ]
    ]
    f.data.incrementTrigger(f.id)
    var match = f.matches(whenLimits)
    #expect(match)
    
    for _ in 0..<2 {
        f.impressions.record(f.id)
    }
    match = f.matches(whenLimits)
    #expect(match)
    
    // Impressions per day no longer match
    f.impressions.record(f.id)
    match = f.matches(whenLimits)
    #expect(!(match))
    
    // Reset impressions and increment trigger, so it will not match
    f.impressions.remove(f.id)
    f.data.incrementTrigger(f.id)
    match = f.matches(whenLimits)
    #expect(!(match))
    }

    @Test func testMatchEmpty() {
        let f = LimitsFixture()
    var whenLimits: JSONValue = [
        [:]
    ]
    var match = f.matches(whenLimits)
    #expect(match)
    
    whenLimits = [
    ]
    match = f.matches(whenLimits)
    #expect(match)
    
    whenLimits = .null
    match = f.matches(whenLimits)
    #expect(match)
    }
}
