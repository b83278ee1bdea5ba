import Engine
import Foundation
import JSON
import LuaRuntime
@testable import Templates
import TestSupport
import Testing

/// `CTInAppDisplayManager displayNotification:` / `_discardInAppNotifications:` and
/// `CTCustomTemplatesManager presentNotification:` as the display follows them.
@Suite struct InAppControllerDisplayTests {
    static let setup = """
        SAVED = {}
        templates.define{ name = "Banner", arguments = { {"title", ""}, {"ok", templates.action} },
          onPresent = function(ctx) SAVED[#SAVED + 1] = ctx; ctx:presented() end,
          onClose = function(ctx) ctx:dismissed() end }
        templates.define{ name = "Tracker", type = "function", visual = false, arguments = { {"n", 0} },
          onPresent = function(ctx) SAVED[#SAVED + 1] = ctx end }   -- never dismisses itself
        """

    static func engine() throws -> Engine {
        try makeEngine(with: TemplatesSystem(), setup: setup).0
    }

    static func events(_ engine: Engine, _ type: String) -> [JSONObject] {
        engine.transcript.events.filter { $0.type == type }.map(\.fields)
    }

    static func controller(_ engine: Engine) throws -> InAppController {
        try #require(engine.system(TemplatesSystem.self)?.controller)
    }

    /// `presentNotification:` has no "already presented" check: an in-app of a template whose
    /// context is still active (a non-visual action that never dismissed) is presented, and its
    /// context replaces the active one; the old context's dismissal leaves the new one active.
    @Test func presentNotification_replacesTheActiveContextOfItsTemplate() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{ ti = 1, wzrk_id = 'b', type = 'custom-code', templateName = 'Banner',
              vars = { ok = { actions = { type = 'custom-code', templateName = 'Tracker', vars = { n = 1 } } } } }
            local banner = templates.activeContext('Banner')
            banner:triggerAction('ok')
            banner:dismissed()
            """)
        let controller = try Self.controller(engine)
        let first = try #require(controller.activeContext("Tracker"))
        #expect(first.isAction && controller.displayed == nil)
        try engine.run("templates.deliver{ ti = 2, wzrk_id = 't2', type = 'custom-code', templateName = 'Tracker', vars = { n = 2 } }")
        #expect(Self.events(engine, "template.presenting").map { $0["id"] } == ["b", "b/ok", "t2"])
        #expect(Self.events(engine, "inapp.skipped").isEmpty)
        #expect(controller.activeContext("Tracker")?.notification.id == "t2")
        first.dismissed()
        engine.settle()
        #expect(Self.events(engine, "template.dismissed").map { $0["id"] } == ["b", "b/ok"])
        #expect(controller.activeContext("Tracker")?.notification.id == "t2", "the old context's dismissal leaves the new one")
        #expect(controller.displayed?.id == "t2")
    }

    /// `hideCurrentInAppDisplayController` hides the display view controller, which a custom
    /// template does not have: it stays; the pending in-app is dropped once it is dismissed.
    @Test func discardInAppNotifications_dismissInAppIfVisible_leavesACustomTemplate() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{
              { ti = 1, wzrk_id = 'a', type = 'custom-code', templateName = 'Banner' },
              { ti = 2, wzrk_id = 'b', type = 'custom-code', templateName = 'Banner' } }
            templates.discard(true)
            """)
        let controller = try Self.controller(engine)
        #expect(controller.displayed?.id == "a")
        #expect(Self.events(engine, "template.dismissed").isEmpty)
        #expect(engine.transcript.events(prefix: "log").last?["message"] == "No InApp is currently displayed.")
        try engine.run("templates.close()")
        #expect(Self.events(engine, "template.dismissed").map { $0["id"] } == ["a"])
        #expect(Self.events(engine, "inapp.skipped").map { $0["reason"] } == ["discarded"])
        #expect(controller.displayed == nil)
    }

    @Test func discardInAppNotifications_dismissInAppIfVisible_hidesANativeInApp() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{ ti = 1, wzrk_id = 'n', type = 'alert-template', title = { text = 'Hi' }, message = { text = 'M' },
              buttons = { { text = 'OK', actions = { type = 'close' } } } }
            templates.discard(true)
            """)
        #expect(try Self.controller(engine).displayed == nil)
        #expect(engine.ui.visibleTree["inapp"] == nil)
    }

    /// `CTInAppNotification initWithJSON:` reads `rfp` for every type, and `displayNotification:`
    /// drops such an in-app once push is enabled: a custom template too.
    @Test(arguments: [
        "{ ti = 1, wzrk_id = 'r', rfp = true, type = 'custom-code', templateName = 'Banner' }",
        "{ ti = 1, wzrk_id = 'r', rfp = 1, type = 'custom-code', templateName = 'Banner' }",
        "{ ti = 1, wzrk_id = 'r', rfp = true, type = 'alert-template', title = { text = 'T' }, message = { text = 'M' }, buttons = { { text = 'OK' } } }",
    ])
    func displayNotification_isRequestForPushPermission_checkedForEveryType(_ inApp: String) throws {
        let engine = try Self.engine()
        // Queued while push is not enabled, then suspended: push is granted before it shows.
        try engine.run("""
            templates.suspend()
            templates.deliver(\(inApp))
            app.configure{ pushStatus = 'authorized' }
            templates.resume()
            """)
        #expect(Self.events(engine, "inapp.skipped").map { $0["reason"] } == ["push-enabled"])
        #expect(try Self.controller(engine).displayed == nil)
        #expect(Self.events(engine, "notification.viewed").isEmpty)
    }

    @Test func anInAppWithoutRfpShowsWhilePushIsEnabled() throws {
        let engine = try Self.engine()
        try engine.run("""
            app.configure{ pushStatus = 'authorized' }
            templates.deliver{ ti = 1, wzrk_id = 'x', rfp = false, type = 'custom-code', templateName = 'Banner' }
            """)
        #expect(try Self.controller(engine).displayed?.id == "x")
    }

    /// The `action.triggered` event of a template action carries the in-app's `id` and `ti`, as a
    /// native in-app's button does.
    @Test func actionTriggeredCarriesTheInAppsIdAndTi() throws {
        let engine = try Self.engine()
        try engine.run("""
            templates.deliver{ ti = 1700000000, wzrk_id = '1700000000_20240101', type = 'custom-code', templateName = 'Banner',
              vars = { ok = { actions = { type = 'kv', kv = { a = 'b' } } } } }
            templates.activeContext('Banner'):triggerAction('ok')
            """)
        #expect(Self.events(engine, "action.triggered") == [[
            "id": "1700000000_20240101", "template": "Banner", "ti": 1700000000, "action": "ok", "actionType": "kv",
        ]])
    }

    /// An empty Lua table where `app.configure` expects a list is the empty list.
    @Test func configureDiscardedEventsAcceptsAnEmptyTable() throws {
        let engine = try Self.engine()
        try engine.run("app.configure{ discardedEvents = { 'Noise' } }")
        let campaigns = try #require(engine.system(TemplatesSystem.self)?.campaigns)
        #expect(campaigns.validation.discardedEventNames == ["Noise"])
        try engine.run("app.configure{ discardedEvents = {} }")
        #expect(campaigns.validation.discardedEventNames.isEmpty)
        #expect(throws: LuaError.self) { try engine.run("app.configure{ discardedEvents = { x = 1 } }") }
        #expect(throws: LuaError.self) { try engine.run("app.configure{ discardedEvents = 'Noise' }") }
    }
}
