import JSON
import SystemKit
import Testing
import TestSupport
@testable import Traits

/// `@appcues/conditional`'s conditions: the `regex` operator is bounded (``BoundedRegex``).
@Suite struct ClauseTests {
    typealias F = ExperienceFixture

    @Test func regexConditionsMatchAsSearches() throws {
        #expect(try Clause.Operator.matchesRegex.evaluate("order 42", #"\d+"#))
        #expect(try Clause.Operator.matchesRegex.evaluate("abc", "^a.c$"))
        #expect(try !Clause.Operator.matchesRegex.evaluate("abd", "^a.c$"))
        #expect(try !Clause.Operator.matchesRegex.evaluate("abc", "("), "an invalid pattern is false, as in the SDK")
        // A long value that does not match is searched at every position: still within the bound.
        #expect(try !Clause.Operator.matchesRegex.evaluate(String(repeating: "b", count: Clause.maxRegexTextLength), "a"))
    }

    /// `(x+x+)+y` on 36 `x`s backtracks about 2^36 times inside one C call (8 s at 28 `x`s, twice
    /// that for each more; no limit reached it): now a clear error after ``BoundedRegex/stepLimit`` steps.
    @Test func catastrophicBacktrackingIsAnErrorNotAHang() throws {
        let outcome = withDeadline(20) { () throws -> String in
            do {
                _ = try Clause.Operator.matchesRegex.evaluate(String(repeating: "x", count: 36), "(x+x+)+y")
                return "no error"
            } catch { return "\(error)" }
        }
        let message = try #require(try outcome?.get(), "the regex search did not stop within 20 s")
        #expect(message == #"regex condition "(x+x+)+y": gave up after 1000000 steps (catastrophic backtracking)"#)
        #expect(throws: ActionError(#"regex condition "a": the value is 1001 characters long (at most 1000)"#)) {
            try Clause.Operator.matchesRegex.evaluate(String(repeating: "b", count: 1001), "a")
        }
    }

    /// The conditional with such a condition: an `error` event names it, no check holds, the
    /// experience stays where it is.
    @Test func aConditionalWithAnUndecidableRegexRecordsAnError() throws {
        let token = String(repeating: "x", count: 36)
        let checks = #"{"checks": [{"condition": {"token": {"token": "\#(token)", "operator": "regex", "value": "(x+x+)+y"}},"# +
            #""actions": [{"on": "tap", "type": "@appcues/continue", "config": {"stepID": "\#(F.id(31))"}}]}]}"#
        let json = F.experience([
            F.step(11, content: F.stack(111, [F.button(114, "Go")]), actions: [114: [F.action("tap", "@appcues/conditional", checks)]]),
            F.step(31, content: F.text(3100, "Matched")),
        ])
        let outcome = withDeadline(20) { () throws -> [String] in
            let h = try TraitsHarness.showing(json)
            try h.tap(114)
            return h.events("error", ["message", "source"]) + [h.system.renderer.current?.stepIndex == .init(group: 0, item: 0) ? "stayed" : "moved"]
        }
        let found = try #require(try outcome?.get(), "the tap did not end within 20 s")
        #expect(found == [#"error message="regex condition \"(x+x+)+y\": gave up after 1000000 steps (catastrophic backtracking)" source="action @appcues/conditional""#,
                          "stayed"])
    }
}
