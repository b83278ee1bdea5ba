import Engine
import Foundation
import JSON
import LuaRuntime
@testable import Templates
import TestSupport
import Testing

/// The app's in-app callbacks (`CleverTapInAppNotificationDelegate`, `CleverTapURLDelegate`) as
/// `CTInAppDisplayManager` calls them, set from Lua with `app.delegate{...}`.
@Suite struct InAppDelegateTests {
    static func engine() throws -> Engine { try CampaignsTests.engine() }

    static func types(_ engine: Engine, _ prefix: String = "delegate.") -> [String] {
        engine.transcript.events.map(\.type).filter { $0.hasPrefix(prefix) }
    }

    @Test func aVetoDropsTheInAppAndMakesANewShowAttempt() throws {
        let engine = try Self.engine()
        defer { engine.lua.close() }
        try engine.run("""
            app.delegate{ shouldShow = function(inapp, extras) return inapp.ti ~= 1 and next(extras) == nil end }
            templates.deliver{ imc = 10, imp = 10, inapp_notifs = {
              { ti = 1, wzrk_id = 'a', type = 'custom-code', templateName = 'Banner' },
              { ti = 2, wzrk_id = 'b', type = 'custom-code', templateName = 'Banner' } } }
            """)
        let controller = try #require(engine.system(TemplatesSystem.self)?.controller)
        #expect(controller.displayed?.id == "b", "the veto's new attempt showed the next one")
        let skipped = engine.transcript.events(prefix: "inapp.skipped")
        #expect(skipped.map { $0["reason"] } == ["delegate"] && skipped.first?["ti"] == 1)
        #expect(engine.transcript.events(prefix: "delegate.show").map { $0["show"] } == [false, true])
        #expect(engine.system(TemplatesSystem.self)?.campaigns.data.counts["1"] == nil, "a refused in-app counts nothing")
    }

    @Test func theVetoComesAfterTheCapsAndBeforeSuspendAndIsNotAskedForAPendingInApp() throws {
        let engine = try Self.engine()
        defer { engine.lua.close() }
        try engine.run("""
            asked = 0
            app.delegate{ shouldShow = function() asked = asked + 1; return true end }
            templates.deliver{ imc = 10, imp = 10, inapp_notifs = {
              { ti = 1, wzrk_id = 'a', type = 'custom-code', templateName = 'Banner' },
              { ti = 2, wzrk_id = 'b', type = 'custom-code', templateName = 'Banner' } } }
            assert(asked == 1, 'b went to pending before the delegate: ' .. asked)
            templates.close()
            assert(asked == 2, 'leaving pending asks again')
            """)
    }

    @Test func didShowFollowsTheImpressionAndDismissedCarriesTheActionExtras() throws {
        let engine = try Self.engine()
        defer { engine.lua.close() }
        try engine.run("""
            seen = {}
            app.delegate{
              didShow = function(inapp) seen[#seen + 1] = 'show ' .. inapp.wzrk_id .. ' ' .. templates.state().counts['1'].lifetime end,
              buttonTapped = function(kv) seen[#seen + 1] = 'kv ' .. kv.k end,
              dismissed = function(inapp, extras, actionExtras)
                seen[#seen + 1] = 'dismissed ' .. inapp.wzrk_id .. ' ' .. tostring(actionExtras.wzrk_c2a) .. ' ' .. tostring(actionExtras.wzrk_id)
              end }
            templates.deliver{ imc = 10, imp = 10, inapp_notifs = {
              { ti = 1, wzrk_id = 'c1', type = 'custom-code', templateName = 'Banner',
                vars = { ok = { actions = { type = 'kv', kv = { k = 'v' } } } } } } }
            local ctx = templates.activeContext('Banner')
            ctx:triggerAction('ok')
            ctx:dismissed()
            assert(table.concat(seen, '|') == 'show c1 1|kv v|dismissed c1 ok c1', table.concat(seen, '|'))
            """)
        #expect(Self.types(engine) == ["delegate.shown", "delegate.tapped", "delegate.dismissed"])
    }

