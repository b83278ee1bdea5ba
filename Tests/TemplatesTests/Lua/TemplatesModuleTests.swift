import Engine
import Foundation
import JSON
import LuaRuntime
import TestSupport
import Testing
@testable import Templates

@Suite struct TemplatesModuleTests {
    func makeEngine(debug: Bool = false, instructions: Int? = 50_000_000) throws -> Engine {
        let system = try TemplatesSystem(instance: TemplatesConfiguration(isDebugBuild: debug, isTestUser: debug))
        return try TestSupport.makeEngine(with: system) { $0.limits.instructions = instructions }.0
    }

    let banner = """
        templates.define{
          name = "Banner",
          arguments = {{"title", "Default"}, {"count", 3}, {"ratio", 0.5}, {"on", true},
                       {"style", {color = "#fff", size = 12}}, {"ok", templates.action}},
          onPresent = function(ctx)
            ui.show{id = "title", text = ctx:string("title"), count = ctx:integer("count")}
            ctx:presented()
          end,
          onClose = function(ctx) ui.hide("title") ctx:dismissed() end,
        }
        """

    /// `templates.defineJSON("")` is the SDK's empty-definitions exception, not a parse error.
    @Test func defineJSONOfAnEmptyTextIsTheSDKsEmptyError() throws {
        let engine = try makeEngine()
        let error = #expect(throws: LuaError.self) { try engine.run("templates.defineJSON('', {})") }
        #expect(error?.message.contains("templates: CleverTap: JSON template definitions cannot be nil or empty.") == true,
                "\(String(describing: error))")
    }

    @Test func luaPresenterShowsClosesAndFreesTheQueue() throws {
        let engine = try makeEngine()
        try engine.run(banner)
        try engine.run("""
            templates.deliver{inapp_notifs = {
              {type = "custom-code", templateName = "Banner", wzrk_id = "a", ti = 1, vars = {title = "Sale"}},
              {type = "custom-code", templateName = "Banner", wzrk_id = "b", ti = 2, vars = {title = 7}},
            }}
            """)
        let system = try #require(engine.system(TemplatesSystem.self))
        #expect(system.controller.displayed?.id == "a")
        #expect(engine.ui.tree == ["title": ["count": 3, "text": "Sale"]])
        #expect(system.controller.waitingIds == ["b"])
        try engine.run("templates.close()")
        // b's title override has the wrong type: the default stays.
        #expect(system.controller.displayed?.id == "b")
        #expect(engine.ui.tree == ["title": ["count": 3, "text": "Default"]])
        let types = engine.transcript.events.map(\.type)
        #expect(types.contains("template.closed"))
        #expect(types.filter { $0 == "template.presented" }.count == 2)
    }

    @Test func swiftAndLuaPresentersAreInterchangeable() throws {
        let engine = try makeEngine()
        let system = try #require(engine.system(TemplatesSystem.self))
        var seen: [String] = []
        let builder = CustomTemplateBuilder()
        try builder.setName("Native")
        try builder.addArgument("title", string: "Native default")
        builder.setPresenter(ClosureTemplatePresenter(onPresent: { ctx in
            seen.append(ctx.string("title") ?? "?")
            ctx.presented()
            ctx.dismissed()
        }))
        try system.manager.register(builder.build())
        try engine.run(banner)
        try engine.run("""
            templates.deliver{inapp_notifs = {
              {type = "custom-code", templateName = "Native", wzrk_id = "n1", priority = 2, vars = {title = "From server"}},
              {type = "custom-code", templateName = "Banner", wzrk_id = "l1", priority = 1},
            }}
            """)
        #expect(seen == ["From server"])
        #expect(system.controller.displayed?.id == "l1")
        #expect(try engine.run("return templates.list()[1], templates.list()[2]").compactMap(\.stringValue) == ["Banner", "Native"])
        let presented = engine.transcript.events(prefix: "template.presented").compactMap { $0.fields["id"]?.stringValue }
        #expect(presented == ["n1", "l1"])
    }

    @Test func contextGettersFollowTheSDK() throws {
        let engine = try makeEngine()
        try engine.run("""
            templates.define{
              name = "Probe",
              arguments = {{"title", "T"}, {"n", 2}, {"f", 1.5}, {"on", false}, {"style", {color = "#fff", size = 12}},
                           {"buttons.ok", templates.action}},
              onPresent = function(ctx)
                local style = ctx:dictionary("style")
                local buttons = ctx:dictionary("buttons")
                app.log(table.concat({
                  ctx.templateName, ctx:string("title"), tostring(ctx:integer("n")), tostring(ctx:number("f")),
                  tostring(ctx:boolean("on")), style.color, tostring(style.size), tostring(buttons.ok),
                  tostring(ctx:string("missing")), tostring(ctx:dictionary("nothing")), tostring(ctx:string("n")),
                }, "|"))
                local ok, err = pcall(ctx.string, ctx)
                app.log(err)
                ctx:dismissed()
              end,
            }
            templates.deliver{type = "custom-code", templateName = "Probe", wzrk_id = "p",
                              vars = {["buttons.ok"] = {actions = {type = "custom-code", templateName = "fn"}}}}
            """, name: "=probe")
        let logs = engine.transcript.events(prefix: "log").compactMap { $0.fields["message"]?.stringValue }
        #expect(logs.first == "Probe|T|2|1.5|false|#fff|12|fn|nil|nil|nil")
        #expect(logs.dropFirst().first == "bad argument #1 to 'string' (string expected, got no value)")
    }

    @Test func presenterErrorIsAnErrorEventAndTheQueueMovesOn() throws {
        let engine = try makeEngine(instructions: 1_000_000)
        try engine.run("""
            templates.define{name = "Broken", onPresent = function(ctx) error("cannot draw") end}
            templates.define{name = "Loop", onPresent = function(ctx) while true do end end}
            templates.define{name = "Fine", onPresent = function(ctx) ctx:presented() end}
            """, name: "=defs")
        // Delivered from Swift (as a scenario step does): each presenter call is its own entry with its own budget.
        // (From a Lua chunk, the whole chunk is one entry and a tripped budget ends the chunk too.)
        try engine.system(TemplatesSystem.self)?.controller.deliver([
            ["type": "custom-code", "templateName": "Broken", "wzrk_id": "x", "priority": 3],
            ["type": "custom-code", "templateName": "Loop", "wzrk_id": "y", "priority": 2],
            ["type": "custom-code", "templateName": "Fine", "wzrk_id": "z", "priority": 1],
        ])
        engine.settle()
        let errors = engine.transcript.events(prefix: "error").compactMap { $0.fields["message"]?.stringValue }
        #expect(errors.count == 2)
        #expect(errors.first?.contains("defs:1: cannot draw") == true)
        #expect(errors.last?.contains("instruction limit exceeded") == true)
        #expect(engine.system(TemplatesSystem.self)?.controller.displayed?.id == "z")
    }

    @Test(arguments: [
        ("templates.define{name = '', onPresent = function() end}", "templates: Name cannot be null or empty."),
        ("templates.define{arguments = {}, onPresent = function() end}", "templates: Name cannot be null or empty. Use setName to set it."),
        ("templates.define{name = 'A'}", "templates: Presenter cannot be null. Use setOnPresentWithPresenter to set it."),
        ("templates.define{name = 'A', arguments = {{'a..b', 1}}, onPresent = function() end}",
         "templates: Argument Name cannot start or end with dot \".\" or contain consecutive dots \"..\"."),
        ("templates.define{name = 'A', arguments = {{'a'}}, onPresent = function() end}", "templates: Default value cannot be nil."),
        ("templates.define{name = 'A', arguments = {{'m', {}}}, onPresent = function() end}", "templates: Default value cannot be nil or empty."),
        ("templates.define{name = 'ctsystem_openurl', onPresent = function() end}",
         "templates: CustomTemplate with name: ctsystem_openurl is a System template."),
        ("templates.syncPayload()", "templates: "),
        // Not prefixed twice (it read `templates: deliver: templates: deliver: $: ...`).
        ("templates.deliver(5)", "templates: deliver: $: expected an object or array, got number"),
        ("templates.define{name = 'A', argumentz = {}, onPresent = function() end}", "bad argument #1 to 'define' (unknown key 'argumentz' (did you mean 'arguments'?"),
    ])
    func validationErrorsCarryTheSDKText(code: String, message: String) throws {
        let engine = try makeEngine()
        let error = #expect(throws: LuaError.self) { try engine.run(code, name: "=v") }
        #expect(error?.message.hasPrefix("v:1: " + message) == true, "\(error?.message ?? "")")
    }

    @Test func duplicateNamesAreRefused() throws {
        let engine = try makeEngine()
        try engine.run("templates.define{name = 'A', onPresent = function() end}")
        let error = #expect(throws: LuaError.self) { try engine.run("templates.define{name = 'A', onPresent = function() end}", name: "=d") }
        #expect(error?.message == "d:1: templates: Template with name: A is already defined.")
    }

    @Test func syncPayloadInADebugBuildWithATestUser() throws {
        let engine = try makeEngine(debug: true)
        try engine.run("templates.define{name = 'T', arguments = {{'on', true}, {'n', 137}}, onPresent = function() end}")
        let payload = try engine.run("return templates.syncPayload()")[0].stringValue ?? ""
        let json = try JSONValue.decode(payload)
        #expect(json == [["type": "meta"], ["type": "templatePayload", "definitions": ["T": ["type": "template", "vars": [
            "on": ["defaultValue": true, "type": "boolean", "order": 0],
            "n": ["defaultValue": 137, "type": "number", "order": 1]]]]]])
    }

    @Test func queueSurvivesRelaunch() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("banner.lua")
        try banner.write(to: script, atomically: true, encoding: .utf8)
        let engine = try makeEngine()
        try engine.load(path: script.path)
        try engine.run("""
            templates.deliver{
              {type = "custom-code", templateName = "Banner", wzrk_id = "r1", ti = 1},
              {type = "custom-code", templateName = "Banner", wzrk_id = "r2", ti = 2},
              {type = "custom-code", templateName = "Banner", wzrk_id = "r3", ti = 3},
            }
            """)
        let system = try #require(engine.system(TemplatesSystem.self))
        #expect(system.controller.displayed?.id == "r1")
        #expect(system.controller.pending.map(\.notification.id) == ["r2"],
                "r1's presented() records Notification Viewed, whose evaluation makes a show attempt: r2 is prepared")
        #expect(system.controller.queue.map(\.id) == ["r3"])
        try engine.run("app.relaunch()")
        let after = try #require(engine.system(TemplatesSystem.self))
        // As the SDK: r1 (on screen) and r2 (prepared) were dequeued from the stored queue; the
        // store queue's r3 survives and shows.
        #expect(after.controller.displayed?.id == "r3")
        #expect(after.controller.waitingIds == [])
        #expect(try engine.run("return #templates.queue(), templates.displayed().wzrk_id")[1].stringValue == "r3")
        let lost = engine.transcript.events.filter { $0.type == "inapp.skipped" }.map { $0.fields["id"]?.stringValue ?? "" }
        #expect(lost == ["r1", "r2"], "each in-app a relaunch loses is in the transcript")
        #expect(engine.transcript.events.filter { $0.type == "template.presented" }.count == 2, "r1 counted once, then r3")
    }

    @Test func aNewEngineOnTheSameDirectoryRestoresTheQueueOnceAllScriptsAreLoaded() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let helper = dir.appendingPathComponent("helper.lua"), script = dir.appendingPathComponent("banner.lua")
        try "app.log('helper loaded')".write(to: helper, atomically: true, encoding: .utf8)
        try banner.write(to: script, atomically: true, encoding: .utf8)
        var configuration = Engine.Configuration()
        configuration.stateDirectory = dir.appendingPathComponent("state")
        do {
            let first = try Engine(configuration: configuration)
            try first.add(try TemplatesSystem())
            try first.load(paths: [helper.path, script.path])
            try first.run("""
                templates.deliver{
                  {type = "custom-code", templateName = "Banner", wzrk_id = "k1", ti = 1},
                  {type = "custom-code", templateName = "Banner", wzrk_id = "k2", ti = 2},
                }
                """)
        }
        let second = try Engine(configuration: configuration)
        try second.add(try TemplatesSystem())
        // The helper settles nothing on its own: the restored in-apps wait for the banner script.
        try second.load(paths: [helper.path, script.path])
        let system = try #require(second.system(TemplatesSystem.self))
        #expect(system.controller.displayed?.id == "k1")
        #expect(system.controller.waitingIds == ["k2"], "a crash keeps pending in-apps (ctlua's guarantee)")
        #expect(second.transcript.events(prefix: "inapp.skipped").isEmpty)
    }
}
