import Engine
import Foundation
import JSON
@testable import Templates
import TestSupport
import Testing

/// The campaign machinery end to end through an engine: persistence, sessions, timers, quirks.
@Suite struct CampaignsTests {
    static let banner = """
        templates.define{ name = "Banner", arguments = { {"title", ""}, {"ok", templates.action} },
          onPresent = function(ctx) ctx:presented() end,
          onClose = function(ctx) ctx:dismissed() end }
        """

    static func engine(_ directory: URL? = nil) throws -> Engine {
        try makeEngine(with: TemplatesSystem(), setup: banner) { $0.stateDirectory = directory }.0
    }


    @Test func globalCapsAreOneAndOneBeforeAnyResponseAndTenAfterOneWithoutThem() throws {
        let engine = try Self.engine()
        let campaigns = try #require(engine.system(TemplatesSystem.self)?.campaigns)
        #expect(campaigns.caps.perSessionMax == 1 && campaigns.caps.perDayMax == 1)
        try engine.run("templates.deliver{ imc = 3, inapp_delivery_mode = 'CS' }")
        #expect(campaigns.caps.perSessionMax == 3 && campaigns.caps.perDayMax == 10)
        try engine.run("templates.deliver{ inapp_delivery_mode = 'CS' }")
        #expect(campaigns.caps.perSessionMax == 10)
    }

    @Test func countersAreDurableBeforeTheDrivingCallReturns() throws {
        let dir = TemporaryFolder.path()
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            let engine = try Self.engine(dir)
            try engine.run("""
                templates.deliver{ inapp_delivery_mode = 'CS', inapp_notifs_cs = {
                  { ti = 5, wzrk_id = 'c5', type = 'custom-code', templateName = 'Banner',
                    whenTriggers = { { eventName = 'Go' } } } } }
                app.event('Go')
                templates.close()
                """)
            // No relaunch, no deinit save: what a kill -9 right now would leave.
            let saved = try JSONValue.decode(try #require(try Storage(directory: dir).read(Campaigns.storageName)))
            #expect(saved["triggers"]?["5"] == 1 && saved["counts"]?["5"] == [1, 1])
            #expect(saved["impressions"]?["5"]?.arrayValue?.count == 1 && saved["eventLog"]?["go"] == 1)
            withExtendedLifetime(engine) {}
        }
        let second = try Self.engine(dir)
        let state = try #require(second.system(TemplatesSystem.self)?.campaigns.state)
        #expect(state["cs"] == ["5"] && state["counts"]?["5"]?["lifetime"] == 1)
        #expect(state["session"] == [:], "session counts are memory only")
        #expect(state["caps"]?["perSession"] == 10, "imc/imp are persisted")
    }

    /// `CTInAppFCManager` init runs `checkUpdateDailyLimits` on a fresh install: the date of the
    /// daily counters is today, so a relaunch the same day keeps "shown today" and `imp` holds.
    /// Before the fix `app.reset()` left no date, the relaunch reset the count, and a second
    /// in-app showed past `imp = 1`.
    @Test func dailyCapHoldsAcrossARelaunchAfterReset() throws {
        let engine = try Self.engine()
        try engine.run("""
            app.reset()
            templates.deliver{ imc = 5, imp = 1, inapp_notifs = {
              { ti = 1, wzrk_id = 'a', type = 'custom-code', templateName = 'Banner' } } }
            templates.close()
            """)
        let shown = try #require(engine.system(TemplatesSystem.self)?.campaigns.state)
        #expect(shown["caps"]?["shownToday"] == 1)
        try engine.relaunch()
        try engine.run(Self.banner)   // a script run by `run` is not loaded again by a relaunch
        try engine.run("""
            templates.deliver{ imc = 5, imp = 1, inapp_notifs = {
              { ti = 2, wzrk_id = 'b', type = 'custom-code', templateName = 'Banner' } } }
            """)
        let system = try #require(engine.system(TemplatesSystem.self))
        #expect(system.controller.displayed == nil, "imp = 1 was reached today")
        #expect(system.campaigns.state["caps"]?["shownToday"] == 1)
        let skipped = engine.transcript.events.filter { $0.type == "inapp.skipped" }
        #expect(skipped.last?.fields["cap"] == "imp")
    }

