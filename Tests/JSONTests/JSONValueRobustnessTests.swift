import JSON
import Testing

/// Malformed input of every kind must give an error with a position, never a crash.
@Suite("JSONValue robustness")
struct JSONValueRobustnessTests {
    static let sample = #"{"a":[1,2.5,-3e-2,true,false,null,"s\u00e9\n\ud83d\ude00"],"b":{"c":{},"d":[]},"é":"\u0000"}"#

    /// A double is an integer only when Int64 holds it exactly: -2^63 is, 2^63 is not (it
    /// wrapped or trapped before a bound of 9.2e18, which also refused -2^63 and 9.22e18).
    @Test("integerValue at Int64's edges")
    func integerValueEdges() {
        #expect(JSONValue.double(-9_223_372_036_854_775_808.0).integerValue == Int64.min)
        #expect(JSONValue.double(9_223_372_036_854_775_808.0).integerValue == nil)
        #expect(JSONValue.double(9.22e18).integerValue == 9_220_000_000_000_000_000)
        #expect(JSONValue.double(9_007_199_254_740_993.0).integerValue == 9_007_199_254_740_992)
        #expect(JSONValue.integer(.min).integerValue == .min && JSONValue.integer(.max).integerValue == .max)
        for refused in [1.5, -0.5, .nan, .infinity, -.infinity, 1e300] {
            #expect(JSONValue.double(refused).integerValue == nil, "\(refused)")
        }
        #expect(JSONValue.double(-0.0).integerValue == 0)
    }

    @Test("every prefix decodes or fails with a position")
    func prefixes() {
        let bytes = Array(Self.sample.utf8)
        for count in 0..<bytes.count {
            do {
                _ = try JSONValue.decode(Array(bytes[0..<count]))
            } catch {
                guard case .syntax(let line, let column, let position, _) = error else {
                    Issue.record("prefix \(count): \(error)")
                    continue
                }
                #expect(line == 1 && column >= 0 && position <= count)
                #expect(error.description.hasPrefix("json: line 1 column "))
            }
        }
        #expect(throws: Never.self) { try JSONValue.decode(bytes) }
    }

    @Test("seeded byte mutations never crash")
    func mutations() {
        var rng = SplitMix64(seed: 42)
        let original = Array(Self.sample.utf8)
        let interesting: [UInt8] = [0x00, 0x22, 0x5C, 0x5B, 0x5D, 0x7B, 0x7D, 0x2C, 0x3A, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        for _ in 0..<2000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[index] = interesting.randomElement(using: &rng)!
            }
            if let value = try? JSONValue.decode(bytes) {
                // Whatever decodes must print and read back to itself.
                #expect((try? JSONValue.decode(value.encoded())) == value)
            }
        }
    }
}

/// A small deterministic generator so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
