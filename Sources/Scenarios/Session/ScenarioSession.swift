import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// A scenario played live, one step at a time, and recorded as a scenario file: what `ctlua
/// preview` and the REPL's `:record` drive.
///
/// A session starts as a JSON scenario starts (``Start``): a new engine under the scenario
/// policy and limits of ``ScenarioExecutor`` (strict, the scenario's folder as its root), the
/// start's `setup` and `scripts`. Each ``perform(_:)`` takes one step as a scenario file writes
/// it (`{"tap": "ok"}`, `{"deliver": {...}}`, `{"advance": 5}`, any step of the catalog's
/// systems), checks it as the loader checks a file's step, runs it as `ctlua test` runs it and,
/// when it succeeds, records it. ``pin()`` records an `expect` of the state now, from the
/// expectation keys that can say it (``ExpectationDefinition/current``). ``recordedScenario(name:)``
/// is the scenario file of all that: the start's members, the steps, and an `expect` of the end
/// state; ``save(as:name:overwrite:)`` writes it beside the start and runs it as `ctlua test`
/// would, so a saved file that would not pass says so at once.
///
/// Not `Sendable`: like its engine, a session is confined to the thread that made it.
public final class ScenarioSession {
    /// Where a session starts.
    public enum Start: Sendable, Equatable {
        /// A JSON scenario file: its members but `steps` (`scripts`, `setup`, `include`...); with
        /// `steps: true` its steps run too, and are the first recorded.
        case scenario(path: String, steps: Bool = false)
        /// Nothing loaded, in `folder` (scripts are added with ``addScript(_:)``).
        case blank(folder: String)
    }

    /// What one performed step did.
    public struct Outcome: Sendable, Equatable {
        /// Empty when the step succeeded (it was recorded); else why not, one line each.
        public var failures: [String]
        /// The transcript events the step recorded (indices into ``events``).
        public var events: Range<Int>
        public var succeeded: Bool { failures.isEmpty }
    }

    /// An error of the session itself (a start that cannot be read, a save refused).
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public let start: Start
    public let executor: ScenarioExecutor
    /// The folder of the start: relative references of the recorded scenario (scripts, files
    /// named by its setup and steps) resolve against it, and ``save(as:name:overwrite:)`` writes in it.
    public let folder: String
    /// The engine the steps run on (a new one after ``replay()``).
    public private(set) var engine: Engine
    /// The steps recorded so far, as a scenario file writes them.
    public private(set) var recorded: [JSONValue] = []
    /// Failures of the start itself (its setup or scripts), empty when it started cleanly.
    public private(set) var startFailures: [String] = []

    /// The start's members but `steps`, `name` and the run marks, as written.
    private var document: JSONObject
    /// The absolute paths of scripts added to a blank start (made relative to the saved file).
    private var addedScripts: [String] = []
    private var since = 0
    private var named: Set<Int> = []

    /// Starts a session: reads the start, makes the engine, applies the setup, loads the scripts
    /// (and runs the start's steps when asked). A start that cannot be read throws; a setup or
    /// script that fails is in ``startFailures``.
    public init(start: Start, registry: StepRegistry, limits: ScenarioLimits = ScenarioLimits()) throws {
        self.start = start
        executor = ScenarioExecutor(registry: registry, limits: limits)
        var startSteps: [JSONValue] = []
        switch start {
        case .blank(let folder):
            self.folder = URL(fileURLWithPath: folder).standardizedFileURL.path
            document = ["scripts": []]
        case .scenario(let path, let steps):
            let file = URL(fileURLWithPath: path).standardizedFileURL
            self.folder = file.deletingLastPathComponent().path
            let reader: JSONReader
            do {
                reader = try JSONReader(file: path, bytes: Array(try Data(contentsOf: file)))
            } catch let problem as LocatedProblem {
                throw Problem("\(problem)")
            } catch {
                throw Problem("\(path): cannot read it: \(error.localizedDescription)")
            }
            guard case .object(var object) = reader.root else { throw Problem("\(path): a session starts from a JSON scenario (an object)") }
            for key in ["cases"] where object[key] != nil {
                throw Problem("\(path): a parameterized scenario (`cases`) cannot start a session: start from a scenario without `cases`")
            }
            if steps, let list = object["steps"]?.arrayValue { startSteps = list }
            for key in ["steps", "name", "only", "skip", "todo"] { object.removeValue(forKey: key) }
            document = object
        }
        (engine, startFailures) = try Self.begin(Self.load(document: document, recorded: [], extra: [], folder: folder, executor: executor),
                                                 folder: folder, executor: executor)
        for step in startSteps where startFailures.isEmpty {
            let outcome = perform(step)
            if !outcome.succeeded { startFailures += outcome.failures }
        }
    }

