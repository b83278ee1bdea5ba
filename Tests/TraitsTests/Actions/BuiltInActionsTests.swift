import JSON
import Testing
@testable import Traits

/// The SDK's action tests (`AppcuesContinueActionTests`, `AppcuesCloseActionTests`,
/// `AppcuesTrackActionTests`, ...), named `<Action>_<case>`: the config each init accepts or
/// refuses, and what executing does, through the built-in registry.
@Suite struct BuiltInActionsTests {
    typealias F = ExperienceFixture

    static func make(_ h: TraitsHarness, _ type: String, _ config: String?) throws -> (any ExperienceAction)? {
        let json = try config.map { try JSONValue.decode($0) }
        return h.system.renderer.actionRegistry.makeInstances([Experience.Action(trigger: "tap", type: type, config: json)], level: "step").first
    }

    @Test func continue_testInit() throws {
        let h = try TraitsHarness()
        func ref(_ config: String?) throws -> StepReference? { (try Self.make(h, "@appcues/continue", config) as? ContinueAction)?.stepReference }
        #expect(try ref(#"{"index": 1}"#) == .index(1))
        #expect(try ref(#"{"offset": -1}"#) == .offset(-1))
        #expect(try ref(#"{"stepID": "8ebcb374-0eff-45a5-9d62-ffee52d8a57b"}"#) == .stepID("8ebcb374-0eff-45a5-9d62-ffee52d8a57b"))
        #expect(try ref(nil) == .offset(1))
        #expect(ContinueAction.type == "@appcues/continue")
    }

