import Engine
import JSON
import LuaRuntime
import Testing
@testable import FlowX

/// A Lua validator's arguments are pushed for the call (no references): the value as Lua sees it
/// through the JSON bridge, and a fresh `params` array per call that the validator may change.
extension FlowXModuleTests {
    @Test func luaValidatorsGetTheValueAndFreshParamsPerCall() throws {
        let (engine, _) = try makeEngine()
        let seen = try engine.run("""
            local json = require "json"
            local seen, arrays = {}, {}
            flowx.validator("look", function(value, params)
              local kind = type(value) == "number" and math.type(value) or type(value)
              local shown = type(value) == "table" and json.encode(value) or tostring(value)
              seen[#seen + 1] = kind .. ":" .. shown .. ":" .. table.concat(params, ",")
              for _, a in ipairs(arrays) do assert(a ~= params, "params reused") end
              arrays[#arrays + 1] = params
              params[1], params.extra = "changed", true
              return true
            end)
            local fields = {}
            for _, key in ipairs{"s", "i", "d", "t", "n", "missing", "b"} do
              fields[#fields + 1] = {key = key, validators = {{name = "look", params = {"p1", "é"}}}}
            end
            local ok = flowx.validateForm({id = "f", fields = fields},
              {s = "é", i = 3, d = 2.5, t = {a = {1, 2, {e = json.array{}}}}, n = json.null, b = false})
            assert(ok)
            return table.concat(seen, " | ")
            """).first?.stringValue
        #expect(seen == #"string:é:p1,é | integer:3:p1,é | float:2.5:p1,é | table:{"a":[1,2,{"e":[]}]}:p1,é | nil:nil:p1,é | nil:nil:p1,é | boolean:false:p1,é"#)
    }

    /// The same for an async validator (its arguments pushed the same way, then `done`): a `done`
    /// kept past the call and called later still completes it; a second call is ignored.
    @Test func asyncLuaValidatorsGetTheSameArgumentsAndALiveDone() throws {
        let (engine, _) = try makeEngine()
        let seen = try engine.run("""
            local json = require "json"
            local seen, arrays = {}, {}
            flowx.validator("later", function(value, params, done)
              local kind = type(value) == "number" and math.type(value) or type(value)
              local shown = type(value) == "table" and json.encode(value) or tostring(value)
              seen[#seen + 1] = kind .. ":" .. shown .. ":" .. table.concat(params, ",")
              for _, a in ipairs(arrays) do assert(a ~= params, "params reused") end
              arrays[#arrays + 1] = params
              params[1] = "changed"
              collectgarbage()
              app.after(1, function() done(kind ~= "float"); done(true) end)
            end, {async = true})
            local fields = {}
            for _, key in ipairs{"s", "i", "d", "t", "n"} do
              fields[#fields + 1] = {key = key, validators = {{name = "later", params = {"p1", "é"}, async = true}}}
            end
            local ok, errors = flowx.validateForm({id = "f", fields = fields},
              {s = "é", i = 3, d = 2.5, t = {a = {1, {e = json.array{}}}}, n = json.null})
            assert(not ok and errors.d ~= nil and errors.s == nil and errors.t == nil, "only the float fails")
            assert(app.now() == 5, "one second per field: " .. app.now())
            return table.concat(seen, " | ")
            """).first?.stringValue
        #expect(seen == #"string:é:p1,é | integer:3:p1,é | float:2.5:p1,é | table:{"a":[1,{"e":[]}]}:p1,é | nil:nil:p1,é"#)
    }
}
