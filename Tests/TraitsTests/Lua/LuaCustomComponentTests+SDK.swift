import JSON
import Testing
@testable import Traits

/// The SDK's `CustomComponentRegistryTests` and `AppcuesExperienceActionsTests`, by name:
/// a second registration replaces the first; `triggerBlockActions` queues every action of the
/// component (the view model hands it all of `actions[model.id]`); `track`, `nextStep`,
/// `previousStep`, `close` and `updateProfile` run at once, outside the action queue
/// (`ActionRegistry.enqueue(actionInstances:)` executes them directly).
extension LuaCustomComponentTests {
    /// A component whose views call each action: `block`, `track`, `next`, `previous`, `close`, `profile`.
    static let buttons = """
    traits.component{identifier = "rating", render = function(view, config, actions)
      local function button(id, f) local b = traits.view{kind = "button", id = id} b:onTap(f) view:add(b) end
      button("block", function() actions.triggerBlockActions() end)
      button("track", function() actions.track("Custom Event", {key = "value"}) end)
      button("next", function() actions.nextStep() end)
      button("previous", function() actions.previousStep() end)
      button("close", function() actions.close(true) end)
      button("profile", function() actions.updateProfile{plan = "pro"} end)
    end}
    """

    /// The rating step (its component's actions: a 1 s delay on tap, a track on long press), then a second step.
    static func delayed() -> String {
        F.experience([
            F.step(11, content: #"{"type": "customComponent", "id": "\#(F.id(111))", "identifier": "rating", "config": {}}"#,
                   actions: [111: [F.action("tap", "@appcues/delay", #"{"duration": 1000}"#),
                                   F.action("longPress", "@appcues/track", #"{"eventName": "Test Event"}"#)]]),
            F.step(12, content: F.text(1200, "Thanks")),
        ])
    }

    func tracked(_ h: TraitsHarness, _ name: String) -> [Double] {
        h.engine.transcript.events.filter { $0.type == "appcues.analytics" && $0["name"]?.stringValue == name }.map(\.t)
    }

    @Test func testDuplicateRegistrations() throws {
        let h = try TraitsHarness.showing(Self.json(), setup: """
        traits.component{identifier = "rating", render = function(view) view:add(traits.view{kind = "first"}) end}
        assert(traits.component{identifier = "rating", render = function(view) view:add(traits.view{kind = "second"}) end} == false)
        """)
        #expect(h.system.renderer.componentView(F.id(111))?.children.map(\.kind) == ["second"])
    }

    /// Every action of the component, whatever its trigger (here a `tap` delay and a `longPress` track).
    @Test func testTriggerBlockActions() throws {
        let h = try TraitsHarness.showing(Self.delayed(), setup: Self.buttons)
        try h.lua("traits.tap('block') app.advance(2)")
        #expect(tracked(h, "Test Event").count == 1)
        #expect(h.analytics("step_interaction").first?["interactionData"]?["text"] == .string("Custom component rating"))
    }

    /// `track` runs at once: while the queue waits on the block's delay, the event is published at t=0.
    @Test func testTrack() throws {
        let h = try TraitsHarness.showing(Self.delayed(), setup: Self.buttons)
        try h.lua("traits.tap('block') traits.tap('track')")
        #expect(tracked(h, "Custom Event") == [0])
        let event = try #require(h.engine.transcript.events.first { $0["name"]?.stringValue == "Custom Event" })
        #expect(event["properties"] == .object(["key": .string("value")]))
    }

    @Test func testNextStep() throws {
        let h = try TraitsHarness.showing(Self.delayed(), setup: Self.buttons)
        try h.lua("traits.tap('block') traits.tap('next')")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0), "at once, before the queued delay ends")
    }

    @Test func testPreviousStep() throws {
        let h = try TraitsHarness.showing(Self.delayed(), setup: Self.buttons)
        try h.lua("traits.tap('previous')")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 0, item: 0), "on the first step nothing happens")
        #expect(h.stepErrors == ["Step at -1 does not exist"])
    }

    @Test func testClose() throws {
        let h = try TraitsHarness.showing(Self.delayed(), setup: Self.buttons)
        try h.lua("traits.tap('block') traits.tap('close')")
        #expect(h.system.renderer.current == nil)
        #expect(h.analytics.contains("experience_completed"))
    }

    @Test func testUpdateProfile() throws {
        let h = try TraitsHarness.showing(Self.delayed(), setup: Self.buttons)
        try h.lua("traits.tap('block') traits.tap('profile')")
        #expect(h.system.renderer.profile["plan"] == .string("pro"))
    }

    /// Hostile: a component that calls an action 5,000 times from one tap is contained: each
    /// runs at once, under the bound of actions per interaction.
    @Test func aComponentCallingItsActionsInALoopIsContained() throws {
        let h = try TraitsHarness.showing(Self.delayed(), setup: """
        traits.component{identifier = "rating", render = function(view, config, actions)
          local b = traits.view{kind = "button", id = "loop"}
          b:onTap(function() for _ = 1, 5000 do actions.track("spam") end end)
          view:add(b)
        end}
        """)
        try h.lua("traits.tap('loop')")
        #expect(tracked(h, "spam").count == 5000)
    }
}
