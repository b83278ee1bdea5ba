import Engine
import Foundation
import JSON
import LuaRuntime
@testable import Templates
import TestSupport
import Testing

/// `CleverTap+InAppsResponseHandler` `handleInAppResponse:`: the client-side in-apps' images
/// (`downloadMediaURLs:`) and custom template files (`downloadCustomTemplatesFileURLs:`) are
/// fetched when the response arrives; `setMode:` clears lists and the transcript says which.
@Suite struct CampaignsResponseTests {
    static let wheel = """
        templates.define{ name = "Wheel", arguments = { {"image", templates.file}, {"spin", templates.action} },
          onPresent = function(ctx) app.log("file:" .. tostring(ctx:file("image") ~= nil)); ctx:presented() end,
          onClose = function(ctx) ctx:dismissed() end }
        """

    /// An engine whose base directory and load root is a fresh folder holding `wheel.png`.
    static func engine() throws -> (Engine, URL) {
        let dir = try TemporaryFolder.make()
        try "PNG".write(to: dir.appendingPathComponent("wheel.png"), atomically: true, encoding: .utf8)
        let engine = try makeEngine(with: TemplatesSystem(), setup: wheel) {
            $0.baseDirectory = dir
            $0.loadRoots = [dir.path]
        }.0
        return (engine, dir)
    }

    static func events(_ engine: Engine, _ type: String) -> [JSONObject] {
        engine.transcript.events.filter { $0.type == type }.map(\.fields)
    }

    static let csResponse = """
        templates.deliver{ inapp_delivery_mode = 'CS', inapp_notifs_cs = {
          { ti = 1, wzrk_id = 'w1', type = 'custom-code', templateName = 'Wheel',
            whenTriggers = { { eventName = 'Spin' } },
            vars = { image = 'https://cdn.example/wheel.png' } },
          { ti = 2, wzrk_id = 'w2', type = 'custom-code', templateName = 'Wheel',
            whenTriggers = { { eventName = 'Other' } },
            vars = { image = 'https://cdn.example/wheel.png' } },
          { ti = 3, wzrk_id = 'n3', type = 'interstitial', whenTriggers = { { eventName = 'Never' } },
            media = { url = 'https://cdn.example/hero.png', content_type = 'image/png' },
            mediaLandscape = { url = 'https://cdn.example/video.mp4', content_type = 'video/mp4' } } } }
        """

    @Test func downloadCustomTemplatesFileURLs_andDownloadMediaURLs_fetchWhenTheResponseArrives() throws {
        let (engine, _) = try Self.engine()
        try engine.run("""
            app.files{ ['https://cdn.example/wheel.png'] = 'wheel.png', ['https://cdn.example/hero.png'] = 'wheel.png' }
            \(Self.csResponse)
            """)
        // Each URL once (the SDK makes a set), images first; a video is not preloaded.
        #expect(Self.events(engine, "file.fetched") == [
            ["url": "https://cdn.example/hero.png", "cached": false, "prefetch": true],
            ["url": "https://cdn.example/wheel.png", "cached": false, "prefetch": true],
        ])
        #expect(engine.system(TemplatesSystem.self)?.controller.displayed == nil, "stored, not shown")
        try engine.run("app.event('Spin')")
        #expect(Self.events(engine, "file.fetched").last == ["url": "https://cdn.example/wheel.png", "cached": true],
                "presenting finds the prefetched file in the cache")
        #expect(engine.transcript.events(prefix: "log").compactMap { $0["message"]?.stringValue } == ["file:true"])
    }

    @Test func aFailedPrefetchIsRetriedAtPresentation() throws {
        let (engine, _) = try Self.engine()
        try engine.run("""
            app.files{ ['https://cdn.example/wheel.png'] = {error = 'HTTP 503'}, ['https://cdn.example/hero.png'] = 'wheel.png' }
            \(Self.csResponse)
            """)
        #expect(Self.events(engine, "file.failed") == [["url": "https://cdn.example/wheel.png", "reason": "HTTP 503", "prefetch": true]])
        #expect(Self.events(engine, "inapp.skipped").isEmpty, "a failed prefetch drops nothing")
        // The CDN is back: presenting fetches again.
        try engine.run("""
            app.files{ ['https://cdn.example/wheel.png'] = 'wheel.png' }
            app.event('Spin')
            """)
        #expect(Self.events(engine, "file.fetched").last == ["url": "https://cdn.example/wheel.png", "cached": false])
        #expect(engine.system(TemplatesSystem.self)?.controller.displayed?.id == "w1")
    }

    @Test func aPrefetchThatStillFailsAtPresentationDropsTheInAppAsBefore() throws {
        let (engine, _) = try Self.engine()
        try engine.run("""
            app.files{ ['https://cdn.example/wheel.png'] = {error = 'HTTP 404'}, ['https://cdn.example/hero.png'] = 'wheel.png' }
            \(Self.csResponse)
            app.event('Spin')
            """)
        #expect(Self.events(engine, "file.failed").map { $0["prefetch"] } == [true, nil])
        #expect(Self.events(engine, "inapp.skipped").map { $0["reason"] } == ["file"])
    }

    @Test func serverSideAndLegacyInAppsAreNotPrefetched() throws {
        let (engine, _) = try Self.engine()
        try engine.run("""
            app.files{ ['https://cdn.example/wheel.png'] = 'wheel.png' }
            templates.deliver{ inapp_delivery_mode = 'SS', inapp_notifs_ss = {
              { ti = 9, wzrk_id = 's9', type = 'custom-code', templateName = 'Wheel', whenTriggers = { { eventName = 'Go' } },
                vars = { image = 'https://cdn.example/wheel.png' } } } }
            """)
        #expect(Self.events(engine, "file.fetched").isEmpty)
    }

    /// `setMode:` without `inapp_delivery_mode` clears the SS, SS in-action and CS lists: the
    /// transcript names the ids each cleared list held.
    @Test func setMode_withoutADeliveryModeSaysWhatItCleared() throws {
        let (engine, _) = try Self.engine()
        try engine.run("""
            templates.deliver{ inapp_delivery_mode = 'CS', inapp_notifs_cs = {
              { ti = 4, wzrk_id = 'c4', type = 'custom-code', templateName = 'Wheel', whenTriggers = { { eventName = 'Go' } } },
              { ti = 5, wzrk_id = 'c5', type = 'custom-code', templateName = 'Wheel', whenTriggers = { { eventName = 'Go' } } } } }
            templates.deliver{ imc = 5 }
            templates.deliver{ imc = 5 }
            """)
        #expect(Self.events(engine, "inapp.mode") == [["mode": .null, "cleared": ["cs": ["4", "5"]]]],
                "one event, from the response that cleared something; the second clears nothing")
        #expect(engine.system(TemplatesSystem.self)?.campaigns.data.clientSide.isEmpty == true)
    }

    @Test func aModeSwitchToSSNamesTheClientSideList() throws {
        let (engine, _) = try Self.engine()
        try engine.run("""
            templates.deliver{ inapp_delivery_mode = 'CS', inapp_notifs_cs = {
              { ti = 4, wzrk_id = 'c4', type = 'custom-code', templateName = 'Wheel', whenTriggers = { { eventName = 'Go' } } } } }
            templates.deliver{ inapp_delivery_mode = 'SS' }
            """)
        #expect(Self.events(engine, "inapp.mode") == [["mode": "SS", "cleared": ["cs": ["4"]]]])
    }
}
