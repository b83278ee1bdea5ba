import Engine
import JSON
import LuaRuntime
import Testing
@testable import FlowX

@Suite struct FlowXModuleTests {
    @Test func luaValidatorsSyncAndAsyncWithParams() throws {
        let (engine, _) = try makeEngine()
        try engine.run("""
            flowx.validator("startsWith", function(value, params) return value:sub(1, #params[1]) == params[1] end)
            flowx.validator("later", function(value, params, done)
              app.after(tonumber(params[1]), function() done(value == "ok") end)
            end, {async = true})
            assert(flowx.validate("startsWith", "RO49", {"RO"}) == true)
            assert(flowx.validate("startsWith", "DE89", {"RO"}) == false)
            assert(flowx.validate("later", "ok", {"2"}) == true)
            assert(app.now() == 2)
            assert(flowx.validate("later", "no", {"1"}) == false)
            assert(app.now() == 3)
            assert(flowx.validate("required", "") == false)
            local valid, reason = flowx.validate("mystery", "x")
            assert(valid == true and reason == "unknown validator")
            """)
    }

    @Test func hostileValidatorsAreContained() throws {
        let (engine, system) = try makeEngine(instructions: 200_000)
        system.renderer.validators.asyncTimeout = 1
        try engine.run("""
            flowx.validator("boom", function() error({code = 1}) end)
            flowx.validator("spin", function() while true do end end)
            flowx.validator("protected", function() pcall(function() while true do end end) return true end)
            flowx.validator("number", function() return 1 end)
            flowx.validator("nothing", function() end)
            flowx.validator("badDone", function(v, p, done) done("yes") end, {async = true})
            flowx.validator("asyncBoom", function(v, p, done) error("early", 0) end, {async = true})
            flowx.validator("never", function(v, p, done) end, {async = true})
            flowx.validator("hog", function() local t = {} for i = 1, 1e9 do t[i] = i end return true end)
            """)
        for name in ["boom", "spin", "protected", "number", "nothing", "badDone", "asyncBoom", "never", "hog"] {
            let outcome = system.renderer.validators.validateWaiting(name, value: "x")
            #expect(!outcome.valid, "\(name)")
        }
        let errors = engine.transcript.events.filter { $0.type == "error" }.compactMap { $0["message"]?.stringValue }
        #expect(errors.count == 9)
        #expect(errors[0] == "flowx: validator 'boom' failed: (error object is a table value)")
        #expect(errors[1] == "flowx: validator 'spin' failed: instruction limit exceeded")
        #expect(errors[2] == "flowx: validator 'protected' failed: instruction limit exceeded")
        #expect(errors[3] == "flowx: validator 'number' must give a boolean, got number")
        #expect(errors[4] == "flowx: validator 'nothing' must give a boolean, got no value")
        #expect(errors[5] == "flowx: validator 'badDone' must give a boolean, got string")
        #expect(errors[6] == "flowx: validator 'asyncBoom' failed: early")
        #expect(errors[7] == "flowx: async validator 'never' did not complete within 1s")
        #expect(errors[8].hasPrefix("flowx: validator 'hog' failed: "))
        // The engine stays usable.
        #expect(try engine.run("return flowx.validate('minLength', 'abc', {'2'})").first?.boolValue == true)
    }

    @Test func validateFormGivesOkAndErrors() throws {
        let (engine, _) = try makeEngine()
        try engine.run("""
            local ok, errors = flowx.validateForm(
              {id = "f", fields = {{key = "email", validators = {{name = "required", message = "Email?"},
                                                               {name = "email", message = "Not an email"}}},
                                   {key = "age", validators = {{name = "min", params = {"18"}, message = "Too young"}}}}},
              {email = "nope", age = 20})
            assert(ok == false and errors.email == "Not an email" and errors.age == nil)
            ok, errors = flowx.validateForm({id = "f", fields = {}}, {})
            assert(ok == true and next(errors) == nil)
            local fine, err = pcall(flowx.validateForm, {id = "f", fields = {{validators = {}}}}, {})
            assert(not fine and err:find("validateForm: form: fields[0].key: missing", 1, true), err)
            """)
    }

    @Test func analyticsReachOnEventListenersAndTheTranscript() throws {
        let (engine, _) = try makeEngine()
        try engine.run("""
            seen = {}
            flowx.onEvent(function(e) seen[#seen + 1] = e.kind .. ":" .. e.value .. ":" .. tostring(e.customPayload.k) end)
            flowx.collect{kind = "action", value = "tap", component = "b", customPayload = {k = 7}}
            flowx.collect{kind = "screen", value = "home"}
            assert(seen[1] == "action:tap:7" and seen[2] == "screen:home:nil")
            local ok, err = pcall(flowx.collect, {kind = "other", value = "x"})
            assert(not ok and err:find("collect: kind: expected", 1, true), err)
            """)
        let analytics = engine.transcript.events.filter { $0.type == "analytics" }
        #expect(analytics.map { $0["value"] } == ["tap", "home"])
        #expect(analytics[0]["customPayload"] == ["k": 7])
    }