    // MARK: Steps

    /// Checks `step` as a scenario file's step is checked, runs it on the engine and, when it
    /// succeeds, records it. A step that fails is not recorded (what it changed stays: a
    /// ``replay()`` shows the session without it).
    @discardableResult
    public func perform(_ step: JSONValue) -> Outcome {
        perform(step, record: true)
    }

    private func perform(_ step: JSONValue, record: Bool) -> Outcome {
        let first = engine.transcript.events.count
        func outcome(_ failures: [String]) -> Outcome { Outcome(failures: failures, events: first..<max(first, engine.transcript.events.count)) }
        let scenario: Scenario
        switch load(steps: [step]) {
        case .failure(let refusal): return outcome(refusal.lines)
        case .success(let loaded): scenario = loaded
        }
        guard case .steps(_, _, let steps) = scenario.body, let loaded = steps.last else { return outcome(["no step"]) }
        let failures = executor.runStep(loaded, input: scenario.inputs?.steps[loaded.index], scenario: scenario, on: engine,
                                        named: &named, since: &since)
        var messages = failures.map(Self.describe)
        // An error event of the step that no expectation names fails it, as it fails a scenario.
        for index in first..<engine.transcript.events.count where engine.transcript.events[index].type == "error" && !named.contains(index) {
            if messages.isEmpty {
                messages.append("error event: \(engine.transcript.events[index]["message"]?.stringValue ?? JSONWriter.text(engine.transcript.events[index].json))")
            }
        }
        if messages.isEmpty && record { recorded.append(step) }
        return outcome(messages)
    }

    /// Records an `expect` of the state now (``expectation``), checked on the spot; nil when no
    /// expectation key has anything to say.
    @discardableResult
    public func pin() -> Outcome? {
        let expectation = self.expectation
        guard !expectation.isEmpty else { return nil }
        return perform(.object(["expect": .object(expectation)]))
    }

    /// What an `expect` of the state now says: every expectation key that can record its value
    /// (``ExpectationDefinition/current``), in the registry's order.
    public var expectation: JSONObject {
        var object = JSONObject()
        for key in executor.registry.expectationKeys {
            if let value = key.current?(engine) { object[key.name] = value }
        }
        return object
    }

    /// The same values, each with the system it belongs to: what the preview shows beside the screen.
    public var panels: [(key: String, system: String?, value: JSONValue)] {
        executor.registry.expectationKeys.compactMap { key in key.current?(engine).map { (key.name, key.system, $0) } }
    }

    /// The screen as the report draws it.
    public var screen: Screen { ScreenCapture.screen(of: engine, catalog: executor.registry.catalog) }

    /// The transcript so far.
    public var events: [TranscriptEvent] { engine.transcript.events }

    /// Loads a script into a blank start (it becomes one of the recorded scenario's `scripts`).
    public func addScript(_ path: String) throws {
        guard case .blank = start else { throw Problem("a session started from a scenario loads the scripts it names") }
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL.path
        try engine.load(path: absolute)
        engine.settle()
        addedScripts.append(absolute)
    }

