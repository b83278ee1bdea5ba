import Foundation
import JSON

/// The operators of a trigger condition (`CTTriggerCondition`); the raw value is the wire number.
public enum TriggerOperator: Int, Sendable, CaseIterable {
    case greaterThan = 0
    case equals = 1
    case lessThan = 2
    case contains = 3
    case between = 4
    case notEquals = 15
    case set = 26
    case notSet = 27
    case notContains = 28
}

/// How one condition compares an event's value with a trigger's value (SDK `CTTriggerEvaluator`).
///
/// `actual` nil means the event has no such property: only `NotSet` passes. An array
/// `actual` passes when any element passes (so `[]` fails every operator). Booleans are
/// numbers 1/0, strings compare lowercased and trimmed, numbers parse from whole strings.
public enum TriggerEvaluator {
    /// Evaluates `op` (a wire number; unknown ones fail) on `expected` and `actual`.
    public static func evaluate(_ op: Int, expected: JSONValue?, actual: JSONValue?) -> Bool {
        if case .array(let elements)? = actual {
            return elements.contains { evaluateBasic(op, expected: expected, actual: $0) }
        }
        return evaluateBasic(op, expected: expected, actual: actual)
    }

    static func evaluateBasic(_ op: Int, expected: JSONValue?, actual: JSONValue?) -> Bool {
        guard let actual else { return op == TriggerOperator.notSet.rawValue }
        switch TriggerOperator(rawValue: op) {
        case .set: return true
        case .lessThan: return compare(expected, actual) { $0 > $1 }
        case .greaterThan: return compare(expected, actual) { $0 < $1 }
        case .equals: return equals(expected, actual)
        case .notEquals: return !equals(expected, actual)
        case .between: return between(actual, expected)
        case .contains: return contains(actual, expected)
        case .notContains: return !contains(actual, expected)
        case .notSet, nil: return false
        }
    }

    /// A JSON number (booleans are 1/0) as a double, or nil.
    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let i)?: return Double(i)
        case .double(let d)?: return d
        case .bool(let b)?: return b ? 1 : 0
        default: return nil
        }
    }

    /// A number, or a string that is a whole decimal number (`CTUtils numberFromString`).
    static func numeric(_ value: JSONValue?) -> Double? {
        if let n = number(value) { return n }
        if case .string(let s)? = value { return parseNumber(s) }
        return nil
    }

    /// Parses a string as `NSScanner scanDouble` + `isAtEnd` does: surrounding whitespace
    /// allowed, the rest must be one decimal float.
    public static func parseNumber(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var chars = Substring(trimmed).unicodeScalars[...]
        guard !chars.isEmpty else { return nil }
        var digits = 0
        if chars.first == "+" || chars.first == "-" { chars = chars.dropFirst() }
        while let c = chars.first, ("0"..."9").contains(c) { chars = chars.dropFirst(); digits += 1 }
        if chars.first == "." {
            chars = chars.dropFirst()
            while let c = chars.first, ("0"..."9").contains(c) { chars = chars.dropFirst(); digits += 1 }
        }
        guard digits > 0 else { return nil }
        if chars.first == "e" || chars.first == "E" {
            var exponent = chars.dropFirst()
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            var expDigits = 0
            while let c = exponent.first, ("0"..."9").contains(c) { exponent = exponent.dropFirst(); expDigits += 1 }
            if expDigits > 0 { chars = exponent }
        }
        guard chars.isEmpty else { return nil }
        return Double(trimmed)
    }

    /// Lowercased and trimmed of whitespace and newlines.
    static func clean(_ s: String) -> String { s.lowercased().trimmingCharacters(in: .whitespacesAndNewlines) }

    /// `expected` (a number, or a one-number array) compared with `actual` parsed as a number.
    static func compare(_ expected: JSONValue?, _ actual: JSONValue, _ holds: (Double, Double) -> Bool) -> Bool {
        var e = number(expected)
        if case .array(let list)? = expected, list.count == 1, let only = number(list[0]) { e = only }
        guard let e, let a = numeric(actual) else { return false }
        return holds(e, a)
    }

    static func equals(_ expected: JSONValue?, _ actual: JSONValue) -> Bool {
        switch expected {
        case .array(let list)?:
            if case .array = actual { return false }
            return list.contains { equalsStringOrNumber($0, actual) }
        case let e?:
            if case .array = actual { return false }
            return equalsStringOrNumber(e, actual)
        case nil: return false
        }
    }

    static func equalsStringOrNumber(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .string(let s) = a {
            if case .string(let t) = b { return NormalizedText.cleanEquals(s, t) }
            if let bn = number(b) {
                var an = parseNumber(s)
                if clean(s) == "true" { an = 1 } else if clean(s) == "false" { an = 0 }
                if let an, an == bn { return true }
            }
        }
        if let an = number(a) {
            let bn: Double? = number(b) ?? (b.stringValue.flatMap(parseNumber))
            if let bn, an == bn { return true }
        }
        return false
    }

    /// `NSNumber stringValue`: integral values without a fraction, booleans as 1/0.
    static func numberText(_ value: JSONValue) -> String? {
        switch value {
        case .integer(let i): return String(i)
        case .bool(let b): return b ? "1" : "0"
        case .double(let d):
            if d.rounded() == d, abs(d) < 1e15 { return String(Int64(d)) }
            return "\(d)"
        default: return nil
        }
    }

    static func text(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if case .string(let s) = value { return s }
        return numberText(value)
    }

    static func contains(_ actual: JSONValue, _ expected: JSONValue?) -> Bool {
        guard let a = text(actual) else { return false }
        if let e = text(expected) { return clean(a).contains(clean(e)) }
        if case .array(let list)? = expected {
            return list.contains { element in text(element).map { clean(a).contains(clean($0)) } ?? false }
        }
        return false
    }

    /// `Between`: the first two elements of `expected` as bounds (inclusive), `actual` a number.
    static func between(_ actual: JSONValue, _ expected: JSONValue?) -> Bool {
        guard case .array(let range)? = expected, range.count >= 2 else { return false }
        guard let x = numeric(actual) else { return false }
        return boundValue(range[0]) <= x && x <= boundValue(range[1])
    }

    /// `doubleValue` of a bound: numbers as they are, strings by their leading number, else 0.
    static func boundValue(_ value: JSONValue) -> Double {
        if let n = number(value) { return n }
        guard case .string(let s) = value else { return 0 }
        let scanner = Scanner(string: s)
        return scanner.scanDouble() ?? 0
    }

    /// Haversine distance in km with the SDK's Earth diameter (2 × 6378.2 km).
    public static func distance(lat1: Double, lng1: Double, lat2: Double, lng2: Double) -> Double {
        let rad = Double.pi / 180
        let phi1 = lat1 * rad, phi2 = lat2 * rad
        let dPhi = (lat2 - lat1) * rad, dLambda = (lng2 - lng1) * rad
        let a = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * 6378.2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