    @Test func luaComponentAndDataSourceDriveAProcess() throws {
        let (engine, system) = try makeEngine()
        try engine.run("""
            flowx.component("Counter", {
              populateUI = function(self, data) self.count = data.start return {text = "count " .. self.count} end,
              updateUI = function(self, data) return {text = "n=" .. tostring(data.n)} end,
              saveData = function(self) return {count = self.count} end,
              validate = function(self) return self.count < 10 end,
            })
            calls = {}
            flowx.dataSource{
              customLoader = function(l) calls[#calls + 1] = l.type .. (l.name and (":" .. l.name) or "") end,
              viewForStepperHeader = function(s) return {id = "hdr", text = s.stepTitle} end,
            }
            flowx.loadProcess[[{"name": "p", "stepper": [{"title": "Only"}],
              "screens": [{"id": "s", "step": 1, "components": [{"id": "c", "identifier": "Counter", "data": {"start": 3}}],
                           "buttons": [{"id": "go", "action": "go"}]}],
              "actions": {"go": {"validate": ["c"], "next": "end"}}}]]
            local uuid = flowx.start("p")
            assert(app.ui().c.text == "count 3" and app.ui().hdr.text == "Only")
            flowx.update("c", {n = 5})
            assert(app.ui().c.text == "n=5")
            app.tap("go")
            local state = flowx.state()
            assert(state.state == "ended" and state.submitted.count == 3, json.encode(state))
            assert(calls[1] == "startProcess" and calls[2] == "action:go")
            """)
        #expect(system.renderer.instances.first?.state == .ended)
    }

    @Test func lookupsAndConfigurationFromLua() throws {
        let (engine, _) = try makeEngine(configured: false)
        try engine.run("""
            local ok, err = pcall(flowx.configure, {baseURL = "x"})
            assert(not ok and err == "flowx: the configuration is missing the mandatory fields enginePath, imageBaseURL, organizationId", err)
            local config = flowx.configure{baseURL = "x", enginePath = "e", imageBaseURL = "i", organizationId = "o", language = "ro", locale = "ro-RO"}
            assert(config.language == "ro")
            flowx.setTags{a = "A"}  flowx.setMedia{m = "https://m"}
            assert(flowx.tag("a") == "A" and flowx.tag("b") == nil and flowx.mediaURL("m") == "https://m")
            ok, err = pcall(flowx.setTags, {a = 1})
            assert(not ok and err:find("string keys and string values", 1, true), err)
            flowx.setEnumerations{e = {{code = "1"}}}
            assert(flowx.enumeration("e")[1].content == nil, "no invented content")
            ok, err = pcall(flowx.setEnumerations, {e = {{content = "x"}}})
            assert(not ok and err:find("e[0].code", 1, true), err)
            flowx.session("token-1")
            """)
        #expect(engine.transcript.events.contains { $0.type == "flowx.session" && $0["token"] == "token-1" })
    }

    @Test func relaunchKeepsLaunchSettingsAndDropsLuaRegistrations() throws {
        let (engine, system) = try makeEngine()
        try engine.run("flowx.validator('v', function() return false end) flowx.setTags{a = 'A'}")
        system.renderer.add(try ProcessDefinition(json: try json(#"{"name": "p", "screens": [{"id": "s"}]}"#)))
        try engine.relaunch()
        #expect(system.renderer.configuration != nil)
        #expect(system.renderer.definitions["p"] != nil)
        #expect(system.renderer.content.tag("a") == "A")
        #expect(system.renderer.validators.custom["v"] == nil)
    }

    /// What a script hands to the renderer stays in Swift (analytics in the transcript, form data):
    /// charged to the memory cap, so a loop of large calls ends with `not enough memory` (3,000
    /// analytics events of 1 MiB kept 3 GB before).
    @Test(arguments: [
        "for i = 1, 200 do flowx.collect{kind = 'screen', value = 's' .. i, customPayload = {blob = big}} end",
        "for i = 1, 200 do flowx.validate('required', big .. i) end",
    ])
    func largeArgumentsInALoopEndWithNotEnoughMemory(_ loop: String) throws {
        let (engine, _) = try makeEngine(instructions: nil)
        let error = #expect(throws: LuaError.self) { try engine.run("local big = ('x'):rep(1 << 20) " + loop) }
        #expect(error?.message.contains("not enough memory") == true, "\(loop): \(String(describing: error))")
        #expect(engine.retainedBytes <= 64 << 20)
    }
}
