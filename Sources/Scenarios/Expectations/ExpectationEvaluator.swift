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

    static func evaluate(_ expectation: Expectation, step: Int, engine: Engine, registry: StepRegistry) -> Outcome {
        var outcome = Outcome()
        let events = engine.transcript.events
        func fail(_ expectation: String, _ message: String, expected: String?, actual: String?, at index: Int?) {
            outcome.failures.append(ScenarioFailure(
                step: step, expectation: expectation, message: message, expected: expected, actual: actual,
                eventIndex: index ?? max(events.count - 1, 0)))
        }

        if let patterns = expectation.events {
            var next = 0
            for (i, pattern) in patterns.enumerated() {
                let patternText = JSONWriter.text(.object(pattern))
                if let found = events[next...].firstIndex(where: { JSONMatch.matches(pattern, event: $0) }) {
                    outcome.matchedEvents.insert(found)
                    next = found + 1
                    continue
                }
                var actual = "no matching event"
                if next > 0 { actual += " after event #\(next - 1)" }
                if let type = pattern["type"]?.stringValue {
                    let sameType = events[next...].filter { $0.type == type }
                    if let closest = sameType.first {
                        actual += "; first \(type) after it: \(JSONWriter.text(closest.json))"
                    } else {
                        actual += "; no \(type) event after it"
                    }
                }
                fail("events[\(i)]", "expected event not found", expected: patternText, actual: actual,
                     at: min(next, max(events.count - 1, 0)))
                break  // later patterns are relative to this one
            }
        }

        for (i, pattern) in (expectation.noEvents ?? []).enumerated() {
            if let found = events.firstIndex(where: { JSONMatch.matches(pattern, event: $0) }) {
                fail("noEvents[\(i)]", "unexpected event found", expected: "no event matching \(JSONWriter.text(.object(pattern)))",
                     actual: "event #\(found): \(JSONWriter.text(events[found].json))", at: found)
            }
        }

        for (name, value) in expectation.keys {
            guard let definition = registry.expectationKeys.first(where: { $0.name == name }) else {
                fail(name, "unknown expectation key", expected: nil, actual: nil, at: nil)
                continue
            }
            for mismatch in definition.check(engine, value) {
                fail(mismatch.detail.map { "\(name).\($0)" } ?? name, mismatch.message,
                     expected: mismatch.expected, actual: mismatch.actual, at: nil)
            }
        }
        return outcome
    }
}
