import JSON
import Testing
@testable import Traits

/// The composition rules of traits.md, with Lua traits at all three levels.
@Suite struct CompositionRulesTests {
    /// Step decorators `@r/a`..`@r/d` record `type@level`; `@r/slot-*` provide the single slots.
    static let traits = presentLua + "\n" + #"""
    for _, name in ipairs{"a", "b", "c", "d"} do
      traits.register{type = "@r/" .. name, decorateStep = function(self, view)
        local seen = view:get("seen") or {}
        seen[#seen + 1] = self.type .. "@" .. self.level
        view:set("seen", seen)
      end}
    end
    for _, name in ipairs{"x", "y"} do
      traits.register{type = "@r/slot-" .. name,
        createContainer = function(self, steps) local c = traits.view{kind = "container-" .. name} for _, s in ipairs(steps) do c:add(s) end return c end,
        createWrapper = function(self, c) return traits.view{kind = "wrapper-" .. name, c} end,
        present = function(self, w, done) w:set("presentedBy", self.type .. "@" .. self.level) done() end}
    end
    """#

    func show(_ experience: String, group: Int = 1, step: Int = 1) throws -> TraitsHarness {
        let h = try TraitsHarness()
        try h.lua(Self.traits)
        try h.lua("assert(traits.show([==[\(experience)]==], \(group), \(step)))")
        return h
    }

    func seen(_ h: TraitsHarness, step: String) -> [String] {
        guard let view = h.system.renderer.current?.package.stepViews.first(where: { $0.id == step }) else { return [] }
        return view["seen"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// traits.md: parent `[A_exp, B_exp, A_grp, C_grp]` + step `[D]` → `[B_exp, A_grp, C_grp, D]`.
    @Test func propagationExampleOfTheSpec() throws {
        let h = try show(#"""
        {"id": "00000000-0000-4000-8000-900000000101", "traits": [{"type": "@r/a"}, {"type": "@r/b"}, {"type": "@t/present"}],
         "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "group", "traits": [{"type": "@r/a"}, {"type": "@r/c"}],
                    "children": [{"id": "00000000-0000-4000-8000-900000000103", "type": "modal", "traits": [{"type": "@r/d"}], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000601"}}, {"id": "00000000-0000-4000-8000-900000000104", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000602"}}], "actions": {}}], "name": "Tour", "type": "mobile"}
        """#)
        #expect(seen(h, step: "00000000-0000-4000-8000-900000000103") == ["@r/b@experience", "@r/a@group", "@r/c@group", "@r/d@step"])
        #expect(seen(h, step: "00000000-0000-4000-8000-900000000104") == ["@r/b@experience", "@r/a@group", "@r/c@group"])
    }

    /// A step's own instance of a type replaces the inherited one.
    @Test func stepInstanceOfATypeWins() throws {
        let h = try show(#"""
        {"id": "00000000-0000-4000-8000-900000000101", "traits": [{"type": "@r/a"}, {"type": "@t/present"}],
         "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "group", "traits": [{"type": "@r/b"}],
                    "children": [{"id": "00000000-0000-4000-8000-900000000103", "type": "modal", "traits": [{"type": "@r/b"}, {"type": "@r/a"}], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000603"}}], "actions": {}}], "name": "Tour", "type": "mobile"}
        """#)
        #expect(seen(h, step: "00000000-0000-4000-8000-900000000103") == ["@r/b@step", "@r/a@step"])
    }

    /// Single slots: the more specific level replaces the less specific one, whatever its type.
    @Test func groupSlotReplacesExperienceSlot() throws {
        let h = try show(#"""
        {"id": "00000000-0000-4000-8000-900000000101", "traits": [{"type": "@r/slot-x"}],
         "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "group", "traits": [{"type": "@r/slot-y"}], "children": [{"id": "00000000-0000-4000-8000-900000000103", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000604"}}], "actions": {}}], "name": "Tour", "type": "mobile"}
        """#)
        #expect(h.tree?["kind"] == .string("wrapper-y"))
        #expect(h.tree?["presentedBy"] == .string("@r/slot-y@group"))
        #expect(h.system.renderer.current?.package.container.kind == "container-y")
    }

    /// Step-level creating/presenting inside a group is ignored.
    @Test func stepSlotsInsideAGroupAreIgnored() throws {
        let h = try show(#"""
        {"id": "00000000-0000-4000-8000-900000000101", "traits": [{"type": "@r/slot-x"}],
         "steps": [{"id": "00000000-0000-4000-8000-900000000102", "type": "group", "traits": [], "children": [{"id": "00000000-0000-4000-8000-900000000103", "type": "modal", "traits": [{"type": "@r/slot-y"}], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000605"}}], "actions": {}}], "name": "Tour", "type": "mobile"}
        """#)
        #expect(h.tree?["kind"] == .string("wrapper-x"))
        #expect(h.tree?["presentedBy"] == .string("@r/slot-x@experience"))
    }

    /// A single top-level step's traits apply at step level, their creating/presenting included.
    @Test func singleStepSlotsApply() throws {
        let h = try show(#"""
        {"id": "00000000-0000-4000-8000-900000000101", "traits": [{"type": "@r/slot-x"}, {"type": "@r/a"}],
         "steps": [{"id": "00000000-0000-4000-8000-900000000105", "type": "modal", "traits": [{"type": "@r/slot-y"}, {"type": "@r/a"}], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000606"}}], "name": "Tour", "type": "mobile"}
        """#)
        #expect(h.tree?["kind"] == .string("wrapper-y"))
        #expect(h.tree?["presentedBy"] == .string("@r/slot-y@step"))
        #expect(seen(h, step: "00000000-0000-4000-8000-900000000105") == ["@r/a@step"])
    }

    /// The first instance in array order that provides a slot takes it.
    @Test func firstInstanceInArrayOrderTakesTheSlot() throws {
        let h = try show(#"""
        {"id": "00000000-0000-4000-8000-900000000101", "traits": [{"type": "@r/slot-y"}, {"type": "@r/slot-x"}], "steps": [{"id": "00000000-0000-4000-8000-900000000105", "type": "modal", "traits": [], "actions": {}, "content": {"type": "spacer", "id": "00000000-0000-4000-8000-900000000607"}}], "name": "Tour", "type": "mobile"}
        """#)
        #expect(h.tree?["kind"] == .string("wrapper-y"))
    }

    /// Defaults: no container creator → the default container; no wrapper → the container is
    /// presented and backdrop decorators are skipped.
    @Test func defaultContainerAndNoWrapperMeansNoBackdrop() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@r/bd", decorateBackdrop = function(self, b) b:set("x", 1) end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@r/bd"}}, steps = {{id = "00000000-0000-4000-8000-900000000105", type = "modal", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000608"}}}, name = "Tour", type = "mobile"})
        """#)
        #expect(h.tree?["kind"] == .string("container"))
        #expect(h.tree?["currentPage"] == .integer(1))
        #expect(!h.applied.contains("@r/bd:backdropDecorating"))
        #expect(h.applied.contains("_defaultContainerCreatingTrait:containerCreating"))
    }

    @Test func missingPresenterAndMissingChildAreStepErrors() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        assert(traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {}, steps = {{id = "00000000-0000-4000-8000-900000000105", type = "modal", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000609"}}}, name = "Tour", type = "mobile"} == false)
        assert(traits.show({id = "00000000-0000-4000-8000-900000000106", traits = {{type = "@t/present"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "group", children = {}, traits = {}, actions = {}}}, name = "Tour", type = "mobile"}) == false)
        """#)
        #expect(h.stepErrors == ["Presenting capability trait required", "step group 00000000-0000-4000-8000-900000000102 doesn't contain a child step at index 0"])
        #expect(h.system.renderer.current == nil)
    }

    /// Unknown types and rejected configs are dropped silently.
    @Test func unknownAndRejectedTraitsAreDropped() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@r/picky", init = function(self) return self.config ~= nil and self.config.ok == true end,
                        decorateStep = function(self, v) v:set("picky", self.level) end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@nobody/knows"}, {type = "@r/picky", config = {ok = false}}},
                           steps = {{id = "00000000-0000-4000-8000-900000000102", type = "group", traits = {{type = "@r/picky", config = {ok = true}}},
                                     children = {{id = "00000000-0000-4000-8000-900000000105", type = "modal", traits = {{type = "@r/picky"}}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000610"}}}, actions = {}}}, name = "Tour", type = "mobile"})
        """#)
        // The step's own instance was rejected (no config): the group's instance decorates.
        #expect(h.system.renderer.current?.package.stepViews.first?["picky"] == .string("group"))
        #expect(h.stepErrors.isEmpty)
    }
}
