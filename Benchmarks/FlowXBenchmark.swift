import Engine
import FlowX
import Foundation
import JSON
import LuaRuntime
import SystemKit
import Systems

// MARK: - B9: a FlowX submit validating a 20-field form

/// A process whose one screen holds a 20-field form, 3 validators per field (`required`,
/// `minLength`, and the custom Lua validator `even`), and a button whose action validates it.
private func b9Definition(fields count: Int) -> String {
    let fields = (1...count).map { i in
        #"{"key": "f\#(i)", "validators": [{"name": "required", "message": "r"}, {"name": "minLength", "params": ["2"], "message": "m"}, {"name": "even", "type": "custom", "message": "e"}]}"#
    }
    return #"{"name": "bench", "screens": [{"id": "s", "forms": [{"id": "f", "fields": [\#(fields.joined(separator: ","))]}], "buttons": [{"id": "go", "action": "save"}]}], "actions": {"save": {"validate": ["f"]}}}"#
}

/// B9 (report only): `renderer.action("save")` per submit (60 validations, 20 of them calls into
/// Lua, the request built and recorded); baseline: the same checks as one plain Lua function per
/// submit, called from Swift.
/// `fields`: 20 for B9; the growth runs (`--growth`) also measure 200.
func benchB9(runs: Int, fields count: Int = 20) throws -> Figure {
    let validator = """
        flowx.validator("even", function(value) return #value % 2 == 0 end)
        local function plainSubmit(data)
          local errors = {}
          for i = 1, \(count) do
            local k = "f" .. i
            local v = data[k]
            if v == nil or v == "" then errors[k] = "r"
            elseif #v < 2 then errors[k] = "m"
            elseif #v % 2 ~= 0 then errors[k] = "e" end
          end
          return next(errors) == nil
        end
        return plainSubmit
        """
    func makeEngine() throws -> (Engine, ProcessRenderer, LuaFunction?) {
        let engine = try SystemCatalog.standard.makeEngine()
        let system = try engine.plugin(FlowXSystem.self)
        try system.renderer.configure(Configuration(baseURL: "https://a", enginePath: "e", imageBaseURL: "https://i", organizationId: "o"))
        system.renderer.sessionToken = "bench"   // the SDK's order: session, theme, then start
        try system.renderer.setupTheme(uuid: "bench")
        system.renderer.add(try ProcessDefinition(json: try JSONValue.decode(b9Definition(fields: count))))
        let plain = try engine.run(validator).first?.functionValue
        try system.renderer.start("bench", params: JSONObject(uniqueKeysWithValues: (1...count).map { ("f\($0)", JSONValue.string("abcd")) }))
        return (engine, system.renderer, plain)
    }
    let (engine, renderer, plainFunction) = try makeEngine()
    try renderer.action("save")
    guard renderer.current?.submitted?.count == count, renderer.current?.errors.isEmpty == true else { throw BenchError("B9: the submit did not pass") }
    guard let plain = plainFunction else { throw BenchError("B9: no plain function") }
    let data = try engine.lua.luaValue(.object(JSONObject(uniqueKeysWithValues: (1...count).map { ("f\($0)", JSONValue.string("abcd")) })))
    let n = 200
    let (m, b) = try alternate(runs: runs, measured: {
        let (fresh, r, _) = try makeEngine()   // a fresh transcript for each run
        let t0 = now()
        for _ in 0..<n { try r.action("save") }
        let dt = Double(now() - t0) / Double(n) / 1000
        withExtendedLifetime(fresh) {}
        return dt
    }, baseline: {
        let t0 = now()
        for _ in 0..<n { _ = try plain.call(data) }
        return Double(now() - t0) / Double(n) / 1000
    })
    return Figure(id: count == 20 ? "B9" : "B9@\(count)", value: m, baseline: b, unit: "us/submit", target: count == 20 ? 5 : nil,
                  note: "\(count) fields x 3 validators, 1 custom in Lua")
}
