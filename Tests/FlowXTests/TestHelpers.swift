import Engine
import Foundation
import JSON
import TestSupport
@testable import FlowX

/// A fresh engine with the FlowX system, configured.
func makeEngine(configured: Bool = true, instructions: Int? = 1_000_000) throws -> (Engine, FlowXSystem) {
    let (engine, system) = try TestSupport.makeEngine(with: FlowXSystem()) { $0.limits.instructions = instructions }
    if configured {
        // The SDK's order: configuration, session, theme.
        system.renderer.configure(try Configuration(json: sampleConfig))
        system.renderer.sessionToken = "token"
        try system.renderer.setupTheme(uuid: "theme-1")
    }
    return (engine, system)
}

var sampleConfig: JSONValue { ["baseURL": "https://api.example", "enginePath": "engine",
                               "imageBaseURL": "https://cdn.example", "organizationId": "org-1"] }

/// A data source written in Swift that records every call, in order.
final class RecordingDataSource: DataSource {
    var calls: [String] = []
    var components: [String: any CustomComponent] = [:]
    var loaderView: HeadlessView?
    var header: HeadlessView?
    var failCollect = false
    /// What the app does on `newProcessStarted` / `dismissRequested` (nothing by default, as the SDK).
    var onNewProcess: ((String) throws -> Void)?
    var onDismiss: ((String) throws -> Void)?

    func collect(event: AnalyticsEvent) throws {
        calls.append("collect:\(event.kind):\(event.json["value"]?.stringValue ?? "")")
        if failCollect { throw TestFailure() }
    }
    func component(for identifier: String) throws -> (any CustomComponent)? { components[identifier] }
    func errorReceivedForAction(_ name: String) throws { calls.append("error:\(name)") }
    func dismissRequested(process: String) throws {
        calls.append("dismiss:\(process)")
        try onDismiss?(process)
    }
    func newProcessStarted(uuid: String) throws {
        calls.append("new:\(uuid)")
        try onNewProcess?(uuid)
    }
    func customLoader(type: CustomLoaderType) throws -> HeadlessView? {
        calls.append("loader:\(type.kind)" + (type.name.map { ":\($0)" } ?? ""))
        return loaderView
    }
    func viewForStepperHeader(stepViewModel: StepViewModel) throws -> HeadlessView? {
        calls.append("header:\(stepViewModel.step)/\(stepViewModel.totalSteps)")
        return header
    }
}

/// A component in Swift with a settable validity and saved data.
final class TestComponent: CustomComponent {
    var valid = true
    var saved: JSONObject = [:]
    var populated: JSONValue?
    func populateUI(data: JSONValue, actions: [String]) throws -> JSONObject {
        populated = data
        return ["shown": true]
    }
    func saveData() throws -> JSONObject { saved }
    func validate() throws -> Bool { valid }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String { "test failure" }
}

/// Parses JSON text in tests.
func json(_ text: String) throws -> JSONValue { try JSONValue.decode(text) }

/// The `flowx` package root's examples folder.
var examplesFlowX: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/flowx")
}
