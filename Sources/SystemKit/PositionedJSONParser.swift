import JSON

/// A line and column in a source file, both starting at 1 (columns count bytes).
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// A JSON syntax error with the position where the parser stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var position: SourcePosition
    public var message: String
}

/// A parsed document plus where each value started, so that validation errors can name a line.
public struct ParsedJSON: Sendable {
    public var value: JSONValue
    public var positions: [JSONPath: SourcePosition]
}

/// A strict recursive-descent JSON parser (RFC 8259) that keeps key order, keeps integers
/// apart from doubles and records the source position of every value.
///
/// Scenario files and template definitions need positions for their error messages, which a
/// generic decoder does not give. Duplicate keys and nesting deeper than `maxDepth` are errors.
public struct PositionedJSONParser {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var positions: [JSONPath: SourcePosition] = [:]
    private let maxDepth: Int

    public init(bytes: [UInt8], maxDepth: Int = 256) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses a whole document; anything but whitespace after the value is an error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> ParsedJSON {
        var parser = PositionedJSONParser(bytes: bytes)
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3; parser.lineStart = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(path: .root, depth: 0)
        parser.skipWhitespace()
        if parser.offset < bytes.count { throw parser.error("unexpected content after the document") }
        return ParsedJSON(value: value, positions: parser.positions)
    }

    private var position: SourcePosition { SourcePosition(line: line, column: offset - lineStart + 1) }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(position: position, message: message) }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of input" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x20, 0x09, 0x0D: offset += 1
            case 0x0A: offset += 1; line += 1; lineStart = offset
            default: return
            }
        }
    }

    private mutating func parseValue(path: JSONPath, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        positions[path] = position
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(path: path, depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(path: path, depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = position
        for expected in word.utf8 {
            guard current == expected else { throw JSONSyntaxError(position: start, message: "invalid literal, expected '\(word)'") }
            offset += 1
        }
    }

    private mutating func parseObject(path: JSONPath, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > maxDepth { throw error("nesting too deep (more than \(maxDepth) levels)") }
        offset += 1
        var object: JSONObject = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { offset += 1; return .object(object) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("unexpected \(describeCurrent()), expected a string key") }
            let keyPosition = position
            let key = try parseString()
            if object[key] != nil {
                throw JSONSyntaxError(position: keyPosition, message: "duplicate key \(JSONWriter.quote(key))")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':'") }
            offset += 1
            skipWhitespace()
            object[key] = try parseValue(path: path.key(key), depth: depth)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return .object(object)
            default: throw error("unexpected \(describeCurrent()), expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(path: JSONPath, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > maxDepth { throw error("nesting too deep (more than \(maxDepth) levels)") }
        offset += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { offset += 1; return .array(array) }
        while true {
            skipWhitespace()
            array.append(try parseValue(path: path.index(array.count), depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return .array(array)
            default: throw error("unexpected \(describeCurrent()), expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        offset += 1  // opening quote
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("invalid UTF-8 in string")
                }
                return string
            case UInt8(ascii: "\\"):
                offset += 1
                guard let escape = current else { throw error("unterminated string") }
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate in \\u escape") }
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    utf8.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default:
                    offset -= 1
                    throw error("invalid escape \\\(Character(Unicode.Scalar(escape)))")
                }
            default:
                if byte < 0x20 { throw error("control character in string (escape it)") }
                utf8.append(byte)
                offset += 1
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else { throw error("invalid \\u escape") }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        var isInteger = true
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("invalid number")
        }
        if first == UInt8(ascii: "0") {
            offset += 1
            if let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                throw error("invalid number (leading zero)")
            }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard try requireDigits() else { throw error("invalid number (digits expected after '.')") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard try requireDigits() else { throw error("invalid number (digits expected in exponent)") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else {
            throw JSONSyntaxError(position: SourcePosition(line: line, column: start - lineStart + 1),
                                  message: "number out of range: \(text)")
        }
        return .double(double)
    }

    private mutating func skipDigits() {
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
    }

    private mutating func requireDigits() throws(JSONSyntaxError) -> Bool {
        let start = offset
        skipDigits()
        return offset > start
    }
}
