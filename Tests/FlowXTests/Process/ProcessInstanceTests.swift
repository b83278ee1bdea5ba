import JSON
import Testing
@testable import FlowX

/// A submit's form values: the keys of the screen's fields (made once per screen and shared by the
/// requests) with their values in the data, as the rule written out gives them.
@Suite struct ProcessInstanceTests {
    /// Screen `one`'s second form repeats `x` (a definition made in Swift: the JSON reader refuses it).
    let definition = {
        var definition = try! ProcessDefinition(json: try! json("""
            {"name": "p", "screens": [
              {"id": "one", "forms": [{"id": "a", "fields": [{"key": "x"}, {"key": "y"}]},
                                      {"id": "b", "fields": [{"key": "z"}, {"key": "w"}]}]},
              {"id": "two", "forms": [{"id": "c", "fields": [{"key": "w"}, {"key": "v"}]}]}]}
            """))
        definition.screens[0].forms[1].fields.insert(FieldDefinition(key: "x"), at: 1)
        return definition
    }()

    /// The rule: every field of every form of the screen in order, a key set at its first place.
    func expected(_ screen: ScreenDefinition, _ data: JSONObject) -> JSONObject {
        var request: JSONObject = [:]
        for form in screen.forms { for field in form.fields { if let v = data[field.key] { request[field.key] = v } } }
        return request
    }

    @Test func formValuesFollowTheDataAndTheScreen() {
        let instance = ProcessInstance(uuid: "u", definition: definition, parent: nil, data: ["w": 1, "x": "a", "y": [1, 2], "z": .null, "q": 9])
        let first = instance.formValues()
        #expect(first == expected(instance.screen, instance.data) && Array(first.keys) == ["x", "y", "z", "w"])
        instance.data["x"] = ["nested": true]   // new values, the same keys
        let second = instance.formValues()
        #expect(second == expected(instance.screen, instance.data) && second["x"] == ["nested": true] && first["x"] == "a")
        instance.data["y"] = nil   // a key without a value is left out
        #expect(instance.formValues() == expected(instance.screen, instance.data) && Array(instance.formValues().keys) == ["x", "z", "w"])
        instance.screen = definition.screens[1]   // another screen: its own keys
        #expect(instance.formValues() == ["w": 1] && expected(instance.screen, instance.data) == ["w": 1])
        instance.data["v"] = "new"
        #expect(Array(instance.formValues().keys) == ["w", "v"])
        instance.screen = definition.screens[0]
        instance.data["y"] = 3
        #expect(Array(instance.formValues().keys) == ["x", "y", "z", "w"] && instance.formValues()["y"] == 3)
    }

    /// Each key's place in the data is remembered between submits: keys removed, moved or added
    /// before it (its place changes) still give its own value.
    @Test func formValuesFollowKeysMovingInTheData() {
        let instance = ProcessInstance(uuid: "u", definition: definition, parent: nil, data: ["x": 1, "y": 2, "z": 3, "w": 4])
        #expect(instance.formValues() == ["x": 1, "y": 2, "z": 3, "w": 4])
        let changes: [(inout JSONObject) -> Void] = [
            { $0.removeValue(forKey: "x") }, { $0["x"] = 10 }, { $0.removeValue(forKey: "q") },
            { $0 = ["a": 0, "w": 40, "z": 30, "y": 20, "x": 11] }, { $0.removeValue(forKey: "a") }, { $0.swapAt(0, 3) },
            { $0 = ["w": "w", "x": "x"] }, { $0["y"] = "y"; $0["z"] = "z" },
        ]
        for change in changes {
            change(&instance.data)
            #expect(instance.formValues() == expected(instance.screen, instance.data), "data \(instance.data)")
            #expect(instance.formValues() == expected(instance.screen, instance.data))
        }
    }
}
