import Foundation
import JSON
import Testing
@testable import FlowX

@Suite struct BuiltInValidatorTests {
    let today = "2023-11-14"

    /// (validator, params, value, valid)
    static let cases: [(BuiltInValidator, [String], JSONValue?, Bool)] = [
        (.required, [], "x", true), (.required, [], "", false), (.required, [], nil, false), (.required, [], .null, false),
        (.required, [], 0, true), (.required, [], false, true), (.required, [], [], false),
        (.requiredTrue, [], true, true), (.requiredTrue, [], false, false), (.requiredTrue, [], nil, false),
        (.min, ["18"], 18, true), (.min, ["18"], 17, false), (.min, ["18"], "19", true), (.min, ["18"], "", true),
        (.min, ["18"], nil, true), (.min, ["18"], "abc", true), (.min, ["1.5"], 1.4, false),
        (.max, ["10"], 10, true), (.max, ["10"], 11, false), (.max, ["10"], "", true),
        (.minLength, ["3"], "abc", true), (.minLength, ["3"], "ab", false), (.minLength, ["3"], "", true),
        (.maxLength, ["3"], "abc", true), (.maxLength, ["3"], "abcd", false), (.maxLength, ["3"], nil, true),
        (.maxLength, ["2"], "ăî", true), (.minLength, ["2"], 123, true),
        (.email, [], "ana@example.com", true), (.email, [], "ana@", false), (.email, [], "ana example.com", false),
        (.email, [], "", true),
        (.pattern, ["[0-9]{3}"], "123", true), (.pattern, ["[0-9]{3}"], "1234", false), (.pattern, ["[0-9]{3}"], "", true),
        (.pattern, ["a|b"], "ab", false),
        (.isSameOrBeforeToday, [], "2023-11-14", true), (.isSameOrBeforeToday, [], "2023-11-15", false),
        (.isSameOrBeforeToday, [], "2023-11-13T23:00:00Z", true), (.isSameOrBeforeToday, [], "", true),
        (.isSameOrBeforeToday, [], "yesterday", false), (.isSameOrBeforeToday, [], "2023-02-30", false),
        (.isSameOrAfterToday, [], "2023-11-14", true), (.isSameOrAfterToday, [], "2023-11-13", false),
        (.isSameOrAfterToday, [], "2023-11-15T00:00:00.500+00:00", true), (.isSameOrAfterToday, [], nil, true),
    ]

    @Test(arguments: cases.indices)
    func judgesValidInvalidAndEmpty(_ i: Int) throws {
        let (validator, params, value, expected) = Self.cases[i]
        #expect(try validator.validate(value, params: params, today: today) == expected,
                "\(validator.rawValue)(\(params)) on \(String(describing: value))")
    }

    @Test func badOrMissingParametersAreErrors() throws {
        #expect(throws: ValidatorError.missingParameter(validator: "min")) { try BuiltInValidator.min.validate(5, params: [], today: today) }
        #expect(throws: ValidatorError.badParameter(validator: "maxLength", expected: "a whole number ≥ 0")) {
            try BuiltInValidator.maxLength.validate("x", params: ["-1"], today: today)
        }
        #expect(throws: ValidatorError.badParameter(validator: "pattern", expected: "a valid regular expression")) {
            try BuiltInValidator.pattern.validate("x", params: ["("], today: today)
        }
        // An empty value does not reach the parameter check: the validator does not trigger.
        #expect(try BuiltInValidator.min.validate("", params: [], today: today))
    }

    @Test func overlongValuesDoNotMatch() throws {
        let long = String(repeating: "a", count: BuiltInValidator.maxTextLength + 1)
        #expect(try BuiltInValidator.pattern.validate(.string(long), params: ["a+"], today: today) == false)
    }

    /// A pattern that backtracks catastrophically is stopped at the step limit, and the error
    /// names it: it backtracked for 1.7 s and was reported as a plain mismatch.
    @Test func aBacktrackingPatternStopsAtTheStepLimitAndSaysSo() throws {
        let value = JSONValue.string(String(repeating: "a", count: 40) + "c")
        let start = Date()
        #expect(throws: ValidatorError.tooComplex(validator: "pattern", steps: BuiltInValidator.matchStepLimit)) {
            try BuiltInValidator.pattern.validate(value, params: ["(a+)+b"], today: today)
        }
        // A bound on hanging, not a timing: the step limit above is what is checked (an ASan
        // build on a busy 2-core machine is many times slower than a release build).
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(ValidatorError.tooComplex(validator: "pattern", steps: 1_000_000).description
                == "flowx: validator 'pattern' stopped matching after 1000000 backtracking steps (the limit of one match); simplify the pattern")
        // Ordinary patterns on long values are not near the limit.
        let long = JSONValue.string(String(repeating: "ab", count: 4000))
        #expect(try BuiltInValidator.pattern.validate(long, params: ["(ab)+"], today: today))
        #expect(try BuiltInValidator.pattern.validate(long, params: ["[ab]*c"], today: today) == false)
    }
}