    @Test func anEmptyKvCallsNoButtonTappedAndNoCallbackIsRecordedWhenNotImplemented() throws {
        let engine = try Self.engine()
        defer { engine.lua.close() }
        try engine.run("""
            app.delegate{ buttonTapped = function() error('not called') end }
            templates.deliver{ imc = 10, imp = 10, inapp_notifs = {
              { ti = 1, wzrk_id = 'c1', type = 'custom-code', templateName = 'Banner',
                vars = { ok = { actions = { type = 'kv', kv = {} } } } } } }
            templates.activeContext('Banner'):triggerAction('ok')
            templates.activeContext('Banner'):dismissed()
            """)
        #expect(Self.types(engine).isEmpty && engine.transcript.events(prefix: "error").isEmpty)
    }

    @Test func shouldHandleURLVetoesTheURL() throws {
        let engine = try Self.engine()
        defer { engine.lua.close() }
        try engine.run("""
            app.delegate{ shouldHandleURL = function(url, channel)
              return url:find('allowed') ~= nil and channel == 'CleverTapInAppNotification' end }
            templates.deliver{ imc = 10, imp = 10, inapp_notifs = {
              { ti = 1, wzrk_id = 'c1', type = 'custom-code', templateName = 'Banner',
                vars = { ok = { actions = { type = 'url', ios = 'https://x/denied' } } } } } }
            templates.activeContext('Banner'):triggerAction('ok')
            """)
        let url = try #require(engine.transcript.events(prefix: "action.url").first)
        #expect(url["opened"] == false)
        #expect(engine.transcript.events(prefix: "delegate.url").first?["open"] == false)
    }

    @Test func aSwiftURLDelegateWithoutTheCallbackOpensNothing() throws {
        let engine = try Self.engine()
        let controller = try #require(engine.system(TemplatesSystem.self)?.controller)
        let delegate = InAppAppDelegate()
        delegate.hasURLDelegate = true
        controller.appDelegate = delegate
        #expect(controller.delegateAllowsURL("https://x") == false)
        delegate.hasURLDelegate = false
        #expect(controller.delegateAllowsURL("https://x") == true)
    }

    // MARK: Untrusted callbacks

    @Test(arguments: [
        ("error('boom')", "boom"),
        ("coroutine.yield()", "yield"),
        ("return setmetatable({}, {__index = function() error('deep') end}).x", "deep"),
    ])
    func aFailingShouldShowIsAnErrorEventAndTheInAppShows(body: String, message: String) throws {
        let engine = try Self.engine()
        defer { engine.lua.close() }
        try engine.run("""
            app.delegate{ shouldShow = function() \(body) end }
            templates.deliver{ imc = 10, imp = 10, inapp_notifs = { { ti = 1, wzrk_id = 'a', type = 'custom-code', templateName = 'Banner' } } }
            """)
        let error = try #require(engine.transcript.events(prefix: "error").first?["message"]?.stringValue)
        #expect(error.contains("app.delegate shouldShow") && error.contains(message), "\(error)")
        #expect(engine.system(TemplatesSystem.self)?.controller.displayed?.id == "a", "the SDK's default: show")
    }

    @Test func aLoopingCallbackIsStoppedByTheEngineLimits() throws {
        let (engine, _) = try makeEngine(with: TemplatesSystem()) { $0.limits = LuaLimits(memory: nil, instructions: 2_000_000, timeout: nil, output: nil) }
        defer { engine.lua.close() }
        try engine.run(CampaignsTests.banner)
        try engine.run("app.delegate{ shouldShow = function() while true do end end }")
        #expect(throws: (any Error).self) {
            try engine.run("templates.deliver{ ti = 1, wzrk_id = 'a', type = 'custom-code', templateName = 'Banner' }")
        }
        let error = try #require(engine.transcript.events(prefix: "error").first?["message"]?.stringValue)
        #expect(error.contains("app.delegate shouldShow") && error.contains("instruction"), "\(error)")
    }

    @Test func badDelegateTablesAreArgumentErrors() throws {
        let engine = try Self.engine()
        defer { engine.lua.close() }
        try engine.run("""
            local ok, e = pcall(app.delegate, { shouldshow = function() end })
            assert(not ok and e:find("unknown key 'shouldshow' (did you mean 'shouldShow'?", 1, true), e)
            ok, e = pcall(app.delegate, { didShow = true })
            assert(not ok and e:find('didShow must be a function, got boolean'), e)
            ok, e = pcall(app.delegate, 3)
            assert(not ok and e:find('table expected'), e)
            app.delegate(nil)
            """)
        #expect(engine.system(TemplatesSystem.self)?.controller.appDelegate == nil)
    }
}
