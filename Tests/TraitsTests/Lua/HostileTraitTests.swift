import JSON
import LuaRuntime
import Testing
@testable import Traits

/// Lua traits are untrusted: errors, loops, memory and wrong types end as clear errors, never a
/// crash or a hang, and the engine stays usable.
@Suite struct HostileTraitTests {
    static let single = #"{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@h/x"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}}, name = "Tour", type = "mobile"}"#

    /// Registers `@h/x` with `body` (Lua fields), shows an experience with it; returns the step error.
    func stepError(_ body: String, limits: LuaLimits = .standard) throws -> (String, TraitsHarness) {
        let h = try TraitsHarness(limits: limits)
        try h.lua(presentLua + "\ntraits.register{type = '@h/x', \(body)}\nassert(traits.show(\(Self.single)) == false)")
        let message = try #require(h.stepErrors.first)
        // the engine stays usable
        try h.lua("assert(traits.current() == nil) assert(traits.show{id = '00000000-0000-4000-8000-900000000103', traits = {{type = '@t/present'}}, steps = {{id = '00000000-0000-4000-8000-900000000102', type = 'm', traits = {}, actions = {}, content = {type = 'spacer', id = '00000000-0000-4000-8000-900000000602'}}}, name = 'Tour', type = 'mobile'})")
        return (message, h)
    }

    @Test(arguments: [
        ("decorateStep = function() error('nope') end", "nope"),
        ("decorateStep = function() error(nil) end", "nil"),
        ("decorateStep = function() error({}) end", "table"),
        ("decorateStep = function() error(setmetatable({}, {__tostring = function() error('again') end})) end", "error object is a table value"),
        ("init = function() error('bad init') end", "bad init"),
        ("createContainer = function() return 'not a view' end", "createContainer must return a view (traits.view{...}), got string"),
        ("createContainer = function() end", "createContainer must return a view (traits.view{...}), got nil"),
        ("createWrapper = function() return {} end", "createWrapper must return a view (traits.view{...}), got table"),
        ("decorateStep = function(self, v) v:add(v) end", "a view cannot be added inside itself"),
        ("decorateStep = function(self, v) v:set('f', print) end", "view property 'f'"),
        ("decorateContainer = function(self) self.metadata:set{f = print} end", "metadata:set"),
        ("decorateContainer = function(self) self.metadata:registerHandler('k', 'not a function') end", "bad argument #2 to 'registerHandler' (function expected, got string)"),
        ("decorateStep = function(self, v) v:add('x') end", "(TraitView expected, got string)"),
        ("decorateStep = function() local function f() return f() + 1 end f() end", "stack overflow|not enough memory"),
    ])
    func errorsAreStepErrors(body: String, fragment: String) throws {
        let (message, _) = try stepError(body)
        #expect(fragment.split(separator: "|").contains { message.contains($0) }, "\(message)")
    }

    /// The instruction limit holds for the whole entry from Swift: the trait's step fails, the
    /// chunk that showed it stops too (the limit cannot be swallowed), the next entry runs.
    @Test(arguments: ["while true do end", "pcall(function() while true do end end) while true do end"])
    func anEndlessLoopHitsTheInstructionLimit(loop: String) throws {
        var limits = LuaLimits.standard
        limits.instructions = 2_000_000
        let h = try TraitsHarness(limits: limits)
        try h.lua(presentLua + "\ntraits.register{type = '@h/x', decorateStep = function() \(loop) end}")
        #expect(throws: LuaError.self) { try h.lua("traits.show(\(Self.single))") }
        #expect(h.stepErrors.count == 1)
        #expect(h.stepErrors.first?.contains("instruction limit exceeded") == true)
        try h.lua("assert(traits.current() == nil) assert(traits.show{id = '00000000-0000-4000-8000-900000000103', traits = {{type = '@t/present'}}, steps = {{id = '00000000-0000-4000-8000-900000000102', type = 'm', traits = {}, actions = {}, content = {type = 'spacer', id = '00000000-0000-4000-8000-900000000603'}}}, name = 'Tour', type = 'mobile'})")
    }

    @Test func memoryBombHitsTheMemoryLimit() throws {
        var limits = LuaLimits.standard
        limits.memory = 8 << 20
        let (message, _) = try stepError("decorateStep = function() local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end end", limits: limits)
        #expect(message.contains("not enough memory"))
    }

