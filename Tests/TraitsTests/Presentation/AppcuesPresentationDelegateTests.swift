import JSON
import LuaRuntime
import Testing
@testable import Traits

/// The presentation delegate as the SDK's `AppcuesPresentationDelegate` is called
/// (`ExperienceStateMachine.containerWillAppear`...`containerDidDisappear`, `containerNavigated`,
/// `canDisplay(experience:)`), with `AppcuesPresentationMetadata`: the SDK's
/// `AppcuesPresentationDelegateTests` by name, then the order of the calls and hostile callbacks.
@Suite struct AppcuesPresentationDelegateTests {
    typealias F = ExperienceFixture
    typealias E = EmbedExperienceRendererTests

    /// A delegate recording `callback id name isOverlay isEmbed frameID` in `calls`.
    static let recording = """
        local function rec(name) return function(m) print('call ' .. table.concat({name, m.id, m.name, tostring(m.isOverlay), tostring(m.isEmbed), tostring(m.frameID)}, ' ')) end end
        traits.presentationDelegate{experienceWillAppear = rec('willAppear'), experienceDidAppear = rec('didAppear'),
          experienceStepDidChange = rec('stepDidChange'), experienceWillDisappear = rec('willDisappear'), experienceDidDisappear = rec('didDisappear'),
          canDisplayExperience = function(m) rec('canDisplay')(m) return true end}
        """

    /// What the callbacks recorded (`print('call ...')`), in order.
    func calls(_ h: TraitsHarness) throws -> [String] {
        h.engine.transcript.events.filter { $0.type == "log" }.compactMap { $0["message"]?.stringValue }
            .filter { $0.hasPrefix("call ") }.map { String($0.dropFirst(5)) }
    }

    func harness(_ setup: String = recording) throws -> TraitsHarness {
        let h = try TraitsHarness()
        try h.lua(presentLua + "\n" + setup)
        return h
    }

    @Test func testDelegateAppear() throws {
        let h = try harness()
        try h.lua("ui.show{id = 'some-frame'} traits.show([==[\(E.embed(2, frame: "some-frame"))]==])")
        let meta = "\(F.id(2)) Tour false true some-frame"
        #expect(try calls(h) == ["canDisplay " + meta, "willAppear " + meta, "didAppear " + meta])
        let events = h.engine.transcript.events.filter { $0.type == "presentation.delegate" }
        #expect(events.map { $0["callback"]?.stringValue } == ["canDisplayExperience", "experienceWillAppear", "experienceDidAppear"])
        #expect(events.first?["metadata"] == .object(["id": .string(F.id(2)), "name": "Tour", "isOverlay": false, "isEmbed": true, "frameID": "some-frame"]))
        #expect(events.first?["result"] == .bool(true) && events.last?["delegate"] == .string("app"))
    }

    @Test func testDelegateDisappear() throws {
        let h = try harness()
        try h.lua("traits.show([==[\(F.tour)]==])")
        let before = try calls(h).count
        try h.lua("traits.dismiss()")
        let meta = "\(F.id(1)) Tour true false nil"
        #expect(try calls(h).dropFirst(before) == ["willDisappear " + meta, "didDisappear " + meta])
    }

