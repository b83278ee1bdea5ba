import Foundation

/// The SDK's validation limits and character rules (`CTValidationConfig defaultConfigWithCountryCode:`).
public struct ValidationConfig: Sendable {
    public var maxKeyLength = 120
    public var maxValueLength = 1024
    public var maxDepth = 3
    public var maxArrayKeyPerLevelCount = 5
    public var maxObjectKeyPerLevelCount = 5
    public var maxArrayLength = 100
    public var maxKVPairCount = 100
    /// 1,024 in 7.7.0 (`kMaxValueChars`), not the 120 of keys.
    public var maxEventNameLength = 1024
    public var keyCharsNotAllowed = CharacterSet(charactersIn: ":$'\"\\")
    public var valueCharsNotAllowed = CharacterSet(charactersIn: "'\"\\")
    public var eventNameCharsNotAllowed = CharacterSet(charactersIn: ".:$'\"\\")
    public var restrictedEventNames = ValidationConfig.defaultRestrictedEventNames
    public var restrictedMultiValueFields = ValidationConfig.defaultRestrictedMultiValueFields
    /// `discardedEventNames`: none by default (the SDK sets no list of its own).
    public var discardedEventNames: [String] = []
    /// The device's country code; ctlua's device has none (a phone must start with `+`).
    public var deviceCountryCode: String?

    public init() {}

    /// `defaultRestrictedEventNames`.
    public static let defaultRestrictedEventNames = [
        "Stayed", "Notification Clicked", "Notification Viewed", "UTM Visited", "Notification Sent", "App Launched",
        "App Uninstalled", "Geocluster Entered", "Geocluster Exited", "wzrk_fetch", "wzrk_d", "SCCampaignOptOut",
    ]
    /// `defaultRestrictedMultiValueFields`.
    public static let defaultRestrictedMultiValueFields = [
        "Name", "Email", "Education", "Married", "DOB", "Gender", "Phone", "Age", "FBID", "GPID", "Birthday",
    ]

    /// `CTValidationConfig isRestrictedEventName:`: compared after `CTUtils` normalization
    /// (spaces removed, lowercase).
    public static func isRestrictedEventName(_ name: String?) -> Bool {
        guard let name else { return false }
        let normalized = { (s: String) in s.replacingOccurrences(of: " ", with: "").lowercased() }
        return defaultRestrictedEventNames.contains { normalized($0) == normalized(name) }
    }
}

extension String {
    /// Trimmed of whitespace and newlines (`stringByTrimmingCharactersInSet:`).
    var trimmedForValidation: String { trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Without the characters of `set` (`componentsSeparatedByCharactersInSet:` joined).
    func removing(_ set: CharacterSet) -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { !set.contains($0) }))
    }

    /// The first `count` UTF-16 units (`substringToIndex:`), never splitting a character.
    func prefixUTF16(_ count: Int) -> String {
        guard utf16.count > count else { return self }
        var n = count
        while n > 0 {
            if let s = String(utf16.prefix(n)) { return s }
            n -= 1
        }
        return ""
    }
}
