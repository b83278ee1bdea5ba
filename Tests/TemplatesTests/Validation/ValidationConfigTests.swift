@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTValidationConfigTest.m`:
// 14 of its 16 cases, one row each (same name, same outcome), on `ValidationConfig`. Not ported: the
// two `..._returnsSameInstance` cases (object identity of a cached NSSet; Swift arrays are values).
@Suite struct CTValidationConfigTest {
    static let rows: [String: @Sendable () -> Bool] = [
        "test_defaultRestrictedEventNames_containsAppLaunched": { ValidationConfig.defaultRestrictedEventNames.contains("App Launched") },
        "test_defaultRestrictedEventNames_containsSystemEvents": {
            ["Notification Clicked", "Notification Viewed", "App Uninstalled"].allSatisfy(ValidationConfig.defaultRestrictedEventNames.contains)
        },
        "test_defaultRestrictedMultiValueFields_containsCommonFields": {
            ["Email", "Name", "Phone"].allSatisfy(ValidationConfig.defaultRestrictedMultiValueFields.contains)
        },
        "test_defaultConfig_setsMaxKeyLength120": { ValidationConfig().maxKeyLength == 120 },
        "test_defaultConfig_setsMaxValueLength1024": { ValidationConfig().maxValueLength == 1024 },
        "test_defaultConfig_setsMaxDepth3": { ValidationConfig().maxDepth == 3 },
        "test_defaultConfig_setsKeyCharsNotAllowed": { ValidationConfig().keyCharsNotAllowed.contains(":") },
        "test_defaultConfig_setsRestrictedEventNames": { !ValidationConfig().restrictedEventNames.isEmpty },
        "test_defaultConfig_storesCountryCode": { var c = ValidationConfig(); c.deviceCountryCode = "US"; return c.deviceCountryCode == "US" },
        "test_defaultConfig_nilCountryCode_storesNil": { ValidationConfig().deviceCountryCode == nil },
        "test_isRestrictedEventName_withAppLaunched_returnsYes": { ValidationConfig.isRestrictedEventName("App Launched") },
        "test_isRestrictedEventName_withCustomEvent_returnsNo": { !ValidationConfig.isRestrictedEventName("custom_event") },
        "test_isRestrictedEventName_withNil_returnsNo": { !ValidationConfig.isRestrictedEventName(nil) },
        "test_isRestrictedEventName_caseInsensitive_returnsYes": { ValidationConfig.isRestrictedEventName("app launched") },
    ]

    @Test(arguments: rows.keys.sorted())
    func validationConfig(_ sdkCase: String) throws {
        let check = try #require(Self.rows[sdkCase])
        #expect(check(), "\(sdkCase)")
    }
}
