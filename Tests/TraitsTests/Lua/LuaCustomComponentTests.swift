import JSON
import Testing
@testable import Traits

/// Custom components written in Lua (`traits.component`, the SDK's `CustomComponentRegistry`
/// and `AppcuesExperienceActions`).
@Suite struct LuaCustomComponentTests {
    typealias F = ExperienceFixture

    static let rating = """
    traits.component{identifier = "rating", render = function(view, config, actions)
      for i = 1, config.stars do
        local star = traits.view{kind = "star", id = "star" .. i}
        star:onTap(function()
          actions.track("rated", {stars = i})
          actions.triggerBlockActions()
        end)
        view:add(star)
      end
    end}
    """

    static func json(_ identifier: String = "rating") -> String {
        F.experience([
            F.step(11, content: #"{"type": "customComponent", "id": "\#(F.id(111))", "identifier": "\#(identifier)", "config": {"stars": 3}}"#,
                   actions: [111: [F.action("tap", "@appcues/continue")]]),
            F.step(12, content: F.text(1200, "Thanks")),
        ])
    }

    @Test func aLuaComponentRendersViewsAndRunsTheExperienceActions() throws {
        let h = try TraitsHarness.showing(Self.json(), setup: Self.rating)
        let view = try #require(h.system.renderer.componentView(F.id(111)))
        #expect(view.children.map(\.id) == ["star1", "star2", "star3"])
        try h.lua("traits.tap('star2')")
        let rated = h.engine.transcript.events.first { $0["name"]?.stringValue == "rated" }
        #expect(rated?["properties"] == .object(["stars": .integer(2)]))
        #expect(h.analytics("step_interaction").first?["interactionData"]?["text"] == .string("Custom component rating"))
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
    }

    @Test func anUnregisteredComponentRendersNothingAndIsLogged() throws {
        let h = try TraitsHarness.showing(Self.json("nope"), setup: Self.rating)
        #expect(h.system.renderer.componentView(F.id(111))?.children.isEmpty == true)
        #expect(h.events("log", ["message"]).contains(#"log message="no custom component registered as 'nope'""#))
    }

    @Test func aComponentThatErrorsIsRecordedAndTheStepShows() throws {
        let h = try TraitsHarness.showing(Self.json(), setup: #"traits.component{identifier = "rating", render = function() error("bad stars") end}"#)
        #expect(h.system.renderer.current != nil)
        let error = try #require(h.engine.transcript.events.first { $0.type == "error" })
        #expect(error["source"] == .string("component rating"))
        #expect(error["message"]?.stringValue?.contains("bad stars") == true)
    }

    @Test func nextAndCloseFromAComponent() throws {
        let h = try TraitsHarness.showing(Self.json(), setup: """
        traits.component{identifier = "rating", render = function(view, config, actions)
          local next = traits.view{kind = "button", id = "next"} next:onTap(function() actions.nextStep() end) view:add(next)
        end}
        """)
        try h.lua("traits.tap('next')")
        #expect(h.system.renderer.current?.stepIndex == .init(group: 1, item: 0))
        #expect(try h.lua(#"return traits.component{identifier = "rating", render = function() end}"#).first?.boolValue == false)
    }
}
