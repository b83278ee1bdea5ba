import Engine
import JSON
import LuaRuntime
import TestSupport
import Testing
@testable import Templates

/// The `TemplateContext` userdata: `templateName` is a read-only property of the class (no field
/// table per in-app), methods first; a script cannot write it, reach a table behind it, or mix
/// two contexts up.
@Suite struct LuaTemplatePresenterTests {
    func makeEngine() throws -> Engine {
        let system = try TemplatesSystem(instance: TemplatesConfiguration())
        return try TestSupport.makeEngine(with: system) { $0.limits.instructions = 10_000_000 }.0
    }

    func logs(_ engine: Engine) -> [String] {
        engine.transcript.events(prefix: "log").compactMap { $0.fields["message"]?.stringValue }
    }

    @Test func eachContextReadsItsOwnTemplateNameAlsoAfterDismissal() throws {
        let engine = try makeEngine()
        try engine.run("""
            SAVED = {}
            local function P(ctx)
              SAVED[#SAVED + 1] = ctx
              app.log(ctx.templateName .. "|" .. type(ctx.templateName) .. "|" .. tostring(rawequal(ctx.templateName, ctx.templateName)))
              ctx:presented()
              ctx:dismissed()
              app.log("after:" .. ctx.templateName)
            end
            templates.define{name = "Alpha", onPresent = P}
            templates.define{name = "Beta-ß", onPresent = P}
            templates.deliver{type = "custom-code", templateName = "Alpha", wzrk_id = "a"}
            templates.deliver{type = "custom-code", templateName = "Beta-ß", wzrk_id = "b"}
            templates.deliver{type = "custom-code", templateName = "Alpha", wzrk_id = "c"}
            app.log(SAVED[1].templateName .. "," .. SAVED[2].templateName .. "," .. SAVED[3].templateName)
            """)
        #expect(logs(engine) == [
            "Alpha|string|true", "after:Alpha", "Beta-ß|string|true", "after:Beta-ß", "Alpha|string|true", "after:Alpha",
            "Alpha,Beta-ß,Alpha",
        ])
    }

    @Test func aScriptCannotWriteTheNameNorReachATableBehindIt() throws {
        let engine = try makeEngine()
        try engine.run("""
            templates.define{name = "Probe", onPresent = function(ctx)
              local out = {}
              out[#out + 1] = tostring(pcall(function() ctx.templateName = "Hacked" end))
              out[#out + 1] = ctx.templateName
              out[#out + 1] = tostring(ctx.nope) .. "," .. tostring(ctx[1]) .. "," .. tostring(ctx[ctx]) .. "," .. tostring(ctx[true])
              out[#out + 1] = type(ctx.presented) .. "," .. type(ctx.string)   -- methods still come first
              out[#out + 1] = type(getmetatable(ctx))                          -- the class name, not its table
              out[#out + 1] = tostring(pcall(setmetatable, ctx, {}))
              local ok, err = pcall(function() return ctx.templateName.x.y end)
              out[#out + 1] = tostring(ok)
              app.log(table.concat(out, "|"))
              ctx:dismissed()
            end}
            templates.deliver{type = "custom-code", templateName = "Probe", wzrk_id = "p"}
            """)
        #expect(logs(engine) == ["false|Probe|nil,nil,nil,nil|function,function|string|false|false"])
        #expect(engine.transcript.events.filter { $0.type == "error" }.isEmpty)
        // The name is offered for completion beside the methods.
        #expect(engine.lua.classMembers(named: "TemplateContext")?.properties == ["templateName"])
    }

    @Test func aPresenterThatThrowsWhileReadingTheNameDropsOnlyItsInApp() throws {
        let engine = try makeEngine()
        try engine.run("""
            templates.define{name = "Bad", onPresent = function(ctx) error("boom " .. ctx.templateName) end}
            templates.define{name = "Good", onPresent = function(ctx) app.log(ctx.templateName); ctx:dismissed() end}
            templates.deliver{type = "custom-code", templateName = "Bad", wzrk_id = "x"}
            templates.deliver{type = "custom-code", templateName = "Good", wzrk_id = "y"}
            """)
        let errors = engine.transcript.events.filter { $0.type == "error" }.compactMap { $0["message"]?.stringValue }
        #expect(errors.count == 1 && errors[0].contains("boom Bad"), "\(errors)")
        #expect(logs(engine) == ["Good"])
    }
}
