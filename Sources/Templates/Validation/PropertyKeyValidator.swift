/// Profile property keys as `CTPropertyKeyValidator` checks them: nil or empty ⇒ a warning (512);
/// trimmed, `: $ ' " \` removed (520), cut at 120 (520), trimmed; empty after that ⇒ drop (512);
/// for multi-value operations the fields `Name`, `Email`, `Phone`, ... (case-insensitive) ⇒
/// drop (523).
public struct PropertyKeyValidator: Sendable {
    public var config: ValidationConfig

    public init(config: ValidationConfig = ValidationConfig()) { self.config = config }

    /// `validateKey:`.
    public func validate(_ key: String?) -> ValidationResult {
        guard let key, !key.isEmpty else { return .warning(512, "Key is null or empty") }
        var warnings: [ValidationResult] = []
        let cleaned = DataValidator(config: config).cleanKey(key, &warnings)
        guard !cleaned.isEmpty else {
            return .drop(512, "Key became empty after normalization", reason: .emptyKey)
        }
        // The SDK's own messages for the two key warnings.
        warnings = warnings.map { w in
            (w.message ?? "").contains("invalid characters") ? .warning(520, "Key '\(key)' contains invalid characters")
                : .warning(520, "Key '\(key)' exceeds \(config.maxKeyLength) characters")
        }
        return warnings.isEmpty ? .success(.text(cleaned)) : .warning(subResults: warnings, .text(cleaned))
    }

    /// `validateMultiValueKey:`.
    public func validateMultiValue(_ key: String?) -> ValidationResult {
        let result = validate(key)
        guard !result.shouldDrop, let cleaned = result.text else { return result }
        if config.restrictedMultiValueFields.contains(where: { $0.lowercased() == cleaned.lowercased() }) {
            return .drop(523, "'\(cleaned)' is restricted for multi-value operations", reason: .restrictedMultiValueKey)
        }
        return result
    }
}
