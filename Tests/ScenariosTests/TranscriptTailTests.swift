import Engine
import JSON
import Testing
@testable import Scenarios

/// Issue 34, item 2: the runner keeps a bounded tail of each scenario's transcript (four
/// 100-byte scenarios that logged without end drove it to 5 GB), the rest counted.
@Suite struct TranscriptTailTests {
    static func log(_ i: Int, bytes: Int = 1) -> TranscriptEvent {
        TranscriptEvent(t: Double(i), type: "log", fields: ["message": .string(String(repeating: "x", count: bytes))])
    }

    @Test func manyEventsKeepTheLastOnesAndCountTheRest() {
        var tail = TranscriptTail(maxEvents: 100, maxBytes: 1 << 30)
        for batch in 0..<1_000 { tail.append(contentsOf: (0..<100).map { Self.log(batch * 100 + $0) }) }
        #expect(tail.events.count <= 200, "trimmed in bulk while streaming: \(tail.events.count)")
        let kept = tail.trimmed()
        #expect(kept.events.count == 100 && kept.notKept == 99_900 && kept.count == 100_000)
        #expect(kept.events.first?.t == 99_900 && kept.events.last?.t == 99_999)
        #expect(kept.note?.hasPrefix("99900 earlier events not kept") == true)
    }

    @Test func largeEventsAreBoundedByBytesAndTheLastIsAlwaysKept() {
        var tail = TranscriptTail(maxEvents: 1_000, maxBytes: 4 << 20)
        for i in 0..<50 { tail.append(contentsOf: [Self.log(i, bytes: 1 << 20)]) }
        let kept = tail.trimmed()
        #expect(kept.events.count == 3 && kept.notKept == 47, "\(kept.events.count) kept")
        var huge = TranscriptTail(maxEvents: 10, maxBytes: 1 << 10)
        huge.append(contentsOf: [Self.log(0, bytes: 1 << 20), Self.log(1, bytes: 1 << 20)])
        #expect(huge.trimmed().events.map(\.t) == [1] && huge.trimmed().notKept == 1)
    }

    @Test func aShortTranscriptIsKeptWholeWithNoNote() {
        let tail = TranscriptTail((0..<10).map { Self.log($0) }).trimmed()
        #expect(tail.events.count == 10 && tail.notKept == 0 && tail.note == nil)
    }

    /// The in-process path bounds a result the same way, failure indices counted from the first event.
    @Test func aResultKeepsTheTailAndItsFailureContextNumbersEventsFromTheStart() throws {
        let scenario = try Fixture.load(Fixture.steps(#"{"lua": "for i = 1, 30000 do app.log('x' .. i) end"}"#)).get()
        let executor = ScenarioExecutor(registry: Fixture.registry)
        let result = executor.run(scenario)
        #expect(result.eventsNotKept + result.transcript.count == 30_000)
        #expect(result.transcript.count == TranscriptTail.maxEvents)
        #expect(result.transcript.last?["message"] == "x30000")
        #expect(result.transcriptNote?.hasPrefix("\(30_000 - TranscriptTail.maxEvents) earlier events not kept") == true)
        var back = try ScenarioResult(json: result.json)
        #expect(back.eventsNotKept == result.eventsNotKept)
        back.transcript = result.transcript
        #expect(back.sameOutcome(as: result))
        let failed = executor.result(of: scenario, failures: [ScenarioFailure(message: "m", eventIndex: 29_999)],
                                     transcript: result.transcript, notKept: result.eventsNotKept, duration: 0)
        #expect(failed.failures[0].context.last == "> #29999 t=0.0 log {\"message\":\"x30000\"}", "\(failed.failures[0].context)")
        let trace = JSONReporter.transcript(result).split(separator: "\n")
        #expect(trace.count == TranscriptTail.maxEvents + 1)
        #expect(trace.first?.contains("\"type\":\"transcript.truncated\",\"notKept\":10000") == true, "\(trace.first ?? "")")
    }
}
