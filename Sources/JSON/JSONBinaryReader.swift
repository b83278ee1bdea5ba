/// Reads the binary form of a ``JSONValue`` (``JSONValue/init(binary:maxDepth:)``).
///
/// The input is hostile: before anything is read or allocated its length is checked against the
/// bytes left (an array of `n` elements needs at least `n` more bytes, an object of `n` members
/// `2n`), so a forged count can neither read past the end nor reserve more than the input could
/// hold; nesting is bounded by `maxDepth` (the reader recurses once per level).
struct JSONBinaryReader {
    private let bytes: UnsafeRawBufferPointer
    private let maxDepth: Int
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// The value at the offset; `depth` arrays and objects enclose it.
    mutating func value(depth: Int) throws(JSONBinaryError) -> JSONValue {
        let at = offset
        switch try byte() {
        case BinaryTag.null: return .null
        case BinaryTag.false: return .bool(false)
        case BinaryTag.true: return .bool(true)
        case BinaryTag.integer:
            let zigzag = try varint()
            return .integer(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case BinaryTag.double:
            guard bytes.count - offset >= 8 else { throw failure("a double needs 8 bytes, \(bytes.count - offset) left") }
            let double = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            guard double.isFinite else { throw failure("a double that is not finite") }   // JSON has none
            offset += 8
            return .double(double)
        case BinaryTag.string:
            return .string(try string())
        case BinaryTag.array:
            guard depth < maxDepth else { throw JSONBinaryError(offset: at, reason: "too deep (max \(maxDepth))") }
            let count = try length(of: "an array", "elements", unit: 1)
            var elements: [JSONValue] = []
            elements.reserveCapacity(Swift.min(count, 1 << 12))
            for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
            return .array(elements)
        case BinaryTag.object:
            guard depth < maxDepth else { throw JSONBinaryError(offset: at, reason: "too deep (max \(maxDepth))") }
            let count = try length(of: "an object", "members", unit: 2)
            var members = JSONObject(minimumCapacity: Swift.min(count, 1 << 12))
            for _ in 0..<count {
                let keyOffset = offset
                let key = try string()
                let member = try value(depth: depth + 1)
                guard members.updateValue(member, forKey: key) == nil else {
                    throw JSONBinaryError(offset: keyOffset, reason: "repeated key \(JSONValue.string(key))")
                }
            }
            return .object(members)
        case let tag:
            throw JSONBinaryError(offset: at, reason: "unknown tag 0x\(String(tag, radix: 16))")
        }
    }

    private mutating func byte() throws(JSONBinaryError) -> UInt8 {
        guard offset < bytes.count else { throw failure("truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A LEB128 varint of at most 10 bytes whose bits fit in 64, in its shortest form (so a value
    /// has one binary form: what reads back writes the same bytes).
    private mutating func varint() throws(JSONBinaryError) -> UInt64 {
        let at = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            if shift == 63 && byte > 1 { throw JSONBinaryError(offset: at, reason: "a varint of more than 64 bits") }
            if byte == 0 && shift > 0 { throw JSONBinaryError(offset: at, reason: "a varint longer than needed") }
            value |= UInt64(byte & 0x7f) &<< shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A count of things that take at least `unit` bytes each, bounded by the bytes left.
    private mutating func length(of what: String, _ things: String, unit: Int) throws(JSONBinaryError) -> Int {
        let at = offset
        let count = try varint()
        let left = bytes.count - offset
        guard count <= UInt64(left / unit) else {
            throw JSONBinaryError(offset: at, reason: "\(what) of \(count) \(things) with \(left) bytes left")
        }
        return Int(count)
    }

    /// A byte count, then that many bytes of valid UTF-8.
    private mutating func string() throws(JSONBinaryError) -> String {
        let at = offset
        let count = try length(of: "a string", "bytes", unit: 1)
        guard count > 0 else { return "" }
        let utf8 = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        guard let string = Self.validUTF8(utf8) else { throw JSONBinaryError(offset: at, reason: "a string that is not valid UTF-8") }
        offset += count
        return string
    }

    private static func validUTF8(_ utf8: UnsafeRawBufferPointer) -> String? {
        let units = utf8.assumingMemoryBound(to: UInt8.self)
        // ASCII, most keys and strings, is valid as is: `String(decoding:)` is then exact and,
        // unlike `String(validating:)` (unspecialized: ~900 instructions a call), cheap.
        var bits: UInt8 = 0
        for unit in units { bits |= unit }
        if bits < 0x80 { return String(decoding: units, as: UTF8.self) }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: units, as: UTF8.self)
        }
        let string = String(decoding: units, as: UTF8.self)   // repairs: equal bytes mean it was valid
        return string.utf8.elementsEqual(units) ? string : nil
    }

    private func failure(_ reason: String) -> JSONBinaryError { JSONBinaryError(offset: offset, reason: reason) }
}
