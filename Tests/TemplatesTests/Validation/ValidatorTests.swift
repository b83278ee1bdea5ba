import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTValidatorTest.m` (the legacy
// `CTValidator` cases, which the SDK now runs on the new validators): 39 of its 47 cases, one row each
// (same name, same outcome), on `EventNameValidator`, `PropertyKeyValidator`, `DataValidator` and
// `ValidationConfig`. The `validate:forKey:` cases (a single value) run through `validateEventData:`
// with that value under `testKey`, which cleans values the same way. Not ported (8): the 5
// `isValidCleverTapId` cases (ctlua has no CleverTap ID), `test_cleanObjectValue_withValidDateInput`
// (JSON has no date), and the 2 `cleanArray:forKey:` cases whose outcome only that helper gives (nil
// and empty arrays; event data removes an empty array with a warning, see `CTDataValidatorTest`).
@Suite struct CTValidatorTest {
    static func name(_ s: String?, discarded: [String] = []) -> ValidationResult {
        var config = ValidationConfig()
        config.discardedEventNames = discarded
        return EventNameValidator(config: config).validate(s)
    }
    static func key(_ s: String?) -> ValidationResult { PropertyKeyValidator().validate(s) }
    static func data(_ o: JSONObject?) -> ValidationResult { DataValidator().validate(o) }
    /// A single value cleaned as event data under `testKey`.
    static func value(_ v: JSONValue) -> (ValidationResult, JSONValue?) { let r = data(["testKey": v]); return (r, Campaigns.object(r)["testKey"]) }
    static let long144 = "abcdefghijklmnopqrstuvwxyz1234567890abcdefghijklmnopqrstuvwxyz1234567890abcdefghijklmnopqrstuvwxyz1234567890abcdefghijklmnopqrstuvwxyz1234567890"
    static let values101: [JSONValue] = (0..<101).map { .string("value\($0)") }

    static let rows: [String: @Sendable () -> Bool] = [
        // cleanEventName (now CTEventNameValidator.validateEventName:)
        "test_cleanEventName_RemovesNotAllowedCharacters": { name("Test.Event:Name$").text == "TestEventName" },
        "test_cleanEventName_TrimsWhitespaceAndNewlineCharacters": { name("   Test Event Name\n").text == "Test Event Name" },
        "test_cleanEventName_LimitsNameLength": {
            let r = name(String(repeating: "a", count: 1025))
            return r.message == "2 validation warnings" && r.code == 510
        },
        "test_cleanEventName_withEmptyString": { name("").text == nil },
        "test_cleanEventName_withNilNameString": { name(nil).text == nil },
        // cleanObjectKey (now CTPropertyKeyValidator.validateKey:)
        "test_cleanObjectKey_RemovesNotAllowedCharacters": { key("Test.Event:Name$").text == "Test.EventName" },
        "test_cleanObjectKey_TrimsWhitespaceAndNewlineCharacters": { key("   Test Event Name\n").text == "Test Event Name" },
        "test_cleanObjectKey_LimitsNameLength": { let r = key(long144); return r.message == "1 validation warnings" && r.code == 520 },
        "test_cleanObjectKey_withEmptyString": { key("").text == nil },
        "test_cleanObjectKey_withNilNameString": { key(nil).text == nil },
        // cleanMultiValuePropertyKey (now CTPropertyKeyValidator.validateMultiValueKey:)
        "test_cleanMultiValuePropertyKey_doesNotAcceptKnownField": {
            let r = PropertyKeyValidator().validateMultiValue("Email")
            return r.message == "'Email' is restricted for multi-value operations" && r.code == 523 && r.text == nil
        },
        // cleanMultiValuePropertyValue (now CTDataValidator.validate:forKey:)
        "test_cleanMultiValuePropertyValue_RemovesNotAllowedCharacters": { value("Test'Event\"Name").1 == "TestEventName" },
        "test_cleanMultiValuePropertyValue_TrimsWhitespaceAndNewlineCharacters": { value("   Test Event Name\n").1 == "Test Event Name" },
        "test_cleanMultiValuePropertyValue_LimitsNameLength": {
            let r = value(.string(String(repeating: long144, count: 33))).0
            return r.message == "1 validation warnings" && r.code == 521
        },
        "test_cleanMultiValuePropertyValue_withEmptyString": { value("").1 == nil },
        "test_cleanMultiValuePropertyValue_withNilNameString": { value(.null).1 == nil },
        // cleanMultiValuePropertyArray (now CTDataValidator.cleanArray:forKey:)
        "test_cleanMultiValuePropertyArray": {
            let (r, v) = value(["value1", "value2", "value3"])
            return v == ["value1", "value2", "value3"] && r.message == nil && r.code == 0
        },
        "test_cleanMultiValuePropertyArray_LimitsArrayCount": {
            let (r, v) = value(.array(values101))
            return v == .array(Array(values101.prefix(100))) && r.message == "1 validation warnings" && r.code == 543
        },
        // cleanObjectValue (now CTDataValidator.validate:forKey: / validateEventData:)
        "test_cleanObjectValue_RemovesNotAllowedCharacters": { value("Test'Event\"Name").1 == "TestEventName" },
        "test_cleanObjectValue_TrimsWhitespaceAndNewlineCharacters": { value("   Test Event Name\n").1 == "Test Event Name" },
        "test_cleanObjectValue_LimitsNameLength": {
            let r = value(.string(String(repeating: "a", count: 1100))).0
            return r.code == 521 && r.message == "1 validation warnings"
        },
        "test_cleanObjectValue_withEmptyString": { value("").1 == nil },
        "test_cleanObjectValue_withNilNameString": { value(.null).1 == nil },
        "test_cleanObjectValue_withValidNumberInput": { value(42).1 == 42 },
        "test_cleanObjectValue_withValidArrayInput": { value(["apple", "banana", "cherry"]).1 == ["apple", "banana", "cherry"] },
        "test_cleanObjectValue_withNonStringArrayElementsInput": { value(["apple", "banana", 42, "cherry"]).1 == ["apple", "banana", 42, "cherry"] },
        "test_cleanObjectValue_LimitsArrayCount": {
            let (r, v) = value(.array(values101))
            return v != nil && r.message == "1 validation warnings" && r.code == 543
        },
        // isRestrictedEventName (now CTValidationConfig.isRestrictedEventName:)
        "test_isRestrictedEventName_withoutRestrictedNameInput": { !ValidationConfig.isRestrictedEventName("userLogged") },
        "test_isRestrictedEventName_withRestrictedNameInput": { ValidationConfig.isRestrictedEventName("App Launched") },
        "test_isRestrictedEventName_withEmptyInput": { !ValidationConfig.isRestrictedEventName("") },
        "test_isRestrictedEventName_withNilInput": { !ValidationConfig.isRestrictedEventName(nil) },
        // isDiscaredEventName (now CTValidationConfig.discardedEventNames, looked up by the name validator)
        "test_isDiscaredEventName_withoutDiscardedNameInput": { name("userLogged", discarded: ["aa", "bb"]).dropReason != .discardedEventName },
        "test_isDiscaredEventName_withDiscardedNameInput": { name("aa", discarded: ["aa", "bb"]).dropReason == .discardedEventName },
        "test_isDiscaredEventName_withEmptyInput": { name("", discarded: ["aa", "bb"]).dropReason != .discardedEventName },
        "test_isDiscaredEventName_withNilInput": { name(nil, discarded: ["aa", "bb"]).dropReason != .discardedEventName },
        // CTEventNameValidator: restricted / discarded outcome
        "test_validateEventName_withRestrictedName_shouldDrop": {
            let r = name("App Launched")
            return r.shouldDrop && r.outcome == .drop && r.text == nil
        },
        "test_validateEventName_withDiscardedName_shouldDrop": {
            let r = name("spam event", discarded: ["spam event"])
            return r.shouldDrop && r.outcome == .drop
        },
        // CTDataValidator: validateEventData gaps
        "test_validateEventData_withNilInput_returnsEmptyDict": { let r = data(nil); return r.outcome == .success && Campaigns.object(r).isEmpty },
        "test_validateEventData_withNullValue_removesKeyWithWarning": {
            let r = data(["validKey": "validValue", "nullKey": .null])
            return Campaigns.object(r)["validKey"] != nil && Campaigns.object(r)["nullKey"] == nil && r.outcome == .warning
        },
    ]

    @Test(arguments: rows.keys.sorted())
    func validator(_ sdkCase: String) throws {
        let check = try #require(Self.rows[sdkCase])
        #expect(check(), "\(sdkCase)")
    }

    @Test func portsThirtyNineCases() { #expect(Self.rows.count == 39) }
}