    /// A handler that errors during publish fails the step.
    @Test func handlerErrorFailsTheStep() throws {
        let (message, _) = try stepError("decorateContainer = function(self) self.metadata:registerHandler('k', function() error('in handler') end) end")
        #expect(message.contains("in handler"))
    }

    /// A presenting trait that errors in `present` is a step error; one that never calls `done`
    /// leaves the experience presenting: a `dismiss` waits for the step to render, as the SDK's
    /// `ExperienceRenderer.dismiss` does, and `traits.reset()` ends it.
    @Test func presentErrorsAndMissingDone() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.register{type = "@h/bad", present = function() error("cannot present") end}
        traits.register{type = "@h/mute", present = function() end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000104", traits = {{type = "@h/bad"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000604"}}}, name = "Tour", type = "mobile"} == false)
        traits.show{id = "00000000-0000-4000-8000-900000000105", traits = {{type = "@h/mute"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000605"}}}, name = "Tour", type = "mobile"}
        assert(traits.current().state == "presenting")
        assert(traits.dismiss())                       -- waits for the step to render (the SDK's dismiss)
        assert(traits.current().state == "presenting")
        traits.reset()                                 -- Appcues.reset ends it
        assert(traits.current() == nil)
        """#)
        #expect(h.stepErrors.first?.contains("cannot present") == true)
        #expect(h.events("experience.dismissed").count == 1)
        #expect(h.analytics.contains("experience_started") == false)
    }

    /// Calling `done` twice, or after the experience is gone, does nothing.
    @Test func lateAndRepeatedDoneCallsAreIgnored() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.register{type = "@h/twice", present = function(self, w, done) done() done() app.after(5, done) end}
        traits.show{id = "00000000-0000-4000-8000-900000000104", traits = {{type = "@h/twice"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000606"}}}, name = "Tour", type = "mobile"}
        traits.dismiss()
        app.advance(10)
        """#)
        #expect(h.events("step.presented").count == 1)
        #expect(h.events("experience.dismissed").count == 1)
    }

    @Test(arguments: [
        ("traits.register{type = 1}", "bad argument #1 to 'register' (field 'type' must be a string, got number)"),
        ("traits.register{type = '@x/y', decorateStep = 'no'}", "bad argument #1 to 'register' (field 'decorateStep' must be a function, got string)"),
        ("traits.register(nil)", "bad argument #1 to 'register'"),
        ("traits.view{}", "bad argument #1 to 'view' (field 'kind' must be a string)"),
        ("traits.view{kind = 'v', 42}", "child #1 must be a view, got number"),
        ("traits.error{}", "field 'description' must be a string, got nil"),
        ("traits.error{description = 'd', retryMilliseconds = 1.5}", "field 'retryMilliseconds' must be an integer"),
        ("traits.error{description = 'd', recoverable = 'yes'}", "field 'recoverable' must be a boolean"),
        ("traits.show(42)", "bad argument #1 to 'show' (experience table or JSON text expected, got number)"),
        ("traits.show('{')", "traits: show:"),
        ("traits.show({id = '00000000-0000-4000-8000-900000000101', steps = {{id = 1, type = 'modal', traits = {}, actions = {}, content = {type = 'spacer', id = '00000000-0000-4000-8000-900000000607'}}}, name = 'Tour', type = 'mobile', traits = {}})", "invalid experience: steps[0].id: expected a string, got number"),
        ("traits.show({id = '00000000-0000-4000-8000-900000000101', steps = {}, name = 'Tour', type = 'mobile', traits = {}}, 0)", "bad argument #2 to 'show' (group index must be ≥ 1, got 0)"),
        ("traits.page(1)", "traits: page: no experience is shown"),
        ("traits.tap('x')", "traits: tap: no experience is shown"),
    ])
    func wrongArgumentsAreClearErrors(code: String, fragment: String) throws {
        let h = try TraitsHarness()
        do {
            try h.lua(code)
            Issue.record("no error for \(code)")
        } catch let error as LuaError {
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test func showingAMissingGroupIsAStepError() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + "\nassert(traits.show({id = '00000000-0000-4000-8000-900000000101', traits = {{type = '@t/present'}}, steps = {{id = '00000000-0000-4000-8000-900000000102', type = 'm', traits = {}, actions = {}, content = {type = 'spacer', id = '00000000-0000-4000-8000-900000000608'}}}, name = 'Tour', type = 'mobile'}, 3) == false)")
        #expect(h.stepErrors == ["experience has no step group at index 2 (it has 1)"])
    }
}
