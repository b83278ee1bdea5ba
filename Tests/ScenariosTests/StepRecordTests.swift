import Foundation
import JSON
import SystemKit
import Testing
@testable import Scenarios

/// Each step's record: the events it caused and the screen after it (`ctlua test --report`).
struct StepRecordTests {
    private func run(_ text: String, screens: Bool = true) throws -> ScenarioResult {
        let scenario = try Fixture.load(text).get()
        var executor = ScenarioExecutor(registry: Fixture.registry)
        executor.screens = screens
        return executor.run(scenario)
    }

    static let tapping = Fixture.steps(
        #"{"lua": "ui.show{id = 'ok', text = 'OK', onTap = function() ui.show{id = 'done', text = 'Thanks'} end}"}"#,
        #"{"tap": "ok"}"#,
        #"{"expect": {"ui": {"done": {"text": "Thanks"}}}}"#)

    @Test func theStartAndEveryStepAreRecordedWithTheirEventsAndScreen() throws {
        let result = try run(Self.tapping)
        #expect(result.passed, "\(result.failures.map(\.summary))")
        #expect(result.steps.map(\.label) == ["start", "steps[0]", "steps[1]", "steps[2]"])
        #expect(result.steps.map(\.name) == ["start", "lua", "tap", "expect"])
        // the events are split between the steps, in order, without gaps
        for (previous, next) in zip(result.steps, result.steps.dropFirst()) { #expect(previous.endEvent == next.firstEvent) }
        #expect(result.steps.last?.endEvent == result.transcript.count)
        let tap = result.steps[2]
        #expect(result.transcript[tap.firstEvent..<tap.endEvent].map(\.type) == ["ui.tap", "ui.show"])
        #expect(tap.screen.tapped == "ok")
        #expect(result.steps[1].screen.tapped == nil)
        #expect(tap.screen.layers[0].views.map(\.id) == ["ok", "done"])
        #expect(result.steps[0].screen.isEmpty)
        #expect(tap.value == ["tap": "ok"])
    }

    @Test func withoutScreensNothingIsRecorded() throws {
        #expect(try run(Self.tapping, screens: false).steps.isEmpty)
    }

    @Test func aFailingStepIsTheLastRecorded() throws {
        let result = try run(Fixture.steps(#"{"tap": "nowhere"}"#, #"{"tap": "never"}"#))
        #expect(!result.passed)
        #expect(result.steps.map(\.label) == ["start", "steps[0]"])
    }

    @Test func aFailingSetupStillRecordsTheStart() throws {
        let result = try run(#"{"setup": {"fakeBuild": {"fail": true}}, "steps": [{"tap": "x"}]}"#)
        #expect(result.steps.map(\.label) == ["start"])
    }

    @Test func recordsTravelInTheResultsJSONFormButNotInTheJSONReport() throws {
        let result = try run(Self.tapping)
        let back = try ScenarioResult(json: JSONDocument(text: try result.json.encoded()).value)
        #expect(back.steps == result.steps)
        #expect(!JSONReporter.render([result]).contains("\"steps\""))
    }

    @Test func aWorkerRequestCarriesTheScreensFlag() throws {
        let scenario = try Fixture.load(Self.tapping).get()
        let request = WorkerRequest(scenario: scenario, limits: ScenarioLimits(), screens: true)
        #expect(try WorkerRequest(json: request.json).screens)
        #expect(try !WorkerRequest(json: WorkerRequest(scenario: scenario, limits: ScenarioLimits()).json).screens)
    }

    /// A screen that stays on for many steps crosses the worker protocol once: later records say
    /// `sameScreenAs`, and reading them back gives the same records.
    @Test func aScreenUnchangedForManyStepsIsWrittenOnce() throws {
        let steps = [#"{"lua": "ui.show{id = 'big', text = string.rep('x', 2000)}"}"#] + Array(repeating: #"{"advance": 1}"#, count: 20)
        let result = try run("{\"steps\": [\(steps.joined(separator: ","))]}")
        #expect(result.steps.count == 22)
        let json = result.json
        let records = try #require(json["steps"]?.arrayValue)
        #expect(records.filter { $0["screen"] != nil }.count == 2)   // the empty start, then the view
        #expect(records.last?["sameScreenAs"] == .integer(1))
        #expect(try ScenarioResult(json: json).steps == result.steps)
        // a reference to a later or missing step is refused, at its path
        var bad = records
        bad[1] = ["step": 0, "name": "lua", "firstEvent": 0, "endEvent": 0, "sameScreenAs": 5]
        var object = try #require(json.objectValue)
        object["steps"] = .array(bad)
        #expect(throws: LocatedProblem.self) { try ScenarioResult(json: .object(object)) }
        do { _ = try ScenarioResult(json: .object(object)) } catch {
            #expect(error.path?.description.contains("steps[1].sameScreenAs") == true, "\(error)")
        }
    }
}
