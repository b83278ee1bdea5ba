import JSON
import Testing
@testable import Traits

/// Actions written in Lua (`traits.action`), and hostile action inputs: each ends with a clear
/// error or message under the limits.
@Suite struct LuaActionTests {
    typealias F = ExperienceFixture

    static func showing(_ actions: [String], setup: String) throws -> TraitsHarness {
        try TraitsHarness.showing(F.experience([F.buttonStep(11, actions), F.step(12, content: F.text(1200, "Two"))]), setup: setup)
    }

    @Test func aLuaActionReadsItsConfigAndDrivesTheExperience() throws {
        let h = try Self.showing([F.action("tap", "@my/greet", #"{"who": "Ada"}"#)], setup: """
        traits.action{type = "@my/greet", execute = function(ctx, config)
          ctx.track("greeted", {who = config.who, step = ctx.step.step, experience = ctx.experience})
          ctx.continue()
        end}
        """)
        try h.tap(11021)
        let greeted = h.engine.transcript.events.first { $0["name"]?.stringValue == "greeted" }
        #expect(greeted?["properties"]?.sortingKeys == JSONValue.object(["who": .string("Ada"), "step": .integer(1),
                                                                          "experience": .string(F.id(1))]).sortingKeys)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
    }

    @Test func aLuaActionThatErrorsIsRecordedAndTheQueueGoesOn() throws {
        let h = try Self.showing([F.action("tap", "@my/boom"), F.action("tap", "@appcues/continue")],
                                 setup: #"traits.action{type = "@my/boom", execute = function() error("kaboom") end}"#)
        try h.tap(11021)
        let error = try #require(h.engine.transcript.events.first { $0.type == "error" })
        #expect(error["source"] == .string("action @my/boom"))
        #expect(error["message"]?.stringValue?.contains("kaboom") == true)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
    }

    @Test func aLuaActionThatEnqueuesItselfStopsAtTheBound() throws {
        let h = try Self.showing([F.action("tap", "@my/loop")],
                                 setup: #"traits.action{type = "@my/loop", execute = function(ctx) ctx.enqueue{type = "@my/loop"} end}"#)
        try h.tap(11021)
        let errors = h.engine.transcript.events.filter { $0.type == "error" }.compactMap { $0["message"]?.stringValue }
        #expect(errors == ["more than 10000 actions ran from one interaction (last @my/loop): the queue is dropped (an action loop?)"])
    }

    /// Profile attributes a Lua action sets are charged to the memory cap.
    @Test func profileAttributesFromALuaActionAreCharged() throws {
        let h = try Self.showing([F.action("tap", "@my/hoard")], setup: """
        traits.action{type = "@my/hoard", execute = function(ctx)
          local big = ("x"):rep(1 << 20)
          for i = 1, 200 do ctx.updateProfile{["k" .. i] = big .. i} end
        end}
        """)
        try h.tap(11021)
        // The transcript's note that it refused a `profile.updated` event comes first; then the action's error.
        let error = try #require(h.engine.transcript.events.first { $0.type == "error" && $0["source"] != nil })
        #expect(error["source"] == .string("action @my/hoard"))
        #expect(error["message"]?.stringValue?.contains("not enough memory") == true)
        #expect(h.system.renderer.profile.count < 200)
    }

    @Test func registeringABuiltInOrABadDefinitionFails() throws {
        let h = try TraitsHarness()
        #expect(try h.lua(#"return traits.action{type = "@appcues/close", execute = function() end}"#).first?.boolValue == false)
        #expect(throws: (any Error).self) { try h.lua(#"traits.action{type = "@x/y"}"#) }
        #expect(try h.lua("return #traits.actions()").first?.integerValue == 11)
    }

    @Test func continueToItselfMovesNothing() throws {
        let h = try Self.showing([F.action("tap", "@appcues/continue", #"{"stepID": "\#(F.id(11))"}"#)], setup: "")
        try h.tap(11021)
        try h.tap(11021)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 0))
        #expect(h.analytics == ["experience_started", "step_seen", "step_interaction", "step_interaction"])
        #expect(h.events("log", ["message"]).filter { $0.contains("already at step 0,0") }.count == 2)
    }

    /// A group whose navigate action continues (to itself) runs before the group is shown: the
    /// SDK has no transition then, so it is a logged no-op and the group is presented.
    @Test func aNavigateActionThatContinuesIsANoOp() throws {
        let json = F.experience([F.group(10, [F.step(11, content: F.text(1100, "A"))], actions: [F.action("navigate", "@appcues/continue")])])
        let h = try TraitsHarness.showing(json)
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 0))
        #expect(h.events("log", ["message"]).contains(#"log message="continue +1: no step is shown""#))
    }

    @Test func tenThousandStepsClickThroughToTheEnd() throws {
        let steps = (0..<10_000).map { n in
            #"{"id": "\#(F.id(200_000 + n))", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "\#(F.id(100_000 + n))"}}"#
        }
        let h = try TraitsHarness.showing(F.experience(steps))
        try h.lua("traits.continue{index = 9999}")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 9999, item: 0))
        try h.lua("traits.continue()")
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics.suffix(2) == ["step_completed", "experience_completed"])
    }
}
