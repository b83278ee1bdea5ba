import JSON
import Testing
@testable import Traits

@Suite struct ReentrantTraitTests {
    /// A trait that shows another experience while being composed is refused (a step error).
    @Test func showingFromInsideACompositionIsRefused() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@h/nest", decorateStep = function()
          traits.show{id = "inner", traits = {{type = "@t/present"}}, steps = {{id = "s", type = "m"}}}
        end}
        assert(traits.show{id = "outer", traits = {{type = "@t/present"}, {type = "@h/nest"}}, steps = {{id = "s", type = "m"}}} == false)
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
        assert(traits.show{id = "e", traits = {{type = "@t/present"}, {type = "@h/pingpong"}},
                           steps = {{id = "g", type = "group", children = {{id = "a", type = "m"}, {id = "b", type = "m"}}}}})
        """#)
        _ = try? h.lua("traits.page(2)")
        #expect(h.stepErrors.contains { $0.contains("too many nested calls") }, "\(h.stepErrors.prefix(3))")
        #expect(h.system.renderer.current == nil)
        try h.lua("assert(traits.show{id = 'ok', traits = {{type = '@t/present'}}, steps = {{id = 's', type = 'm'}}})")
    }
}
