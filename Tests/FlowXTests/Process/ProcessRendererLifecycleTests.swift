import Engine
import JSON
import Testing
@testable import FlowX

/// Issue 22, item 6: the process lifecycle the app drives, as the FlowX iOS renderer documents it
/// (flowx-ai/flowx-docs, 4.7.x/sdks/ios-renderer.mdx "Using the library"; 5.9 iOS migration guide).
@Suite struct ProcessRendererLifecycleTests {
    static let definitions = """
        {"name": "main", "screens": [{"id": "a", "buttons": [{"id": "go", "action": "go"}, {"id": "more", "action": "more"},
                                                           {"id": "done", "action": "done"}]}],
         "actions": {"go": {"next": "a"}, "more": {"type": "startProject", "process": "child"}, "done": {"next": "end"}},
         "processes": [{"name": "child", "modal": true, "screens": [{"id": "c", "buttons": [{"id": "close", "action": "close"}]}],
                        "actions": {"close": {"type": "dismiss"}}}]}
        """

    func make() throws -> (Engine, FlowXSystem) {
        let (engine, system) = try makeEngine()
        system.renderer.add(try ProcessDefinition(json: try json(Self.definitions)))
        return (engine, system)
    }

    // "you can start a FlowX session by calling the startSession() method. This is optional, as the
    // session starts lazily when the first process is started." / "endSession() ... also does a
    // complete clean-up of the started processes."
    @Test func sessionStartsLazilyAndEndingItStopsEveryProcess() throws {
        let (engine, system) = try make()
        let renderer = system.renderer!
        #expect(!renderer.sessionStarted)
        try renderer.start("main")
        #expect(renderer.sessionStarted)
        renderer.endSession()
        #expect(renderer.instances.map(\.state) == [.stopped])
        #expect(renderer.current == nil && engine.ui.find("go") == nil)
        #expect(engine.transcript.events.map(\.type).filter { $0.hasPrefix("flowx.session.") } == ["flowx.session.started", "flowx.session.ended"])
    }

    // 5.9 migration guide: startProcess(workspaceId:projectId:name:params:isModal:showLoader:completion:
    // onProcessEnded:) — "The completion closure ... now receives the started process instance UUID".
    // "isModal - ... a close bar button item is displayed"; "showLoader - whether the loader should be
    // displayed when starting the process" (default false); "onProcessEnded - a closure called when the
    // process ends".
    @Test func startProcessTakesTheCallTimeOptionsAndGivesTheUUID() throws {
        let (engine, system) = try make()
        let source = RecordingDataSource()
        system.renderer.dataSource = source
        var ended = 0
        let uuid = system.renderer.startProcess("main", params: ["k": 1],
                                                options: StartOptions(workspaceId: "w1", projectId: "p1", isModal: true, onProcessEnded: { ended += 1 }))
        #expect(uuid == "00000000-0000-4000-8000-000000000001")
        #expect(!source.calls.contains("loader:startProcess"))   // showLoader defaults to false
        let started = engine.transcript.events.first { $0.type == "flowx.process.started" }
        #expect(started?["workspaceId"] == "w1" && started?["projectId"] == "p1" && started?["modal"] == true)
        #expect(system.renderer.current?.isModal == true)
        try system.renderer.dismiss()   // a modal process: the close button exists
        try system.renderer.action("done")
        #expect(ended == 1 && system.renderer.instances[0].state == .ended)
        _ = system.renderer.startProcess("main", options: StartOptions(showLoader: true))
        #expect(source.calls.contains("loader:startProcess"))
    }

    // Issue 22: "a failed start gives uuid "" rather than raising".
    @Test func aStartThatFailsGivesAnEmptyUUID() throws {
        let (engine, system) = try make()
        #expect(system.renderer.startProcess("nope") == "")
        #expect(engine.transcript.events.last?.type == "flowx.process.failed")
        #expect(engine.transcript.events.last?["reason"]?.stringValue?.contains("no process definition named 'nope'") == true)
        let (_, unconfigured) = try makeEngine(configured: false)
        unconfigured.renderer.add(try ProcessDefinition(json: try json(Self.definitions)))
        #expect(unconfigured.renderer.startProcess("main") == "")
    }

