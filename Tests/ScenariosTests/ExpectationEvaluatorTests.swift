import JSON
import Testing
@testable import Scenarios

struct ExpectationEvaluatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var expect: String
        /// nil: passes; otherwise the failing expectation's name.
        var failing: String?
        var testDescription: String { label }
    }

    /// Every case runs after: fakeDeliver c1+c2 (c1 displayed, c2 queued, title view shown),
    /// an emitted analytics event with a nested value, and a navigation state.
    static let cases: [Case] = [
        Case(label: "events in order", expect: #"{"events": [{"type": "inapp.queued", "id": "c1"}, {"type": "template.presented", "id": "c1"}]}"#, failing: nil),
        Case(label: "events out of order", expect: #"{"events": [{"type": "template.presented"}, {"type": "inapp.queued", "id": "c1"}]}"#, failing: "events[1]"),
        Case(label: "events partial nested, 1 == 1.0", expect: #"{"events": [{"type": "analytics", "value": {"n": 1.0}}]}"#, failing: nil),
        Case(label: "events field differs", expect: #"{"events": [{"type": "template.presented", "id": "c2"}]}"#, failing: "events[0]"),
        Case(label: "noEvents absent", expect: #"{"noEvents": [{"type": "inapp.skipped"}]}"#, failing: nil),
        Case(label: "noEvents present", expect: #"{"noEvents": [{"type": "inapp.queued", "id": "c2"}]}"#, failing: "noEvents[0]"),
        Case(label: "displayed", expect: #"{"fakeDisplayed": "c1"}"#, failing: nil),
        Case(label: "displayed wrong", expect: #"{"fakeDisplayed": "c2"}"#, failing: "fakeDisplayed"),
        Case(label: "displayed null wrong", expect: #"{"fakeDisplayed": null}"#, failing: "fakeDisplayed"),
        Case(label: "queue", expect: #"{"fakeQueue": ["c2"]}"#, failing: nil),
        Case(label: "queue wrong", expect: #"{"fakeQueue": []}"#, failing: "fakeQueue"),
        Case(label: "ui partial", expect: #"{"ui": {"title": {"text": "Sale"}}}"#, failing: nil),
        Case(label: "ui property differs", expect: #"{"ui": {"title": {"text": "Soon"}}}"#, failing: "ui.title.text"),
        Case(label: "ui view missing", expect: #"{"ui": {"button": {}}}"#, failing: "ui.button"),
        Case(label: "ui absent view", expect: #"{"ui": {"button": null}}"#, failing: nil),
        Case(label: "ui view that must be absent is shown", expect: #"{"ui": {"title": null}}"#, failing: "ui.title"),
        Case(label: "uiExact", expect: #"{"uiExact": {"title": {"text": "Sale", "size": 12.0}}}"#, failing: nil),
        Case(label: "uiExact missing a property", expect: #"{"uiExact": {"title": {"text": "Sale"}}}"#, failing: "uiExact.title"),
        Case(label: "uiExact extra property", expect: #"{"uiExact": {"title": {"text": "Sale", "size": 12, "x": 1}}}"#, failing: "uiExact.title"),
        Case(label: "uiExact other view shown", expect: #"{"uiExact": {}}"#, failing: "uiExact"),
        Case(label: "eventCount exact", expect: #"{"eventCount": [{"match": {"type": "inapp.queued"}, "count": 2}, {"match": {"type": "inapp.skipped"}, "count": 0}]}"#, failing: nil),
        Case(label: "eventCount wrong", expect: #"{"eventCount": [{"match": {"type": "inapp.queued"}, "count": 1}]}"#, failing: "eventCount[0]"),
        Case(label: "newEvents since the start", expect: #"{"newEvents": [{"type": "inapp.queued", "id": "c1"}]}"#, failing: nil),
        Case(label: "navigation partial", expect: #"{"fakeNavigation": {"presented": true}}"#, failing: nil),
        Case(label: "navigation differs", expect: #"{"fakeNavigation": {"screen": "cart"}}"#, failing: "fakeNavigation"),
    ]

    @Test(arguments: cases)
    func expectationKinds(_ c: Case) throws {
        let result = try Fixture.run(Fixture.steps(
            Fixture.deliverC1,
            #"{"fake": "emit {\"type\": \"analytics\", \"kind\": \"k\", \"value\": {\"n\": 1, \"m\": 2}}"}"#,
            #"{"fake": "nav {\"presented\": true, \"screen\": \"home\"}"}"#,
            "{\"expect\": \(c.expect)}"))
        if let failing = c.failing {
            #expect(result.failures.count == 1, "\(result.failures)")
            let failure = try #require(result.failures.first)
            #expect(failure.step == 3)
            #expect(failure.expectation == failing)
            #expect(failure.summary.hasPrefix("steps[3].expect.\(failing): "))
            #expect(failure.expected != nil && failure.actual != nil)
            #expect(!failure.context.isEmpty)
        } else {
            #expect(result.failures == [], "\(result.failures.map(\.summary))")
        }
    }

    @Test func failureShowsTranscriptAroundIt() throws {
        var steps = (0..<10).map { #"{"fake": "emit {\"type\": \"log\", \"message\": \"m\#($0)\"}"}"# }
        steps.append(#"{"expect": {"noEvents": [{"message": "m5"}]}}"#)
        let result = try Fixture.run(#"{"steps": [\#(steps.joined(separator: ","))]}"#)
        let failure = try #require(result.failures.first)
        #expect(failure.eventIndex == 5)
        #expect(failure.context.count == 7)
        #expect(failure.context[3] == #"> #5 t=0.0 log {"message":"m5"}"#)
        #expect(failure.context.first == #"  #2 t=0.0 log {"message":"m2"}"#)
        let text = TextReporter.render([result])
        #expect(text.contains("FAIL s.json (s): steps[10].expect.noEvents[0]: unexpected event found"))
        #expect(text.contains("> #5 t=0.0 log"))
        #expect(text.hasSuffix("0 passed, 1 failed\n"))
    }

    /// `newEvents` looks only after the previous `expect`; `events` keeps looking at everything.
    @Test func newEventsStartAfterThePreviousExpect() throws {
        let first = #"{"fake": "emit {\"type\": \"log\", \"message\": \"one\"}"}"#
        let second = #"{"fake": "emit {\"type\": \"log\", \"message\": \"two\"}"}"#
        let passing = try Fixture.run(Fixture.steps(
            first, #"{"expect": {"newEvents": [{"message": "one"}]}}"#,
            second, #"{"expect": {"newEvents": [{"message": "two"}], "events": [{"message": "one"}, {"message": "two"}]}}"#))
        #expect(passing.failures == [], "\(passing.failures.map(\.summary))")
        let failing = try Fixture.run(Fixture.steps(
            first, #"{"expect": {"events": [{"message": "one"}]}}"#,
            second, #"{"expect": {"newEvents": [{"message": "one"}]}}"#))
        let failure = try #require(failing.failures.first)
        #expect(failure.expectation == "newEvents[0]")
        #expect(failure.actual?.text.contains("since event #1 (the previous expect)") == true, "\(failure.actual?.text ?? "")")
    }

    /// Error events named by `newEvents` or counted by `eventCount` do not fail the scenario.
    @Test func countedOrNewErrorEventsAreNamed() throws {
        let error = #"{"fake": "emit {\"type\": \"error\", \"message\": \"boom\"}"}"#
        #expect(try Fixture.run(Fixture.steps(error, #"{"expect": {"eventCount": [{"match": {"type": "error"}, "count": 1}]}}"#)).failures == [])
        #expect(try Fixture.run(Fixture.steps(error, #"{"expect": {"newEvents": [{"type": "error"}]}}"#)).failures == [])
        let unnamed = try Fixture.run(Fixture.steps(error, #"{"expect": {"eventCount": [{"match": {"type": "log"}, "count": 0}]}}"#))
        #expect(unnamed.failures.map(\.expectation) == ["error event"])
    }

    /// Failure paths use one notation: keys that are not identifiers are quoted (`ui["wheel.title"]`).
    @Test func failurePathsQuoteKeysThatAreNotIdentifiers() throws {
        let result = try Fixture.run(Fixture.steps(
            #"{"fake": "show wheel.title {\"text\": \"Spin\"}"}"#,
            #"{"expect": {"ui": {"wheel.title": {"text": "Stop"}}}}"#))
        #expect(result.failures.map(\.summary) == [#"steps[1].expect.ui["wheel.title"].text: view "wheel.title" has other properties"#])
        // The failure points at the difference; the whole view only with --verbose.
        #expect(result.failures.first?.expected == .json("Stop") && result.failures.first?.actual == .json("Spin"))
        #expect(result.failures.first?.wholeActual == ["text": "Spin"])
    }
}
