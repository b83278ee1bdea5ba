import JSON
import Testing
@testable import Scenarios

/// `expect(x):toEqual(y)` and friends in `lua` steps and `.lua` scenarios: a failure names the
/// path of each difference, at the caller's line.
struct ExpectHelpersTests {
    private func lua(_ code: String) throws -> ScenarioResult {
        try Fixture.run(Fixture.steps(#"{"lua": \#(JSONWriter.quote(code))}"#))
    }

    @Test func passingMatchersPass() throws {
        let result = try lua("""
            expect({a = 1, b = {2, 3}}):toEqual({a = 1, b = {2, 3}})
            expect({a = 1, b = 2}):toMatchObject({a = 1})
            expect("Sale 50%"):toMatch("^Sale"):toContain("50%")
            expect({"x", {k = 1}}):toContain({k = 1})
            expect({1, 2}):toHaveLength(2)
            expect(nil):toBeNil()
            expect(0):toBeTruthy()
            expect(1).never:toBe(2)
            """)
        #expect(result.passed, "\(result.failures.map(\.summary))")
    }

    @Test func toEqualNamesEachDifference() throws {
        let result = try lua(#"expect({a = 1, b = {2, 3}, c = "x"}):toEqual({a = 1, b = {2, 4}, d = true})"#)
        #expect(result.failures.count == 1)
        let message = result.failures.first?.message ?? ""
        #expect(message.contains(#"expect({a = 1, b = {2, 3}, c = "x"}):toEqual({a = 1, b = {2, 4}, d = true}) failed"#), "\(message)")
        #expect(message.contains("  at $.b[2]: expected 4, actual 3\n"), "\(message)")
        #expect(message.contains("  at $.d: expected true, actual nil\n"), "\(message)")
        #expect(message.contains(#"  at $.c: expected nil, actual "x""#), "\(message)")
        // The error is raised at the caller's line, not inside the helper.
        #expect(message.contains(":1: expect("), "\(message)")
    }

    @Test func otherMatchersSayWhatTheyFound() throws {
        #expect(try lua(#"expect("abc"):toMatch("^b")"#).failures.first?.message.contains(#"no match of the Lua pattern "^b" in "abc""#) == true)
        #expect(try lua(#"expect({1, 2}):toContain(3)"#).failures.first?.message.contains("no element equals 3 in {1, 2}") == true)
        #expect(try lua(#"expect(5):toContain(3)"#).failures.first?.message.contains("the value is a number") == true)
        #expect(try lua(#"expect(nil).never:toBeNil()"#).failures.first?.message.contains("expect(nil).never:toBeNil() failed") == true)
        #expect(try lua(#"expect({a = 1, b = 2}):toMatchObject({a = 2})"#).failures.first?.message.contains("at $.a: expected 2, actual 1") == true)
    }

    @Test func cyclicAndDeepValuesDoNotHang() throws {
        let result = try lua("local t = {}; t.self = t; expect(t):toEqual({self = {}})")
        #expect(result.failures.count == 1)
    }
}
