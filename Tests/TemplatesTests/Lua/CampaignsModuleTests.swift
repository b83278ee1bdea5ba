import Engine
import Foundation
import LuaRuntime
import Templates
import TestSupport
import Testing

/// The campaign functions as an attacker uses them: what a script hands to `app.event`,
/// `app.profile`, `app.charged`, `app.login`, `templates.deliver` and `app.relaunch` stays in
/// Swift (the event log, the profile, the stores, the transcript), outside the Lua allocator, so
/// it is charged to the engine's memory cap: a loop of large calls ends with `not enough memory`
/// (3 GB of resident memory before, for 3,000 events of 1 MiB).
@Suite struct CampaignsModuleTests {
    @Test(arguments: [
        "for i = 1, 200 do app.event('E', {blob = big}) end",
        "for i = 1, 200 do app.event(big .. i) end",
        "for i = 1, 200 do app.profile{Name = big .. i} end",
        "for i = 1, 200 do app.charged({Amount = 1, note = big}, {{Category = big}}) end",
        "for i = 1, 200 do app.login(big .. i) end",
        "for i = 1, 200 do app.login{Identity = 'u' .. i, Bio = big} end",
        "for i = 1, 200 do app.relaunch{inapp_notifs = {}, note = big} end",
        "for i = 1, 200 do templates.deliver{type = 'custom-code', templateName = 'Nope', wzrk_id = 'x' .. i, vars = {blob = big}} end",
    ])
    func largeInputsInALoopEndWithNotEnoughMemory(_ loop: String) throws {
        // A 16 MiB cap keeps the test quick (each login rewrites the device's identity file).
        let (engine, _) = try makeEngine(with: TemplatesSystem()) { $0.limits.memory = 16 << 20 }
        let error = #expect(throws: LuaError.self) {
            try engine.run("local big = ('x'):rep(1 << 20) " + loop)
        }
        #expect(error?.message.contains("not enough memory") == true, "\(loop): \(String(describing: error))")
        #expect(engine.retainedBytes <= 16 << 20, "\(loop)")
    }

    /// The charge is what the call keeps: ordinary campaign traffic stays far below the cap.
    @Test func ordinaryTrafficIsNotRefused() throws {
        let engine = try CampaignsTests.engine()
        try engine.run("""
            for i = 1, 2000 do
              app.event('Product Viewed', {price = i, category = 'shoes'})
              app.profile{Name = 'Ann', Visits = i}
            end
            templates.deliver{type = 'custom-code', templateName = 'Banner', wzrk_id = 'b1', vars = {title = 'Hi'}}
            """)
        #expect(engine.retainedBytes < 4 << 20, "\(engine.retainedBytes) bytes charged")
        #expect(engine.system(TemplatesSystem.self)?.controller.displayed?.id == "b1")
    }

    /// One rule for invalid UTF-8 in `app.event`: refused in the name as in the properties (the
    /// name was decoded with U+FFFD in its place, the properties refused by the JSON bridge).
    @Test(arguments: [
        #"app.event("a\xff")"#, #"app.event("ok", {p = "a\xff"})"#, #"app.event("ok", {["k\xff"] = 1})"#,
    ])
    func invalidUTF8IsRefusedInTheNameAsInTheProperties(_ call: String) throws {
        let engine = try CampaignsTests.engine()
        let error = #expect(throws: LuaError.self) { try engine.run(call) }
        #expect(error?.message.contains("invalid UTF-8") == true, "\(call): \(String(describing: error))")
        let names = engine.transcript.events.filter { $0.type == "event.recorded" }.compactMap { $0["name"]?.stringValue }
        #expect(!names.contains { $0.hasPrefix("a") || $0 == "ok" }, "\(names)")
    }
}
