import JSON
import Testing

/// The binary form the worker protocol's frames carry: exact round trips, and a reader that
/// takes any byte string without crashing (a worker runs untrusted scripts).
@Suite("JSONValue binary form")
struct JSONValueBinaryTests {
    /// The same value, compared case by case and doubles by bits (`==` takes -0.0 for 0.0).
    static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): return Array(x.utf8) == Array(y.utf8)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(identical)
        case (.object(let x), .object(let y)):
            return x.keys.elementsEqual(y.keys) && zip(x.values, y.values).allSatisfy(identical)
        default: return false
        }
    }

    static func roundTrip(_ value: JSONValue) throws -> JSONValue { try JSONValue(binary: value.binary()) }

    @Test("values come back exactly: -0.0 by its bits, 1 apart from 1.0, key order, NUL, Unicode keys")
    func exactRoundTrips() throws {
        let values: [JSONValue] = [
            nil, true, false, 0, 1, -1, .integer(.max), .integer(.min), 63, 64, -64, -65, .integer(1 << 35),
            .double(0.0), .double(-0.0), 1.0, -1.5, .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude),
            .double(-.leastNormalMagnitude), 9_007_199_254_740_993.0,
            "", "a", "é\u{0}z", "😀\u{0}", .string(String(repeating: "x", count: 200)),
            [], [:], [[]], [[:]], [nil, 1, 1.0, "1", [1], ["1": 1]],
            ["z": 1, "a": 2, "m": 3], ["é": 1, "😀": [:], "": "", "\u{0}": "nul key", "a b": []],
        ]
        for value in values {
            let back = try Self.roundTrip(value)
            #expect(Self.identical(back, value), "\(value)")
        }
        #expect(try Self.roundTrip(.double(-0.0)).doubleValue?.sign == .minus)
        guard case .integer = try Self.roundTrip(1), case .double = try Self.roundTrip(1.0) else {
            Issue.record("1 and 1.0 must stay apart")
            return
        }
        #expect(try Self.roundTrip(["z": 1, "a": 2]).objectValue?.keys.elementsEqual(["z", "a"]) == true)
    }

    @Test("generated values round-trip")
    func generatedValues() throws {
        var random = SplitMix64(seed: 0xB1_4A_27)
        for _ in 0..<400 {
            let value = Self.generate(depth: 0, &random)
            let back = try Self.roundTrip(value)
            #expect(Self.identical(back, value), "\(value)")
        }
    }

    @Test("NaN, infinities and nesting past the limit are refused on the way out, with their path")
    func unencodable() throws {
        let nan: JSONValue = ["a": [1, .double(.nan)]], minusInfinity: JSONValue = [.double(-.infinity)]
        #expect(throws: JSONError.encode(path: "$.a[1]", reason: "cannot encode NaN")) { try nan.binary() }
        #expect(throws: JSONError.encode(path: "$[0]", reason: "cannot encode -inf")) { try minusInfinity.binary() }
        var bytes: [UInt8] = [9, 9]
        let infinity: JSONValue = ["x": [1, 2, .double(.infinity)]]
        #expect(throws: JSONError.self) { try infinity.appendBinary(to: &bytes) }
        #expect(bytes == [9, 9], "a failed append leaves the bytes as they were")
        let deep = Self.nested(512)
        #expect(try Self.roundTrip(deep) == deep)
        #expect(throws: JSONError.self) { try Self.nested(513).binary() }
        #expect(throws: JSONError.self) { try Self.nested(3).binary(maxDepth: 2) }
    }

    @Test("malformed input is an error at its byte, never a crash")
    func malformed() {
        let cases: [([UInt8], Int, String)] = [
            ([], 0, "truncated"),
            ([8], 0, "unknown tag 0x8"),
            ([0xff], 0, "unknown tag 0xff"),
            ([0, 0], 1, "bytes after the value (1)"),
            ([3], 1, "truncated"),
            ([3, 0x80, 0x80], 3, "truncated"),
            ([3] + Array(repeating: 0xff, count: 9) + [2], 1, "a varint of more than 64 bits"),
            ([4, 1, 2, 3], 1, "a double needs 8 bytes, 3 left"),
            ([5, 3, 0x61], 1, "a string of 3 bytes with 1 bytes left"),
            ([3, 0x80, 0x00], 1, "a varint longer than needed"),
            ([4, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f], 1, "a double that is not finite"),
            ([5, 2, 0xc3, 0x28], 1, "a string that is not valid UTF-8"),
            ([5, 3, 0xed, 0xa0, 0x80], 1, "a string that is not valid UTF-8"),   // a surrogate
            ([6, 0xff, 0xff, 0xff, 0xff, 0x0f], 1, "an array of 4294967295 elements with 0 bytes left"),
            ([7, 2, 1, 0x61, 0], 1, "an object of 2 members with 3 bytes left"),
            ([7, 2, 1, 0x61, 0, 1, 0x61, 1], 5, "repeated key \"a\""),
            ([7, 1, 1, 0xff, 0], 2, "a string that is not valid UTF-8"),
            ([6, 1], 1, "an array of 1 elements with 0 bytes left"),
            ([6, 2, 0, 5], 4, "truncated"),
        ]
        for (bytes, offset, reason) in cases {
            #expect(throws: JSONBinaryError(offset: offset, reason: reason), "\(bytes)") { try JSONValue(binary: bytes) }
        }
        #expect("\(JSONBinaryError(offset: 3, reason: "truncated"))" == "binary JSON: truncated at byte 3")
    }

    @Test("nesting is bounded on the way in: a deep bomb is refused without recursing through it")
    func depthBomb() {
        let bomb = Array([[UInt8]](repeating: [6, 1], count: 100_000).joined()) + [0]
        #expect(throws: JSONBinaryError(offset: 1024, reason: "too deep (max 512)")) { try JSONValue(binary: bomb) }
        let objects = Array([[UInt8]](repeating: [7, 1, 0], count: 600).joined()) + [0]
        #expect(throws: JSONBinaryError(offset: 1536, reason: "too deep (max 512)")) { try JSONValue(binary: objects) }
        #expect(throws: JSONBinaryError.self) { try JSONValue(binary: [6, 1, 6, 0], maxDepth: 1) }
        #expect((try? JSONValue(binary: [6, 1, 6, 0], maxDepth: 2)) == [[]])
    }

    @Test("every prefix, every byte changed, and random byte strings decode or fail cleanly")
    func fuzz() throws {
        let sample: JSONValue = ["events": [["t": 0.5, "type": "ui.show", "id": "é", "n": -3, "ok": true, "none": nil]],
                                 "result": ["name": "a", "failures": [], "coverage": ["/x.lua": [[1, 2]]]]]
        let bytes = try sample.binary()
        for count in 0..<bytes.count {
            #expect(throws: JSONBinaryError.self) { try JSONValue(binary: Array(bytes[0..<count])) }
        }
        var random = SplitMix64(seed: 19)
        for index in bytes.indices {
            for _ in 0..<8 {
                var mutated = bytes
                mutated[index] = UInt8.random(in: 0...255, using: &random)
                _ = try? JSONValue(binary: mutated)   // any verdict, as long as it returns
            }
        }
        var decoded = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...48, using: &random)
            // Mostly small bytes, so tags and short lengths come up often.
            let noise = (0..<count).map { _ in random.next() % 4 == 0 ? UInt8.random(in: 0...255, using: &random) : UInt8.random(in: 0...8, using: &random) }
            if let value = try? JSONValue(binary: noise) {
                decoded += 1
                #expect(try value.binary() == noise, "a string that decodes is the value's own form: \(noise)")
            }
        }
        #expect(decoded > 0)
    }

    static func nested(_ depth: Int) -> JSONValue {
        var value: JSONValue = 1
        for level in 0..<depth { value = level % 2 == 0 ? [value] : ["k": value] }
        return value
    }

    static func generate(depth: Int, _ random: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<(depth < 4 ? 9 : 6), using: &random) {
        case 0: return nil
        case 1: return .bool(random.next() & 1 == 0)
        case 2: return .integer(Int64(bitPattern: random.next()) >> Int64.random(in: 0...63, using: &random))
        case 3:
            let double = Double(bitPattern: random.next())
            return .double(double.isFinite ? double : -0.0)
        case 4, 5: return .string(generateString(&random))
        case 6: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in generate(depth: depth + 1, &random) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &random) { object[generateString(&random)] = generate(depth: depth + 1, &random) }
            return .object(object)
        }
    }

    static func generateString(_ random: inout SplitMix64) -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", " ", "\u{0}", "\"", "\\", "é", "中", "😀", "\u{7f}", "\u{ffff}", "\u{10ffff}"]
        return String(String.UnicodeScalarView((0..<Int.random(in: 0...6, using: &random)).map { _ in pool.randomElement(using: &random)! }))
    }
}
