import Engine
import JSON
@testable import Templates
import TestSupport
import Testing

/// Validation on the way in (`CTEventBuilder`, `CTProfileBuilder`): what reaches evaluation.
@Suite struct EventValidationTests {
    static func engine() throws -> (Engine, TemplatesSystem) {
        try makeEngine(with: TemplatesSystem(), setup: """
            templates.define{ name = "Banner", arguments = { {"title", ""} },
              onPresent = function(ctx) ctx:presented() end, onClose = function(ctx) ctx:dismissed() end }
            """)
    }

    /// The app's events (not the SDK's Notification Viewed that follows a presentation).
    static func recorded(_ engine: Engine) -> [TranscriptEvent] {
        engine.transcript.events(prefix: "event.recorded").filter { $0["name"] != "Notification Viewed" }
    }

    static func campaign(_ eventName: String) -> String {
        "templates.deliver{ imc = 10, imp = 10, inapp_delivery_mode = 'CS', inapp_notifs_cs = { { ti = 1, wzrk_id = 'c1', type = 'custom-code', templateName = 'Banner', whenTriggers = { { eventName = '\(eventName)' } } } } }"
    }

    @Test func aNameCutAt1024StillTriggersItsCampaign() throws {
        let (engine, system) = try Self.engine()
        let cut = String(repeating: "x", count: 1024)
        try engine.run(Self.campaign(cut) + "; app.event(string.rep('x', 1030))")
        #expect(system.controller.displayed?.id == "c1")
        #expect(Self.recorded(engine).last?["name"] == .string(cut))
        #expect(engine.transcript.events(prefix: "validation.error").first?["code"] == 510)
    }

    @Test func invalidCharactersAreRemovedBeforeEvaluation() throws {
        let (engine, system) = try Self.engine()
        try engine.run(Self.campaign("Checkout step 2") + "; app.event('Checkout: step 2', { ['price$'] = 5, note = \"it's\" })")
        #expect(system.controller.displayed?.id == "c1")
        let recorded = try #require(Self.recorded(engine).last)
        #expect(recorded["props"]?["price"] == 5 && recorded["props"]?["note"] == "its" && recorded["props"]?.objectValue?.count == 2)
        #expect(Set(engine.transcript.events(prefix: "validation.error").compactMap { $0["code"]?.integerValue }) == [510, 520, 521])
    }

    @Test func restrictedAndDiscardedNamesAreDroppedAndEvaluateNothing() throws {
        let (engine, system) = try Self.engine()
        try engine.run(Self.campaign("Notification Viewed") + "; app.event('Notification Viewed')")
        #expect(system.controller.displayed == nil)
        #expect(engine.transcript.events(prefix: "event.dropped").last?["message"] == "'Notification Viewed' is a restricted event name")
        try engine.run("app.configure{ discardedEvents = { 'Spam' } }; app.event('spam')")
        #expect(engine.transcript.events(prefix: "event.dropped").last?["code"] == 513)
        try engine.run("app.event('  ')")
        #expect(engine.transcript.events(prefix: "event.dropped").last?["message"] == "Event name became empty after normalization")
    }

    @Test func profileAndChargedDataAreCleaned() throws {
        let (engine, system) = try Self.engine()
        try engine.run("app.profile{ Phone = '5551234', ['Tier$'] = 'gold' }; app.charged({ Amount = 10, ['bad:key'] = 1 }, { { name = 'x' } })")
        #expect(system.campaigns.data.profile["Tier"] == "gold")
        let codes = engine.transcript.events(prefix: "validation.error").map { $0["code"] }
        #expect(codes.contains(512) && codes.contains(520))
    }
}
