import Engine
import JSON

/// Checks an ``Expectation`` against a driver's state.
struct ExpectationEvaluator {
    /// The failures, and the transcript indices matched by `events` patterns (an `error` event
    /// matched there is "named" and does not fail the scenario).
    struct Outcome {
        var failures: [ScenarioFailure] = []
        var matchedEvents: Set<Int> = []
    }

    static func evaluate(_ expectation: Expectation, step: Int, driver: any ScenarioDriver) -> Outcome {
        var outcome = Outcome()
        let events = driver.events
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

        if let displayed = expectation.displayed, driver.displayedID != displayed {
            fail("displayed", "wrong in-app displayed", expected: displayed.map(JSONWriter.quote) ?? "nothing",
                 actual: driver.displayedID.map(JSONWriter.quote) ?? "nothing", at: nil)
        }

        if let queue = expectation.queue, driver.queueIDs != queue {
            fail("queue", "wrong queue", expected: JSONWriter.text(.array(queue.map { .string($0) })),
                 actual: JSONWriter.text(.array(driver.queueIDs.map { .string($0) })), at: nil)
        }

        if let ui = expectation.ui {
            let tree = driver.uiTree
            for (id, properties) in ui {
                guard let view = tree[id] else {
                    fail("ui.\(id)", "view \(JSONWriter.quote(id)) is not shown", expected: JSONWriter.text(properties),
                         actual: "views shown: \(JSONWriter.text(.array((tree.objectValue?.keys.map { .string($0) }) ?? [])))", at: nil)
                    continue
                }
                if !JSONMatch.matches(properties, view) {
                    fail("ui.\(id)", "view \(JSONWriter.quote(id)) has other properties", expected: JSONWriter.text(properties),
                         actual: JSONWriter.text(view), at: nil)
                }
            }
        }

        if let navigation = expectation.navigation, !JSONMatch.matches(navigation, driver.navigation) {
            fail("navigation", "wrong navigation state", expected: JSONWriter.text(navigation),
                 actual: driver.navigation.map(JSONWriter.text) ?? "none", at: nil)
        }
        return outcome
    }
}