    /// A new engine, the same start, and every recorded step again (after a script or file
    /// changed). Returns what now fails, one line each; a step that fails now stays recorded.
    @discardableResult
    public func replay() throws -> [String] {
        since = 0
        named = []
        var failures: [String]
        (engine, failures) = try Self.begin(load(steps: []), folder: folder, executor: executor)
        for script in addedScripts {
            do { try engine.load(path: script) } catch { failures.append("loading \(script): \(error)") }
            engine.settle()
        }
        startFailures = failures
        for (index, step) in recorded.enumerated() {
            failures += perform(step, record: false).failures.map { "steps[\(index)]: \($0)" }
        }
        return failures
    }

    // MARK: The recorded scenario

    /// The recorded scenario file: `name`, the start's members, the recorded steps and an
    /// `expect` of the state now (unless the last step already is that expectation).
    public func recordedScenario(name: String, relativeTo file: String? = nil) -> JSONValue {
        var object: JSONObject = ["name": .string(name)]
        for (key, value) in document where key != "scripts" { object[key] = value }
        let directory = file.map { URL(fileURLWithPath: $0).deletingLastPathComponent().standardizedFileURL.path } ?? folder
        let scripts = (document["scripts"]?.arrayValue ?? []) + addedScripts.map { .string(Self.relative($0, to: directory)) }
        if !scripts.isEmpty || document["scripts"] != nil { object["scripts"] = .array(scripts) }
        var steps = recorded
        let end = expectation
        if !end.isEmpty, steps.last != .object(["expect": .object(end)]) { steps.append(.object(["expect": .object(end)])) }
        object["steps"] = .array(steps)
        // `name` first, `steps` last, as people write them.
        var ordered: JSONObject = ["name": object["name"]!]
        for (key, value) in object where key != "name" && key != "steps" { ordered[key] = value }
        ordered["steps"] = object["steps"]
        return .object(ordered)
    }

