import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// Runs one scenario on a fresh engine assembled from the registry's catalog, on the calling thread.
public struct ScenarioExecutor: Sendable {
    /// Makes the engine of one scenario from its configuration (script roots, base folder, limits).
    public typealias EngineFactory = @Sendable (Engine.Configuration) throws -> Engine

    public var registry: StepRegistry
    public var limits: ScenarioLimits
    /// By default the catalog's ``SystemCatalog/makeEngine(_:)``.
    public var makeEngine: EngineFactory
    /// How `snapshot` expectations treat their files (compare, write when missing, update).
    public var snapshots = SnapshotMode()
    /// Transcript events shown before and after the point of a failure.
    public var contextRadius = 3
    /// Record line coverage of the scripts each scenario loads (``ScenarioResult/coverage``).
    public var coverage = false
    /// Record each step's screen (``ScenarioResult/steps``, `ctlua test --report`).
    public var screens = false
    /// Called with each transcript event as it is recorded (a worker process streams them).
    public var observer: (@Sendable (TranscriptEvent) -> Void)?

    public init(registry: StepRegistry, limits: ScenarioLimits = ScenarioLimits(), makeEngine: EngineFactory? = nil) {
        self.registry = registry
        self.limits = limits
        let catalog = registry.catalog
        self.makeEngine = makeEngine ?? { try catalog.makeEngine($0) }
    }

    /// The engine configuration of a scenario: strict policy, its folder as script root and base.
    public func configuration(for scenario: Scenario) -> Engine.Configuration {
        configuration(folder: scenario.directory)
    }

    /// The engine configuration of a scenario in `folder`: strict policy, `folder` as script root and base.
    public func configuration(folder: String) -> Engine.Configuration {
        var configuration = Engine.Configuration()
        configuration.scriptRoots = [folder]
        configuration.baseDirectory = URL(fileURLWithPath: folder, isDirectory: true)
        // `app.load` in a `.lua` scenario may read the project's scripts (`../presenters/x.lua`):
        // the folder the run started from. Under strict nothing outside it or the roots.
        configuration.loadRoots = [FileManager.default.currentDirectoryPath]
        configuration.limits = limits.luaLimits
        configuration.coverage = coverage
        return configuration
    }

    /// Runs the scenario to its end or first failing step.
    public func run(_ scenario: Scenario) -> ScenarioResult {
        let clock = ContinuousClock()
        let start = clock.now
        var failures: [ScenarioFailure] = []
        var transcript: [TranscriptEvent] = []
        var coverage: LuaCoverage?
        var marks: [ScenarioMark] = []
        var steps: [StepRecord] = []
        do {
            let engine = try makeEngine(configuration(for: scenario))
            try ExpectHelpers.install(on: engine)
            if let observer {
                for event in engine.transcript.events { observer(event) }
                engine.transcript.observer = observer
            }
            failures = execute(scenario, on: engine, marks: &marks, records: &steps)
            transcript = engine.transcript.events
            coverage = engine.coverage
            coverage?.remove(scenario.file)   // a `.lua` scenario is test code, not code under test
        } catch {
            failures = [ScenarioFailure(message: "cannot create the engine: \(error)")]
        }
        var outcome = result(of: scenario, failures: failures, transcript: transcript, duration: Self.seconds(since: start, clock),
                             coverage: coverage, marks: marks)
        outcome.steps = steps
        return outcome
    }

    /// The result of `scenario`, each failure given the transcript lines around its event: the
    /// one place a ``ScenarioResult`` is made (by ``run(_:)``, here or in a worker process, and
    /// by the runner for a worker that timed out or died).
    /// `marks`: those found by running it (a Lua scenario's `step.skip`...), after the scenario's own.
    /// The result keeps the transcript's tail (``TranscriptTail``: `notKept` earlier events
    /// already dropped, and more if it passes the bound); failures' event indices count from the
    /// scenario's first event.
    public func result(of scenario: Scenario, failures: [ScenarioFailure], transcript: [TranscriptEvent], notKept: Int = 0,
                       duration: Double, coverage: LuaCoverage? = nil, marks: [ScenarioMark] = []) -> ScenarioResult {
        var failures = failures
        for i in failures.indices {
            failures[i].context = context(around: failures[i].eventIndex.map { $0 - notKept }, in: transcript, offset: notKept)
        }
        let tail = TranscriptTail(transcript, notKept: notKept).trimmed()
        var result = ScenarioResult(name: scenario.name, relativePath: scenario.relativePath, failures: failures,
                                    transcript: tail.events, duration: duration, coverage: coverage, marks: scenario.marks + marks)
        result.eventsNotKept = tail.notKept
        return result
    }

