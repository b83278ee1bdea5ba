import Engine
import Foundation
import JSON
import OrderedCollections
import SystemKit

/// The renderer's predefined validators, with the semantics the FlowX docs give them.
///
/// `required` and `requiredTrue` judge every value; the others do not trigger on an empty value
/// (nil, `null`, `""`): an empty field is valid for them, as in the renderer ("if there are no
/// characters at all, this validator will not trigger").
public enum BuiltInValidator: String, CaseIterable, Sendable {
    case required, requiredTrue, min, max, minLength, maxLength, email, pattern
    case isSameOrBeforeToday, isSameOrAfterToday

    /// Longest value and pattern the text validators look at: bounds the work one call can do.
    public static let maxTextLength = 10_000

    /// True when the value is valid. `today` is the engine's virtual date (`YYYY-MM-DD`, UTC).
    /// A missing or malformed parameter is a ``ValidatorError``.
    public func validate(_ value: JSONValue?, params: [String], today: String) throws(ValidatorError) -> Bool {
        try validate(value, params: params, today: { today })
    }

    /// As above, `today` asked only by the date validators (it is not free to compute).
    public func validate(_ value: JSONValue?, params: [String], today: () -> String) throws(ValidatorError) -> Bool {
        try validate(value, params: params, lengthBound: nil, today: today)
    }

    /// As above; `lengthBound`: ``lengthBound(_:_:)`` of `params`, parsed beforehand (a form's spec).
    func validate(_ value: JSONValue?, params: [String], lengthBound: Int?, today: () -> String) throws(ValidatorError) -> Bool {
        switch self {
        case .required: return !BuiltInValidator.isEmpty(value)
        case .requiredTrue: return value == .bool(true) || value == .string("true")
        default: break
        }
        guard let value, !BuiltInValidator.isEmpty(value) else { return true }
        switch self {
        case .min, .max:
            let bound = try number(param(params), "a number")
            // Angular's rule, which the renderer follows: a value that is not a number does not trigger.
            guard let number = BuiltInValidator.number(value) else { return true }
            return self == .min ? number >= bound : number <= bound
        case .minLength, .maxLength:
            let parsed: Int?
            if let lengthBound { parsed = lengthBound } else { parsed = Int(try param(params)) }
            guard let bound = parsed, bound >= 0 else {
                throw .badParameter(validator: rawValue, expected: "a whole number ≥ 0")
            }
            let length = BuiltInValidator.length(BuiltInValidator.text(value))
            return self == .minLength ? length >= bound : length <= bound
        case .email:
            return BuiltInValidator.matches(BuiltInValidator.text(value), BuiltInValidator.emailPattern)
        case .pattern:
            let pattern = try param(params)
            guard pattern.count <= BuiltInValidator.maxTextLength else {
                throw .badParameter(validator: rawValue, expected: "a pattern of at most \(BuiltInValidator.maxTextLength) characters")
            }
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw .badParameter(validator: rawValue, expected: "a valid regular expression")
            }
            guard let matched = BuiltInValidator.match(BuiltInValidator.text(value), "^(?:\(pattern))$") else {
                throw .tooComplex(validator: rawValue, steps: BuiltInValidator.matchStepLimit)
            }
            return matched
        case .isSameOrBeforeToday, .isSameOrAfterToday:
            guard let day = BuiltInValidator.day(of: BuiltInValidator.text(value)) else { return false }
            return self == .isSameOrBeforeToday ? day <= today() : day >= today()
        case .required, .requiredTrue: return true
        }
    }

    /// `minLength`/`maxLength`'s bound when `params` gives a valid one (the judgement's own rule).
    static func lengthBound(_ validator: BuiltInValidator, _ params: [String]) -> Int? {
        guard validator == .minLength || validator == .maxLength, let first = params.first, let bound = Int(first), bound >= 0 else { return nil }
        return bound
    }

    /// `text.count` (characters, as the renderer counts them), without walking grapheme clusters
    /// when the text is ASCII: one character per byte, but CR LF is one.
    static func length(_ text: String) -> Int {
        var utf8 = text
        let ascii: Int? = utf8.withUTF8 { bytes in
            var pairs = 0, afterCR = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x0A && afterCR { pairs += 1 }
                afterCR = byte == 0x0D
            }
            return bytes.count - pairs
        }
        return ascii ?? text.count
    }

    private func param(_ params: [String]) throws(ValidatorError) -> String {
        guard let first = params.first else { throw .missingParameter(validator: rawValue) }
        return first
    }

    private func number(_ text: String, _ expected: String) throws(ValidatorError) -> Double {
        guard let d = Double(text.trimmingCharacters(in: .whitespaces)), d.isFinite else {
            throw .badParameter(validator: rawValue, expected: expected)
        }
        return d
    }

    /// Nil, `null`, an empty string or an empty array.
    public static func isEmpty(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return true
        case .string(let s)?: return s.isEmpty
        case .array(let a)?: return a.isEmpty
        default: return false
        }
    }

    /// The value as the text a user typed: strings as they are, numbers and booleans written out.
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .double(let d): return d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case .bool(let b): return b ? "true" : "false"
        default: return JSONValue.compactText(value)
        }
    }

    /// A number, or a string holding one.
    static func number(_ value: JSONValue) -> Double? {
        if let d = value.doubleValue { return d }
        if case .string(let s) = value, let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite { return d }
        return nil
    }

    /// The calendar day (`YYYY-MM-DD`) of an ISO 8601 date or date-time; nil when it is not one.
    /// A date-time with an offset is taken in UTC.
    static func day(of text: String) -> String? {
        let dateOnly = #"^\d{4}-\d{2}-\d{2}$"#
        if matches(text, dateOnly) {
            let parser = DateFormatter()
            parser.locale = Locale(identifier: "en_US_POSIX")
            parser.timeZone = TimeZone(identifier: "UTC")
            parser.dateFormat = "yyyy-MM-dd"
            parser.isLenient = false
            return parser.date(from: text).map { _ in text }
        }
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            let parser = ISO8601DateFormatter()
            parser.formatOptions = options
            if let date = parser.date(from: text) { return CivilDate(unixTime: date.timeIntervalSince1970).formatted(separator: "-") }
        }
        return nil
    }

    /// The WHATWG "valid e-mail address" rule, as browsers (and the renderer's forms) check it.
    static let emailPattern =
        #"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"#

    /// Backtracking steps one match may take (``BoundedRegex``): a pattern such as `(a+)+b` on a
    /// long value would otherwise backtrack for seconds inside one C call, where no hook reaches.
    public static let matchStepLimit = BoundedRegex.stepLimit

    static func matches(_ text: String, _ pattern: String) -> Bool { match(text, pattern) ?? false }

    /// True or false, or nil when matching passed ``matchStepLimit`` and was stopped. The
    /// patterns are anchored at the start (`^(?:...)$`): one start position.
    static func match(_ text: String, _ pattern: String) -> Bool? {
        guard text.utf16.count <= maxTextLength, let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        switch BoundedRegex.search(regex, in: text, stepLimit: matchStepLimit, attempts: 0) {
        case .matched: return true
        case .notMatched: return false
        case .tooComplex: return nil
        }
    }
}

extension JSONValue {
    /// Compact JSON text of a value (for messages and non-scalar field values).
    static func compactText(_ value: JSONValue) -> String {
        (try? value.encoded()) ?? "\(value)"
    }
}
