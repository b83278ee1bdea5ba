import JSON
import Testing
@testable import Hooks

@Suite struct PluginModelTests {
    let document: JSONValue = try! JSONValue.decode("""
        [{"plugin": {"identifier": "login", "type": "login", "name": "Login", "screen": true, "preload": true,
                     "react_native": false, "api": {"class_name": "LoginHook"},
                     "general": {"fields": [{"key": "is_flow_blocker", "type": "switch", "initial_value": true},
                                            {"key": "allow_screen_plugin_presentation", "initial_value": false},
                                            {"key": "no_initial"}]}},
          "configuration_json": {"allow_screen_plugin_presentation": true, "url": "https://x"}},
         {"plugin": {"identifier": "plain"}}]
        """)

    @Test func readsManifestFieldsAndGeneralInitialValues() throws {
        let models = try PluginModel.parseConfigurations(document)
        #expect(models.map(\.identifier) == ["login", "plain"])
        let login = models[0]
        #expect(login.isScreen && login.preload && !login.reactNative)
        #expect(login.type == "login" && login.name == "Login" && login.className == "LoginHook")
        #expect(login.isFlowBlocker)
        // configuration_json overrides a field's initial value; a field without one is absent.
        #expect(login.general == ["is_flow_blocker": true, "allow_screen_plugin_presentation": true, "url": "https://x"])
        let plain = models[1]
        // Zapp hooks document: "Add key to your plugin manifest. This key will allow to define
        // plugin as prehook. "preload": true": without it, not a hook.
        #expect(!plain.isScreen && !plain.preload && !plain.isFlowBlocker && plain.general.isEmpty)
    }

    @Test(arguments: [
        (#"{"plugin": {}}"#, "plugin_configurations.json: $: expected an array of {\"plugin\": ..., \"configuration_json\": ...}, got object"),
        (#"[{"plugin": {"identifier": 3}}]"#, "plugin_configurations.json: [0].plugin.identifier: expected a string, got number"),
        (#"[{"plugin": {"identifier": "a"}}, {"configuration_json": {}}]"#, "plugin_configurations.json: [1].plugin: missing required key (expected an object)"),
        (#"[{"plugin": {"identifier": "a", "screen": "yes"}}]"#, "plugin_configurations.json: [0].plugin.screen: expected a boolean, got string"),
        (#"[{"plugin": {"identifier": "a"}, "configuration_json": [1]}]"#, "plugin_configurations.json: [0].configuration_json: expected an object, got array"),
        (#"[{"plugin": {"identifier": "a", "general": {"fields": 1}}}]"#, "plugin_configurations.json: [0].plugin.general.fields: expected an array, got number"),
        (#"[7]"#, "plugin_configurations.json: [0]: expected an object, got number"),
    ])
    func malformedConfigurationsNameTheFileAndPath(text: String, message: String) throws {
        let error = #expect(throws: LocatedProblem.self) { try PluginModel.parseConfigurations(try JSONDocument(text: text).value) }
        #expect(error?.description == message)
    }

    @Test func jsonExposesTheModelToLua() throws {
        let login = try PluginModel.parseConfigurations(document)[0]
        #expect(login.json["identifier"] == "login")
        #expect(login.json["general"]?["is_flow_blocker"] == true)
        #expect(login.json["configuration"]?["url"] == "https://x")
        #expect(login.json["manifest"]?["api"]?["class_name"] == "LoginHook")
    }

    // ZPPluginModel.swift: `pluginRequireStartupExecution`: `api?["require_startup_execution"] as? Bool ?? false`.
    @Test func pluginRequireStartupExecutionReadsTheAPIKeyAsABoolean() throws {
        let models = try PluginModel.parseConfigurations([
            ["plugin": ["identifier": "a", "api": ["require_startup_execution": true]]],
            ["plugin": ["identifier": "b", "api": ["require_startup_execution": false]]],
            ["plugin": ["identifier": "c", "api": ["class_name": "C"]]],
            ["plugin": ["identifier": "d", "require_startup_execution": true]],
            ["plugin": ["identifier": "e", "api": ["require_startup_execution": "true"]]],
        ])
        #expect(models.map(\.requireStartupExecution) == [true, false, false, false, false])
        #expect(models[0].json["require_startup_execution"] == true)
    }
}
