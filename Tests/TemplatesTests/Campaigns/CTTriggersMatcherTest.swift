import JSON
import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTTriggersMatcherTest.m`
// (67 cases, same names and outcomes) as a table: one row per SDK case, named after it (a failure
// names the SDK case and the check). The rows that match events against one `whenTriggers` are in
// `CTTriggersMatcherTest+Cases.swift`; those that adapt events themselves (a location, a profile
// attribute) or stub the data store are in `CTTriggersMatcherTest+Adapted.swift`. The SDK's
// `CTTriggersMatcher+Tests` helpers become `match(_:eventName:eventProperties:)` and
// `matchCharged(_:details:items:)` below; the OCMock stubs of `isEventLoggedFirstTime:` become the
// matcher's `isFirstTime` closure (a case's `firstTime`).

extension TriggersMatcher {
    func match(_ whenTriggers: JSONValue, eventName: String, eventProperties: JSONObject) -> Bool {
        matches(whenTriggers, event: CampaignEvent(name: eventName, properties: eventProperties))
    }

    func matchCharged(_ whenTriggers: JSONValue, details: JSONObject, items: JSONValue) -> Bool {
        let list = items.arrayValue?.compactMap(\.objectValue) ?? []
        return matches(whenTriggers, event: CampaignEvent(name: "Charged", properties: details, items: list))
    }
}

/// One SDK case of `CTTriggersMatcherTest.m`: the campaign's `whenTriggers` and the events the SDK
/// matches against them, in order, each with the outcome it asserts.
struct TriggersCase: Sendable, CustomTestStringConvertible {
    enum Check: Sendable {
        /// `matchEventWhenTriggers:eventName:eventProperties:` (the SDK's test helper).
        case event(String, JSONObject, Bool)
        /// `matchChargedEventWhenTriggers:details:items:`.
        case charged(JSONObject, JSONValue, Bool)
        /// `match:event:` of an event the test adapts itself (`CTEventAdapter` with a location or
        /// a profile attribute).
        case adapted(CampaignEvent, Bool)
        /// The event names the data store stub was asked about so far (`isEventLoggedFirstTime:`).
        case firstTimeAsked([String])
    }

    /// The SDK test's stub of the data store's `isEventLoggedFirstTime:`: true for one name, for
    /// every name but one, or for every name.
    enum FirstTime: Sendable {
        case only(String), allBut(String), always

        func isFirstTime(_ name: String) -> Bool {
            switch self {
            case .only(let first): name == first
            case .allBut(let other): name != other
            case .always: true
            }
        }
    }

    /// The SDK test's name (`testMatchEqualsDouble`).
    let sdk: String
    /// For an SDK test that matches against two `whenTriggers` in turn: which one.
    let part: Int?
    /// The data store stub (nil: the matcher's own).
    let firstTime: FirstTime?
    let whenTriggers: JSONValue
    let checks: [Check]

    init(_ sdk: String, part: Int? = nil, firstTime: FirstTime? = nil, _ whenTriggers: JSONValue, _ checks: [Check]) {
        self.sdk = sdk
        self.part = part
        self.firstTime = firstTime
        self.whenTriggers = whenTriggers
        self.checks = checks
    }

    var testDescription: String { part.map { "\(sdk), part \($0)" } ?? sdk }
}

@Suite struct CTTriggersMatcherTest {
    @Test(arguments: TriggersCase.all + TriggersCase.adapted)
    func sdkCase(_ sdkCase: TriggersCase) {
        var matcher = TriggersMatcher()
        var asked: [String] = []
        if let stub = sdkCase.firstTime {
            matcher.isFirstTime = { name in
                asked.append(name)
                return stub.isFirstTime(name)
            }
        }
        for (n, check) in sdkCase.checks.enumerated() {
            switch check {
            case .event(let name, let properties, let expected):
                #expect(matcher.match(sdkCase.whenTriggers, eventName: name, eventProperties: properties) == expected,
                        "\(sdkCase.testDescription), check \(n + 1): \(name) \(JSONValue.object(properties))")
            case .charged(let details, let items, let expected):
                #expect(matcher.matchCharged(sdkCase.whenTriggers, details: details, items: items) == expected,
                        "\(sdkCase.testDescription), check \(n + 1): Charged \(JSONValue.object(details)) \(items)")
            case .adapted(let event, let expected):
                #expect(matcher.matches(sdkCase.whenTriggers, event: event) == expected,
                        "\(sdkCase.testDescription), check \(n + 1): \(event.name) \(JSONValue.object(event.properties))")
            case .firstTimeAsked(let names):
                #expect(asked == names, "\(sdkCase.testDescription), check \(n + 1): the data store asked")
            }
        }
    }
}
