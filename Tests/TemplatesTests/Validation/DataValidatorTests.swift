import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTDataValidatorTest.m`: the
// 12 `validateEventData:` cases that JSON can express, one row each (same name, same outcome), on
// `DataValidator`. Not ported (9): `test_validateEventData_withNSDate_convertsToDateString` (JSON has
// no date) and the 8 cases of the helpers `validate:forKey:` and `cleanArray:forKey:`, which nothing
// in the SDK calls (events and profiles go through `validateEventData:`).
@Suite struct CTDataValidatorTest {
    typealias Row = (input: JSONObject?, check: @Sendable (ValidationResult, JSONObject) -> Bool)

    static let rows: [String: Row] = [
        "test_validateEventData_validSimpleDict_returnsSuccess": (["name": "Alice", "score": 100], { r, c in
            r.outcome == .success && c["name"] == "Alice" && c["score"] == 100
        }),
        "test_validateEventData_withNestedDict_cleansRecursively": (["user": ["name": "Bob"]], { r, c in
            r.outcome == .success && c["user"]?["name"] == "Bob"
        }),
        "test_validateEventData_withArrayValue_keepsArray": (["tags": ["a", "b"]], { r, c in r.outcome == .success && c["tags"] == ["a", "b"] }),
        "test_validateEventData_withEmptyArray_removesKey": (["tags": []], { r, c in r.outcome == .warning && c["tags"] == nil }),
        "test_validateEventData_keyWithInvalidChars_cleansKeyWithWarning": (["my:key": "value"], { r, c in
            r.outcome == .warning && c["my:key"] == nil && c["mykey"] == "value"
        }),
        "test_validateEventData_withEmptyDict_returnsEmptyCleanedDict": ([:], { r, c in r.outcome == .success && c.isEmpty }),
        "test_validateEventData_nilInput_returnsSuccessWithEmptyDict": (nil, { r, c in r.outcome == .success && c.isEmpty }),
        "test_validateEventData_withNSNullValue_removesKeyWithWarning": (["key": .null], { r, c in r.outcome == .warning && c["key"] == nil }),
        "test_validateEventData_withEmptyNestedDict_removesKeyWithWarning": (["nested": [:]], { r, c in r.outcome == .warning && c["nested"] == nil }),
        "test_validateEventData_phoneWithoutCountryCode_addsWarning": (["Phone": "5551234567"], { r, c in
            c["Phone"] != nil && r.subResults.map(\.code) == [512]
        }),
        "test_validateEventData_phoneWithPlusPrefix_noExtraWarning": (["Phone": "+15551234567"], { r, c in
            c["Phone"] == "+15551234567" && r.outcome == .success
        }),
    ]

    @Test(arguments: rows.keys.sorted())
    func validateEventData(_ sdkCase: String) throws {
        let row = try #require(Self.rows[sdkCase])
        let result = DataValidator().validate(row.input)
        #expect(row.check(result, Campaigns.object(result)), "\(sdkCase): \(result)")
    }

    static func numbers(_ n: Int) -> JSONValue { .array((0..<n).map { JSONValue.integer(Int64($0)) }) }
    static let longKey: String = "k" + String(repeating: "x", count: 130)
    static let longValue: JSONValue = .string(String(repeating: "v", count: 1100))
    static let deep: JSONValue = ["b": ["c": ["d": ["e": 1]]]]

    /// The limits the issue names and the SDK's codes and messages.
    static let limitRows: [(String, JSONObject, Int, String)] = [
        ("key cut at 120", [longKey: 1], 520, "exceeds 120 characters"),
        ("value cut at 1,024", ["k": longValue], 521, "Value for key 'k' exceeds 1024 characters"),
        ("quotes removed from values", ["k": "it's"], 521, "Value for key 'k' contains invalid characters"),
        ("array cut at 100", ["k": numbers(101)], 543, "Length: 101, Limit: 100"),
        ("deeper than 3", ["a": deep], 542, "Count: 3, Limit: 4"),
        ("a multi-value field holding an array", ["Email": ["a@b.c"]], 523, "is a restricted key for multi-value properties"),
    ]

    @Test(arguments: limitRows.indices)
    func limits(_ index: Int) {
        let (name, input, code, message) = Self.limitRows[index]
        let result = DataValidator().validate(input)
        #expect(result.subResults.contains { $0.code == code && ($0.message ?? "").contains(message) }, "\(name): \(result.subResults)")
    }

    @Test func cleanedValues() {
        var input: JSONObject = [Self.longKey: 1, "q": "it's"]
        input["v"] = Self.longValue
        input["n"] = .object(["arr": Self.numbers(101)])
        let cleaned = Campaigns.object(DataValidator().validate(input))
        #expect(cleaned.keys.contains { $0.utf16.count == 120 })
        #expect(cleaned["v"]?.stringValue?.utf16.count == 1024)
        #expect(cleaned["q"] == "its")
        #expect(cleaned["n"]?["arr"]?.arrayValue?.count == 100)
    }
}
