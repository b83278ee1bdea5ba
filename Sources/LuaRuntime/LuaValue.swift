/// A Lua string: bytes, not necessarily UTF-8.
public struct LuaString: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The raw bytes.
    public var bytes: [UInt8]
    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }
    public init(stringLiteral value: String) { self.init(value) }
    /// The bytes decoded as UTF-8 (invalid sequences replaced).
    public var string: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { string }
}

/// A Lua value as Swift sees it.
///
/// Integers and floats are kept apart (`integer` vs `number`), strings are bytes,
/// and tables, functions, userdata and threads are references that release themselves.
public enum LuaValue: CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(LuaString)
    case table(LuaTable)
    case function(LuaFunction)
    case userdata(LuaUserdata)
    case thread(LuaThread)
    case lightUserdata(UnsafeMutableRawPointer?)

    /// Lua's type name (`nil`, `boolean`, `number`, `string`, `table`, `function`, `userdata`, `thread`).
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .userdata, .lightUserdata: return "userdata"
        case .thread: return "thread"
        }
    }

    /// Lua truthiness: everything but nil and false.
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): return false
        default: return true
        }
    }

    @inlinable public var isNil: Bool { if case .nil = self { return true } else { return false } }

    /// The string (as UTF-8) or nil; numbers are not converted.
    public var stringValue: String? { if case .string(let s) = self { return s.string } else { return nil } }
    /// An integer, or a float with an exact integer value.
    @inlinable public var integerValue: Int64? {
        switch self {
        case .integer(let i): return i
        case .number(let d) where d.rounded() == d && abs(d) < 9.2e18: return Int64(d)
        default: return nil
        }
    }
    /// Any number as a double.
    @inlinable public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }
    public var boolValue: Bool? { if case .boolean(let b) = self { return b } else { return nil } }
    public var tableValue: LuaTable? { if case .table(let t) = self { return t } else { return nil } }
    public var functionValue: LuaFunction? { if case .function(let f) = self { return f } else { return nil } }

    public var description: String {
        switch self {
        case .nil: return "nil"
        case .boolean(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return LuaValue.format(d)
        case .string(let s): return s.string
        case .table: return "table"
        case .function: return "function"
        case .userdata, .lightUserdata: return "userdata"
        case .thread: return "thread"
        }
    }

    /// Formats a float the way Lua's `tostring` does (`%.14g`, `1.0` keeps its `.0`).
    public static func format(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        var text = formatG14(d).withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) { text += ".0" }
        return text
    }

    private static func formatG14(_ d: Double) -> [CChar] {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([d]) { vsnprintf(&buffer, 64, "%.14g", $0) }
        return buffer
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(LuaString(value)) }
}

import Platform
