import Engine
import Foundation
import JSON
import LuaRuntime
import Templates

/// Runs scenarios on a real engine with the templates system (the driver `ctlua test` uses).
public final class EngineScenarioDriver: ScenarioDriver {
    public let engine: Engine
    public let templates: TemplatesSystem
    let scenario: Scenario

    /// The factory the runner calls on each worker thread.
    public static let factory: ScenarioDriverFactory = { scenario, limits in
        try EngineScenarioDriver(scenario: scenario, limits: limits)
    }

    public init(scenario: Scenario, limits: ScenarioLimits) throws {
        self.scenario = scenario
        var configuration = Engine.Configuration()
        configuration.scriptRoots = [scenario.directory]
        configuration.baseDirectory = URL(fileURLWithPath: scenario.directory, isDirectory: true)
        var engineLimits = LuaLimits.standard
        if let memory = limits.maxMemory { engineLimits.memory = memory }
        if let instructions = limits.maxInstructions { engineLimits.instructions = instructions }
        if let timeout = limits.timeout { engineLimits.timeout = timeout }
        configuration.limits = engineLimits
        if case .steps(_, let setup, _) = scenario.body, let build = setup["build"] {
            configuration.isDebugBuild = build["debug"]?.boolValue ?? false
            configuration.isTestUser = build["testUser"]?.boolValue ?? false
        }
        engine = try Engine(configuration: configuration)
        templates = try TemplatesSystem()
        try engine.add(templates)
    }

    public func loadScripts(_ paths: [String]) throws {
        try engine.load(paths: paths)
    }

    public func setup(_ setup: JSONValue) throws {
        guard case .object(let object) = setup else { return }
        if case .object(let files)? = object["files"] {
            var fixtures: [String: FixtureFileFetcher.Fixture] = [:]
            for (url, value) in files {
                switch value {
                case .string(let path): fixtures[url] = .file(path)
                case .object(let o): fixtures[url] = .error(o["error"]?.stringValue ?? "failed")
                default: throw ScenarioSetupError(message: "setup.files[\"\(url)\"]: expected a path or {\"error\": ...}")
                }
            }
            // Fixtures stand in for the network, behind the 14-day cache as real downloads are.
            let transcript = engine.transcript
            engine.files.target = CachingFileFetcher.standard(
                storage: engine.storage, clock: engine.clock, fixtures: fixtures,
                baseDirectory: URL(fileURLWithPath: scenario.directory), onError: { transcript.record("error", ["message": .string($0)]) })
        }
        if let definitions = object["templates"], definitions != .object([:]) {
            do { try templates.defineJSON(definitions) } catch {
                throw ScenarioSetupError(message: "setup.templates: \(error)")
            }
        }
        for key in ["plugins", "screens", "tags", "media", "enumerations"] {
            if let value = object[key], value != .array([]), value != .object([:]) {
                throw ScenarioSetupError(message: "setup.\(key): not supported yet (the system that reads it is not built)")
            }
        }
        engine.settle()
    }

    public func runStep(name: String, value: JSONValue, step: JSONValue) throws {
        defer { engine.settle() }
        switch name {
        case "deliver": try templates.controller.deliver(value)
        case "tap":
            guard let id = value.stringValue else { throw ScenarioSetupError(message: "tap: expected a view id") }
            try engine.ui.tap(id: id)
        case "close":
            if !templates.controller.close() { throw ScenarioSetupError(message: "close: no in-app is displayed") }
        case "advance":
            guard let seconds = value.doubleValue, seconds >= 0 else {
                throw ScenarioSetupError(message: "advance: expected a non-negative number of seconds")
            }
            engine.clock.advance(by: seconds)
        case "relaunch": try engine.relaunch()
        case "lua":
            guard let code = value.stringValue else { throw ScenarioSetupError(message: "lua: expected a string") }
            try engine.run(code, name: "=\(scenario.name)")
        default:
            throw ScenarioSetupError(message: "unsupported step '\(name)'")
        }
    }

    public func runLuaScenario(path: String) throws {
        defer { engine.settle() }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !engine.lua.scriptRoots.contains(folder) { engine.lua.scriptRoots.append(folder) }
        try engine.lua.loadFile(path).call()
    }

    public var events: [TranscriptEvent] { engine.transcript.events }
    public var displayedID: String? { templates.controller.displayed?.id }
    public var queueIDs: [String] { templates.controller.queue.map(\.id) }
    public var uiTree: JSONValue { engine.ui.tree }
    public var navigation: JSONValue? { nil }
}

/// A scenario step or setup that the engine cannot carry out.
public struct ScenarioSetupError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
