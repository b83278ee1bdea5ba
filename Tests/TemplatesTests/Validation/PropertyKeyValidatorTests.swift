@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTPropertyKeyValidatorTest.m`:
// all 14 cases, one row each (same name, same outcome), on `PropertyKeyValidator`.
@Suite struct CTPropertyKeyValidatorTest {
    typealias Row = (key: String?, multiValue: Bool, check: @Sendable (ValidationResult) -> Bool)

    static let rows: [String: Row] = [
        "test_validateKey_nil_returnsWarning": (nil, false, { $0.outcome == .warning && !$0.shouldDrop }),
        "test_validateKey_emptyString_returnsWarning": ("", false, { $0.outcome == .warning && !$0.shouldDrop }),
        "test_validateKey_whitespaceOnly_returnsDrop": ("   ", false, { $0.shouldDrop }),
        "test_validateKey_validKey_returnsSuccess": ("my_key", false, { $0.outcome == .success && $0.text == "my_key" }),
        "test_validateKey_validKey_tripsLeadingTrailingWhitespace": ("  my_key  ", false, { $0.outcome == .success && $0.text == "my_key" }),
        "test_validateKey_keyWithColon_returnsWarning": ("my:key", false, { $0.outcome == .warning && $0.text == "mykey" }),
        "test_validateKey_keyWithDollarSign_returnsWarning": ("$special", false, { $0.outcome == .warning && $0.text == "special" }),
        "test_validateKey_keyExceedsMaxLength_returnsWarning": (String(repeating: "k", count: 130), false, {
            $0.outcome == .warning && $0.text?.utf16.count == 120
        }),
        "test_validateKey_keyAtMaxLength_returnsSuccess": (String(repeating: "k", count: 120), false, {
            $0.outcome == .success && $0.text?.utf16.count == 120
        }),
        "test_validateMultiValueKey_validKey_returnsSuccess": ("custom_tag", true, { $0.outcome == .success && $0.text == "custom_tag" }),
        "test_validateMultiValueKey_restrictedKey_returnsDrop": ("Email", true, { $0.shouldDrop }),
        "test_validateMultiValueKey_restrictedKey_caseInsensitive_returnsDrop": ("email", true, { $0.shouldDrop }),
        "test_validateMultiValueKey_nilKey_returnsWarning_notDrop": (nil, true, { !$0.shouldDrop && $0.outcome == .warning }),
        "test_validateMultiValueKey_anotherRestrictedField_returnsDrop": ("Phone", true, { $0.shouldDrop && $0.code == 523 }),
    ]

    @Test(arguments: rows.keys.sorted())
    func validateKey(_ sdkCase: String) throws {
        let row = try #require(Self.rows[sdkCase])
        let validator = PropertyKeyValidator()
        let result = row.multiValue ? validator.validateMultiValue(row.key) : validator.validate(row.key)
        #expect(row.check(result), "\(sdkCase): \(result)")
    }
}
