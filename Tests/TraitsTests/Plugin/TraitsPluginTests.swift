import Engine
import Foundation
import JSON
import SystemKit
import TestSupport
import Testing
@testable import Traits

/// The plug-in: steps, expectation keys, event types, the REPL command, Swift traits mixed with
/// Lua traits, relaunch.
@Suite struct TraitsPluginTests {
    func step(_ name: String) throws -> SystemStep<TraitsSystem> {
        try #require(TraitsSystem.steps.first { $0.name == name })
    }

    func key(_ name: String) throws -> ExpectationKey<TraitsSystem> {
        try #require(TraitsSystem.expectationKeys.first { $0.name == name })
    }

    func run(_ name: String, _ value: JSONValue, _ h: TraitsHarness, directory: String = "/") throws {
        try step(name).perform([name: value], on: h.system, context: StepContext(engine: h.engine, directory: directory))
    }

    /// Computed, not a static let: LeakSanitizer cannot follow the payloads of a cached enum.
    static var experience: JSONValue {
        func step(_ n: Int) -> JSONValue {
            .object(["id": .string(ExperienceFixture.id(n)), "type": .string("modal"), "traits": [], "actions": [:],
                     "content": .object(["type": "spacer", "id": .string(ExperienceFixture.id(n + 50))])])
        }
        return .object([
            "id": .string("00000000-0000-4000-8000-900000000101"), "name": "Tour", "type": "mobile",
            "traits": .array([.object(["type": .string("@appcues/modal"), "config": .object(["presentationStyle": .string("full")])])]),
            "steps": .array([.object(["id": .string("00000000-0000-4000-8000-900000000102"), "type": .string("group"), "traits": [], "actions": [:],
                                      "children": .array([step(3), step(4)])])]),
        ])
    }

