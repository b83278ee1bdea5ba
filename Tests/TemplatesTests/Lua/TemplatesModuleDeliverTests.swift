import Engine
import JSON
import LuaRuntime
import TestSupport
import Testing
@testable import Templates

/// `templates.deliver(payload)` converts its table argument where it is on the Lua stack
/// (`LuaArguments.jsonValue`): the same payload as the JSON text, the same errors for values
/// that are not JSON, hostile tables included, and from inside a coroutine.
@Suite struct TemplatesModuleDeliverTests {
    func makeEngine() throws -> Engine {
        let system = try TemplatesSystem(instance: TemplatesConfiguration())
        return try TestSupport.makeEngine(with: system) { $0.limits.instructions = 10_000_000 }.0
    }

    static let define = """
        templates.define{name = "Bench", arguments = {{"title", "D"}, {"count", 0}, {"enabled", false}},
          onPresent = function(ctx)
            app.log(ctx:string("title") .. "|" .. tostring(ctx:number("count")) .. "|" .. tostring(ctx:boolean("enabled")))
            ctx:presented(); ctx:dismissed()
          end}
        """

    func logs(_ engine: Engine) -> [String] {
        engine.transcript.events(prefix: "log").compactMap { $0.fields["message"]?.stringValue }
    }

    func failure(_ engine: Engine, _ code: String) -> String {
        do {
            try engine.run(code)
            return "no error"
        } catch { return "\(error)" }
    }

    @Test func aTableAndItsJSONTextDeliverTheSameInApp() throws {
        let engine = try makeEngine()
        try engine.run(Self.define + """
            local inapp = {type = "custom-code", templateName = "Bench", wzrk_id = "t", ti = 3,
                           vars = {title = "Sale", count = 3, enabled = true, extra = {1, 2, {x = json.null}}}}
            templates.deliver(inapp)
            templates.deliver(json.encode(inapp))
            coroutine.wrap(function() templates.deliver(inapp) end)()   -- arguments on a coroutine's stack
            """)
        #expect(logs(engine) == ["Sale|3|true", "Sale|3|true", "Sale|3|true"])
        let queued = engine.transcript.events.filter { $0.type == "inapp.queued" }.map { canonicalFields($0) }
        #expect(queued.count == 3 && Set(queued).count == 1, "\(queued)")
    }

    func canonicalFields(_ event: TranscriptEvent) -> String {
        event.fields.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    @Test func valuesThatAreNotInAppsFailWithTheirMessages() throws {
        let engine = try makeEngine()
        try engine.run(Self.define)
        #expect(failure(engine, "templates.deliver(5)").contains("expected an object or array, got number"))
        #expect(failure(engine, "templates.deliver(true)").contains("expected an object or array, got boolean"))
        #expect(failure(engine, "templates.deliver(nil)").contains("expected an object or array, got null"))
        #expect(failure(engine, "templates.deliver()").contains("expected an object or array, got null"))
        #expect(failure(engine, "templates.deliver('{not json')").contains("templates: deliver:"))
        #expect(failure(engine, "local t = {vars = {}}; t.vars.self = t; templates.deliver(t)")
            .contains("templates: json: cannot encode a cycle at $.vars.self"))
        #expect(failure(engine, "templates.deliver{type = 'custom-code', templateName = 'Bench', vars = {f = print}}")
            .contains("templates: json: cannot encode"))
        #expect(failure(engine, "templates.deliver{type = 'custom-code', templateName = 'Bench', vars = {0/0}}")
            .contains("templates: json: cannot encode NaN at $.vars"))
        #expect(logs(engine).isEmpty, "nothing was presented")
        #expect(engine.transcript.events.filter { $0.type == "inapp.queued" }.isEmpty)
    }

    @Test func metatablesAreIgnoredTheRawContentsAreDelivered() throws {
        let engine = try makeEngine()
        try engine.run(Self.define + """
            local vars = setmetatable({title = "Raw"}, {
              __index = function() error("index called") end,
              __pairs = function() error("pairs called") end,
              __len = function() error("len called") end,
            })
            templates.deliver(setmetatable({type = "custom-code", templateName = "Bench", wzrk_id = "m", vars = vars},
                                           {__index = function() return "injected" end}))
            """)
        #expect(logs(engine) == ["Raw|0|false"])
        #expect(engine.transcript.events.filter { $0.type == "error" }.isEmpty)
    }
}
