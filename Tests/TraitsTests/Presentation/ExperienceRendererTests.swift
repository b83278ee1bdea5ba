import JSON
import LuaRuntime
import Testing
@testable import Traits

/// Showing, paging, dismissing: the exact application order, metadata, errors and retries.
@Suite struct ExperienceRendererTests {
    /// One Lua trait with every capability, printing each call (a `log` event).
    static let everything = #"""
    local function log(self, what) print(self.level .. ":" .. what) end
    traits.register{type = "@o/all",
      decorateStep = function(self, v) log(self, "decorateStep …" .. v.id:sub(-3)) end,   -- the step id's last digits
      createContainer = function(self, steps, monitor)
        log(self, "createContainer " .. #steps .. " page " .. monitor.currentPage)
        local c = traits.view{kind = "container"} for _, s in ipairs(steps) do c:add(s) end return c
      end,
      createWrapper = function(self, c) log(self, "createWrapper") return traits.view{kind = "wrapper", traits.view{kind = "backdrop"}, c} end,
      getBackdrop = function(self, w) log(self, "getBackdrop") return w:find("backdrop") end,
      decorateContainer = function(self, c) log(self, "decorateContainer") end,
      undecorateContainer = function(self, c) log(self, "undecorateContainer") end,
      decorateBackdrop = function(self, b) log(self, "decorateBackdrop") end,
      undecorateBackdrop = function(self, b) log(self, "undecorateBackdrop") end,
      present = function(self, w, done) log(self, "present") done() end,
      remove = function(self, w, done) log(self, "remove") done() end,
    }
    traits.register{type = "@o/meta", decorateContainer = function(self, c)
      self.metadata:registerHandler("probe", function(meta) log(self, "publish " .. tostring(meta.page)) end)
    end}
    """#

    static let experience = #"{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@o/all"}, {type = "@o/meta"}}, steps = {{id = "00000000-0000-4000-8000-900000000102", type = "group", children = {{id = "00000000-0000-4000-8000-900000000103", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000601"}}, {id = "00000000-0000-4000-8000-900000000104", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000602"}}}, traits = {}, actions = {}}}, name = "Tour", type = "mobile"}"#

    /// The `log` messages since the last `mark(h)`.
    func calls(_ h: TraitsHarness) throws -> [String] {
        let logs = h.engine.transcript.events.filter { $0.type == "log" }.compactMap { $0["message"]?.stringValue }
        guard let mark = logs.lastIndex(of: "--mark--") else { return logs }
        return Array(logs[(mark + 1)...])
    }

    @Test func applicationOrder() throws {
        let h = try TraitsHarness()
        try h.lua(Self.everything)
        try h.lua("assert(traits.show(\(Self.experience)))")
        #expect(try calls(h) == [
            "experience:decorateStep …103", "experience:decorateStep …104", "experience:createContainer 2 page 1",
            "experience:createWrapper", "experience:getBackdrop", "experience:decorateContainer", "experience:decorateBackdrop",
            "experience:publish nil", "experience:present",
        ])
        #expect(h.events("step.presented", ["group", "step"]) == ["step.presented group=1 step=1"])
        #expect(h.tree?["kind"] == .string("wrapper"))
    }

    @Test func pageChangeUndecoratesDecoratesAndPublishes() throws {
        let h = try TraitsHarness()
        try h.lua(Self.everything)
        try h.lua("assert(traits.show(\(Self.experience))) print('--mark--') traits.page(2)")
        #expect(try calls(h) == [
            "experience:undecorateContainer", "experience:undecorateBackdrop", "experience:decorateContainer",
            "experience:decorateBackdrop", "experience:publish nil",
        ])
        #expect(h.events("step.presented", ["step"]) == ["step.presented step=1", "step.presented step=2"])
        try h.lua("assert(traits.current().step == 2)")
        #expect(throws: LuaError.self) { try h.lua("traits.page(3)") }
    }

    @Test func dismissRemoves() throws {
        let h = try TraitsHarness()
        try h.lua(Self.everything)
        try h.lua("assert(traits.show(\(Self.experience))) print('--mark--') assert(traits.dismiss()) assert(not traits.dismiss())")
        #expect(try calls(h) == ["experience:remove"])
        #expect(h.events("experience.dismissed", ["experience"]) == [#"experience.dismissed experience="00000000-0000-4000-8000-900000000101""#])
        try h.lua("assert(traits.current() == nil)")
    }

    @Test func showingWhileActiveIsAnError() throws {
        let h = try TraitsHarness()
        try h.lua(Self.everything)
        try h.lua("assert(traits.show(\(Self.experience)))")
        #expect(throws: LuaError.self) { try h.lua("traits.show(\(Self.experience))") }
    }

    /// Previous values across a page change, non-animating handlers before animating ones, and
    /// the animation recorded with duration and easing.
    @Test func metadataPreviousValuesAcrossAPageChange() throws {
        let h = try TraitsHarness()
        let code = presentLua + #"""
        seen = {}
        traits.register{type = "@m/page",
          decorateContainer = function(self, c)
            local page = c:get("currentPage")
            self.metadata:set{page = page, animationDuration = 0.25, animationEasing = "easeOut"}
            if page == 2 then self.metadata:unset{"gone"} else self.metadata:set{gone = true} end
            self.metadata:registerHandler("anim", function(meta) seen[#seen + 1] = "anim " .. meta.page end, true)
            self.metadata:registerHandler("plain", function(meta)
              seen[#seen + 1] = string.format("plain %s prev %s gone %s", meta.page, tostring(meta:previous("page")), tostring(meta:isSet("gone")))
            end)
          end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@m/page"}},
                           steps = {{id = "00000000-0000-4000-8000-900000000102", type = "group", children = {{id = "00000000-0000-4000-8000-900000000105", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000603"}}, {id = "00000000-0000-4000-8000-900000000106", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000604"}}}, traits = {}, actions = {}}}, name = "Tour", type = "mobile"})
        traits.page(2)
        return seen
        """#
        guard case .table(let seen)? = try h.lua(code).first else { throw LuaError.closed }
        #expect(seen.array.compactMap(\.stringValue) == [
            "plain 1 prev nil gone true", "anim 1", "plain 2 prev 1 gone false", "anim 2",
        ])
        #expect(h.events("animation", ["duration", "easing"]) == [#"animation duration=0.25 easing="easeOut""#,
                                                                  #"animation duration=0.25 easing="easeOut""#])
        #expect(h.events("metadata.published", ["keys"]).last == #"metadata.published keys=["animationDuration","animationEasing","page"]"#)
    }

    /// `retryMilliseconds` retries the whole step presentation on the virtual clock.
    @Test func retryWithRetryMilliseconds() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        local attempts = 0
        traits.register{type = "@e/flaky", decorateContainer = function(self)
          attempts = attempts + 1
          print("attempt " .. attempts)
          if attempts < 3 then error(traits.error{description = "not yet", retryMilliseconds = 500}) end
        end}
        traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@e/flaky"}}, steps = {{id = "00000000-0000-4000-8000-900000000107", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000605"}}}, name = "Tour", type = "mobile"}
        """#)
        #expect(h.events("step.retrying", ["message", "retryMilliseconds"]) == [#"step.retrying message="not yet" retryMilliseconds=500"#])
        #expect(h.events("step.presented").isEmpty)
        try h.lua("app.advance(0.4)")
        #expect(h.events("step.presented").isEmpty)
        try h.lua("app.advance(0.1)")
        #expect(h.events("step.retrying").count == 2)
        try h.lua("app.advance(0.5)")
        #expect(try calls(h) == ["attempt 1", "attempt 2", "attempt 3"])
        #expect(h.events("step.presented", ["step"]) == ["step.presented step=1"])
        #expect(h.engine.transcript.events.first { $0.type == "step.presented" }?.t == 1.0)
        #expect(h.stepErrors.isEmpty)
    }

    /// A trait that always asks for a retry at 0 ms does not hang: it gives up after the cap.
    @Test func retryStormEnds() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@e/never", decorateContainer = function() error(traits.error{description = "never", retryMilliseconds = 0}) end}
        traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@e/never"}}, steps = {{id = "00000000-0000-4000-8000-900000000107", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000606"}}}, name = "Tour", type = "mobile"}
        """#)
        #expect(h.events("step.retrying").count == ExperienceRenderer.maxRetries)
        #expect(h.stepErrors == ["never (gave up after \(ExperienceRenderer.maxRetries) retries)"])
        #expect(h.system.renderer.current == nil)
    }

    /// A recoverable error waits for `traits.retry()`.
    @Test func recoverableErrorWaitsForRetry() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@e/wait", decorateContainer = function()
          if not ui.find("ready") then error(traits.error{description = "target not ready", recoverable = true}) end
        end}
        traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@e/wait"}}, steps = {{id = "00000000-0000-4000-8000-900000000107", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000607"}}}, name = "Tour", type = "mobile"}
        assert(traits.current().state == "failing")
        """#)
        #expect(h.events("step.error", ["message", "recoverable"]) == [#"step.error message="target not ready" recoverable=true"#])
        try h.lua("ui.show{id = 'ready'} assert(traits.retry()) assert(traits.current().state == 'shown') assert(not traits.retry())")
        #expect(h.events("step.presented").count == 1)
    }

    /// A Lua error in a trait is a `step.error` with its traceback; the engine stays usable.
    @Test func luaErrorInATraitIsAStepError() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@e/boom", decorateStep = function(self, v) local t = nil; return t.field end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@e/boom"}}, steps = {{id = "00000000-0000-4000-8000-900000000107", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000608"}}}, name = "Tour", type = "mobile"} == false)
        """#)
        let error = try #require(h.engine.transcript.events.first { $0.type == "step.error" })
        #expect(error["message"]?.stringValue?.contains("attempt to index a nil value") == true)
        #expect(error["traceback"]?.stringValue?.contains("stack traceback") == true)
        try h.lua("assert(traits.current() == nil) assert(traits.show{id = '00000000-0000-4000-8000-900000000108', traits = {{type = '@t/present'}}, steps = {{id = '00000000-0000-4000-8000-900000000107', type = 'm', traits = {}, actions = {}, content = {type = 'spacer', id = '00000000-0000-4000-8000-900000000609'}}}, name = 'Tour', type = 'mobile'})")
        #expect(h.events("step.presented").count == 1)
    }

    /// An error on a page change ends the experience (dismissed), as in the SDK.
    @Test func errorOnAPageChangeDismisses() throws {
        let h = try TraitsHarness()
        try h.lua(presentLua + #"""
        traits.register{type = "@e/p2", decorateContainer = function(self, c) if c:get("currentPage") == 2 then error("page two") end end}
        assert(traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/present"}, {type = "@e/p2"}},
                           steps = {{id = "00000000-0000-4000-8000-900000000102", type = "group", children = {{id = "00000000-0000-4000-8000-900000000105", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000610"}}, {id = "00000000-0000-4000-8000-900000000106", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000611"}}}, traits = {}, actions = {}}}, name = "Tour", type = "mobile"})
        traits.page(2)
        """#)
        #expect(h.events("step.error", ["step"]) == ["step.error step=2"])
        #expect(h.events("experience.dismissed").count == 1)
        #expect(h.system.renderer.current == nil)
    }

    /// A presenter that calls `done` later: presented then, not before.
    @Test func asynchronousPresent() throws {
        let h = try TraitsHarness()
        try h.lua(#"""
        traits.register{type = "@t/slow", present = function(self, w, done) app.after(2, done) end}
        traits.show{id = "00000000-0000-4000-8000-900000000101", traits = {{type = "@t/slow"}}, steps = {{id = "00000000-0000-4000-8000-900000000107", type = "m", traits = {}, actions = {}, content = {type = "spacer", id = "00000000-0000-4000-8000-900000000612"}}}, name = "Tour", type = "mobile"}
        assert(traits.current().state == "presenting")
        """#)
        #expect(h.events("step.presented").isEmpty)
        try h.lua("app.advance(2) assert(traits.current().state == 'shown')")
        #expect(h.events("step.presented").count == 1)
    }
}
