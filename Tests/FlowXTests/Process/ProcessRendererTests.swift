import Engine
import JSON
import Testing
@testable import FlowX

@Suite struct ProcessRendererTests {
    static let definition = """
        {"name": "apply", "stepper": [{"title": "Details"}, {"title": "Done"}],
         "screens": [
           {"id": "details", "step": 1, "analytics": {"value": "details_screen", "customPayload": {"ab": "B"}},
            "forms": [{"id": "f", "fields": [{"key": "age", "validators": [
               {"name": "required", "message": "Age?"}, {"name": "min", "params": ["18"], "message": "Too young"}]}]}],
            "components": [{"id": "calc", "identifier": "Calc", "data": {"rate": 1}, "inputs": ["age"]}],
            "buttons": [{"id": "next", "label": "Next", "action": "save",
                         "analytics": {"value": "next_tap", "customPayload": {"pos": 1}}},
                        {"id": "help", "action": "openHelp"}, {"id": "doc", "action": "upload"}]},
           {"id": "done", "step": 2, "buttons": [{"id": "finish", "action": "finish"}]}],
         "actions": {"save": {"validate": ["f", "calc"], "next": "done"}, "finish": {"next": "end"},
                     "openHelp": {"type": "startProject", "process": "help"}, "upload": {"type": "upload"}},
         "processes": [{"name": "help", "modal": true, "screens": [{"id": "h", "buttons": [{"id": "x", "action": "close"}]}],
                        "actions": {"close": {"type": "dismiss"}}}]}
        """

    func makeRenderer() throws -> (Engine, ProcessRenderer, RecordingDataSource, TestComponent) {
        let (engine, system) = try makeEngine()
        let renderer = system.renderer!
        let source = RecordingDataSource()
        let component = TestComponent()
        source.components["Calc"] = component
        renderer.dataSource = source
        renderer.add(try ProcessDefinition(json: try json(Self.definition)))
        return (engine, renderer, source, component)
    }

    @Test func startShowsTheScreenAndCallsTheDataSourceInOrder() throws {
        let (engine, renderer, source, component) = try makeRenderer()
        source.header = HeadlessView(id: "header", properties: ["text": "1/2"])
        let instance = try renderer.start("apply", params: ["age": 30], options: StartOptions(showLoader: true))
        #expect(instance.uuid == "00000000-0000-4000-8000-000000000001")
        #expect(source.calls == ["loader:startProcess", "header:1/2", "collect:screen:details_screen"])
        #expect(engine.ui.find("age")?.properties["value"] == 30)
        #expect(engine.ui.find("header")?.properties["text"] == "1/2")
        #expect(engine.ui.find("calc")?.properties["shown"] == true)
        #expect(component.populated == ["rate": 1, "age": 30], "inputs merge the process data into the component's data")
        let analytics = try #require(engine.transcript.events.first { $0.type == "analytics" })
        #expect(analytics["customPayload"] == ["ab": "B"])
    }