    /// Under `strict` (`ctlua test --strict`, `"strict": true`), one failure per `warning` event
    /// that no `events` expectation names (at the event and its step, labelled `warning`), as an
    /// unnamed `error` event fails every scenario.
    static func strictFailures(_ scenario: Scenario, _ transcript: [TranscriptEvent], named: Set<Int> = [],
                               step: (Int) -> Int? = { _ in nil }) -> [ScenarioFailure] {
        guard scenario.strict else { return [] }
        return Transcript.warnings(in: transcript).filter { !named.contains($0.index) }.map { index, message in
            ScenarioFailure(step: step(index), expectation: ScenarioFailure.warning, message: "warning (strict): \(message)",
                            expected: "no warning (ctlua test --strict); name it in an `expect.events` pattern if it is meant",
                            actual: .json(transcript[index].json), eventIndex: index)
        }
    }

    /// Seconds elapsed on `clock` since `start`.
    static func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Records the screen after a step (or the start) when ``screens`` is on.
    private func capture(_ step: ScenarioStep?, name: String, from first: Int, on engine: Engine, into records: inout [StepRecord]) {
        guard screens else { return }
        let events = engine.transcript.events
        let tapped = events[min(first, events.count)...].last { $0.type == "ui.tap" }?["id"]?.stringValue
        var screen = ScreenCapture.screen(of: engine, catalog: registry.catalog, tapped: tapped)
        if let last = records.last?.screen, last == screen { screen = last }   // one copy kept while nothing changes
        records.append(StepRecord(step: step?.index, name: name, value: step?.object ?? .null,
                                  firstEvent: first, endEvent: events.count, screen: screen))
    }

    private func execute(_ scenario: Scenario, on engine: Engine, marks: inout [ScenarioMark], records: inout [StepRecord]) -> [ScenarioFailure] {
        guard case .steps(let scripts, let setup, let steps) = scenario.body else {
            defer { capture(nil, name: "script", from: 0, on: engine, into: &records) }
            do {
                let steps = try LuaSteps.make(on: engine)
                try runLuaScenario(path: scenario.file, name: scenario.relativePath, on: engine, step: steps?.step)
                guard let steps else { return Self.strictFailures(scenario, engine.transcript.events) }
                let outcome = try LuaSteps.run(steps.run, on: engine, eventIndex: { lastIndex(engine) })
                marks = outcome.marks
                return (outcome.failure.map { [$0] } ?? []) + Self.strictFailures(scenario, engine.transcript.events)
            } catch {
                return [ScenarioFailure(message: "\(error)", eventIndex: lastIndex(engine))]
            }
        }
        var started = false
        defer { if !started { capture(nil, name: "start", from: 0, on: engine, into: &records) } }
        let inputs: ScenarioInputs
        do { inputs = try registry.inputs(of: scenario) } catch {
            return [ScenarioFailure(message: "\(error)", eventIndex: lastIndex(engine))]
        }
        let begun = begin(scripts: scripts, setup: setup, inputs: inputs, scenario: scenario, on: engine)
        guard begun.isEmpty else { return begun }
        started = true
        capture(nil, name: "start", from: 0, on: engine, into: &records)
        var failures: [ScenarioFailure] = []
        var named: Set<Int> = []
        var since = 0
        var stepOfEvent: [Int] = Array(repeating: -1, count: engine.transcript.events.count)
        for step in steps {
            let first = engine.transcript.events.count
            failures += runStep(step, input: inputs.steps[step.index], scenario: scenario, on: engine, named: &named, since: &since)
            capture(step, name: step.name, from: first, on: engine, into: &records)
            let count = engine.transcript.events.count
            if count > stepOfEvent.count { stepOfEvent += Array(repeating: step.index, count: count - stepOfEvent.count) }
            if !failures.isEmpty { break }
        }
        var unnamed: [ScenarioFailure] = []
        for (index, event) in engine.transcript.events.enumerated() where event.type == "error" && !named.contains(index) {
            let step = index < stepOfEvent.count && stepOfEvent[index] >= 0 ? stepOfEvent[index] : nil
            // A step that failed with this error already says it: one failure, not two.
            if let step, failures.contains(where: { $0.step == step && $0.expectation == nil }) { continue }
            unnamed.append(ScenarioFailure(
                step: step, expectation: "error event",
                message: "error event that no expectation names: \(event["message"]?.stringValue ?? JSONWriter.text(event.json))",
                expected: "no unnamed error event (name it in an `expect.events` pattern)",
                actual: .json(event.json), eventIndex: index))
        }
        // An error in an earlier step is the cause of the expectation that failed after it (a presenter
        // error, then `displayed` is wrong): report the error, at the step that raised it.
        if let first = unnamed.first?.step {
            failures.removeAll { $0.expectation != nil && ($0.step ?? -1) > first }
        }
        let warned = Self.strictFailures(scenario, engine.transcript.events, named: named) { index in
            index < stepOfEvent.count && stepOfEvent[index] >= 0 ? stepOfEvent[index] : nil
        }
        return unnamed.prefix(1) + failures + unnamed.dropFirst() + warned
    }

