import Engine
import JSON
import SystemKit

/// Checks an ``Expectation`` against an engine: `events` and `noEvents` on the transcript here,
/// every other key through its definition in the registry (the core's `ui`, the systems' keys).
struct ExpectationEvaluator {
    /// The failures, and the transcript indices matched by `events` patterns (an `error` event
    /// matched there is "named" and does not fail the scenario).
    struct Outcome {
        var failures: [ScenarioFailure] = []
        var matchedEvents: Set<Int> = []
    }

    /// `since`: the number of events recorded before the previous `expect` step ended (`newEvents`
    /// looks only after it).
    /// `snapshots`: the store and the scenario file that `snapshot` compares against.
    static func evaluate(_ expectation: Expectation, step: Int, engine: Engine, registry: StepRegistry, since: Int = 0,
                         snapshots: (store: SnapshotStore, scenarioFile: String)? = nil) -> Outcome {
        var outcome = Outcome()
        let events = engine.transcript.events
        func fail(_ expectation: String, _ message: String, expected: FailureValue?, actual: FailureValue?, at index: Int?,
                  whole: ExpectationMismatch.Whole? = nil) {
            var failure = ScenarioFailure(
                step: step, expectation: expectation, message: message, expected: expected, actual: actual,
                eventIndex: index ?? max(events.count - 1, 0))
            failure.wholeExpected = whole?.expected
            failure.wholeActual = whole?.actual
            outcome.failures.append(failure)
        }

        if let patterns = expectation.events {
            subsequence(patterns, from: 0, key: "events")
        }
        if let patterns = expectation.newEvents {
            subsequence(patterns, from: min(since, events.count), key: "newEvents")
        }

        /// Matches `patterns` as an ordered subsequence of the events from `start`.
        func subsequence(_ patterns: [JSONObject], from start: Int, key: String) {
            var next = start
            for (i, pattern) in patterns.enumerated() {
                                if let found = events[next...].firstIndex(where: { $0.matches(pattern) }) {
                    outcome.matchedEvents.insert(found)
                    next = found + 1
                    continue
                }
                var actual = "no matching event"
                if next > start { actual += " after event #\(next - 1)" } else if start > 0 { actual += " since event #\(start) (the previous expect)" }
                if let type = pattern["type"]?.stringValue {
                    let sameType = events[next...].filter { $0.type == type }
                    if let closest = sameType.first {
                        actual += "; first \(type) after it: \(JSONWriter.text(closest.json))"
                    } else {
                        actual += "; no \(type) event after it"
                    }
                }
                fail("\(key)[\(i)]", "expected event not found", expected: .json(.object(pattern)), actual: .prose(actual),
                     at: min(next, max(events.count - 1, 0)))
                break  // later patterns are relative to this one
            }
        }

        if let name = expectation.snapshot, let snapshots {
            if let problem = snapshots.store.check(name, scenarioFile: snapshots.scenarioFile, events: events) {
                fail("snapshot", problem.message, expected: .prose(problem.expected), actual: .prose(problem.actual), at: nil)
            }
        }

        for (i, entry) in (expectation.eventCounts ?? []).enumerated() {
            let found = events.indices.filter { events[$0].matches(entry.pattern) }
            if found.count == entry.count {
                outcome.matchedEvents.formUnion(found)  // counted error events are named
            } else {
                let listed = found.prefix(5).map { "#\($0) \(JSONWriter.text(events[$0].json))" }.joined(separator: "; ")
                fail("eventCount[\(i)]", "wrong number of matching events",
                     expected: "\(entry.count) event\(entry.count == 1 ? "" : "s") matching \(JSONWriter.text(.object(entry.pattern)))",
                     actual: .prose("\(found.count)" + (found.isEmpty ? "" : ": " + listed + (found.count > 5 ? "; ..." : ""))),
                     at: found.last)
            }
        }

        for (i, pattern) in (expectation.noEvents ?? []).enumerated() {
            if let found = events.firstIndex(where: { $0.matches(pattern) }) {
                fail("noEvents[\(i)]", "unexpected event found", expected: "no event matching \(JSONWriter.text(.object(pattern)))",
                     actual: "event #\(found): \(JSONWriter.text(events[found].json))", at: found)
            }
        }

        for (name, _, input) in expectation.keys {
            guard let definition = registry.expectationKeys.first(where: { $0.name == name }) else {
                fail(name, "unknown expectation key", expected: nil, actual: nil, at: nil)
                continue
            }
            for mismatch in definition.check(engine, input) {
                let label: String
                if let path = mismatch.path {
                    label = JSONPath(components: [.key(name)] + path.components).description
                } else {
                    label = mismatch.detail.map { JSONPath.root.key(name).key($0).description } ?? name
                }
                fail(label, mismatch.message, expected: mismatch.expected, actual: mismatch.actual, at: nil, whole: mismatch.whole)
            }
        }
        return outcome
    }
}
