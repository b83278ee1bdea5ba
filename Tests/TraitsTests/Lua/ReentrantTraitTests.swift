import JSON
import Testing
@testable import Traits

@Suite struct ReentrantTraitTests {
    /// A trait that shows another experience while being composed is refused (a step error).
    @Test func showingFromInsideACompositionIsRefused() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@h/nest", decorateStep = function()
          traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}}, name = "Tour", type = "mobile"}
        end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000103", traits = {{type = "@t/present"}, {type = "@h/nest"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000602"}}}, name = "Tour", type = "mobile"} == false)
        """#)
        #expect(h.stepErrors.first?.contains("a trait cannot show another one") == true)
        #expect(h.system.renderer.current == nil)
    }

    /// Traits paging back and forth from their decorators end with an error, not a crash (the
    /// engine's nesting bound, before Lua's own C-stack limit).
    @Test func pagingFromADecoratorIsBounded() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@h/pingpong", decorateContainer = function(self, c)
          if self.armed then traits.page(c:get("currentPage") == 1 and 2 or 1) end
          self.armed = true
        end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000104", traits = {{type = "@t/present"}, {type = "@h/pingpong"}},
                           steps = {{id = "00000000-0000-4000-8000-900000000105", type = "group", children = {{id = "00000000-0000-4000-8000-900000000106", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000603"}}, {id = "00000000-0000-4000-8000-900000000107", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000604"}}}, traits = {}, actions = {}}}, name = "Tour", type = "mobile"})
        """#)
        _ = try? h.lua("traits.page(2)")
        #expect(h.stepErrors.contains { $0.contains("too many nested calls") }, "\(h.stepErrors.prefix(3))")
        #expect(h.system.renderer.current == nil)
        try h.lua("assert(traits.show{id = '00000000-0000-4000-8000-900000000108', traits = {{type = '@t/present'}}, steps = {{id = '00000000-0000-4000-8000-900000000102', type = 'm', traits = {}, actions = {}, content = {type = 'spacer', id = '00000000-0000-4000-8000-900000000605'}}}, name = 'Tour', type = 'mobile'})")
    }
}