    @Test func showPageDismissSteps() throws {
        let h = try TraitsHarness()
        try run("show", .object(["experience": Self.experience, "step": .integer(2)]), h)
        #expect(try key("experience").perform(.object(["step": .integer(2), "state": .string("shown")]), on: h.system, engine: h.engine).isEmpty)
        try run("page", .integer(1), h)
        #expect(try key("tree").perform(.object(["kind": .string("container"), "currentPage": .integer(1)]), on: h.system, engine: h.engine).isEmpty)
        let mismatch = try key("tree").perform(.object(["currentPage": .integer(2)]), on: h.system, engine: h.engine)
        #expect(mismatch.first?.message == "wrong view tree")
        // The failure points at the difference, not at the whole tree.
        #expect(mismatch.map(\.path) == [JSONPath.root.key("currentPage")])
        #expect(mismatch.first?.expected == .json(2) && mismatch.first?.actual == .json(1))
        #expect(throws: SystemError.self) { try run("page", .integer(3), h) }
        // A page that is no whole number is refused before the step runs, where the value is.
        #expect(throws: LocatedProblem(path: JSONPath.root.key("page"), message: "must be a whole number ≥ 1, got 1.5")) {
            try run("page", .double(1.5), h)
        }
        try run("dismiss", .bool(true), h)
        #expect(try key("experience").perform(.null, on: h.system, engine: h.engine).isEmpty)
        #expect(try key("tree").perform(.object([:]), on: h.system, engine: h.engine).first?.message == "no experience is shown")
        #expect(throws: SystemError("dismiss: no experience is shown")) { try run("dismiss", .bool(true), h) }
    }

    @Test func showReadsAJSONFileRelativeToTheScenario() throws {
        let h = try TraitsHarness()
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.experience.encoded().write(to: folder.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)
        try run("show", .object(["experience": .string("x.json")]), h, directory: folder.path)
        #expect(h.system.renderer.current?.experience.id == "00000000-0000-4000-8000-900000000101")
        #expect(throws: SystemError.self) { try run("show", .object(["experience": .string("missing.json")]), h, directory: folder.path) }
    }

    @Test func invalidExperiencesAreStepFailuresNamingThePath() throws {
        let h = try TraitsHarness()
        let bad: JSONValue = .object(["id": .string("00000000-0000-4000-8000-900000000101"), "name": "Bad", "type": "mobile", "traits": [], "steps": .array([.object(["id": .string("00000000-0000-4000-8000-900000000106")])])])
        #expect(throws: SystemError("show: invalid experience: steps[0].type: missing required key (expected a string)")) {
            try run("show", .object(["experience": bad]), h)
        }
    }

    /// Every event type the system records is listed in `eventTypes`.
    @Test func everyRecordedTypeIsListed() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.register{type = "@p/flaky", init = function(self) self.n = 0 return true end, decorateContainer = function(self)
          self.n = self.n + 1
          if self.n == 1 then error(traits.error{description = "once", retryMilliseconds = 1}) end
        end}
        traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@appcues/modal", config = {presentationStyle = "dialog"}}, {type = "@p/flaky"},
          {type = "@appcues/step-transition-animation"}, {type = "@appcues/backdrop", config = {backgroundColor = {light = "#000"}}}},
          steps = {{id = "00000000-0000-4000-8000-900000000102", type = "group", children = {{id = "00000000-0000-4000-8000-900000000103", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}, {id = "00000000-0000-4000-8000-900000000104", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000602"}}}, traits = {}, actions = {}}}, name = "Tour", type = "mobile"}
        app.advance(1)
        traits.page(2)
        traits.dismiss()
        traits.show{id = "00000000-0000-4000-8000-900000000105", traits = {}, steps = {{id = "00000000-0000-4000-8000-900000000106", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000603"}}}, name = "Tour", type = "mobile"}
        traits.dismiss()
        pcall(traits.show, {id = "00000000-0000-4000-8000-900000000107", steps = {{id = "00000000-0000-4000-8000-900000000106", type = "m", content = {type = "nope"}, traits = {}, actions = {}}}, name = "Tour", type = "mobile", traits = {}})
        traits.show{id = "00000000-0000-4000-8000-900000000108", steps = {{id = "00000000-0000-4000-8000-900000000106", type = "m", traits = {{type = "@appcues/embedded", config = {frameID = "f"}}}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000605"}}}, name = "Tour", type = "mobile", traits = {}}
        ui.show{id = "slot", frameID = "f"}
        app.advance(0)
        traits.dismiss()
        traits.show{id = "00000000-0000-4000-8000-900000000109", steps = {{id = "00000000-0000-4000-8000-900000000106", type = "m", traits = {{type = "@appcues/tooltip"},
          {type = "@appcues/target-element", config = {selector = {tag = "t"}}}}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000606"}}}, name = "Tour", type = "mobile", traits = {}}
        app.advance(4)
        ui.show{id = "other"}
        app.advance(0)
        traits.dismiss()
        """#)
        let tapActions = ["@appcues/request-review", "@appcues/request-push", "@appcues/link"].map {
            ExperienceFixture.action("tap", $0, #"{"url": "https://x.test"}"#)
        } + [ExperienceFixture.action("tap", "@appcues/update-profile", #"{"plan": "pro"}"#)]
        let form = #"{"type": "stack", "id": "\#(ExperienceFixture.id(90))", "orientation": "vertical", "items": [\#(ExperienceFixture.button(91, "Go")),"# +
            #"{"type": "textInput", "id": "\#(ExperienceFixture.id(92))", "label": \#(ExperienceFixture.text(93, "Name"))},"# +
            #"{"type": "optionSelect", "id": "\#(ExperienceFixture.id(94))", "label": \#(ExperienceFixture.text(95, "Pick")), "selectMode": "single", "options": [{"value": "a", "content": \#(ExperienceFixture.text(96, "A"))}]}]}"#
        let json = ExperienceFixture.experience([ExperienceFixture.step(97, content: form, actions: [91: tapActions + [ExperienceFixture.action("longPress", "@appcues/track", #"{"eventName": "held"}"#)]])])
        try h.lua(presentLua.replacingOccurrences(of: "@t/present", with: "@t/present2") + "\n" +
                  "traits.presentationDelegate{}\n" +
                  "traits.show([==[\(json.replacingOccurrences(of: "@t/present", with: "@t/present2"))]==])" +
                  "\ntraits.type('\(ExperienceFixture.id(92))', 'Ada') traits.select('\(ExperienceFixture.id(94))', 'a')" +
                  "\ntraits.tap('\(ExperienceFixture.id(91))') traits.longPress('\(ExperienceFixture.id(91))')")
        let recorded = Set(h.engine.transcript.events.map(\.type)).subtracting(["ui.tap", "ui.show", "log", "error"])
        let listed = Set(TraitsSystem.eventTypes.map(\.name))
        #expect(recorded.isSubset(of: listed), "unlisted: \(recorded.subtracting(listed))")
        #expect(recorded == listed, "listed but never recorded here: \(listed.subtracting(recorded))")
    }

    /// A `show` step's `experiment`: a control group publishes `appcues:experiment_entered` and
    /// shows nothing; an experiment that does not decode as the SDK's is a step failure naming it.
    @Test func showStepExperiments() throws {
        let h = try TraitsHarness()
        let control: JSONValue = .object(["group": "control", "experimentId": .string(ExperienceFixture.id(7)), "experienceId": .string(ExperienceFixture.id(8)),
                                          "goalId": "g", "contentType": "c"])
        try run("show", .object(["experience": Self.experience, "experiment": control]), h)
        #expect(h.system.renderer.current == nil)
        #expect(h.events("appcues.analytics", ["name"]) == [#"appcues.analytics name="appcues:experiment_entered""#])
        #expect(throws: SystemError("show: experiment: goalId: missing required key (expected a string)")) {
            try run("show", .object(["experience": Self.experience, "experiment": .object(["group": "exposed", "experimentId": .string(ExperienceFixture.id(7)),
                                                                                          "experienceId": .string(ExperienceFixture.id(8)), "contentType": "c"])]), h)
        }
    }

    @Test func replCommandShowsTheTreeAndTheTypes() throws {
        let h = try TraitsHarness()
        let command = try #require(TraitsSystem.replCommands.first)
        #expect(command.name == "traits")
        #expect(try command.run(h.system, h.engine, "").contains("shown: none"))
        try run("show", .object(["experience": Self.experience]), h)
        let text = try command.run(h.system, h.engine, "")
        #expect(text.contains("shown: 00000000-0000-4000-8000-900000000101 group 1 step 1"))
        #expect(text.contains("  container {\"pages\":2,\"currentPage\":1"))
        #expect(text.contains("    step #\(ExperienceFixture.id(3))"))
        #expect(text.contains("registered: @appcues/modal"))
    }

    /// A Swift trait and Lua traits in one experience; Swift registrations survive a relaunch,
    /// Lua ones are registered again by the scripts, and nothing is shown after it.
    @Test func swiftAndLuaTraitsMixAndSurviveRelaunch() throws {
        final class Stamp: StepDecoratingTrait, ConfigurableTrait {
            static let type = "@swift/stamp"
            let level: TraitLevel
            weak var metadataDelegate: TraitMetadataDelegate?
            init?(configuration: TraitConfiguration) { level = configuration.level }
            func decorate(stepView: TraitView) throws {
                stepView["stamp"] = .string("swift")
                metadataDelegate?.set(["stamped": .bool(true)])
            }
        }
        let h = try TraitsHarness()
        #expect(h.system.register(Stamp.self))
        #expect(!h.system.register(Stamp.self))
        let code = presentLua + #"""
        traits.register{type = "@lua/read", decorateContainer = function(self, c) c:set("sawStamp", self.metadata:get("stamped")) end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000110", traits = {{type = "@t/present"}, {type = "@swift/stamp"}, {type = "@lua/read"}}, steps = {{id = "00000000-0000-4000-8000-900000000106", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000607"}}}, name = "Tour", type = "mobile"})
        """#
        try h.lua(code)
        #expect(h.tree?["sawStamp"] == .bool(true))
        #expect(h.tree?["children"]?.arrayValue?.first?["stamp"] == .string("swift"))
        try h.engine.relaunch()
        #expect(h.system.renderer.current == nil)
        #expect(h.system.registry.isRegistered("@swift/stamp"))
        #expect(!h.system.registry.isRegistered("@lua/read"))
        try h.lua(code)
        #expect(h.tree?["sawStamp"] == .bool(true))
    }

    /// `traits.register` of a taken type returns false and logs the SDK's message (a `log`
    /// event: an `error` event would fail every scenario that loads a script twice).
    @Test func duplicateLuaRegistrationIsLogged() throws {
        let h = try TraitsHarness()
        try h.lua("assert(traits.register{type = '@x/y'}) assert(not traits.register{type = '@x/y'})")
        #expect(h.events("log", ["message"]) == [#"log message="Trait of type @x/y is already registered.""#])
        try h.lua("local r = traits.registered() assert(#r == 1 and r[1] == '@x/y') assert(#traits.builtins() == 14)")
    }
}

/// The `allAnalytics` expectation: every event the SDK publishes (`AnalyticsPublisher`), not
/// only the `appcues:v2:*` funnel that `analytics` checks.
@Suite struct AllAnalyticsExpectationTests {
    @Test func allAnalyticsCoversTrackAndExperimentEvents() throws {
        let h = try TraitsHarness.showing(ExperienceFixture.tour)
        try h.lua(#"traits.runActions{{type = "@appcues/track", config = {eventName = "rated", attributes = {stars = 4}}}}"#)
        h.engine.settle()
        let all: JSONValue = .array([.string("appcues:v2:experience_started"), .string("appcues:v2:step_seen"),
                                     .string("appcues:v2:step_interaction"), .object(["name": .string("rated"), "properties": .object(["stars": .integer(4)])])])
        #expect(TraitsSystem.analyticsMismatches(h.system, all, all: true).isEmpty)
        #expect(!TraitsSystem.analyticsMismatches(h.system, all).isEmpty, "analytics sees the appcues:v2 funnel only")
        let wrong: JSONValue = .array([.string("appcues:v2:experience_started")])
        #expect(TraitsSystem.analyticsMismatches(h.system, wrong, all: true).first?.message == "expected 1 analytics events, got 4")
    }
}
