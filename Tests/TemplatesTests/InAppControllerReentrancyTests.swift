import Engine
import JSON
import LuaRuntime
@testable import Templates
import TestSupport
import Testing

/// Scripts re-enter the pipeline from every callback it makes: the presenter and the app
/// delegate deliver, close, record events and dismiss while the controller and campaigns are
/// in the middle of a show attempt, a display, an impression or a dismissal. The queue's and
/// campaigns' state (whose accesses are not checked dynamically) stays consistent: every
/// queued in-app ends exactly once (dismissed or skipped) or is still waiting, and nothing
/// is lost or doubled.
@Suite struct InAppControllerReentrancyTests {
    @Test func callbacksThatReenterEveryStepKeepTheQueueConsistent() throws {
        let engine = try CampaignsTests.engine()
        defer { engine.lua.close() }
        try engine.run("""
            local n = 0
            local function more(tag)
              if n >= 12 then return end
              n = n + 1
              templates.deliver{type = "custom-code", templateName = "Re", wzrk_id = tag .. n, ti = n, vars = {title = tag}}
            end
            templates.define{name = "Re", arguments = {{"title", "T"}}, onPresent = function(ctx)
              more("present")
              ctx:presented()
              app.event("Inside", {from = ctx:string("title")})
              more("after-presented")
              ctx:dismissed()
              templates.close()
              ctx:dismissed()
            end}
            app.delegate{
              shouldShow = function(inapp) more("should"); return true end,
              didShow = function(inapp) more("did"); app.event("Shown") end,
              dismissed = function(inapp) more("dismissed"); templates.close() end,
            }
            more("first")
            """)
        let system = try #require(engine.system(TemplatesSystem.self))
        for _ in 0..<50 where system.controller.displayed != nil || !system.controller.queue.isEmpty {
            try engine.run("templates.close()")
        }
        let events = engine.transcript.events
        let queued = events.filter { $0.type == "inapp.queued" }.compactMap { $0["id"]?.stringValue }
        #expect(queued.count == 12 && Set(queued).count == 12, "\(queued)")
        var ends: [String: Int] = [:]
        for event in events where event.type == "template.dismissed" || event.type == "inapp.skipped" {
            ends[event["id"]?.stringValue ?? "", default: 0] += 1
        }
        let waiting = Set(system.controller.waitingIds + [system.controller.displayed?.id].compactMap { $0 })
        for id in queued {
            #expect((ends[id] ?? 0) + (waiting.contains(id) ? 1 : 0) == 1, "\(id): \(ends[id] ?? 0) ends, waiting \(waiting.contains(id))")
        }
        let presented = events.filter { $0.type == "template.presented" }.count
        let viewed = events.filter { $0.type == "notification.viewed" }.count
        #expect(presented == viewed && presented > 0, "one impression per presentation")
        #expect(system.campaigns.data.eventLog.values.reduce(0, +) >= presented, "each Notification Viewed logged")
        #expect(events.filter { $0.type == "error" }.isEmpty, "\(events.filter { $0.type == "error" })")
    }
}
