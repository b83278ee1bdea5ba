import Engine
import JSON
import Testing
@testable import FlowX

/// Issue 22, item 8: what the renderer hands the app, with the SDK's models and fields
/// (flowx-ai/flowx-docs 4.7.x/sdks/ios-renderer.mdx).
@Suite struct ProcessRendererModelsTests {
    static let definition = """
        {"name": "p", "stepper": [{"title": "About you", "substeps": [{"title": "Name"}, {"title": "Address"}]},
                                  {"title": "Loan"}],
         "screens": [
           {"id": "a", "step": 1, "substep": 2,
            "forms": [{"id": "f", "fields": [{"key": "x"}]}],
            "components": [{"id": "calc", "identifier": "Calc", "actions": ["recalculate", "uploadPayslip"]}],
            "buttons": [{"id": "next", "label": "Next", "action": "go", "analytics": {"value": "next_tap"}}]},
           {"id": "b", "step": 2}],
         "actions": {"go": {"next": "b"}, "recalculate": {}, "uploadPayslip": {"type": "upload"}}}
        """

    func make() throws -> (Engine, ProcessRenderer, RecordingDataSource) {
        let (engine, system) = try makeEngine()
        let renderer = system.renderer!
        let source = RecordingDataSource()
        renderer.dataSource = source
        renderer.add(try ProcessDefinition(json: try json(Self.definition)))
        return (engine, renderer, source)
    }

    // "public struct StepViewModel { stepTitle: String?; substepTitle: String? (title for the current
    // substep, if there is a stepper in stepper configured); step: Int; totalSteps: Int; substep: Int?;
    // totalSubsteps: Int? }"
    @Test func stepViewModelHasTheSDKsFieldsAndSubstepTitles() throws {
        let (engine, renderer, _) = try make()
        try renderer.start("p")
        let first = try #require(engine.transcript.events.last { $0.type == "flowx.stepper" }?["step"])
        #expect(first == ["step": 1, "totalSteps": 2, "stepTitle": "About you", "substepTitle": "Address", "substep": 2, "totalSubsteps": 2])
        try renderer.action("go")
        let second = try #require(engine.transcript.events.last { $0.type == "flowx.stepper" }?["step"])
        #expect(second == ["step": 2, "totalSteps": 2, "stepTitle": "Loan"])   // no substepper: no substep fields
    }

    // AnalyticsActionData: "component - The type of component triggering the action".
    @Test func theActionEventsComponentIsTheComponentType() throws {
        let (engine, renderer, _) = try make()
        try renderer.start("p")
        try engine.ui.tap(id: "next")
        let event = try #require(engine.transcript.events.last { $0.type == "analytics" && $0["kind"] == "action" })
        #expect(event["component"] == "BUTTON" && event["label"] == "Next" && event["screen"] == "a")
    }

    // "public func runAction(action: ProcessActionModel, params: [String: Any]? = nil) ... params - the
    // parameters for the action"
    @Test func runActionPassesItsParams() throws {
        let (engine, renderer, _) = try make()
        try renderer.start("p")
        try renderer.action("recalculate", params: ["amount": 5000])
        #expect(renderer.current?.submitted?["amount"] == 5000)
        #expect(engine.transcript.events.last { $0.type == "flowx.action" }?["data"]?["amount"] == 5000)
    }

    final class TitledComponent: CustomComponent {
        func titleForScreen() throws -> String? { "Your payslip" }
    }

    // FXController: "func titleForScreen() -> String? This method is used for setting the screen
    // title. It is called by the renderer when the view controller is displayed."
    @Test func aCustomComponentGivesTheScreenItsTitle() throws {
        let (engine, renderer, source) = try make()
        source.components["Calc"] = TitledComponent()
        try renderer.start("p")
        #expect(engine.ui.find("screen")?.properties["title"] == "Your payslip")
    }

    // "How to run an action from a custom component" / "How to run an upload action from a custom
    // component": a component runs the actions it was given, uploads included.
    @Test func luaComponentsRunTheirOwnActionsAndUploads() throws {
        let (engine, renderer, _) = try make()
        renderer.dataSource = try engine.plugin(FlowXSystem.self).luaDataSource
        try engine.run("""
            flowx.component("Calc", {
              titleForScreen = function(self) return "Calculator" end,
              populateUI = function(self) CALC = self end,
            })
            flowx.startProcess("p")
            assert(ui.find("screen").title == "Calculator")
            CALC:runAction("recalculate", {amount = 7})
            assert(flowx.state().submitted.amount == 7)
            CALC:runUploadAction("uploadPayslip", "payslip.pdf")
            assert(flowx.state().submitted.uploadPayslip.file == "payslip.pdf")
            local ok, err = pcall(CALC.runAction, CALC, "go")
            assert(not ok and err:find("component 'Calc' has no action 'go' (its actions: recalculate, uploadPayslip)", 1, true), err)
            """)
    }
}
