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

    /// `CTTemplateContext` `numberNamed:` returns the NSNumber and `boolNamed:` its `boolValue`
    /// (CTTemplateContextTest testSimpleValueOverrides, testValueOverrides, testNotDefinedValues): a
    /// number overriding a boolean argument and a boolean overriding a number read as the other kind
    /// through the pushing getters too, not as nil.
    @Test func testValueOverridesNumbersAndBooleansReadAsOneNSNumber() throws {
        let engine = try makeEngine()
        try engine.run("""
            templates.define{name = "N", arguments = {
                {"flag", false}, {"on", true}, {"off", true}, {"count", 5}, {"ratio", 0.5}, {"big", 7}, {"word", "x"}},
              onPresent = function(ctx)
                local out = {}
                for _, n in ipairs{"flag", "on", "off", "count", "ratio", "big", "word", "missing"} do
                  out[#out + 1] = n .. "=" .. tostring(ctx:boolean(n)) .. "/" .. tostring(ctx:number(n))
                    .. "/" .. tostring(ctx:integer(n)) .. "/" .. math.type(ctx:number(n) or 0)
                end
                app.log(table.concat(out, " "))
                ctx:dismissed()
              end}
            templates.deliver{type = "custom-code", templateName = "N", wzrk_id = "v",
              vars = {flag = 1, on = 0, off = 2.5, count = true, ratio = false, big = 3.9, word = true}}
            """)
        #expect(logs(engine) == [
            "flag=true/1/1/integer on=false/0/0/integer off=true/2.5/2/float count=true/1/1/integer "
                + "ratio=false/0/0/integer big=true/3.9/3/float word=nil/nil/nil/integer missing=nil/nil/nil/integer",
        ])
    }

    /// The getters under hostile arguments: a missing, non-string or huge name raises a Lua error
    /// the presenter can catch (or reads nil), never a crash; a loop of reads stays under the limits.
    @Test func theCrossKindGettersUnderHostileNames() throws {
        let engine = try makeEngine()
        try engine.run("""
            templates.define{name = "H", arguments = {{"flag", false}, {"count", 1}}, onPresent = function(ctx)
                local out = {}
                out[#out + 1] = tostring((pcall(ctx.boolean, ctx)))
                out[#out + 1] = tostring((pcall(ctx.number, ctx, {})))
                out[#out + 1] = tostring((pcall(ctx.boolean, {}, "flag")))
                out[#out + 1] = tostring(ctx:boolean(string.rep("f", 1000000)))
                local n = 0
                for i = 1, 100000 do if ctx:boolean("flag") then n = n + ctx:integer("count") end end
                out[#out + 1] = tostring(n)
                app.log(table.concat(out, "|"))
                ctx:dismissed()
              end}
            templates.deliver{type = "custom-code", templateName = "H", wzrk_id = "h", vars = {flag = 3, count = true}}
            """)
        #expect(logs(engine) == ["false|false|false|nil|100000"])
        #expect(engine.transcript.events.filter { $0.type == "error" }.isEmpty)
    }
}