    @Test func relaunchLosesTimersAndPendingButKeepsTheDelayedStore() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{ inapp_delivery_mode = 'CS', inapp_notifs_cs = {
              { ti = 9, wzrk_id = 'd9', type = 'custom-code', templateName = 'Banner', delayAfterTrigger = 60,
                whenTriggers = { { eventName = 'Go' } } } } }
            app.event('Go')
            """)
        let before = try #require(engine.system(TemplatesSystem.self)?.campaigns.state)
        #expect(before["timers"]?.arrayValue?.count == 1 && before["delayed"] == ["9"])
        try engine.relaunch()
        let after = try #require(engine.system(TemplatesSystem.self)?.campaigns.state)
        #expect(after["timers"] == [] && after["delayed"] == ["9"])
        engine.clock.advance(by: 120)
        #expect(engine.system(TemplatesSystem.self)?.controller.displayed == nil, "nothing reads the delayed store")
    }

    @Test func aSecondSchedulingCallEmptiesTheDelayedStoreOfARunningTimer() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{ inapp_delivery_mode = 'CS', inapp_notifs_cs = {
              { ti = 1, wzrk_id = 'a', type = 'custom-code', templateName = 'Banner', delayAfterTrigger = 10,
                whenTriggers = { { eventName = 'A' } } },
              { ti = 2, wzrk_id = 'b', type = 'custom-code', templateName = 'Banner', delayAfterTrigger = 20,
                whenTriggers = { { eventName = 'B' } } } } }
            app.event('A')
            app.advance(5)
            app.event('B')
            app.advance(20)
            """)
        let skipped = engine.transcript.events(prefix: "inapp.skipped").map { $0["reason"] }
        #expect(skipped == ["delayed-not-found"], "a's timer found the store replaced by b's scheduling (iOS)")
        #expect(engine.system(TemplatesSystem.self)?.controller.displayed?.id == "b")
    }

    @Test func onEveryAndOnExactlyCountTriggers() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{ inapp_delivery_mode = 'CS', inapp_notifs_cs = {
              { ti = 3, wzrk_id = 'third', type = 'custom-code', templateName = 'Banner',
                whenTriggers = { { eventName = 'Tap' } }, occurrenceLimits = { { type = 'onEvery', limit = 3 } } } } }
            for i = 1, 7 do app.event('Tap'); templates.close() end
            """)
        let eligible = engine.transcript.events(prefix: "inapp.triggered").map { $0["eligible"] }
        #expect(eligible == [false, false, true, false, false, true, false])
    }

    @Test func dismissedShowsThePendingInAppBeforeItReturns() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{ { type = 'custom-code', templateName = 'Banner', wzrk_id = 'a', ti = 1 },
                               { type = 'custom-code', templateName = 'Banner', wzrk_id = 'b', ti = 2 } }
            local ctx = templates.activeContext('Banner')
            assert(templates.state().pending[1] == 'b')
            ctx:dismissed()
            assert(templates.displayed().wzrk_id == 'b', 'shown before dismissed() returned')
            """)
    }

    @Test func notificationClickedIsRecordedBeforeTheAction() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{ type = 'custom-code', templateName = 'Banner', wzrk_id = 'c1', ti = 1, wzrk_pivot = 'v1',
                               vars = { ok = { actions = { type = 'kv', kv = { a = 'b' } } } } }
            templates.activeContext('Banner'):triggerAction('ok')
            """)
        let types = engine.transcript.events.map(\.type).filter { ["notification.clicked", "action.triggered", "action.kv"].contains($0) }
        #expect(types == ["notification.clicked", "action.triggered", "action.kv"])
        let clicked = try #require(engine.transcript.events(prefix: "notification.clicked").first)
        #expect(canonical(clicked["props"] ?? .null) == canonical(["wzrk_id": "c1", "wzrk_pivot": "v1", "wzrk_c2a": "ok"]))
        let recorded = engine.transcript.events(prefix: "event.recorded").map { $0["name"] }
        #expect(recorded.contains("Notification Clicked") && recorded.contains("Notification Viewed"))
    }

    @Test func everyClientSideEvaluationMakesAShowAttempt() throws {
        let engine = try Self.engine()
        let controller = try #require(engine.system(TemplatesSystem.self)?.controller)
        let before = controller.showAttempts
        try engine.run("app.event('Nothing matches'); app.event('Again')")
        #expect(controller.showAttempts == before + 2)
    }
}

/// The REPL's `:campaigns` and `:queue` with the pending list.
@Suite struct CampaignsREPLTests {
    @Test func campaignsAndQueueCommands() throws {
        let engine = try CampaignsTests.engine()
        let system = try #require(engine.system(TemplatesSystem.self))
        try engine.run("""
            templates.deliver{ { type = 'custom-code', templateName = 'Banner', wzrk_id = 'a', ti = 1 },
                               { type = 'custom-code', templateName = 'Banner', wzrk_id = 'b', ti = 2 },
                               { type = 'custom-code', templateName = 'Banner', wzrk_id = 'c', ti = 3 } }
            """)
        let commands = TemplatesSystem.replCommands
        let campaigns = try #require(commands.first { $0.name == "campaigns" })
        let state = try JSONValue.decode(try campaigns.run(system, engine, ""))
        #expect(state["displayed"] == "a" && state["pending"] == ["b"] && state["queue"] == ["c"])
        let queue = try #require(commands.first { $0.name == "queue" })
        let text = try queue.run(system, engine, "")
        #expect(text.contains("1. b Banner (priority 1) [pending]") && text.contains("2. c Banner (priority 1)\n"))
    }
}
