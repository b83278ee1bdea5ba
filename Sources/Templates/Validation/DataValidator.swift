import JSON

/// Event and profile data as `CTDataValidator validateEventData:` cleans it: keys trimmed, the
/// characters `: $ ' " \` removed (520), cut at 120 (520); empty keys, null values, empty arrays and
/// objects removed (545); string values trimmed, `' " \` removed (521), cut at 1,024 (521), empty
/// ones removed (545); arrays cut at 100 items (543); nesting deeper than 3 reported (542, kept);
/// more than 5 object or array members in one object reported (544, 543); a top-level
/// multi-value field (`Name`, `Email`, ...) holding an array or object dropped (523); a `phone`
/// without a leading `+` reported (512: ctlua's device has no country code). Data is never
/// dropped as a whole: the result is a success or a warning with the cleaned object.
public struct DataValidator: Sendable {
    public var config: ValidationConfig

    public init(config: ValidationConfig = ValidationConfig()) { self.config = config }

    public func validate(_ data: JSONObject?) -> ValidationResult {
        guard let data else { return .success(.data(JSONObjectBox([:]))) }
        var warnings: [ValidationResult] = []
        let cleaned = cleanDictionary(data, depth: 0, &warnings)
        if !warnings.isEmpty { return .warning(subResults: warnings, .data(JSONObjectBox(cleaned))) }
        return .success(.data(JSONObjectBox(cleaned)))
    }

    func cleanDictionary(_ dict: JSONObject, depth: Int, _ warnings: inout [ValidationResult]) -> JSONObject {
        if depth > config.maxDepth {
            // The SDK's message has the two numbers the other way round.
            warnings.append(.warning(542, "Event data exceeded maximum object count. Count: \(config.maxDepth), Limit: \(depth)"))
        }
        var cleaned = JSONObject()
        var objectKeys = 0, arrayKeys = 0
        for (key, value) in dict {
            let cleanedKey = cleanKey(key, &warnings)
            guard !cleanedKey.isEmpty else {
                warnings.append(.warning(545, "Empty value for key '\(key)' was removed, depth: \(depth)"))
                continue
            }
            // The SDK looks the lowercased key up in a set of capitalized names: never found.
            if depth == 0, config.restrictedMultiValueFields.contains(cleanedKey.lowercased()), value.isContainer {
                warnings.append(.warning(523, "'\(key)'is a restricted key for multi-value properties. Dropped, Depth: \(depth)"))
                continue
            }
            if value == .null {
                warnings.append(.warning(545, "Null value for key '\(key)' was removed, depth: \(depth)"))
                continue
            }
            switch value {
            case .array(let a):
                arrayKeys += 1
                if a.isEmpty {
                    warnings.append(.warning(545, "Empty array for key '\(cleanedKey)' was removed, depth: \(depth)"))
                    continue
                }
            case .object(let o):
                objectKeys += 1
                if o.isEmpty {
                    warnings.append(.warning(545, "Empty dictionary for key '\(cleanedKey)' was removed, depth: \(depth)"))
                    continue
                }
            default: break
            }
            if depth == 0, config.restrictedMultiValueFields.contains(cleanedKey), value.isContainer {
                warnings.append(.warning(523, "\(JSONWriter.text(value)) is a restricted key for multi-value properties. Dropped, depth: \(depth)"))
                continue
            }
            if cleanedKey.lowercased() == "phone" { validatePhone(cleanedKey, value, &warnings) }
            if let v = cleanValue(value, key: cleanedKey, depth: depth + 1, &warnings) { cleaned[cleanedKey] = v }
        }
        let objectLimit = config.maxObjectKeyPerLevelCount, arrayLimit = config.maxArrayKeyPerLevelCount
        if objectKeys > objectLimit {
            warnings.append(.warning(544, "Event data exceeded maximum key-value pair count. Count: \(objectKeys), Limit: \(objectLimit), Depth: \(depth)"))
        }
        if arrayKeys > arrayLimit {
            warnings.append(.warning(543, "Event data exceeded maximum array length. Length: \(arrayKeys), Limit: \(arrayLimit) Depth: \(depth)"))
        }
        return cleaned
    }

    func cleanArray(_ array: [JSONValue], key: String, depth: Int, _ warnings: inout [ValidationResult]) -> [JSONValue]? {
        let maxLength = config.maxArrayLength
        if maxLength > 0, array.count > maxLength {
            warnings.append(.warning(543, "Event data exceeded maximum array length. Length: \(array.count), Limit: \(maxLength), Key: \(key), Depth: \(depth)"))
        }
        var cleaned: [JSONValue] = []
        for item in array {
            if maxLength > 0, cleaned.count >= maxLength { break }
            if item == .null {
                warnings.append(.warning(545, "Null value for key '\(key)' was removed, Depth: \(depth)"))
                continue
            }
            if let v = cleanValue(item, key: key, depth: depth, &warnings) { cleaned.append(v) }
        }
        return cleaned.isEmpty ? nil : cleaned
    }

    func cleanValue(_ value: JSONValue, key: String, depth: Int, _ warnings: inout [ValidationResult]) -> JSONValue? {
        switch value {
        case .null: return nil
        case .string(let s): return cleanString(s, key: key, &warnings).map(JSONValue.string)
        case .object(let o): return .object(cleanDictionary(o, depth: depth, &warnings))
        case .array(let a): return cleanArray(a, key: key, depth: depth, &warnings).map(JSONValue.array)
        default: return value   // numbers and booleans (NSNumber)
        }
    }

    /// `cleanKey:`.
    public func cleanKey(_ key: String, _ warnings: inout [ValidationResult]) -> String {
        var cleaned = key.trimmedForValidation
        let filtered = cleaned.removing(config.keyCharsNotAllowed)
        if filtered != cleaned {
            cleaned = filtered
            warnings.append(.warning(520, "Key '\(key)' contains invalid characters"))
        }
        let limit = config.maxKeyLength
        if cleaned.utf16.count > limit {
            cleaned = cleaned.prefixUTF16(limit)
            warnings.append(.warning(520, "Key '\(key)' exceeds \(limit) characters. Trimmed to '\(cleaned)"))
        }
        return cleaned.trimmedForValidation
    }

    /// `cleanStringValue:forKey:`; nil when the value is removed.
    public func cleanString(_ value: String, key: String, _ warnings: inout [ValidationResult]) -> String? {
        var cleaned = value.trimmedForValidation
        guard !cleaned.isEmpty else {
            warnings.append(.warning(545, "Empty value for key '\(key)' was removed"))
            return nil
        }
        let filtered = cleaned.removing(config.valueCharsNotAllowed)
        if filtered != cleaned {
            cleaned = filtered
            warnings.append(.warning(521, "Value for key '\(key)' contains invalid characters"))
        }
        let limit = config.maxValueLength
        if cleaned.utf16.count > limit {
            cleaned = cleaned.prefixUTF16(limit)
            warnings.append(.warning(521, "Value for key '\(key)' exceeds \(limit) characters"))
        }
        cleaned = cleaned.trimmedForValidation
        return cleaned.isEmpty ? nil : cleaned
    }

    func validatePhone(_ key: String, _ value: JSONValue, _ warnings: inout [ValidationResult]) {
        guard case .string(let phone) = value else {
            warnings.append(.warning(512, "Invalid phone number for key '\(key)'"))
            return
        }
        if config.deviceCountryCode?.isEmpty ?? true, !phone.trimmedForValidation.hasPrefix("+") {
            warnings.append(.warning(512, "Device country code not available and profile phone: \(phone) does not appear to start with country code"))
        }
    }
}

extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
