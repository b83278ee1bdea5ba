/// Event names as `CTEventNameValidator validateEventName:` checks them: empty ⇒ drop (510);
/// trimmed, the characters `. : $ ' " \` removed, trimmed again; empty ⇒ drop; restricted
/// (`App Launched`, `Notification Viewed`, ...) or discarded names (case-insensitive) ⇒ drop
/// (513); cut at `maxEventNameLength` (1,024). A name that changed is a warning whose
/// sub-results are a "too long" warning (the SDK adds it whenever a limit is configured, even
/// for a short name) and the normalization warning; the SDK's validator also keeps every
/// earlier call's warnings in that list (a shared instance), which ctlua does not repeat.
public struct EventNameValidator: Sendable {
    public var config: ValidationConfig

    public init(config: ValidationConfig = ValidationConfig()) { self.config = config }

    public func validate(_ eventName: String?) -> ValidationResult {
        guard let eventName, !eventName.isEmpty else {
            return .drop(510, "Event name is null or empty", reason: .nullEventName)
        }
        var cleaned = eventName.trimmedForValidation.removing(config.eventNameCharsNotAllowed).trimmedForValidation
        guard !cleaned.isEmpty else {
            return .drop(510, "Event name became empty after normalization", reason: .nullEventName)
        }
        if config.restrictedEventNames.contains(where: { $0.lowercased() == cleaned.lowercased() }) {
            return .drop(513, "'\(cleaned)' is a restricted event name", reason: .restrictedEventName)
        }
        if config.discardedEventNames.contains(where: { $0.lowercased() == cleaned.lowercased() }) {
            return .drop(513, "'\(cleaned)' is a discarded event name", reason: .discardedEventName)
        }
        let maxLength = config.maxEventNameLength
        cleaned = cleaned.prefixUTF16(maxLength)
        let tooLong = ValidationResult.warning(
            510, "Event name '\(eventName)' exceeds the limit of \(maxLength) characters. Trimmed to '\(cleaned)'")
        guard cleaned != eventName else { return .success(.text(cleaned)) }
        let normalized = ValidationResult.warning(510, "Event name '\(eventName)' was normalized to '\(cleaned)'", .text(cleaned))
        return .warning(subResults: [tooLong, normalized], .text(cleaned))
    }
}
