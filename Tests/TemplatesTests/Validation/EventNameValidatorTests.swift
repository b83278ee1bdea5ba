@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTEventNameValidatorTest.m`:
// all 14 cases, one row each (same name, same outcome), on `EventNameValidator` with the default
// configuration (`discarded` sets `discardedEventNames` as the case does).
@Suite struct CTEventNameValidatorTest {
    typealias Row = (name: String?, discarded: [String], check: @Sendable (ValidationResult) -> Bool)

    static let rows: [String: Row] = [
        "test_validateEventName_nil_returnsDrop": (nil, [], { $0.shouldDrop && $0.dropReason == .nullEventName }),
        "test_validateEventName_emptyString_returnsDrop": ("", [], { $0.shouldDrop && $0.dropReason == .nullEventName }),
        "test_validateEventName_whitespaceOnly_returnsDrop": ("   ", [], { $0.shouldDrop }),
        "test_validateEventName_validName_returnsSuccess": ("Purchase", [], { $0.outcome == .success && $0.text == "Purchase" }),
        "test_validateEventName_withLeadingTrailingWhitespace_trimsAndSucceeds": ("  Purchase  ", [], { !$0.shouldDrop && $0.text == "Purchase" }),
        "test_validateEventName_restrictedName_returnsDrop": ("App Launched", [], { $0.shouldDrop && $0.dropReason == .restrictedEventName }),
        "test_validateEventName_restrictedName_caseInsensitive_returnsDrop": ("app launched", [], { $0.shouldDrop }),
        "test_validateEventName_anotherRestrictedName_returnsDrop": ("Notification Clicked", [], { $0.shouldDrop }),
        "test_validateEventName_discardedName_returnsDrop": ("spam_event", ["spam_event"], { $0.shouldDrop && $0.dropReason == .discardedEventName }),
        "test_validateEventName_discardedName_caseInsensitive_returnsDrop": ("SPAM_EVENT", ["spam_event"], { $0.shouldDrop }),
        "test_validateEventName_noDiscardedNames_customEventNotDropped": ("custom_event", [], { !$0.shouldDrop }),
        "test_validateEventName_withDot_removedWithWarning": ("my.event", [], { !$0.shouldDrop && $0.outcome == .warning && $0.text == "myevent" }),
        "test_validateEventName_withColon_removedWithWarning": ("my:event", [], { !$0.shouldDrop && $0.outcome == .warning && $0.text == "myevent" }),
        "test_validateEventName_exceedingMaxLength_truncatesWithWarning": (String(repeating: "a", count: 1025), [], {
            !$0.shouldDrop && $0.text?.utf16.count == 1024
        }),
    ]

    @Test(arguments: rows.keys.sorted())
    func validateEventName(_ sdkCase: String) throws {
        let row = try #require(Self.rows[sdkCase])
        var config = ValidationConfig()
        config.discardedEventNames = row.discarded
        let result = EventNameValidator(config: config).validate(row.name)
        #expect(row.check(result), "\(sdkCase): \(result)")
    }

    /// The codes and messages the SDK reports for a changed name (`CTEventBuilder` pushes the
    /// aggregate; its sub-results carry the detail).
    @Test func aChangedNameReportsBothWarnings() {
        let result = EventNameValidator().validate("my.event")
        #expect(result.code == 510 && result.message == "2 validation warnings")
        #expect(result.subResults.map(\.message) == [
            "Event name 'my.event' exceeds the limit of 1024 characters. Trimmed to 'myevent'",
            "Event name 'my.event' was normalized to 'myevent'",
        ])
        #expect(EventNameValidator().validate("App Launched").message == "'App Launched' is a restricted event name")
        #expect(EventNameValidator().validate("App Launched").code == 513)
    }
}
