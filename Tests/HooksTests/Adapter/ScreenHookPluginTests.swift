import Engine
import JSON
import Testing
@testable import Hooks

/// A hook plugin type with the SDK's two initialisers; it reports which one ran through its data.
final class TwoInitHook: ScreenHookPlugin {
    let created: String
    let blocker: Bool

    init?(pluginModel: PluginModel, dataSourceModel: JSONValue?) throws {
        guard pluginModel.configuration["fail"] == nil else { return nil }
        created = "plugin:\(pluginModel.identifier):\(dataSourceModel?["id"]?.stringValue ?? "-")"
        blocker = pluginModel.isFlowBlocker
    }

    init?(pluginModel: PluginModel, screenModel: ScreenModel, dataSourceModel: JSONValue?) throws {
        created = "screen:\(pluginModel.identifier):\(screenModel.id):\(screenModel.name ?? "-")"
        blocker = pluginModel.isFlowBlocker
    }

    var isFlowBlocker: Bool { blocker }

    func executeHook(presentationIndex: Int, dataDict: JSONObject?, completion: @escaping HookCompletion) throws {
        let seen = dataDict?["created"]?.arrayValue ?? []
        completion(!blocker, blocker ? "configured to block" : nil, ["created": .array(seen + [.string(created)])])
    }
}

@Suite struct ScreenHookPluginTests {
    @Test func theManagerCallsTheInitialiserMatchingThePluginKind() throws {
        let h = try HooksHarness()
        try h.system.loadPlugins(try JSONValue.decode("""
            [{"plugin": {"identifier": "plain", "screen": false, "preload": true}},
             {"plugin": {"identifier": "screeny", "screen": true, "preload": true}}]
            """))
        try h.system.loadScreens(try JSONValue.decode("""
            [{"id": "target", "hooks": {"preload_plugins": [{"identifier": "plain", "type": "general"},
                                                            {"identifier": "screeny", "type": "general", "screen_id": "s1"}]}},
             {"id": "s1", "name": "Screen one"}]
            """))
        h.manager.register("plain", .type(TwoInitHook.self))
        h.manager.register("screeny", .type(TwoInitHook.self))
        try h.navigate("target", dataSource: ["id": "m7"])
        #expect(h.manager.state.stack.last?.data == ["created": ["plugin:plain:m7", "screen:screeny:s1:Screen one"]])
        #expect(h.events("hook.presented").first?["screen"] == "s1")
    }

    @Test func theManifestsFlowBlockerSettingReachesTheInitialiser() throws {
        let h = try HooksHarness()
        try h.system.loadPlugins(try JSONValue.decode("""
            [{"plugin": {"identifier": "gate", "preload": true, "general": {"fields": [{"key": "is_flow_blocker", "initial_value": true}]}}},
             {"plugin": {"identifier": "broken", "preload": true}, "configuration_json": {"fail": true}}]
            """))
        h.screen("target", pre: ["broken", "gate"])
        h.manager.register("gate", .type(TwoInitHook.self))
        h.manager.register("broken", .type(TwoInitHook.self))
        try h.navigate("target")
        #expect(h.events("hook.skipped").first?.fields == ["identifier": "broken", "reason": "init failed"])
        #expect(h.manager.state.last?.blockedBy == "gate")
    }
}
