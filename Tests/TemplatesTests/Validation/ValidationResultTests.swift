import JSON
@testable import Templates
import Testing

// Ported from the CleverTap iOS SDK 7.7.0 unit tests `CleverTapSDKTests/CTValidationResultTest.m`:
// all 15 cases, one row each (same name, same outcome), on `ValidationResult`.
@Suite struct CTValidationResultTest {
    static let text = ValidationResult.CleanedValue.text
    static let rows: [String: @Sendable () -> Bool] = [
        "test_resultWithErrorCode_warningRange": {
            let r = ValidationResult(errorCode: 512, message: "warning message")
            return r.outcome == .warning && r.code == 512 && r.message == "warning message"
        },
        "test_resultWithErrorCode_dropRange_513": { let r = ValidationResult(errorCode: 513, message: "drop message"); return r.outcome == .drop && r.code == 513 },
        "test_resultWithErrorCode_dropRange_514": { let r = ValidationResult(errorCode: 514, message: "drop message 514"); return r.outcome == .drop && r.code == 514 },
        "test_dropWithSubResults_setsOutcomeAndReason": {
            let r = ValidationResult.drop(subResults: [ValidationResult(errorCode: 513, message: "sub error 1"), ValidationResult(errorCode: 514, message: "sub error 2")],
                                          reason: .emptyKey)
            return r.outcome == .drop && r.subResults.count == 2 && r.dropReason == .emptyKey && r.code == 513
        },
        "test_dropWithSubResults_emptyArray": { let r = ValidationResult.drop(subResults: [], reason: .nullEventName); return r.outcome == .drop && r.subResults.isEmpty },
        "test_success_outcomeIsSuccess": { ValidationResult.success().outcome == .success },
        "test_success_errorCodeIsZero": { ValidationResult.success().code == 0 },
        "test_successWithData_setsCleanedData": { let r = ValidationResult.success(text("cleanValue")); return r.outcome == .success && r.text == "cleanValue" },
        "test_successWithData_nilData_outcomeIsSuccess": { let r = ValidationResult.success(nil); return r.outcome == .success && r.cleaned == nil },
        "test_warningWithCode_setsOutcomeAndCode": {
            let r = ValidationResult.warning(520, "msg", text("val"))
            return r.outcome == .warning && r.code == 520 && r.message == "msg" && r.text == "val"
        },
        "test_dropWithCode_setsOutcomeAndReason": {
            let r = ValidationResult.drop(513, "drop", reason: .emptyKey)
            return r.outcome == .drop && r.code == 513 && r.message == "drop" && r.dropReason == .emptyKey && r.cleaned == nil
        },
        "test_warningWithSubResults_setsOutcomeAndSubResults": {
            let r = ValidationResult.warning(subResults: [ValidationResult(errorCode: 520, message: "sub warning")], text("data"))
            return r.outcome == .warning && r.subResults.count == 1 && r.text == "data" && r.code == 520
        },
        "test_shouldDrop_dropOutcome_returnsYES": { ValidationResult.drop(513, "drop", reason: .emptyKey).shouldDrop },
        "test_shouldDrop_warningOutcome_returnsNO": { !ValidationResult(errorCode: 512, message: "warn").shouldDrop },
        "test_shouldDrop_successOutcome_returnsNO": { !ValidationResult.success().shouldDrop },
    ]

    @Test(arguments: rows.keys.sorted())
    func validationResult(_ sdkCase: String) throws {
        let check = try #require(Self.rows[sdkCase])
        #expect(check(), "\(sdkCase)")
    }
}
