import JSON
import Testing

@Suite("JSONValue.decode")
struct JSONValueDecodeTests {
    @Test(
        "scalars keep their kind",
        arguments: [
            ("null", JSONValue.null), ("true", .bool(true)), ("false", .bool(false)),
            ("1", .integer(1)), ("1.0", .double(1.0)), ("-0.0", .double(-0.0)), ("1e2", .double(100)),
            ("9007199254740993", .integer(9_007_199_254_740_993)),
            ("9223372036854775807", .integer(Int64.max)), ("-9223372036854775808", .integer(Int64.min)),
            ("\"\\u00e9\"", .string("é")), ("\"\\ud83d\\ude00\"", .string("😀")),
            ("\"a\\u0000b\"", .string("a\u{0}b")), (" [] ", .array([])), ("{}", .object([:])),
        ] as [(String, JSONValue)])
    func scalars(text: String, expected: JSONValue) throws {
        let value = try JSONValue.decode(text)
        #expect(value == expected)
        if case .string(let s) = expected { #expect(value.stringValue?.utf8.count == s.utf8.count) }
    }

    @Test("objects keep key order")
    func objectOrder() throws {
        let value = try JSONValue.decode(#"{"b":1,"a":{"z":[1,2.5,null],"y":"x"}}"#)
        #expect(value.objectValue.map { Array($0.keys) } == ["b", "a"])
        #expect(value["a"]?.objectValue.map { Array($0.keys) } == ["z", "y"])
        #expect(value["a"]?["z"] == [1, 2.5, nil])
    }

    @Test("a repeated key is an error (the one rule of the documents ctlua reads)")
    func duplicateKeys() throws {
        #expect(throws: JSONError.syntax(line: 1, column: 16, position: 16, reason: #"duplicate object key near '"a"'"#)) {
            try JSONValue.decode(#"{"a":1,"b":2,"a":3}"#)
        }
        #expect(try JSONValue.decode(#"[{"a":1},{"a":2}]"#) == [["a": 1], ["a": 2]])
    }

    @Test(
        "malformed input reports line and column",
        arguments: [
            (Array("[1,2".utf8), "json: line 1 column 4: ']' expected near end of file"),
            (Array("[1,]".utf8), "json: line 1 column 4: unexpected token near ']'"),
            (Array(#"{"a":1,}"#.utf8), "json: line 1 column 8: string or '}' expected near '}'"),
            (Array("{\n  \"a\": [1,\n  2,,]\n}".utf8), "json: line 3 column 5: unexpected token near ','"),
            ([0x22, 0xFF, 0x22], "json: line 1 column 1: unable to decode byte 0xff near '\"'"),
            ([0x5B, 0x22, 0x61, 0x62, 0xC3, 0x22, 0x5D], "json: line 1 column 4: unable to decode byte 0xc3 near '\"ab'"),
            (Array(#""\x""#.utf8), #"json: line 1 column 3: invalid escape near '"\x'"#),
            (Array("123456789012345678901234567890".utf8), "json: line 1 column 30: too big integer"),
            (Array("[1, 9223372036854775808]".utf8), "json: line 1 column 23: too big integer near '9223372036854775808'"),
            (Array("[\"é\", x]".utf8), "json: line 1 column 7: invalid token near 'x'"),
            (Array(#""\ud83d""#.utf8), #"json: line 1 column 8: invalid Unicode '\uD83D' near '"\ud83d"'"#),
            (Array("[1]x".utf8), "json: line 1 column 4: end of file expected near 'x'"),
            (Array("".utf8), "json: line 1 column 0: unexpected token near end of file"),
            (Array("1e400".utf8), "json: line 1 column 5: real number overflow near '1e400'"),
        ])
    func malformed(bytes: [UInt8], message: String) {
        do {
            let value = try JSONValue.decode(bytes)
            Issue.record("decoded \(value)")
        } catch {
            #expect(error.description == message)
            if case .syntax = error {} else { Issue.record("not a syntax error: \(error)") }
        }
    }

    @Test("nesting deeper than the bound is rejected before jansson")
    func depth() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONError.tooDeep(line: 1, column: 513, position: 513, limit: 512)) {
            try JSONValue.decode(deep)
        }
        do {
            _ = try JSONValue.decode(deep)
        } catch {
            #expect(error.description == "json: line 1 column 513: too deep (max 512)")
        }
        // Far beyond jansson's own 2048, and unterminated: still our message.
        let huge = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: JSONError.tooDeep(line: 1, column: 2561, position: 2561, limit: 512)) {
            try JSONValue.decode(huge)
        }
        let multiLine = String(repeating: "[\n", count: 600)
        #expect(throws: JSONError.tooDeep(line: 513, column: 1, position: 1025, limit: 512)) {
            try JSONValue.decode(multiLine)
        }
        let ok = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        var value = try JSONValue.decode(ok)
        var levels = 0
        while case .array(let inner) = value, let first = inner.first { value = first; levels += 1 }
        #expect(levels == 499)
        // Brackets inside strings do not count.
        let quoted = "\"" + String(repeating: "[", count: 1000) + "\""
        #expect(try JSONValue.decode(quoted).stringValue?.count == 1000)
        #expect(throws: JSONError.tooDeep(line: 1, column: 3, position: 3, limit: 2)) {
            try JSONValue.decode("[[[]]]", options: .init(maxDepth: 2))
        }
    }

    @Test("String and byte overloads agree, NUL survives")
    func bytes() throws {
        let bytes: [UInt8] = Array(#"{"k":"a\u0000b","n":[1,1.5]}"#.utf8)
        let value = try JSONValue.decode(bytes)
        #expect(value == (try JSONValue.decode(String(decoding: bytes, as: UTF8.self))))
        #expect(value["k"]?.stringValue.map { Array($0.utf8) } == [0x61, 0, 0x62])
    }
}
