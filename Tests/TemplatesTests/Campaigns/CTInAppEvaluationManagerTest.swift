import Engine
import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/InApps/CTInAppEvaluationManagerTest.m`:
// 26 of its 27 cases, same names and outcomes. The SDK's `CTInAppDisplayManagerMock` (which
// records what `_addInAppNotificationsToQueue:` receives) is the store queue of a controller that
// is never drained. `testDelegatesAdded` is not ported (no delegate manager in ctlua).

/// A `Campaigns` over a controller whose run loop the test never drains.
final class CampaignsFixture {
    let harness: Harness
    let campaigns: Campaigns

    init(templates: @escaping (RecordingPresenter) throws -> [CustomTemplate] = { _ in [] }) throws {
        harness = try Harness(templates: templates)
        campaigns = Campaigns(controller: harness.controller, transcript: harness.transcript, clock: harness.clock,
                              storage: harness.storage)
    }

    var data: CampaignData { campaigns.data }
    /// What `_addInAppNotificationsToQueue:` received so far.
    var inappNotifs: [JSONValue] { harness.controller.queue.map(\.json) }
    func resetNotifs() { harness.controller.clearAll() }
    func evaluate(_ event: CampaignEvent, _ inApps: JSONValue) -> [JSONValue] {
        campaigns.evaluator(list: "test", event: event).evaluate(event, inApps.arrayValue ?? [])
    }
}

private let CLTAP_SDK_VERSION = "SDK Version"
private let CLTAP_OS_VERSION = "OS Version"
private let CLTAP_APP_LAUNCHED_EVENT = "App Launched"

@Suite struct CTInAppEvaluationManagerTest {
    /// The SDK's sort cases (`testSort...`): in-apps, and the order `sortByPriority` gives them
    /// (priority, then earlier `ti` first; a missing or non-numeric `ti` last). One row per case.
    struct SortCase: Sendable, CustomTestStringConvertible {
        let sdk: String
        let inApps: JSONValue
        let sorted: JSONValue
        init(_ sdk: String, _ inApps: JSONValue, _ sorted: JSONValue) {
            self.sdk = sdk
            self.inApps = inApps
            self.sorted = sorted
        }
        var testDescription: String { sdk }
    }

    static let sortCases: [SortCase] = [
        SortCase("testSort",
                 [
                     ["ti": 1665140111, "priority": 1],
                     ["ti": 1665140999, "priority": 1],
                     ["ti": 1665141999, "priority": 100],
                     ["ti": 1665140050, "priority": 50],
                 ],
                 [
                     ["ti": 1665141999, "priority": 100],
                     ["ti": 1665140050, "priority": 50],
                     ["ti": 1665140111, "priority": 1],
                     ["ti": 1665140999, "priority": 1],
                 ]),
        SortCase("testSortNoPriority",
                 [["ti": 1665140111], ["ti": 1665140999], ["ti": 1665141999, "priority": 2]],
                 [["ti": 1665141999, "priority": 2], ["ti": 1665140111], ["ti": 1665140999]]),
        SortCase("testSortNoTimestamp",
                 [[:], ["priority": 2], ["ti": 1665140999]],
                 [["priority": 2], ["ti": 1665140999], [:]]),
        SortCase("testSortInvalidAndStringTimestamp",
                 [
                     ["priority": 2],
                     ["priority": 2, "ti": "asd"],
                     ["priority": 2, "ti": 1699900999],
                     ["priority": 2, "ti": "1699900111"],
                 ],
                 [
                     ["priority": 2, "ti": "1699900111"],
                     ["priority": 2, "ti": 1699900999],
                     ["priority": 2],
                     ["priority": 2, "ti": "asd"],
                 ]),
    ]

    @Test(arguments: sortCases)
    func sortCase(_ sdkCase: SortCase) {
        let sorted = InAppEvaluator.sortByPriority(sdkCase.inApps.arrayValue ?? [], now: 1_700_000_000)
        #expect(JSONValue.array(sorted) == sdkCase.sorted, "\(sdkCase.sdk)")
    }

    @Test func testEvaluateWithInApps() throws {
        let f = try CampaignsFixture()
        let inApps: JSONValue = [
            ["ti": 1, "priority": 100,
             "whenTriggers": [["eventName": "event1", "eventProperties": [["propertyName": "key", "operator": 1, "propertyValue": "value"]]]],
             "frequencyLimits": [[:]], "occurrenceLimits": [[:]]],
            ["ti": 2, "priority": 100,
             "whenTriggers": [["eventName": "event1", "eventProperties": [["propertyName": "key", "operator": 1, "propertyValue": "value"]]]]],
            ["ti": 3, "priority": 100, "whenTriggers": [["eventName": "event2"]]],
            ["ti": 4, "priority": 100, "whenTriggers": [["eventName": "Charged"]]],
        ]
        let list = inApps.arrayValue!
        let event = CampaignEvent(name: "event1", properties: ["key": "value"])
        let event2 = CampaignEvent(name: "event2", properties: [:])
        #expect(f.evaluate(event, inApps) == [list[0], list[1]])
        #expect(f.evaluate(event2, inApps) == [list[2]])
        #expect(f.evaluate(event, inApps) == [list[0], list[1]])
        #expect(f.data.triggerCount("1") == 2)
        #expect(f.data.triggerCount("2") == 2)
        #expect(f.data.triggerCount("3") == 1)
        let eventCharged = CampaignEvent(name: "Charged", properties: [:], items: [])
        #expect(f.evaluate(eventCharged, inApps) == [list[3]])
        #expect(f.data.triggerCount("4") == 1)
    }

    @Test func testEvaluateUserAttribute() throws {
        let f = try CampaignsFixture()
        f.data.serverSide = [
            ["ti": 1, "whenTriggers": [["eventProperties": [["propertyName": "newValue", "propertyValue": "Gold"]], "profileAttrName": "Customer Type"]]],
            ["ti": 2, "whenTriggers": [["eventProperties": [["propertyName": "newValue", "propertyValue": "Premium"]], "profileAttrName": "Customer Type"]]],
        ]
        f.campaigns.evaluateOnUserAttributeChange(["Customer Type": ["newValue": "Gold", "oldValue": "Premium"]])
        #expect(f.data.evaluatedProfile == [1])
    }

    @Test func testEvaluateUserAttributeNormalized() throws {
        let f = try CampaignsFixture()
        f.data.serverSide = [
            ["ti": 1, "whenTriggers": [["eventProperties": [["propertyName": "newValue", "propertyValue": "Gold"]], "profileAttrName": "Customer Type"]]],
        ]
        f.campaigns.evaluateOnUserAttributeChange(["CustomerType": ["newValue": "Gold", "oldValue": "Premium"]])
        #expect(f.data.evaluatedProfile == [1])
        f.campaigns.evaluateOnUserAttributeChange(["customer type": ["newValue": "Gold", "oldValue": "Premium"]])
        #expect(f.data.evaluatedProfile == [1, 1])
    }

    @Test func testEvaluateUserAttributeNormalizedMultiple() throws {
        let f = try CampaignsFixture()
        f.data.serverSide = [
            ["ti": 1, "whenTriggers": [["eventProperties": [["propertyName": "newValue", "propertyValue": "Gold"]], "profileAttrName": "Customer Type"]]],
        ]
        f.campaigns.evaluateOnUserAttributeChange([
            "CustomerType": ["newValue": "Gold", "oldValue": "Premium"],
            "customer type": ["newValue": "Gold", "oldValue": "Premium"],
            "customerType": ["newValue": "Gold", "oldValue": "Premium"],
        ])
        #expect(f.data.evaluatedProfile == [1, 1, 1])
    }

    @Test func testEvaluateCharged() throws {
        let f = try CampaignsFixture()
        f.data.serverSide = [
            ["ti": 1, "whenTriggers": [["eventName": "event1"]]],
            ["ti": 2, "whenTriggers": [["eventName": "Charged"]]],
        ]
        f.campaigns.charged(details: [:], items: [])
        #expect(f.data.evaluated == [2])
    }

    /// The server-side in-apps of the two cases below: 1 and 2 on `event1`, 3 on `event2`.
    static var twoOnEvent1OneOnEvent2: [JSONValue] {
        [
            ["ti": 1, "whenTriggers": [["eventName": "event1"]]],
            ["ti": 2, "whenTriggers": [["eventName": "event1"]]],
            ["ti": 3, "whenTriggers": [["eventName": "event2"]]],
        ]
    }

    @Test func testEvaluateServerSide() throws {
        let f = try CampaignsFixture()
        f.data.serverSide = Self.twoOnEvent1OneOnEvent2
        f.campaigns.recordEvent("event1", properties: [:])
        #expect(f.data.evaluated == [1, 2])
        f.campaigns.flush()
        #expect(try Self.saved(f)["evaluated"] == [1, 2])
        f.campaigns.recordEvent("event2", properties: [:])
        #expect(f.data.evaluated == [1, 2, 3])
        f.campaigns.flush()
        #expect(try Self.saved(f)["evaluated"] == [1, 2, 3], "ctlua saves the whole list (the SDK's save appends: see its test)")
    }

    @Test func testEvaluationManagerCaching() throws {
        let f = try CampaignsFixture()
        f.data.serverSide = Self.twoOnEvent1OneOnEvent2
        f.campaigns.recordEvent("event1", properties: [:])
        f.campaigns.flush()
        #expect(try Self.saved(f)["evaluated"] == [1, 2])
        f.campaigns.recordEvent("event2", properties: [:])
        #expect(f.data.evaluated == [1, 2, 3])
        f.data.clientSide = [["ti": 1, "suppressed": true, "whenTriggers": [["eventName": "eventSuppress"]]]]
        f.campaigns.recordEvent("eventSuppress", properties: [:])
        #expect(f.data.suppressed.count == 1)
        f.campaigns.flush()
        #expect(try Self.saved(f)["suppressed"] == .array(f.data.suppressed))
        f.campaigns.recordEvent("eventSuppress", properties: [:])
        f.campaigns.flush()
        #expect(try Self.saved(f)["suppressed"]?.arrayValue?.count == 2)
        // A new instance loads the ids and records from storage.
        var reloaded = Campaigns(controller: f.harness.controller, transcript: f.harness.transcript, clock: f.harness.clock,
                                 storage: f.harness.storage)
        #expect(reloaded.data.evaluated == [1, 2, 3])
        #expect(reloaded.data.suppressed == f.data.suppressed)
        // A batch sent removes what it carried.
        reloaded.onBatchSent(header: ["inapps_eval": [1, 2], "inapps_suppressed": [0]], success: true)
        reloaded.flush()
        #expect(try Self.saved(f)["evaluated"] == [3])
        #expect(try Self.saved(f)["suppressed"]?.arrayValue?.count == 1)
        reloaded = Campaigns(controller: f.harness.controller, transcript: f.harness.transcript, clock: f.harness.clock,
                             storage: f.harness.storage)
        #expect(reloaded.data.evaluated == [3])
        #expect(reloaded.data.suppressed.count == 1)
    }

    @Test func testEvaluateClientSide() throws {
        let f = try CampaignsFixture()
        let inApps: [JSONValue] = [
            ["ti": 1, "whenTriggers": [["eventName": "event1"]]],
            ["ti": 2, "whenTriggers": [["eventName": "event1"]]],
            ["ti": 3, "whenTriggers": [["eventName": "event2"]]],
        ]
        f.data.clientSide = inApps
        f.campaigns.recordEvent("event1", properties: [:])
        #expect(f.inappNotifs == [inApps[0]], "only one, by priority")
        f.campaigns.recordEvent("event2", properties: [:])
        #expect(f.inappNotifs == [inApps[0], inApps[2]])
    }

    @Test func testEvaluateClientSideSuppressed() throws {
        let f = try CampaignsFixture()
        let inApps: [JSONValue] = [
            ["ti": 1, "suppressed": true, "whenTriggers": [["eventName": "event1"]]],
            ["ti": 2, "suppressed": true, "whenTriggers": [["eventName": "event1"]]],
            ["ti": 3, "whenTriggers": [["eventName": "event1"]]],
        ]
        f.data.clientSide = inApps
        f.campaigns.recordEvent("event1", properties: [:])
        #expect(f.inappNotifs == [inApps[2]], "suppressed ones are recorded until one can be displayed")
        #expect(f.data.suppressed.count == 2)
    }

    /// The SDK's App Launched setup of the two cases below: App Launched recorded with the SDK and
    /// OS versions (kept as its properties), and an in-app triggered by App Launched at that SDK version.
    static func appLaunchedAtSDKVersion(_ f: CampaignsFixture) -> [JSONValue] {
        let props: JSONObject = [CLTAP_SDK_VERSION: 60000, CLTAP_OS_VERSION: 17.1]
        f.campaigns.recordEvent(CLTAP_APP_LAUNCHED_EVENT, properties: props)
        #expect(f.campaigns.appLaunchedProperties == props)
        return [[
            "ti": 1,
            "whenTriggers": [["eventName": .string(CLTAP_APP_LAUNCHED_EVENT),
                              "eventProperties": [["propertyName": .string(CLTAP_SDK_VERSION), "operator": 1, "propertyValue": 60000]]]],
        ]]
    }

    @Test func testEvaluateOnAppLaunchedWithSuccess() throws {
        let f = try CampaignsFixture()
        let inApps = Self.appLaunchedAtSDKVersion(f)
        f.data.clientSide = inApps
        f.campaigns.onAppLaunched(success: true)
        #expect(f.inappNotifs == [inApps[0]])
    }

    @Test func testEvaluateOnAppLaunchedWithFailure() throws {
        let f = try CampaignsFixture()
        let inApps: [JSONValue] = [["ti": 1, "whenTriggers": [["eventName": .string(CLTAP_APP_LAUNCHED_EVENT)]]]]
        f.data.clientSide = inApps
        f.campaigns.onAppLaunched(success: false)
        #expect(f.inappNotifs == [inApps[0]], "added on failure")
        f.campaigns.onAppLaunched(success: false)
        #expect(f.inappNotifs == [inApps[0]], "not added on retry")
        f.campaigns.onAppLaunched(success: true)
        #expect(f.inappNotifs == [inApps[0]], "not added on retry")
        f.resetNotifs()
        f.campaigns.onAppLaunched(success: true)
        #expect(f.inappNotifs == [inApps[0]], "added again on success")
        f.resetNotifs()
        f.campaigns.onAppLaunched(success: false)
        #expect(f.inappNotifs == [inApps[0]], "added again on failure")
    }

    @Test func testEvaluateOnAppLaunchedClientSide() throws {
        let f = try CampaignsFixture()
        let inApps: [JSONValue] = [
            ["ti": 1, "whenTriggers": [["eventName": .string(CLTAP_APP_LAUNCHED_EVENT)]]],
            ["ti": 2, "whenTriggers": [["eventName": .string(CLTAP_APP_LAUNCHED_EVENT)]]],
        ]
        f.data.clientSide = inApps
        f.campaigns.evaluateAppLaunchedClientSide()
        #expect(f.inappNotifs == [inApps[0]])
    }

    @Test func testEvaluateOnAppLaunchedServerSideSuppressed() throws {
        let f = try CampaignsFixture()
        let inApps: [JSONValue] = [
            ["ti": 1, "suppressed": true, "whenTriggers": [["eventName": .string(CLTAP_APP_LAUNCHED_EVENT)]]],
            ["ti": 2, "suppressed": true, "whenTriggers": [["eventName": .string(CLTAP_APP_LAUNCHED_EVENT)]]],
            ["ti": 3, "whenTriggers": [["eventName": .string(CLTAP_APP_LAUNCHED_EVENT)]]],
        ]
        f.campaigns.evaluateOnAppLaunchedServerSide(inApps)
        #expect(f.inappNotifs == [inApps[2]])
        #expect(f.data.suppressed.count == 2)
        f.campaigns.flush()
        #expect(try Self.saved(f)["suppressed"] == .array(f.data.suppressed))
    }

    @Test func testEvaluateOnAppLaunchedServerSide() throws {
        let f = try CampaignsFixture()
        let inApps = Self.appLaunchedAtSDKVersion(f)
        f.campaigns.evaluateOnAppLaunchedServerSide(inApps)
        #expect(f.inappNotifs == [inApps[0]])
    }

    @Test func testEvaluateCustomInApps() throws {
        let f = try CampaignsFixture { p in [try makeTemplate("Template 1", presenter: p)] }
        let inApps: JSONValue = [
            ["ti": 1, "templateName": "Template 2", "type": "custom-code", "priority": 100, "whenTriggers": [["eventName": "event1"]]],
            ["ti": 2, "templateName": "Template 1", "type": "custom-code", "priority": 100, "whenTriggers": [["eventName": "event1"]]],
        ]
        let event = CampaignEvent(name: "event1", properties: [:])
        #expect(f.evaluate(event, inApps) == [inApps.arrayValue![1]])
    }

    @Test func testOnBatchHeaderCreation() throws {
        let f = try CampaignsFixture()
        f.data.evaluated = [1, 2, 3]
        f.data.suppressed = [4, 5, 6]
        #expect(f.campaigns.batchHeader == ["inapps_eval": [1, 2, 3], "inapps_suppressed": [4, 5, 6]])
        f.data.evaluated = []
        f.data.suppressed = []
        #expect(f.campaigns.batchHeader == [:], "nothing to attach: no keys")
    }

    @Test func testOnBatchSentRemoveAll() throws {
        let f = try CampaignsFixture()
        f.data.evaluated = [1, 2, 3]
        f.data.suppressed = [4, 5, 6]
        let all: JSONObject = ["inapps_eval": [1, 2, 3], "inapps_suppressed": [4, 5, 6]]
        f.campaigns.onBatchSent(header: all, success: false)
        #expect(f.data.evaluated == [1, 2, 3])
        #expect(f.data.suppressed == [4, 5, 6])
        f.campaigns.onBatchSent(header: all, success: true)
        #expect(f.data.evaluated == [])
        #expect(f.data.suppressed == [])
    }

    @Test func testOnBatchSentRemoveElements() throws {
        let f = try CampaignsFixture()
        f.data.evaluated = [1, 2, 3]
        f.data.suppressed = [4, 5, 6]
        let some: JSONObject = ["inapps_eval": [1, 2], "inapps_suppressed": [4]]
        let all: JSONObject = ["inapps_eval": [1, 2, 3], "inapps_suppressed": [4, 5, 6]]
        f.campaigns.onBatchSent(header: some, success: false)
        #expect(f.data.evaluated == [1, 2, 3])
        #expect(f.data.suppressed == [4, 5, 6])
        f.campaigns.onBatchSent(header: some, success: true)
        #expect(f.data.evaluated == [3])
        #expect(f.data.suppressed == [5, 6])
        f.campaigns.onBatchSent(header: all, success: true)
        #expect(f.data.evaluated == [])
        #expect(f.data.suppressed == [])
    }

    @Test func testShouldSuppress() throws {
        let f = try CampaignsFixture()
        let handler: (JSONValue) -> Bool = { inApp in
            let selected = f.campaigns.select([inApp], delayed: false)
            return selected.isEmpty
        }
        #expect(!handler(["ti": "1"]))
        #expect(handler(["ti": "1", "suppressed": true]))
        #expect(!handler(["ti": "1", "suppressed": false]))
    }

    @Test func testSuppressInApp() throws {
        let f = try CampaignsFixture()
        let date = CampaignCalendar.dayString(f.campaigns.now)
        f.campaigns.suppress(["ti": "1", "wzrk_pivot": "pivot", "wzrk_cgId": 0])
        #expect(f.data.suppressed.count == 1)
        #expect(f.data.suppressed[0] == ["wzrk_id": .string("1_\(date)"), "wzrk_pivot": "pivot", "wzrk_cgId": 0])
        f.campaigns.suppress(["ti": "1"])
        #expect(f.data.suppressed[1] == ["wzrk_id": .string("1_\(date)"), "wzrk_pivot": "wzrk_default"])
    }

    @Test func testGenerateWzrkId() throws {
        let f = try CampaignsFixture()
        f.campaigns.suppress(["ti": 1699900111])
        #expect(f.data.suppressed[0]["wzrk_id"] == .string("1699900111_\(CampaignCalendar.dayString(f.campaigns.now))"))
        #expect(CampaignCalendar.dayString(1_700_000_000) == "20231114")
    }

    @Test func testUpdateTTL() throws {
        let f = try CampaignsFixture()
        let offset: Int64 = 24 * 60 * 60
        let ttl = Int64(f.campaigns.now.rounded(.down)) + offset
        let updated: JSONValue = ["ti": "1", "wzrk_ttl_offset": .integer(offset), "wzrk_ttl": .integer(ttl)]
        #expect(f.campaigns.updateTTL(["ti": "1", "wzrk_ttl_offset": .integer(offset), "wzrk_ttl": 1700172618]) == updated)
        #expect(f.campaigns.updateTTL(["ti": "1", "wzrk_ttl_offset": .integer(offset)]) == updated)
        #expect(f.campaigns.updateTTL(["ti": "1", "wzrk_ttl": 1700172618]) == ["ti": "1"])
    }

    static func saved(_ f: CampaignsFixture) throws -> JSONValue {
        try JSONValue.decode(try f.harness.storage.read(Campaigns.storageName)!)
    }
}
