import Engine
import JSON
import Testing

/// A transcript event's JSON form (how events cross the worker protocol and reach reports).
@Suite struct TranscriptTests {
    @Test func anEventsJSONFormIsTimeTypeThenItsFieldsInOrder() throws {
        let event = TranscriptEvent(t: 1.5, type: "ui.show", fields: ["z": 1, "t": 9, "a": ["x": nil], "type": "shadowed", "m": "é"])
        let object = try #require(event.json.objectValue)
        #expect(Array(object.keys) == ["t", "type", "z", "a", "m"])
        #expect(object["t"] == .double(1.5) && object["type"] == "ui.show" && object["a"] == ["x": nil])
        let back = try TranscriptEvent(json: event.json)
        #expect(back.t == 1.5 && back.type == "ui.show" && Array(back.fields.keys) == ["z", "a", "m"])
        #expect(try TranscriptEvent(json: TranscriptEvent(t: 0, type: "log").json) == TranscriptEvent(t: 0, type: "log"))
    }

    @Test func anEventReadsFromAnyKeyOrderAndAnIntegerTime() throws {
        let event = try TranscriptEvent(json: ["id": "c1", "type": "inapp.queued", "n": 2, "t": 3])
        #expect(event == TranscriptEvent(t: 3, type: "inapp.queued", fields: ["id": "c1", "n": 2]))
        #expect(Array(event.fields.keys) == ["id", "n"])
    }

    @Test func aMalformedEventNamesWhatIsWrong() {
        #expect(throws: LocatedProblem(path: JSONPath.root.key("t"), message: "expected a number, got string")) {
            try TranscriptEvent(json: ["t": "soon", "type": "a"])
        }
        #expect(throws: LocatedProblem(path: JSONPath.root.key("type"), message: "missing required key (expected a string)")) {
            try TranscriptEvent(json: ["t": 0])
        }
        #expect(throws: LocatedProblem.self) { try TranscriptEvent(json: ["t": 0, "type": 1]) }
        #expect(throws: LocatedProblem.self) { try TranscriptEvent(json: [["t": 0, "type": "a"]]) }
    }

    @Test func appendRecordsAsRecordDoes() {
        var now = 1.0
        let transcript = Transcript(clock: { now })
        var seen: [TranscriptEvent] = []
        transcript.record("a", ["k": 1])
        now = 2
        transcript.append("b", ["k": 2, "j": "x"])
        transcript.observer = { seen.append($0) }
        now = 3
        transcript.append("c", [:])
        let recorded = transcript.record("d", ["k": 4])
        #expect(transcript.events == [TranscriptEvent(t: 1, type: "a", fields: ["k": 1]), TranscriptEvent(t: 2, type: "b", fields: ["k": 2, "j": "x"]),
                                      TranscriptEvent(t: 3, type: "c"), TranscriptEvent(t: 3, type: "d", fields: ["k": 4])])
        #expect(seen == Array(transcript.events[2...]) && recorded == transcript.events[3])
        #expect(Array(transcript.events[1].fields.keys) == ["k", "j"])
    }
}
