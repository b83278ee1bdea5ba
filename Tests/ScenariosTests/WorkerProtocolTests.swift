import Engine
import JSON
import LuaRuntime
import Testing
@testable import Scenarios

/// The frames `ctlua test` and its workers exchange (WorkerProtocol's doc comment).
@Suite struct WorkerProtocolTests {
    @Test func framesAreLengthPrefixedBinaryJSONAndSplitWhereverBytesArrive() throws {
        let messages: [JSONValue] = [["run": ["file": "/a.json", "relativePath": "a.json"]], ["event": ["t": 0.5, "type": "x"]], [:]]
        let bytes = messages.flatMap(WorkerProtocol.frame)
        let first = try messages[0].binary()
        #expect(first.first == 7 && first.count == 43, "an object's tag, then its members")
        #expect(Array(bytes.prefix(4 + first.count)) == [0, 0, 0, UInt8(first.count)] + first)
        for split in [1, 3, 4, 5, 17, bytes.count] {
            var inbox = WorkerProtocol.Inbox()
            var received: [JSONValue] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + split, bytes.count)
                Array(bytes[offset..<end]).withUnsafeBytes { inbox.append($0) }
                while let message = try inbox.next() { received.append(message) }
                offset = end
            }
            #expect(received == messages, "chunks of \(split)")
        }
    }

    @Test func anOversizedOrMalformedFrameIsAnError() {
        var inbox = WorkerProtocol.Inbox()
        [0xff, 0xff, 0xff, 0xff].withUnsafeBytes { inbox.append($0) }
        #expect(throws: WorkerProtocolError.self) { try inbox.next() }
        var bad = WorkerProtocol.Inbox()
        ([0, 0, 0, 3] + Array("{x}".utf8)).withUnsafeBytes { bad.append($0) }
        #expect(throws: WorkerProtocolError.self) { try bad.next() }
        // JSON text is not a frame any more; a frame whose value ends early, or that has bytes
        // after its value, is malformed even though its length prefix is right.
        for body in [Array(#"{"events":[]}"#.utf8), [7, 1, 6], [7, 0, 0]] {
            var inbox = WorkerProtocol.Inbox()
            ([0, 0, 0, UInt8(body.count)] + body).withUnsafeBytes { inbox.append($0) }
            #expect(throws: WorkerProtocolError.self, "\(body)") { try inbox.next() }
        }
    }

    /// A message a frame cannot carry (NaN) becomes an error message the reader refuses.
    @Test func anUnencodableMessageArrivesAsAnUnexpectedOne() throws {
        let message = try Self.roundTrip(["events": [["t": .double(.nan), "type": "x"]]])
        #expect(message["error"]?.stringValue?.hasPrefix("unencodable message: json: cannot encode NaN at $.events[0].t") == true)
        #expect(throws: WorkerProtocolError.self) { try WorkerReply(decoding: message) }
    }

    /// Every type in a message carries its JSON form, and reads back what it wrote.
    @Test func eachTypeReadsBackItsJSONForm() throws {
        let event = TranscriptEvent(t: 2.5, type: "template.presented",
                                    fields: ["id": "c1", "n": .integer(3), "x": .double(1), "nested": ["a": [nil, true]]])
        let zero = TranscriptEvent(t: 0, type: "log", fields: ["message": "é\u{0}"])
        guard case .events(let events) = try WorkerReply(json: Self.roundTrip(WorkerReply.events([event, zero]).json)) else {
            Issue.record("not a batch of events")
            return
        }
        #expect(events == [event, zero])

        let failures = [ScenarioFailure(step: 3, expectation: "displayed", message: "wrong", expected: .json("c1"),
                                        actual: "nothing", eventIndex: 4, context: ["  #3 ...", "> #4 ..."]),
                        ScenarioFailure(step: 1, expectation: "ui", message: "differs", expected: .json(.null), actual: "null"),
                        ScenarioFailure(message: "loading scripts: boom")]
        var whole = failures[0]
        whole.wholeExpected = ["a": [1, nil]]
        whole.wholeActual = ["a": [2]]
        for failure in failures + [whole] { #expect(try ScenarioFailure(json: Self.roundTrip(failure.json)) == failure) }
        let limits = ScenarioLimits(maxMemory: 1 << 20, maxInstructions: 1000, timeout: 2)
        for limits in [limits, ScenarioLimits()] { #expect(try ScenarioLimits(json: Self.roundTrip(limits.json)) == limits) }
        let snapshots = SnapshotMode(update: true, ci: false)
        #expect(try SnapshotMode(json: Self.roundTrip(snapshots.json)) == snapshots)
        let coverage = LuaCoverage(files: ["/x/a.lua": [1: 3, 2: 0, 10: 1], "/x/b.lua": [:]])
        #expect(coverage.json["/x/a.lua"] == [[1, 3], [2, 0], [10, 1]])
        #expect(try LuaCoverage(json: Self.roundTrip(coverage.json)) == coverage)
    }

    /// A problem in a message names the JSON path of what is wrong.
    @Test func aMalformedMessageNamesItsPath() {
        #expect(throws: LocatedProblem(path: JSONPath.root.key("events").index(1).key("t"), message: "expected a number, got string")) {
            try WorkerReply(json: ["events": [["t": 0, "type": "a"], ["t": "soon", "type": "b"]]])
        }
        #expect(throws: LocatedProblem(path: JSONPath.root.key("result").key("failures").index(0).key("message"),
                                       message: "missing required key (expected a string)")) {
            try WorkerReply(json: ["result": ["name": "a", "file": "a.json", "duration": 0, "failures": [[:]]]])
        }
        #expect(throws: WorkerProtocolError.self) { try WorkerReply(decoding: ["event": ["t": 0, "type": "a"]]) }
        #expect(throws: LocatedProblem.self) { try Scenario(json: ["file": "/x"]) }
    }

    /// The worker's result comes whole (failures with their context, duration, coverage); the
    /// transcript travels as events.
    @Test func aResultRoundTripsWithoutItsTranscript() throws {
        let coverage = LuaCoverage(files: ["/x/a.lua": [1: 3]])
        let failure = ScenarioFailure(step: 1, expectation: "queue", message: "m", eventIndex: 0, context: ["> #0 t=0 a"])
        let result = ScenarioResult(name: "n", relativePath: "flows/n.json", failures: [failure],
                                    transcript: [TranscriptEvent(t: 0, type: "a")], duration: 0.25, coverage: coverage)
        guard case .result(let back, let none) = try WorkerReply(json: Self.roundTrip(WorkerReply.result(result, events: []).json)) else {
            Issue.record("not a result")
            return
        }
        #expect(back.transcript.isEmpty && none.isEmpty)
        var withTranscript = back
        withTranscript.transcript = result.transcript
        #expect(withTranscript.sameOutcome(as: result) && back.duration == 0.25 && back.coverage == coverage)
        #expect(try ScenarioResult(json: ScenarioResult(name: "a", relativePath: "a", failures: [], transcript: [], duration: 0).json).coverage == nil)
    }

    /// The worker's last events and its result leave in one frame; a result frame alone has no `events`.
    @Test func theLastEventsTravelWithTheResult() throws {
        let result = ScenarioResult(name: "n", relativePath: "n.json", failures: [], transcript: [], duration: 0.5)
        let events = [TranscriptEvent(t: 1, type: "template.presented", fields: ["id": "c1"]), TranscriptEvent(t: 2, type: "log")]
        let message = WorkerReply.result(result, events: events).json
        #expect(message.objectValue?.keys.sorted() == ["events", "result"])
        #expect(WorkerReply.result(result, events: []).json.objectValue?.keys.sorted() == ["result"])
        guard case .result(let back, let trailing) = try WorkerReply(json: Self.roundTrip(message)) else {
            Issue.record("not a result")
            return
        }
        #expect(trailing == events && back.name == "n" && back.duration == 0.5)
        // A bad event beside a result names its path; an unknown key breaks the protocol.
        #expect(throws: LocatedProblem(path: JSONPath.root.key("events").index(0).key("type"), message: "missing required key (expected a string)")) {
            try WorkerReply(json: ["events": [["t": 0]], "result": result.json])
        }
        #expect(throws: WorkerProtocolError.self) { try WorkerReply(decoding: ["events": [], "result": result.json, "extra": 1]) }
        #expect(throws: WorkerProtocolError.self) { try WorkerReply(decoding: ["events": [], "more": []]) }
    }

    @Test func coverageIsRequestedOnlyWhenRecorded() throws {
        let scenario = Scenario(relativePath: "a.json", file: "/x/a.json", name: "a", body: .lua)
        #expect(try Self.roundTrip(WorkerRequest(scenario: scenario, limits: ScenarioLimits()).json)["coverage"] == nil)
        let request = WorkerRequest(scenario: scenario, limits: ScenarioLimits(), coverage: true)
        #expect(try Self.roundTrip(request.json)["coverage"] == true)
        #expect(try WorkerRequest(json: Self.roundTrip(request.json)) == request)
    }

    static func roundTrip(_ message: JSONValue) throws -> JSONValue {
        var inbox = WorkerProtocol.Inbox()
        WorkerProtocol.frame(message).withUnsafeBytes { inbox.append($0) }
        return try #require(try inbox.next())
    }

    @Test func aLoadedScenarioRoundTripsAsTheWorkerRunsIt() throws {
        let steps = [ScenarioStep(index: 0, name: "deliver", value: ["templateName": "Banner"], object: ["deliver": ["templateName": "Banner"]]),
                     ScenarioStep(index: 1, name: "navigate", value: "home", object: ["navigate": "home", "from": "cell"])]
        let scenario = Scenario(relativePath: "flows/a.json", file: "/x/flows/a.json", name: "banner",
                                body: .steps(scripts: ["/x/banner.lua"], setup: ["build": ["debug": true]], steps: steps))
        let request = WorkerRequest(scenario: scenario, limits: ScenarioLimits(maxMemory: 1 << 20), snapshots: SnapshotMode(update: false, ci: true))
        #expect(try WorkerRequest(json: Self.roundTrip(request.json)) == request)
        let lua = Scenario(relativePath: "t.lua", file: "/x/t.lua", name: "t", body: .lua)
        #expect(try Scenario(json: Self.roundTrip(lua.json)) == lua)
    }
}