    /// Writes the recorded scenario as `file` (a name or a path inside ``folder``; `.json` is
    /// added when missing), then runs it as `ctlua test` would and returns the result. Refused:
    /// a path outside the folder (`..`, absolute elsewhere, through a symbolic link), an existing
    /// file unless `overwrite`. A session started from a scenario saves in that scenario's folder
    /// (its setup's file references are relative to it).
    @discardableResult
    public func save(as file: String, name: String? = nil, overwrite: Bool = false) throws -> ScenarioResult {
        guard !file.isEmpty, file != ".json", !file.hasSuffix("/") else { throw Problem("\(file.isEmpty ? "no file name" : file): not a file name") }
        let target = try Self.confined(file.hasSuffix(".json") ? file : file + ".json", in: folder)
        if case .scenario = start, URL(fileURLWithPath: target).deletingLastPathComponent().path != folder {
            throw Problem("\(file): a session started from a scenario saves beside it, in \(folder)")
        }
        if !overwrite, FileManager.default.fileExists(atPath: target) { throw Problem("\(file): exists (overwrite it explicitly)") }
        let stem = URL(fileURLWithPath: target).deletingPathExtension().lastPathComponent
        let value = recordedScenario(name: name ?? stem.replacingOccurrences(of: "_", with: " "), relativeTo: target)
        let text = try value.encoded(options: JSONEncodeOptions(indent: 2)) + "\n"
        do {
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: target).deletingLastPathComponent().path,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: target, atomically: true, encoding: .utf8)
        } catch {
            throw Problem("\(file): cannot write it: \(error.localizedDescription)")
        }
        let found = ScenarioDiscovery.Found(relativePath: target, file: target)
        switch ScenarioLoader(registry: executor.registry, runPaths: [folder]).load(found) {
        case .failure(let errors): throw Problem("\(file): written, but it does not load: \(errors)")
        case .success(let scenario): return executor.run(scenario)
        }
    }

    /// `file` resolved inside `folder`, or a ``Problem``: no `..` out of it, no absolute path
    /// elsewhere, no symbolic link on the way (the folder's own path may contain links).
    static func confined(_ file: String, in folder: String) throws -> String {
        guard !file.isEmpty, !file.contains("\0") else { throw Problem("no file name") }
        let base = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        let target = URL(fileURLWithPath: file, relativeTo: base).standardizedFileURL
        let inside = target.path.hasPrefix(base.path.hasSuffix("/") ? base.path : base.path + "/")
        guard inside else { throw Problem("\(file): outside the project folder \(base.path)") }
        // Each component below the folder must be a real folder or file, not a link out of it.
        var walked = base
        for component in target.path.dropFirst(base.path.count).split(separator: "/") {
            walked.appendPathComponent(String(component))
            if let type = try? FileManager.default.attributesOfItem(atPath: walked.path)[.type] as? FileAttributeType,
               type == .typeSymbolicLink {
                throw Problem("\(file): goes through a symbolic link (\(walked.path))")
            }
        }
        return target.path
    }

    /// `path` relative to `directory` (both absolute, standardized).
    static func relative(_ path: String, to directory: String) -> String {
        let from = directory.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...].map(String.init)).joined(separator: "/")
    }

    // MARK: Internals

    /// Why the session's scenario does not load, one line per problem.
    struct Refusal: Error {
        var lines: [String]
    }

    /// The session's scenario with `steps` after the recorded ones, loaded and checked as a file
    /// in ``folder`` would be (problems with their JSON path).
    private func load(steps extra: [JSONValue]) -> Result<Scenario, Refusal> {
        Self.load(document: document, recorded: recorded, extra: extra, folder: folder, executor: executor,
                  scriptsAdded: !addedScripts.isEmpty)
    }

    private static func load(document: JSONObject, recorded: [JSONValue], extra: [JSONValue], folder: String, executor: ScenarioExecutor,
                             scriptsAdded: Bool = false) -> Result<Scenario, Refusal> {
        var object = document
        if scriptsAdded { object["scripts"] = .array([]) }   // loaded by the session itself
        object["name"] = "session"
        object["steps"] = .array(recorded + extra)
        let bytes: [UInt8]
        do { bytes = Array(try JSONValue.object(object).encoded().utf8) } catch { return .failure(Refusal(lines: ["\(error)"])) }
        let file = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent("(session).json").path
        let found = ScenarioDiscovery.Found(relativePath: "(session)", file: file)
        switch ScenarioLoader(registry: executor.registry, runPaths: [folder]).load(bytes: bytes, found: found, defaultName: "session") {
        case .success(let scenario): return .success(scenario)
        case .failure(let errors): return .failure(Refusal(lines: errors.errors.map { "\($0)" }))
        }
    }

    /// A new engine for the start: its setup applied and its scripts loaded (a start that does not
    /// load gives an engine with nothing, and its problems).
    private static func begin(_ start: Result<Scenario, Refusal>, folder: String, executor: ScenarioExecutor) throws -> (Engine, [String]) {
        switch start {
        case .failure(let refusal):
            return (try executor.makeEngine(executor.configuration(folder: folder)), refusal.lines)
        case .success(let scenario):
            let engine = try executor.makeEngine(executor.configuration(for: scenario))
            try ExpectHelpers.install(on: engine)
            guard case .steps(let scripts, let setup, _) = scenario.body else { return (engine, []) }
            let failures = executor.begin(scripts: scripts, setup: setup, inputs: scenario.inputs ?? ScenarioInputs(), scenario: scenario, on: engine)
            return (engine, failures.map(describe))
        }
    }

    static func describe(_ failure: ScenarioFailure) -> String {
        var line = (failure.expectation.map { "\($0): " } ?? "") + failure.message
        if let expected = failure.expected { line += " (expected \(expected.text)" + (failure.actual.map { ", got \($0.text)" } ?? "") + ")" }
        return line
    }
}
