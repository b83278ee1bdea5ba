import Engine
import JSON
import LuaRuntime
import Testing
@testable import Scenarios

/// The frames `ctlua test` and its workers exchange (WorkerProtocol's doc comment).
@Suite struct WorkerProtocolTests {
    @Test func framesAreLengthPrefixedJSONAndSplitWhereverBytesArrive() throws {
        let messages: [JSONValue] = [["run": ["file": "/a.json", "relativePath": "a.json"]], ["event": ["t": 0.5, "type": "x"]], [:]]
        let bytes = messages.flatMap(WorkerProtocol.frame)
        let first = Array(#"{"run":{"file":"/a.json","relativePath":"a.json"}}"#.utf8)
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
    }

    @Test func eventsFailuresAndLimitsRoundTrip() throws {
        let event = TranscriptEvent(t: 2.5, type: "template.presented",
                                    fields: ["id": "c1", "n": .integer(3), "x": .double(1), "nested": ["a": [nil, true]]])
        let framed = try #require(try Self.roundTrip(WorkerProtocol.event(event))["event"])
        #expect(WorkerProtocol.event(from: framed) == event)
        let zero = TranscriptEvent(t: 0, type: "log", fields: ["message": "é\u{0}"])
        #expect(WorkerProtocol.event(from: try #require(try Self.roundTrip(WorkerProtocol.event(zero))["event"])) == zero)

        let failures = [ScenarioFailure(step: 3, expectation: "displayed", message: "wrong", expected: "\"c1\"",
                                        actual: "nothing", eventIndex: 4, context: ["  #3 ...", "> #4 ..."]),
                        ScenarioFailure(message: "loading scripts: boom")]
        let result = try Self.roundTrip(WorkerProtocol.result(name: "n", failures: failures, duration: 0.25))["result"]
        #expect(result?["failures"]?.arrayValue?.map(WorkerProtocol.failure(from:)) == failures)
        #expect(result?["duration"]?.doubleValue == 0.25)

        let limits = ScenarioLimits(maxMemory: 1 << 20, maxInstructions: 1000, timeout: 2)
        let scenario = Scenario(relativePath: "a.json", file: "/x/a.json", name: "a", body: .lua)
        let request = try Self.roundTrip(WorkerProtocol.runRequest(scenario, limits: limits))
        #expect(WorkerProtocol.limits(from: request["limits"]) == limits)
        #expect(WorkerProtocol.limits(from: try Self.roundTrip(WorkerProtocol.runRequest(scenario, limits: ScenarioLimits()))["limits"])
                == ScenarioLimits())
    }

    @Test func coverageIsRequestedAndComesBackWithTheResult() throws {
        let scenario = Scenario(relativePath: "a.json", file: "/x/a.json", name: "a", body: .lua)
        #expect(try Self.roundTrip(WorkerProtocol.runRequest(scenario, limits: ScenarioLimits()))["coverage"] == nil)
        #expect(try Self.roundTrip(WorkerProtocol.runRequest(scenario, limits: ScenarioLimits(), coverage: true))["coverage"] == true)
        let coverage = LuaCoverage(files: ["/x/a.lua": [1: 3, 2: 0, 10: 1], "/x/b.lua": [:]])
        let result = try Self.roundTrip(WorkerProtocol.result(name: "a", failures: [], duration: 0, coverage: coverage))["result"]
        #expect(result?["coverage"]?["/x/a.lua"] == [[1, 3], [2, 0], [10, 1]])
        #expect(WorkerProtocol.coverage(from: result?["coverage"]) == coverage)
        let without = try Self.roundTrip(WorkerProtocol.result(name: "a", failures: [], duration: 0))["result"]
        #expect(without?["coverage"] == nil && WorkerProtocol.coverage(from: without?["coverage"]) == nil)
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
        let request = try Self.roundTrip(WorkerProtocol.runRequest(scenario, limits: ScenarioLimits()))
        #expect(WorkerProtocol.scenario(from: try #require(request["run"])) == scenario)
        let lua = Scenario(relativePath: "t.lua", file: "/x/t.lua", name: "t", body: .lua)
        #expect(WorkerProtocol.scenario(from: try Self.roundTrip(WorkerProtocol.scenario(lua))) == lua)
        #expect(WorkerProtocol.scenario(from: ["file": "/x"]) == nil)
    }
}