    @Test func anInvalidFormBlocksTheActionUntilFixed() throws {
        let (engine, renderer, source, _) = try makeRenderer()
        try renderer.start("apply")
        try renderer.fill(["age": 16])
        try engine.ui.tap(id: "next")
        #expect(renderer.current?.screen.id == "details")
        #expect(renderer.current?.errors == ["age": "Too young"])
        #expect(engine.ui.find("age")?.properties["error"] == "Too young")
        #expect(!source.calls.contains("loader:action:save"))
        try renderer.fill(["age": 21])
        #expect(engine.ui.find("age")?.properties["error"] == .null)
        try engine.ui.tap(id: "next")
        #expect(renderer.current?.screen.id == "done")
        #expect(Array(source.calls.suffix(2)) == ["loader:action:save", "header:2/2"])
        #expect(source.calls.filter { $0 == "collect:action:next_tap" }.count == 2)
        let action = try #require(engine.transcript.events.last { $0.type == "analytics" && $0["kind"] == "action" })
        #expect(action["component"] == "BUTTON" && action["label"] == "Next" && action["screen"] == "details"
                && action["customPayload"] == ["pos": 1])
    }

    @Test func componentSaveDataIsMergedAndItsValidateBlocks() throws {
        let (_, renderer, _, component) = try makeRenderer()
        try renderer.start("apply", params: ["age": 40])
        component.valid = false
        component.saved = ["monthly": 12.5]
        try renderer.action("save")
        #expect(renderer.current?.screen.id == "details")
        component.valid = true
        try renderer.action("save")
        #expect(renderer.current?.submitted == ["age": 40, "monthly": 12.5])
        #expect(renderer.current?.data["monthly"] == 12.5)
        try renderer.action("finish")
        #expect(renderer.current == nil)
        #expect(renderer.instances.first?.state == .ended)
    }

    // Issue 37, item 6: `flowx.action.blocked` names the custom components whose `validate()`
    // blocked the action (`components`: their ids), not a boolean.
    @Test func actionBlockedListsTheIdsOfTheBlockingComponents() throws {
        let (engine, renderer, _, component) = try makeRenderer()
        try renderer.start("apply", params: ["age": 40])
        component.valid = false
        try renderer.action("save")
        let blocked = try #require(engine.transcript.events.last { $0.type == "flowx.action.blocked" })
        #expect(blocked["components"] == ["calc"])
        component.valid = true
        try renderer.action("save")
        #expect(engine.transcript.events.filter { $0.type == "flowx.action.blocked" }.count == 1)
    }

    @Test func loaderTypesComeInOrderAcrossUploadModalAndResume() throws {
        let (engine, renderer, source, _) = try makeRenderer()
        source.loaderView = HeadlessView(id: "spinner")
        // As the SDK's sample app: present a new process, stop a dismissed one.
        source.onNewProcess = { [unowned renderer] uuid in try renderer.resume(uuid, options: StartOptions(showLoader: true)) }
        source.onDismiss = { [unowned renderer] name in renderer.stopProcess(name) }
        try renderer.start("apply", params: ["age": 30], options: StartOptions(showLoader: true))
        try renderer.upload("upload", file: "id.pdf")
        try engine.ui.tap(id: "help")
        #expect(renderer.current?.definition.name == "help")
        try engine.ui.tap(id: "x")
        #expect(renderer.current?.definition.name == "apply")
        #expect(source.calls.filter { $0.hasPrefix("loader") || $0.hasPrefix("new") || $0.hasPrefix("dismiss") } == [
            "loader:startProcess", "loader:upload:upload", "loader:action:openHelp", "loader:startProcess",
            "new:00000000-0000-4000-8000-000000000002", "loader:reloadProcess", "loader:action:close", "dismiss:help",
            "loader:reloadProcess",
        ])
        #expect(renderer.current?.data["upload"] == ["file": "id.pdf"])
        #expect(engine.transcript.events.contains { $0.type == "flowx.loader" && $0["custom"] == true })
    }

    @Test func drivingErrorsAreClear() throws {
        let (_, renderer, _, _) = try makeRenderer()
        #expect(throws: RendererError.noProcess) { try renderer.fill(["age": 1]) }
        #expect(throws: RendererError.unknownProcess("nope", known: ["apply", "help"])) { try renderer.start("nope") }
        try renderer.start("apply")
        #expect(throws: RendererError.noField("nickname", screen: "details")) { try renderer.fill(["nickname": "x"]) }
        #expect(throws: RendererError.notModal("apply")) { try renderer.dismiss() }
        #expect(throws: RendererError.notUpload("save")) { try renderer.upload("save", file: "x") }
        #expect(throws: RendererError.noAction("finish", screen: "details")) { try renderer.action("finish") }
        let (_, unconfigured) = try makeEngine(configured: false)
        unconfigured.renderer.add(try ProcessDefinition(json: try json(Self.definition)))
        #expect(throws: RendererError.configuration(.notConfigured)) { try unconfigured.renderer.start("apply") }
    }

    @Test func dataSourceErrorsAreContainedAndRecorded() throws {
        let (engine, renderer, source, _) = try makeRenderer()
        source.failCollect = true
        try renderer.start("apply")
        #expect(renderer.current?.screen.id == "details")
        #expect(engine.transcript.events.contains { $0.type == "error" && $0["message"] == "flowx: collect: test failure" })
    }

    final class ValidatingSource: DataSource {
        var asked: [String] = []
        func validate(validatorName: String, value: String, params: [String]?) -> Bool? {
            asked.append("\(validatorName)(\(value), \(params ?? []))")
            return validatorName == "even" ? (Int(value) ?? 1) % 2 == 0 : nil
        }
    }

    @Test func theDataSourceAnswersCustomValidatorsNotRegisteredByName() throws {
        let (_, system) = try makeEngine()
        let source = ValidatingSource()
        system.renderer.dataSource = source
        let validators = system.renderer.validators
        #expect(validators.validateWaiting("even", value: 4, params: ["x"]).valid)
        #expect(!validators.validateWaiting("even", value: 3).valid)
        #expect(validators.validateWaiting("other", value: 3).reason == "unknown validator")
        validators.register("even") { _, _ in false }   // registered by name: asked first
        #expect(!validators.validateWaiting("even", value: 4).valid)
        #expect(source.asked == ["even(4, [\"x\"])", "even(3, [])", "other(3, [])"])
    }
}
