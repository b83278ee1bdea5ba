import JSON
import Testing
@testable import Traits

/// Each built-in `@appcues/*` trait: its config decoding (accepted, rejected or defaulted, as
/// the SDK decodes it) and its effect on the tree or the metadata.
@Suite struct StandardTraitsTests {
    static let dialog = #"{"type": "@appcues/modal", "config": {"presentationStyle": "dialog"}}"#

    /// Shows a group of `pages` steps with these group traits (plus `extra` experience traits),
    /// after running `setup` (Lua).
    func show(_ traits: [String], pages: Int = 1, experienceTraits: [String] = [], setup: String = "") throws -> TraitsHarness {
        let h = try TraitsHarness()
        let children = (1...pages).map { #"{"id": "\#(ExperienceFixture.id($0))", "type": "modal", "traits": [], "actions": {}, "content": {"type": "text", "id": "6c1e0f5a-0000-4000-8000-00000000000\#($0)", "text": "\#($0)"}}"# }.joined(separator: ",")
        let json = #"{"id": "00000000-0000-4000-8000-900000000101", "traits": [\#(experienceTraits.joined(separator: ","))], "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "group", "traits": [\#(traits.joined(separator: ","))], "children": [\#(children)], "actions": {}}], "name": "Tour", "type": "mobile"}"#
        try h.lua(setup + "\ntraits.show([==[\(json)]==])")
        return h
    }

    func applied(_ h: TraitsHarness, _ type: String) -> Bool { h.applied.contains { $0.hasPrefix(type + ":") } }

    @Test func allFourteenAreShipped() {
        #expect(StandardTraits.types.count == 14)
        for type in StandardTraits.types { #expect(StandardTraits.source(for: type) != nil, "\(type)") }
        #expect(StandardTraits.source(for: "@appcues/nothing") == nil)
    }

    /// The embedded Lua library is exactly the built-ins' files plus the helpers and the module's
    /// prelude: a `.lua` file added or renamed without its type (or the reverse) fails here.
    @Test func theEmbeddedLibraryIsOneFilePerBuiltInPlusHelpersAndPrelude() {
        let expected = Set(StandardTraits.types.map { $0.dropFirst("@appcues/".count) + ".lua" } + ["helpers.lua", "prelude.lua"])
        #expect(Set(EmbeddedLua.files.keys) == expected)
        #expect(EmbeddedLua.files["helpers.lua"]?.hasSuffix("return D\n") == true)
    }

    @Test func builtInsLoadOnDemandAndAScriptsOwnRegistrationWins() throws {
        let h = try TraitsHarness()
        try h.lua("assert(#traits.registered() == 0)")
        try h.lua(#"traits.register{type = "@appcues/modal", present = function(self, w, done) w:set("mine", true) done() end}"#)
        try h.lua(#"traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@appcues/modal"}, {type = "@appcues/skippable"}}, steps = {{id = "00000000-0000-4000-8000-900000000103", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}}, name = "Tour", type = "mobile"}"#)
        #expect(h.tree?["mine"] == .bool(true))
        try h.lua(#"local r = traits.registered() assert(#r == 2 and r[2] == "@appcues/skippable")"#)
    }

    // MARK: modal

    @Test func modalDialogWrapsWithABackdrop() throws {
        let h = try show([#"{"type": "@appcues/modal", "config": {"presentationStyle": "dialog", "transition": "slide", "style": {"verticalAlignment": "top", "cornerRadius": 12, "paddingTop": 4}}}"#])
        #expect(h.tree?["kind"] == .string("wrapper"))
        #expect(h.tree?["transition"] == .string("slide:top"))
        #expect(h.tree?["presented"] == .bool(true))
        #expect(h.tree?["window"] == .string("overlay"))
        let wrapper = try #require(h.system.renderer.current?.package.wrapper)
        #expect(wrapper.children.map(\.kind) == ["backdrop", "body"])
        #expect(wrapper.find("body")?["cornerRadius"] == .integer(12))
        #expect(h.system.renderer.current?.package.stepViews.first?["padding"]?["top"] == .integer(4))
    }

    @Test(arguments: [("sheet", nil), ("halfSheet", "medium"), ("full", nil)] as [(String, String?)])
    func modalSheetsPresentTheContainer(style: String, detents: String?) throws {
        let h = try show([#"{"type": "@appcues/modal", "config": {"presentationStyle": "\#(style)"}}"#])
        #expect(h.tree?["kind"] == .string("container"))
        #expect(h.tree?["presentationStyle"] == .string(style))
        #expect(h.tree?["detents"] == detents.map { .array([.string($0)]) })
        #expect(h.system.renderer.current?.package.backdrop == nil)
    }

    @Test(arguments: [#"{}"#, #"{"presentationStyle": "popup"}"#, #"{"presentationStyle": "dialog", "style": "big"}"#,
                      #"{"presentationStyle": "dialog", "style": {"cornerRadius": "round"}}"#, #"[1]"#])
    func modalRejectedConfigsDropTheInstance(config: String) throws {
        let h = try show([#"{"type": "@appcues/modal", "config": \#(config)}"#])
        #expect(h.stepErrors == ["Presenting capability trait required"])
    }

    // MARK: backdrop, keyhole, effects

    @Test func backdropColoursTheBackdropThroughMetadata() throws {
        let h = try show([Self.dialog, ##"{"type": "@appcues/backdrop", "config": {"backgroundColor": {"light": "#000000", "dark": "#111111"}}}"##])
        #expect(h.metadata?["backdropBackgroundColor"] == .string("#000000"))
        let backdrop = try #require(h.system.renderer.current?.package.backdrop)
        #expect(backdrop.children.first?.kind == "backdrop-background")
        #expect(backdrop.children.first?["backgroundColor"] == .string("#000000"))
    }

    @Test(arguments: [##"{}"##, ##"{"backgroundColor": "#000"}"##, ##"{"backgroundColor": {"dark": "#000"}}"##])
    func backdropRejectedConfigs(config: String) throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/backdrop", "config": \#(config)}"#])
        #expect(!applied(h, "@appcues/backdrop"))
        #expect(h.stepErrors.isEmpty)
    }

    @Test func keyholeCutsAroundTheTargetRectangle() throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/target-rectangle", "config": {"x": 10, "y": 20, "width": 30, "height": 40}}"#,
                          #"{"type": "@appcues/backdrop-keyhole", "config": {"shape": "rectangle", "cornerRadius": 5, "spreadRadius": 2}}"#])
        let keyhole = try #require(h.system.renderer.current?.package.backdrop?["keyhole"])
        #expect(keyhole["shape"] == .string("rectangle"))
        let rect = try #require(keyhole["rect"])
        #expect([rect["x"], rect["y"], rect["width"], rect["height"]] == [.integer(8), .integer(18), .integer(34), .integer(44)])
        #expect(h.metadata?["keyholeSpread"] == .integer(2))
    }

    @Test(arguments: [(#"{"shape": "circle"}"#, "circle", 50.0), (#"{"shape": "circle", "blurRadius": "wrong type"}"#, "rectangle", 30.0)])
    func keyholeCircleEnclosesTheTarget(config: String, shape: String, width: Double) throws {
        // a config that fails to decode gives the defaults (a rectangle), as the SDK's `try?` decode
        let h = try show([Self.dialog, #"{"type": "@appcues/target-rectangle", "config": {"x": 0, "y": 0, "width": 30, "height": 40}}"#,
                          #"{"type": "@appcues/backdrop-keyhole", "config": \#(config)}"#])
        let keyhole = try #require(h.system.renderer.current?.package.backdrop?["keyhole"])
        #expect(keyhole["shape"] == .string(shape))
        #expect(keyhole["rect"]?["width"]?.doubleValue == width)
    }

    @Test func effectsAddConfetti() throws {
        let h = try show([Self.dialog, ##"{"type": "@appcues/effects", "config": {"presentationStyle": "confetti", "style": {"colors": ["#f00"]}}}"##])
        let confetti = try #require(h.system.renderer.current?.package.backdrop?.find("confetti"))
        #expect(confetti["duration"] == .integer(2000))
        #expect(confetti["intensity"] == .integer(1))
        #expect(confetti["colors"] == .array([.string("#f00")]))
    }

    @Test(arguments: [#"{}"#, #"{"presentationStyle": "snow"}"#, #"{"presentationStyle": "confetti", "duration": 1.5}"#,
                      #"{"presentationStyle": "confetti", "style": {"colors": [1]}}"#])
    func effectsRejectedConfigs(config: String) throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/effects", "config": \#(config)}"#])
        #expect(!applied(h, "@appcues/effects"))
    }

    // MARK: containers and container decorators

    @Test func carouselFollowsThePage() throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/carousel"}"#, #"{"type": "@appcues/paging-dots", "config": {"style": {"verticalAlignment": "top"}}}"#], pages: 3)
        let container = try #require(h.system.renderer.current?.package.container)
        #expect(container.kind == "carousel")
        #expect(container.find("paging-dots")?["currentPage"] == .integer(1))
        #expect(container.find("paging-dots")?["verticalAlignment"] == .string("top"))
        try h.lua("traits.page(3)")
        #expect(container["currentPage"] == .integer(3))
        #expect(container.all(kind: "paging-dots").count == 1)
        #expect(container.find("paging-dots")?["currentPage"] == .integer(3))
    }

    @Test func pagingDotsNeedTwoPages() throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/paging-dots"}"#], pages: 1)
        #expect(h.system.renderer.current?.package.container.find("paging-dots") == nil)
    }

    @Test func backgroundContentAtGroupLevelGoesOnTheContainer() throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/background-content", "config": {"content": {"type": "image"}}}"#])
        let container = try #require(h.system.renderer.current?.package.container)
        #expect(container.children.first?.kind == "background-content")
        #expect(h.system.renderer.current?.package.stepViews.first?.find("background-content") == nil)
    }

    @Test func backgroundContentRejectedWithoutContent() throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/background-content", "config": {"content": 3}}"#])
        #expect(!applied(h, "@appcues/background-content"))
    }

    @Test func skippableCloseButtonAndBackdropTapDismiss() throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/skippable", "config": {"buttonAppearance": "minimal"}}"#])
        let button = try #require(h.system.renderer.current?.package.container.find("skip"))
        #expect(button["appearance"] == .string("minimal"))
        #expect(h.system.renderer.current?.package.backdrop?["dismissOnTap"] == .bool(true))
        try h.lua("traits.tap('backdrop')")
        #expect(h.events("experience.dismissed").count == 1)
    }

    @Test func skippableHiddenAndIgnoredBackdrop() throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/skippable", "config": {"buttonAppearance": "hidden", "ignoreBackdropTap": true}}"#])
        #expect(h.system.renderer.current?.package.container.find("skip") == nil)
        #expect(h.system.renderer.current?.package.backdrop?["dismissOnTap"] == nil)
        #expect(h.system.renderer.current?.package.container["modalInPresentation"] == .bool(true))
    }

    @Test func skippableWithAnUndecodableConfigUsesTheDefaults() throws {
        let h = try show([Self.dialog, #"{"type": "@appcues/skippable", "config": {"buttonAppearance": "huge"}}"#])
        #expect(h.system.renderer.current?.package.container.find("skip")?["appearance"] == .string("default"))
    }

    @Test(arguments: [(#"{"duration": 500, "easing": "easeIn"}"#, 0.5, "easeIn"), (#"{"duration": "fast"}"#, 0.3, "linear"),
                      (#"{}"#, 0.3, "linear")])
    func stepTransitionAnimation(config: String, duration: Double, easing: String) throws {
        let h = try show([Self.dialog], experienceTraits: [#"{"type": "@appcues/step-transition-animation", "config": \#(config)}"#])
        #expect(h.metadata?["animationDuration"]?.doubleValue == duration)
        #expect(h.metadata?["animationEasing"] == .string(easing))
    }

    // MARK: embedded

    @Test func embeddedPresentsInItsFrame() throws {
        let h = try show([#"{"type": "@appcues/embedded", "config": {"frameID": "frame1", "transition": "fade"}}"#],
                         setup: #"ui.show{id = "slot", frameID = "frame1"}"#)
        #expect(h.tree?["embeddedIn"] == .string("slot"))
        #expect(h.tree?["transition"] == .string("fade"))
    }

    /// Without its frame an embedded experience waits (`experience_error`, recoverable, as the
    /// SDK's renderer with no state machine for the context); the frame appearing shows it, after
    /// `experience_recovered` with the same `errorId` (SDK: `testExperienceErrorAndRecovery`).
    @Test func embeddedWaitsForItsFrameThenRecovers() throws {
        let h = try show([#"{"type": "@appcues/embedded", "config": {"frameID": "frame1"}}"#])
        #expect(h.stepErrors.isEmpty)
        #expect(h.system.renderer.current == nil)
        #expect(h.events("experience.deferred", ["frame"]) == [#"experience.deferred frame="frame1""#])
        let error = try #require(h.analytics("experience_error").first)
        #expect(error["message"] == .string("no render context for frame frame1"))
        #expect(error["stepId"] == nil)
        try h.lua(#"ui.show{id = "slot", frameID = "frame1"}"#)
        #expect(h.tree?["embeddedIn"] == .string("slot"))
        #expect(h.analytics == ["experience_error", "experience_recovered", "experience_started", "step_seen"])
        let recovered = try #require(h.analytics("experience_recovered").first)
        #expect(recovered["errorId"] == error["errorId"])
        #expect(recovered["message"] == nil)
        #expect(recovered["experienceId"] == error["experienceId"])
    }

    @Test(arguments: [#"{}"#, #"{"frameID": 1}"#, #"{"frameID": "f", "transition": "slide"}"#])
    func embeddedRejectedConfigs(config: String) throws {
        let h = try show([#"{"type": "@appcues/embedded", "config": \#(config)}"#])
        #expect(h.stepErrors == ["Presenting capability trait required"])
    }
}
