import Engine
import JSON
import Testing
@testable import FlowX

/// The submitted request: the forms' values, then each component's saved data, the file and the
/// action's params (last write wins, first write places the key); every key then in the data.
extension ProcessRendererTests {
    @Test func theRequestAndTheDataGetWhatIsSetBesidesTheFormsInOrder() throws {
        let (engine, renderer, _, component) = try makeRenderer()
        try renderer.start("apply", params: ["zeta": 1, "age": 40])
        let before = try #require(renderer.current?.data)
        component.saved = ["monthly": 12.5, "age": 41, "new1": "a"]
        let params: JSONObject = ["new2": true, "monthly": 13, "zeta": 2]
        try renderer.action("save", params: params)
        // The rule written out: request key by key, then each request key written into the data.
        var request: JSONObject = ["age": before["age"]!]
        for (k, v) in component.saved { request[k] = v }
        for (k, v) in params { request[k] = v }
        var data = before
        for (k, v) in request { data[k] = v }
        let current = try #require(renderer.current)
        #expect(current.submitted == request && Array(current.submitted?.keys ?? []) == ["age", "monthly", "new1", "new2", "zeta"])
        #expect(current.data == data && Array(current.data.keys) == Array(data.keys))
        #expect(current.data["age"] == 41 && current.data["zeta"] == 2 && current.data["monthly"] == 13)
        let event = try #require(engine.transcript.events.last { $0.type == "flowx.action" })
        #expect(event.fields == ["action": "save", "process": .string(current.definition.name), "screen": "details",
                                 "data": .object(request)])
        #expect(event.fields.keys.elements == ["action", "process", "screen", "data"])
    }
}