    /// Applies `setup` and loads `scripts` on a new engine, as a JSON scenario starts: the setup
    /// members that come before the scripts, the scripts, the members that come after. A problem
    /// is the one failure returned.
    func begin(scripts: [String], setup: JSONValue, inputs: ScenarioInputs, scenario: Scenario, on engine: Engine) -> [ScenarioFailure] {
        do { try applySetup(setup, inputs, phase: .beforeScripts, scenario: scenario, on: engine) } catch {
            return [ScenarioFailure(message: "\(error)", eventIndex: lastIndex(engine))]
        }
        do { try engine.load(paths: scripts) } catch {
            return [ScenarioFailure(expectation: nil, message: "loading scripts: \(error)", eventIndex: lastIndex(engine))]
        }
        do { try applySetup(setup, inputs, phase: .afterScripts, scenario: scenario, on: engine) } catch {
            return [ScenarioFailure(message: "\(error)", eventIndex: lastIndex(engine))]
        }
        return []
    }

    /// Applies the members of `setup` that belong to `phase`, in the registry's order, then settles.
    /// An error names the member (`setup.templates: ...`).
    func applySetup(_ setup: JSONValue, _ inputs: ScenarioInputs, phase: SetupPhase, scenario: Scenario, on engine: Engine) throws {
        guard case .object(let object) = setup else { return }
        defer { engine.settle() }
        for member in registry.setupMembers where member.phase == phase {
            guard object[member.name] != nil else { continue }
            guard let input = inputs.setup[member.name] else { throw SystemError("setup.\(member.name): not decoded (a bug)") }
            engine.transcript.source = Transcript.InputSource(file: scenario.relativePath, path: JSONPath.root.key("setup").key(member.name))
            defer { engine.transcript.source = nil }
            do {
                try member.apply(input, SetupContext(engine: engine, directory: scenario.directory))
            } catch {
                throw SystemError("setup.\(member.name): \(error)")
            }
        }
    }

    /// `name`: the path as discovered (relative to the working folder when inside it), for messages.
    /// `step`: the global `step` of the file (``LuaSteps``), in its own environment under `strict`.
    private func runLuaScenario(path: String, name: String, on engine: Engine, step: LuaValue?) throws {
        defer { engine.settle() }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !engine.lua.scriptRoots.contains(folder) { engine.lua.scriptRoots.append(folder) }
        var environment: LuaTable?
        if let step {
            if engine.lua.policy == .strict {
                environment = try engine.lua.newEnvironment()
                environment?["step"] = step
            } else {
                engine.lua.globals["step"] = step
            }
        }
        try engine.lua.loadFile(path, chunkName: name, environment: environment).call()
    }

    func runStep(_ step: ScenarioStep, input: DecodedInput?, scenario: Scenario, on engine: Engine, named: inout Set<Int>,
                         since: inout Int) -> [ScenarioFailure] {
        // `skip` / `todo` steps, and the others when some are marked `only`, do not run (the reports
        // list them from the scenario's marks).
        if scenario.marks.contains(where: { $0.step == step.index }) { return [] }
        guard let definition = registry[step.name] else {
            return [ScenarioFailure(step: step.index, message: "unknown step \(JSONWriter.quote(step.name))")]
        }
        switch definition.handler {
        case .expect:
            guard let expectation = input?.value as? Expectation else {
                return [ScenarioFailure(step: step.index, message: "expect: not decoded (a bug)")]
            }
            let outcome = ExpectationEvaluator.evaluate(expectation, step: step.index,
                                                        engine: engine, registry: registry, since: since,
                                                        snapshots: (SnapshotStore(mode: snapshots), scenario.file))
            named.formUnion(outcome.matchedEvents)
            since = engine.transcript.events.count
            return outcome.failures
        case .run(_, let handler):
            // What the step's handler and the settling after it warn about is in the step's value.
            engine.transcript.source = Transcript.InputSource(file: scenario.relativePath, path: step.path.key(step.name))
            defer {
                engine.settle()
                engine.transcript.source = nil
            }
            do {
                try ExpectHelpers.install(on: engine)
                guard let input else { throw SystemError("not decoded (a bug)") }
                try handler(input, StepContext(engine: engine, directory: scenario.directory, scenarioName: scenario.name, path: step.path))
            } catch {
                return [ScenarioFailure(step: step.index, message: "\(step.name) failed: \(error)", eventIndex: lastIndex(engine))]
            }
            return []
        }
    }

    func lastIndex(_ engine: Engine) -> Int? {
        let count = engine.transcript.events.count
        return count > 0 ? count - 1 : nil
    }

    /// One line per event within `contextRadius` of `index`; the event itself is marked `>`.
    /// `offset`: the number of the transcript's first event (earlier ones not kept).
    func context(around index: Int?, in transcript: [TranscriptEvent], offset: Int = 0) -> [String] {
        guard let index, !transcript.isEmpty else { return [] }
        let center = min(max(index, 0), transcript.count - 1)
        let range = max(0, center - contextRadius)...min(transcript.count - 1, center + contextRadius)
        return range.map { (i: Int) -> String in (i == center ? "> " : "  ") + transcript[i].line(index: offset + i) }
    }
}
