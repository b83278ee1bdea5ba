/// The binary form of a ``JSONValue``: how `ctlua test` and its worker processes exchange values.
///
/// Not a second JSON format for files: documents ctlua reads and writes stay JSON text, on the one
/// toolkit (``JSONDocument``, ``JSONValue/encoded(options:)``). This form exists only between two
/// processes of the same `ctlua` (the worker protocol's frames), where JSON text cost a jansson
/// tree built and freed on both sides of every frame. It is written straight from a `JSONValue`
/// and read straight into one, and it keeps exactly what a `JSONValue` holds: integers apart from
/// doubles, a double's bits (`-0.0`), key order, strings with NUL.
///
/// A value is a tag byte and its payload; lengths and integers are LEB128 varints:
///
/// | tag | value | payload |
/// |---|---|---|
/// | 0 | `null` | none |
/// | 1, 2 | `false`, `true` | none |
/// | 3 | `.integer` | zigzag varint |
/// | 4 | `.double` | 8 bytes, the bit pattern, little-endian |
/// | 5 | `.string` | varint byte count, UTF-8 bytes |
/// | 6 | `.array` | varint count, the elements |
/// | 7 | `.object` | varint count, then each member: varint byte count, key bytes (UTF-8), value |
///
/// The reader (``init(binary:maxDepth:)``) treats its input as hostile (a worker runs untrusted
/// scripts): every length is bounded by the bytes left, nesting by `maxDepth`, strings must be
/// valid UTF-8, doubles finite, varints in their shortest form, a key may appear once per
/// object, and nothing may follow the value; any other byte string is a ``JSONBinaryError``,
/// never a crash. A byte string the reader accepts is the binary form of the value it returns.
extension JSONValue {
    /// Appends the value's binary form to `bytes`.
    ///
    /// - Throws: `JSONError.encode` naming the path of a NaN or infinite double, or of nesting
    ///   deeper than `maxDepth` (the same bounds as ``encoded(options:)``, so a value that could not
    ///   travel as JSON text cannot travel this way either); `bytes` is then left as it was.
    public func appendBinary(to bytes: inout [UInt8], maxDepth: Int = 512) throws(JSONError) {
        let start = bytes.count
        do { try BinaryWriter.append(self, to: &bytes, depth: 0, maxDepth: maxDepth) } catch {
            bytes.removeSubrange(start...)
            throw JSONError.encode(path: JSONPath(error.reversedPath.reversed()).expression, reason: error.reason)
        }
    }

    /// The value's binary form.
    public func binary(maxDepth: Int = 512) throws(JSONError) -> [UInt8] {
        var bytes: [UInt8] = []
        try appendBinary(to: &bytes, maxDepth: maxDepth)
        return bytes
    }

    /// Reads a value's binary form: all of `bytes`, one value.
    ///
    /// - Throws: ``JSONBinaryError`` (with the byte offset) for anything but a well-formed value
    ///   nested at most `maxDepth` arrays and objects deep.
    public init(binary bytes: UnsafeRawBufferPointer, maxDepth: Int = 512) throws(JSONBinaryError) {
        var reader = JSONBinaryReader(bytes, maxDepth: maxDepth)
        self = try reader.value(depth: 0)
        guard reader.offset == bytes.count else {
            throw JSONBinaryError(offset: reader.offset, reason: "bytes after the value (\(bytes.count - reader.offset))")
        }
    }

    /// Reads a value's binary form from an array of bytes.
    public init(binary bytes: [UInt8], maxDepth: Int = 512) throws(JSONBinaryError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONBinaryError) in try JSONValue(binary: raw, maxDepth: maxDepth) }
        }
        self = try result.get()
    }
}

/// Malformed binary JSON: what is wrong and at which byte.
public struct JSONBinaryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset of the byte where reading stopped.
    public var offset: Int
    /// What is wrong: `a string of 300 bytes with 12 left`, `unknown tag 0x09`, ...
    public var reason: String

    public init(offset: Int, reason: String) { (self.offset, self.reason) = (offset, reason) }

    /// `binary JSON: <reason> at byte <offset>`.
    public var description: String { "binary JSON: \(reason) at byte \(offset)" }
}

/// The tags of the binary form.
enum BinaryTag {
    static let null: UInt8 = 0, `false`: UInt8 = 1, `true`: UInt8 = 2, integer: UInt8 = 3, double: UInt8 = 4
    static let string: UInt8 = 5, array: UInt8 = 6, object: UInt8 = 7
}

/// Writes binary forms; a failure carries the path from the failing value up (reversed), built
/// only on the way out of an error.
enum BinaryWriter {
    struct Failure: Error {
        var reason: String
        var reversedPath: [JSONPath.Component] = []
    }

    static func append(_ value: JSONValue, to bytes: inout [UInt8], depth: Int, maxDepth: Int) throws(Failure) {
        switch value {
        case .null: bytes.append(BinaryTag.null)
        case .bool(let flag): bytes.append(flag ? BinaryTag.true : BinaryTag.false)
        case .integer(let integer):
            bytes.append(BinaryTag.integer)
            varint(UInt64(bitPattern: (integer << 1) ^ (integer >> 63)), to: &bytes)
        case .double(let double):
            guard double.isFinite else { throw Failure(reason: "cannot encode \(double.isNaN ? "NaN" : double > 0 ? "inf" : "-inf")") }
            bytes.append(BinaryTag.double)
            withUnsafeBytes(of: double.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case .string(let string):
            bytes.append(BinaryTag.string)
            utf8(string, to: &bytes)
        case .array(let elements):
            guard depth < maxDepth else { throw Failure(reason: "too deep (max \(maxDepth))") }
            bytes.append(BinaryTag.array)
            varint(UInt64(elements.count), to: &bytes)
            for (index, element) in elements.enumerated() {
                do { try append(element, to: &bytes, depth: depth + 1, maxDepth: maxDepth) } catch {
                    throw error.under(.index(index))
                }
            }
        case .object(let members):
            guard depth < maxDepth else { throw Failure(reason: "too deep (max \(maxDepth))") }
            bytes.append(BinaryTag.object)
            varint(UInt64(members.count), to: &bytes)
            for (key, member) in members {
                utf8(key, to: &bytes)
                do { try append(member, to: &bytes, depth: depth + 1, maxDepth: maxDepth) } catch {
                    throw error.under(.key(key))
                }
            }
        }
    }

    /// A string's byte count, then its UTF-8 bytes.
    @inline(__always)
    static func utf8(_ string: String, to bytes: inout [UInt8]) {
        let utf8 = string.utf8
        varint(UInt64(utf8.count), to: &bytes)
        bytes.append(contentsOf: utf8)
    }

    @inline(__always)
    static func varint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}

extension BinaryWriter.Failure {
    func under(_ component: JSONPath.Component) -> Self {
        var failure = self
        failure.reversedPath.append(component)
        return failure
    }
}