    // "dismissRequested(forProcess:navigationController:) ... is called, on a modally displayed process
    // navigation, when the user attempts to dismiss the modal navigation. Typically it is used when you
    // want to present a confirmation pop-up. The container app is responsible with dismissing the UI and
    // calling the stop process APIs."
    @Test func dismissLeavesTheDecisionToTheApp() throws {
        let (engine, system) = try make()
        let source = RecordingDataSource()
        system.renderer.dataSource = source
        source.onNewProcess = { [unowned system] uuid in try system.renderer.resume(uuid) }
        try system.renderer.start("main")
        try engine.ui.tap(id: "more")
        try engine.ui.tap(id: "close")
        #expect(source.calls.contains("dismiss:child"))
        #expect(system.renderer.current?.definition.name == "child" && system.renderer.current?.state == .running)
        // "You can manually end a process by calling the stopProcess(name: String) method."
        system.renderer.stopProcess("child")
        #expect(system.renderer.instances[1].state == .stopped)
        #expect(system.renderer.current?.definition.name == "main" && engine.ui.find("go") != nil)
    }

    // "newProcessStarted(processInstanceUuid:) ... The container app is responsible for dismissing the
    // navigation of the current process and displaying the new process navigation."
    @Test func newProcessStartedLeavesThePresentationToTheApp() throws {
        let (engine, system) = try make()
        let source = RecordingDataSource()
        system.renderer.dataSource = source
        try system.renderer.start("main")
        try engine.ui.tap(id: "more")
        #expect(source.calls.contains("new:00000000-0000-4000-8000-000000000002"))
        #expect(system.renderer.current?.definition.name == "main" && engine.ui.find("close") == nil)
        // continueExistingProcess(uuid:name:...) presents it.
        #expect(throws: RendererError.wrongName("00000000-0000-4000-8000-000000000002", name: "main", actual: "child")) {
            try system.renderer.resume("00000000-0000-4000-8000-000000000002", name: "main")
        }
        try system.renderer.resume("00000000-0000-4000-8000-000000000002", name: "child")
        #expect(system.renderer.current?.definition.name == "child" && engine.ui.find("close") != nil)
    }

    @Test func luaDrivesTheLifecycleWithCompletionsAndOnProcessEnded() throws {
        let (engine, _) = try make()
        try engine.run("""
            local got = {}
            flowx.dataSource{
              newProcessStarted = function(uuid) flowx.continueExistingProcess(uuid, "child", {completion = function(u) got[#got+1] = "shown " .. u end}) end,
              dismissRequested = function(process) got[#got+1] = "asked " .. process end,
            }
            local uuid = flowx.startProcess("main", {}, {workspaceId = "w", projectId = "p", showLoader = false,
              completion = function(u) got[#got+1] = "started " .. u end,
              onProcessEnded = function() got[#got+1] = "ended" end})
            assert(uuid == "00000000-0000-4000-8000-000000000001")
            assert(flowx.startProcess("missing", {}, {completion = function(u) got[#got+1] = "failed '" .. u .. "'" end}) == "")
            app.tap("more")
            app.tap("close")
            assert(flowx.state().process == "child", "the app keeps it until it stops it")
            flowx.stopProcess("child")
            assert(flowx.state().process == "main")
            app.tap("done")
            local ui = flowx.startUIFlow("main")
            assert(flowx.state().uiFlow == true and ui == "00000000-0000-4000-8000-000000000003")
            local ok, err = pcall(flowx.startProcess, "main", {}, {isModal = "yes"})
            assert(not ok and err:find("isModal must be a boolean", 1, true), err)
            assert(table.concat(got, ",") == "started 00000000-0000-4000-8000-000000000001,failed '',shown 00000000-0000-4000-8000-000000000002,asked child,ended", table.concat(got, ","))
            """)
    }
}
