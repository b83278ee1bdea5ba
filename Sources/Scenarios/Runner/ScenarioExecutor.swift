import Engine
import JSON

/// Runs one scenario on a fresh driver, on the calling thread.
public struct ScenarioExecutor: Sendable {
    public var registry: StepRegistry
    public var limits: ScenarioLimits
    public var driverFactory: ScenarioDriverFactory
    /// Transcript events shown before and after the point of a failure.
    public var contextRadius = 3

    public init(registry: StepRegistry = .standard, limits: ScenarioLimits = ScenarioLimits(),
                driverFactory: @escaping ScenarioDriverFactory) {
        self.registry = registry
        self.limits = limits
        self.driverFactory = driverFactory
    }

    /// Runs the scenario to its end or first failing step.
    public func run(_ scenario: Scenario) -> ScenarioResult {
        let clock = ContinuousClock()
        let start = clock.now
        var failures: [ScenarioFailure] = []
        var transcript: [TranscriptEvent] = []
        do {
            let driver = try driverFactory(scenario, limits)
            failures = execute(scenario, on: driver)
            transcript = driver.events
        } catch {
            failures = [ScenarioFailure(message: "cannot create the engine: \(error)")]
        }
        for i in failures.indices { failures[i].context = context(around: failures[i].eventIndex, in: transcript) }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return ScenarioResult(name: scenario.name, relativePath: scenario.relativePath, failures: failures,
                              transcript: transcript, duration: seconds)
    }

    private func execute(_ scenario: Scenario, on driver: any ScenarioDriver) -> [ScenarioFailure] {
        guard case .steps(let scripts, let setup, let steps) = scenario.body else {
            do {
                try driver.runLuaScenario(path: scenario.file)
                return []
            } catch {
                return [ScenarioFailure(message: "\(error)", eventIndex: lastIndex(driver))]
            }
        }
        do { try driver.loadScripts(scripts) } catch {
            return [ScenarioFailure(expectation: nil, message: "loading scripts: \(error)", eventIndex: lastIndex(driver))]
        }
        do { try driver.setup(setup) } catch {
            return [ScenarioFailure(message: "setup: \(error)", eventIndex: lastIndex(driver))]
        }
        var failures: [ScenarioFailure] = []
        var named: Set<Int> = []
        var stepOfEvent: [Int] = Array(repeating: -1, count: driver.events.count)
        for step in steps {
            failures += runStep(step, on: driver, named: &named)
            let count = driver.events.count
            if count > stepOfEvent.count { stepOfEvent += Array(repeating: step.index, count: count - stepOfEvent.count) }
            if !failures.isEmpty { break }
        }
        for (index, event) in driver.events.enumerated() where event.type == "error" && !named.contains(index) {
            let step = index < stepOfEvent.count && stepOfEvent[index] >= 0 ? stepOfEvent[index] : nil
            failures.append(ScenarioFailure(
                step: step, expectation: "error event",
                message: "error event that no expectation names: \(event["message"]?.stringValue ?? JSONWriter.text(event.json))",
                expected: "no unnamed error event (name it in an `expect.events` pattern)",
                actual: JSONWriter.text(event.json), eventIndex: index))
        }
        return failures
    }

    private func runStep(_ step: ScenarioStep, on driver: any ScenarioDriver, named: inout Set<Int>) -> [ScenarioFailure] {
        guard let definition = registry[step.name] else {
            return [ScenarioFailure(step: step.index, message: "unknown step \(JSONWriter.quote(step.name))")]
        }
        do {
            switch definition.handler {
            case .driver:
                try driver.runStep(name: step.name, value: step.value, step: step.object)
            case .custom(let handler):
                try handler(driver, step)
            case .unsupported:
                return [ScenarioFailure(
                    step: step.index,
                    message: "unsupported step \(JSONWriter.quote(step.name)): no system provides it in this build",
                    eventIndex: lastIndex(driver))]
            case .expect:
                let outcome = ExpectationEvaluator.evaluate(Expectation(validated: step.value), step: step.index, driver: driver)
                named.formUnion(outcome.matchedEvents)
                return outcome.failures
            }
        } catch {
            return [ScenarioFailure(step: step.index, message: "\(step.name) failed: \(error)", eventIndex: lastIndex(driver))]
        }
        return []
    }

    private func lastIndex(_ driver: any ScenarioDriver) -> Int? {
        let count = driver.events.count
        return count > 0 ? count - 1 : nil
    }

    /// One line per event within `contextRadius` of `index`; the event itself is marked `>`.
    func context(around index: Int?, in transcript: [TranscriptEvent]) -> [String] {
        guard let index, !transcript.isEmpty else { return [] }
        let center = min(max(index, 0), transcript.count - 1)
        let range = max(0, center - contextRadius)...min(transcript.count - 1, center + contextRadius)
        return range.map { (i: Int) -> String in (i == center ? "> " : "  ") + transcript[i].line(index: i) }
    }
}