    /// The whole life: a page change and a move to another group are step changes (the SDK's
    /// `containerNavigated`, and `containerDidAppear` of a group that is not the first); the
    /// funnel's analytics and the callbacks interleave as the state machine publishes them.
    @Test func theCallbacksFollowTheExperiencesLife() throws {
        let h = try harness()
        try h.lua("traits.show([==[\(F.tour)]==])")
        try h.tap(1011)   // page 2 of group 1
        try h.tap(1012)   // group 2
        try h.tap(1013)   // close, completed
        #expect(try calls(h).map { $0.components(separatedBy: " ")[0] }
                == ["canDisplay", "willAppear", "didAppear", "stepDidChange", "canDisplay", "stepDidChange", "willDisappear", "didDisappear"])
        let order = h.engine.transcript.events.compactMap { e -> String? in
            e.type == "presentation.delegate" ? e["callback"]?.stringValue
                : e.type == "appcues.analytics" ? e["name"]?.stringValue?.replacingOccurrences(of: "appcues:v2:", with: "") : nil
        }
        #expect(order.prefix(5) == ["canDisplayExperience", "experienceWillAppear", "experienceDidAppear", "experience_started", "step_seen"])
        #expect(order.suffix(4) == ["step_completed", "experience_completed", "experienceWillDisappear", "experienceDidDisappear"])
    }

    /// `canDisplayExperience(metadata:)` false refuses the presentation (`Step blocked by app`),
    /// after the id-only delegate (`traits.delegate`), as the SDK asks them.
    @Test func canDisplayExperienceRefuses() throws {
        let h = try harness("traits.delegate{canDisplayExperience = function(id) print('call ' .. 'id') return true end}"
                            + " traits.presentationDelegate{canDisplayExperience = function(m) print('call ' .. 'metadata') return m.name ~= 'Tour' end,"
                            + " experienceWillAppear = function() print('call ' .. 'willAppear') end}")
        #expect(try h.lua("return traits.show([==[\(F.tour)]==])").first?.boolValue == false)
        #expect(try calls(h) == ["id", "metadata"])
        #expect(h.stepErrors == ["Step blocked by app"])
        #expect(h.events("presentation.delegate", ["result"]) == ["presentation.delegate result=false"])
    }

    /// A frame's own delegate (`AppcuesFrameView.presentationDelegate`, `traits.frame`) is asked
    /// before the app's, for the experiences of its frame only.
    @Test func aFramesDelegateIsAskedFirst() throws {
        let h = try harness(Self.recording + "\ntraits.frame('home', {presentationDelegate = {experienceDidAppear = function(m) print('call ' .. 'frame ' .. m.frameID) end,"
                            + " canDisplayExperience = function() return true end}})")
        try h.lua("ui.show{id = 'home'} traits.show([==[\(E.embed(2))]==]) traits.show([==[\(E.modal(3))]==])")
        #expect(try calls(h).map { $0.components(separatedBy: " ").prefix(2).joined(separator: " ") }
                == ["canDisplay \(F.id(2))", "willAppear \(F.id(2))", "frame home", "didAppear \(F.id(2))",
                    "canDisplay \(F.id(3))", "willAppear \(F.id(3))", "didAppear \(F.id(3))"])
        #expect(h.events("presentation.delegate", ["delegate"]).filter { $0.contains("frame") }.count == 3)
        #expect(throws: LuaError.self) { try h.lua("traits.frame('home', {retainContents = false})") }
        #expect(throws: LuaError.self) { try h.lua("traits.frame('home', {presentationDelegate = {experienceDidApear = print}})") }
        #expect(throws: LuaError.self) { try h.lua("traits.presentationDelegate{experienceDidAppear = 1}") }
    }

    /// Hostile: a callback that dismisses while the step appears waits until it renders, then
    /// dismisses (the funnel still starts with `experience_started`), as the SDK's `dismiss` does
    /// from `.beginningStep`.
    @Test func aCallbackDismissingOnAppearDismissesOnceRendered() throws {
        for callback in ["canDisplayExperience", "experienceWillAppear", "experienceDidAppear"] {
            let h = try harness("traits.presentationDelegate{\(callback) = function() traits.dismiss() return true end}")
            try h.lua("traits.show([==[\(F.tour)]==])")
            #expect(h.analytics == ["experience_started", "step_seen", "experience_dismissed"], "\(callback)")
            #expect(h.system.renderer.current == nil)
        }
    }

    /// Hostile: callbacks that reset, show over the ending experience, or show another context's
    /// experience leave a consistent state: nothing is dismissed twice, nothing crashes.
    @Test func reentrantCallbacksAreContained() throws {
        for callback in ["canDisplayExperience", "experienceWillAppear", "experienceDidAppear"] {
            let h = try harness("traits.presentationDelegate{\(callback) = function() traits.reset() return true end}")
            try h.lua("traits.show([==[\(F.tour)]==])")
            #expect(h.system.renderer.current == nil, "\(callback)")
            #expect(h.events("experience.dismissed").count == 1, "\(callback)")
            try h.lua("traits.presentationDelegate(nil) assert(traits.show([==[\(F.tour)]==]))")
        }
        for callback in ["experienceWillDisappear", "experienceDidDisappear"] {
            let h = try harness("traits.presentationDelegate{\(callback) = function() traits.reset() traits.dismiss() end}")
            try h.lua("traits.show([==[\(F.tour)]==]) traits.dismiss()")
            #expect(h.system.renderer.current == nil, "\(callback)")
            #expect(h.events("experience.dismissed").count == 1, "\(callback)")
            #expect(h.analytics("experience_dismissed").count == 1)
        }
        // showing over the ending experience is refused (as the SDK's state machine refuses it); another context's shows
        let h = try harness("ui.show{id = 'home'} traits.presentationDelegate{experienceWillDisappear = function(m) if m.isOverlay then traits.show([==[\(E.modal(3))]==]) end end,"
                            + " experienceDidDisappear = function(m) if m.isOverlay then traits.show([==[\(E.embed(4))]==]) end end}")
        try h.lua("traits.show([==[\(F.tour)]==]) traits.dismiss()")
        #expect(h.events("error", ["source"]) == [#"error source="presentationDelegate experienceWillDisappear""#])
        #expect(h.system.renderer.presentation(in: "modal") == nil)
        #expect(h.system.renderer.presentation(in: "embed:home")?.experience.id == F.id(4))
    }

    /// Hostile: a callback that loops hits the instruction limit: recorded, the entry stops (the
    /// limit holds for the whole entry from Swift), and the engine stays usable.
    @Test func aLoopingCallbackHitsTheInstructionLimit() throws {
        var limits = LuaLimits.standard
        limits.instructions = 2_000_000
        let h = try TraitsHarness(limits: limits)
        try h.lua(presentLua + "\ntraits.presentationDelegate{experienceDidAppear = function() while true do end end}")
        _ = try? h.lua("traits.show([==[\(F.tour)]==])")
        #expect(h.engine.transcript.events.contains { $0.type == "error" && $0["source"]?.stringValue == "presentationDelegate experienceDidAppear"
            && $0["message"]?.stringValue?.contains("instruction limit") == true })
        #expect(h.analytics.first == "experience_started")   // the entry stops (the presenting trait's chunk too), the funnel began
        try h.lua("traits.presentationDelegate(nil) traits.reset() assert(traits.show([==[\(F.tour)]==]))")
    }
}
