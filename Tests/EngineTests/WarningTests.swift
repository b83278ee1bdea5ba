import Engine
import JSON
import Testing

/// The one way every system records what its SDK ignored (issue 35 item 3).
@Suite struct WarningTests {
    @Test func aWarningCarriesWhereWhatAndTheClosestName() {
        let transcript = Transcript(clock: { 2 })
        transcript.warn(Warning(system: "templates", "ignored", file: "a.json", path: JSONPath.root.key("vars").key("titel"),
                                ignored: "titel", known: ["title", "message"]))
        let event = transcript.events.first
        #expect(event?.type == "warning" && event?.t == 2)
        #expect(event?.fields == ["message": "a.json: vars.titel: templates: ignored (did you mean 'title'?)", "system": "templates",
                                  "file": "a.json", "path": "vars.titel", "ignored": "titel", "didYouMean": "title"])
    }

    /// A warning without a file is placed in the input being applied (a scenario step); one with
    /// a file keeps its own; outside an input it names only what it knows.
    @Test func theInputSourcePlacesAWarningThatNamesNoFile() {
        let transcript = Transcript(clock: { 0 })
        transcript.warn(Warning(system: "s", "bare"))
        transcript.source = Transcript.InputSource(file: "f.json", path: JSONPath.root.key("steps").index(2).key("deliver"))
        transcript.warn(Warning(system: "s", "inside", path: JSONPath.root.index(0).key("x")))
        transcript.warn(Warning(system: "s", "at the step"))
        transcript.warn(Warning(system: "s", "own", file: "other.json", path: .root.key("y")))
        #expect(transcript.events.map { $0["message"]?.stringValue } == [
            "s: bare", "f.json: steps[2].deliver[0].x: s: inside", "f.json: steps[2].deliver: s: at the step", "other.json: y: s: own",
        ])
    }

    /// The same warning twice is one event; past the cap one event says the rest are dropped
    /// (a script delivering without end cannot grow the transcript through warnings).
    @Test func warningsAreRecordedOnceEachAndBounded() {
        let transcript = Transcript(clock: { 0 })
        transcript.warn(Warning(system: "s", "same"))
        transcript.warn(Warning(system: "s", "same"))
        #expect(transcript.events.count == 1)
        for i in 0..<(Transcript.maxWarnings + 50) { transcript.warn(Warning(system: "s", "w\(i)")) }
        #expect(transcript.events.count == Transcript.maxWarnings + 1)
        #expect(transcript.events.last?["message"]?.stringValue == "ctlua: more than \(Transcript.maxWarnings) warnings: the others are not recorded")
        #expect(Transcript.warnings(in: transcript.events).count == Transcript.maxWarnings + 1)
    }
}
