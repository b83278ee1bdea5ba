import Testing
@testable import LuaRuntime

/// `LuaArguments.string` decodes short strings through a per-state cache: it must answer
/// exactly what decoding answers, whatever addresses and bytes it sees.
@Suite struct ShortStringsTests {
    @Test func theCacheAnswersWhatDecodingAnswers() {
        let cache = ShortStrings()
        defer { cache.free() }
        // One buffer reused with other bytes: same address, so the same slot each time.
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 16)
        defer { buffer.deallocate() }
        let texts: [[UInt8]] = [Array("title".utf8), Array("titlf".utf8), Array("title".utf8), Array("".utf8),
                                Array("fifteen bytes!!".utf8), [0x74, 0xff, 0x65], [0x74, 0x00, 0x65], [0x74, 0x00]]
        for _ in 0..<2 {
            for bytes in texts {
                bytes.withUnsafeBufferPointer { b in
                    for (i, byte) in b.enumerated() { buffer[i] = CChar(bitPattern: byte) }
                }
                let expected = String(decoding: bytes, as: UTF8.self)
                #expect(cache.string(buffer, length: bytes.count) == expected)
            }
        }
    }

    @Test func bindingsReadTheKeysScriptsPass() throws {
        let lua = try LuaState()
        var seen: [String] = []
        lua.globals["key"] = .function(lua.function("key") { args in
            seen.append(try args.string(1))
            return []
        })
        try lua.run("""
            for i = 1, 3 do key("title") key("subtitle") key("title\\0x") key("\\xff") key("a much longer key than fifteen") end
            for i = 1, 40 do key("k" .. i) end
            """)
        let expected = ["title", "subtitle", "title\0x", "\u{FFFD}", "a much longer key than fifteen"]
        #expect(Array(seen.prefix(15)) == expected + expected + expected)
        #expect(Array(seen.suffix(40)) == (1...40).map { "k\($0)" })
    }
}