    @Test func continue_testExecute() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.system.renderer.actionRegistry.enqueue([#require(try Self.make(h, "@appcues/continue", #"{"offset": 1}"#))])
        h.engine.settle()
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 1))
    }

    @Test(arguments: [(nil, "experience_dismissed"), (#"{"markComplete": true}"#, "experience_completed"), (#"{"markComplete": false}"#, "experience_dismissed")])
    func close_testExecuteMarkComplete(config: String?, event: String) throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.system.renderer.actionRegistry.enqueue([#require(try Self.make(h, "@appcues/close", config))])
        h.engine.settle()
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics.last == event)
    }

    @Test func track_testInit() throws {
        let h = try TraitsHarness()
        #expect((try Self.make(h, "@appcues/track", #"{"eventName": "My Custom Event"}"#) as? TrackAction)?.eventName == "My Custom Event")
        #expect(try Self.make(h, "@appcues/track", nil) == nil)
    }

    @Test func track_testDecodeFromJSON() throws {
        let h = try TraitsHarness()
        let action = try #require(try Self.make(h, "@appcues/track", #"""
            {"eventName": "Test Event", "attributes": {"boolean": false, "string": "test", "int": 100, "double": 2.5,
             "unsupportedArray": [1, 2], "unsupportedObject": {"key": "value"}}}
            """#) as? TrackAction)
        #expect(action.attributes?.count == 4)
        #expect(action.attributes?["int"] == .integer(100) && action.attributes?["double"] == .double(2.5))
        #expect(action.attributes?["unsupportedArray"] == nil && action.attributes?["unsupportedObject"] == nil)
        #expect((try Self.make(h, "@appcues/track", #"{"eventName": "Test Event"}"#) as? TrackAction)?.attributes == nil)
    }

    @Test func updateProfile_testInitFromJSON() throws {
        let h = try TraitsHarness()
        let action = try #require(try Self.make(h, "@appcues/update-profile",
                                                #"{"attribute1": "Hello!", "attribute2": 0, "attribute3": false, "attribute4": 3.14}"#) as? UpdateProfileAction)
        #expect(action.properties.count == 4)
        #expect(try Self.make(h, "@appcues/update-profile", nil) == nil)
        #expect(try Self.make(h, "@appcues/update-profile", "{}") == nil)
    }

    @Test(arguments: [(#"{"url": "https://appcues.com"}"#, "in-app"), (#"{"url": "https://appcues.com", "openExternally": true}"#, "external"),
                      (#"{"url": "deeplink://path"}"#, "scheme")])
    func link_testExecute(config: String, via: String) throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.system.renderer.actionRegistry.enqueue([#require(try Self.make(h, "@appcues/link", config))])
        h.engine.settle()
        #expect(h.events("link.opened", ["via"]) == ["link.opened via=\"\(via)\""])
    }

    @Test func link_testExecuteWebLinkWithNavigationDelegate() throws {
        let h = try TraitsHarness.showing(F.tour, setup: "traits.delegate{navigate = function(url, ext) if ext then error('external') end end}")
        try h.system.renderer.actionRegistry.enqueue([#require(try Self.make(h, "@appcues/link", #"{"url": "https://appcues.com"}"#))])
        h.engine.settle()
        #expect(h.events("link.opened", ["url", "via"]) == [#"link.opened url="https://appcues.com" via="delegate""#])
        #expect(h.events("error").isEmpty, "told it opens in-app")
        #expect(try Self.make(h, "@appcues/link", nil) == nil)
    }

    @Test func delay_testExecute() throws {
        let h = try TraitsHarness.showing(F.tour)
        let registry = h.system.renderer.actionRegistry
        registry.enqueue([try #require(try Self.make(h, "@appcues/delay", #"{"duration": 500}"#)),
                          try #require(try Self.make(h, "@appcues/continue", nil))])
        h.engine.settle()
        #expect(h.system.renderer.current?.item == 0)
        h.engine.clock.advance(by: 0.5)
        #expect(h.system.renderer.current?.item == 1)
        #expect(try Self.make(h, "@appcues/delay", nil) == nil)
    }

    @Test func launchExperience_testExecuteWhenLoadFails() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.system.renderer.actionRegistry.enqueue([#require(try Self.make(h, "@appcues/launch-experience", #"{"experienceID": "nope"}"#))])
        h.engine.settle()
        #expect(h.events("log", ["message"]).contains(#"log message="launch-experience: no experience served with id nope""#))
        #expect(h.system.renderer.current?.experience.id == F.id(1))
    }

    @Test func launchExperience_testExecute() throws {
        let other = F.tour.replacingOccurrences(of: F.id(1), with: F.id(2))
        let h = try TraitsHarness.showing(F.tour, setup: "traits.serve([==[\(other)]==])")
        try h.system.renderer.actionRegistry.enqueue([#require(try Self.make(h, "@appcues/launch-experience", #"{"experienceID": "\#(F.id(2))"}"#))])
        h.engine.settle()
        #expect(h.system.renderer.current?.experience.id == F.id(2))
        #expect(h.analytics("experience_dismissed").count == 1, "normal priority replaces the current experience")
        #expect(h.analytics("experience_started").last?["trigger"] == .string("launch_action"))
        #expect(h.analytics("experience_started").last?["fromExperienceId"] == .string(F.id(1)))
    }

    @Test func requestReviewAndPush_testExecute() throws {
        let h = try TraitsHarness.showing(F.tour)
        try h.system.renderer.actionRegistry.enqueue([#require(try Self.make(h, "@appcues/request-review", nil)),
                                                      #require(try Self.make(h, "@appcues/request-push", nil))])
        h.engine.settle()
        #expect(h.events("review.requested").count == 1 && h.events("push.requested").count == 1)
    }

    @Test func stepInteraction_testInit() throws {
        let h = try TraitsHarness()
        #expect(try Self.make(h, "@appcues/step_interaction", "{}") == nil, "never made from a config")
    }

    @Test(arguments: [(F.action("tap", "@appcues/continue"), "internal", "+1"), (F.action("tap", "@appcues/continue", #"{"offset": -1}"#), "internal", "-1"),
                      (F.action("tap", "@appcues/link", #"{"url": "https://appcues.com"}"#), "link", "https://appcues.com"),
                      (F.action("tap", "@appcues/launch-experience", #"{"experienceID": "abc"}"#), "internal", "abc"),
                      (F.action("tap", "@appcues/close"), "internal", "end-experience"),
                      (F.action("tap", "@appcues/continue", #"{"index": 3}"#), "internal", "#3")])
    func stepInteraction_destinations(action: String, category: String, destination: String) throws {
        let h = try TraitsHarness.showing(F.experience([F.buttonStep(11, [action]), F.step(12, content: F.text(1200, "x"))]))
        try h.tap(11021)
        let data = try #require(h.analytics("step_interaction").first?["interactionData"])
        #expect(data["category"] == .string(category) && data["destination"] == .string(destination) && data["text"] == .string("Go"))
    }

    @Test func submitForm_testTransformQueueInvalidFormSkipValidation() throws {
        let actions = [F.action("tap", "@appcues/submit-form", #"{"skipValidation": true}"#), F.action("tap", "@appcues/continue")]
        let json = F.experience([F.step(11, content: FormFlowTests.formContent, actions: [114: actions]), F.step(12, content: F.text(1200, "x"))])
        let h = try TraitsHarness.showing(json)
        try h.tap(114)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
        #expect(h.events("profile.updated").count == 1)
    }

    @Test(arguments: [("yes", F.id(21)), ("no", F.id(31))])
    func conditional_testTransformQueueFirstAndElseCheckSatisfied(answer: String, expected: String) throws {
        let h = try TraitsHarness.showing(FormFlowTests.json)
        try h.lua("traits.type('\(F.id(112))', 'x') traits.select('\(F.id(113))', '\(answer)')")
        try h.tap(114)
        #expect(h.system.renderer.current.flatMap { $0.experience.step(at: $0.stepIndex)?.id } == expected)
    }

    @Test func conditional_testInit() throws {
        let h = try TraitsHarness()
        #expect(try Self.make(h, "@appcues/conditional", nil) == nil)
        #expect(try Self.make(h, "@appcues/conditional", #"{"checks": []}"#) != nil)
        #expect(try Self.make(h, "@appcues/conditional", #"{"checks": [{"condition": {"and": [], "or": []}, "actions": []}]}"#) == nil,
                "two keys in one clause: Invalid number of keys found (2), expected one.")
    }

    @Test func conditional_testTransformQueueEmptyActionsArray() throws {
        let branch = #"{"checks": [{"actions": []}]}"#
        let json = F.experience([F.buttonStep(11, [F.action("tap", "@appcues/conditional", branch), F.action("tap", "@appcues/continue")]),
                                 F.step(12, content: F.text(1200, "x"))])
        let h = try TraitsHarness.showing(json)
        try h.tap(11021)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0), "the conditional removed itself, the rest ran")
    }
}
