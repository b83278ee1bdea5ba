import JSON
import Testing

@Suite("JSONValue.encoded")
struct JSONValueEncodeTests {
    @Test(
        "decode then encode gives the same text",
        arguments: [
            "[]", "{}", "null", "true", "1", "1.0", "-0.0", "0.1", "2.5", "1e16", "1e-5", "1.5e300", "5e-324",
            "0.30000000000000004", "9007199254740993", "9223372036854775807", "-9223372036854775808",
            #""a\u0000b""#, #""\"\\\n\t\u001f/é😀""#, #"{"b":1,"a":[1,2.0,{},[],null]}"#, #"[[[]],{"":{}}]"#,
        ])
    func roundTrip(text: String) throws {
        let value = try JSONValue.decode(text)
        #expect(try value.encoded() == text)
        #expect(try JSONValue.decode(value.encoded()) == value)
    }

    @Test("doubles keep a fraction or exponent, integers do not")
    func numbers() throws {
        #expect(try JSONValue.double(1).encoded() == "1.0")
        #expect(try JSONValue.integer(1).encoded() == "1")
        #expect(try JSONValue.double(9_007_199_254_740_992).encoded() == "9007199254740992.0")
        #expect(try JSONValue.double(1e100).encoded() == "1e100")
        #expect(try JSONValue.double(0.1 + 0.2).encoded() == "0.30000000000000004")
        #expect(try JSONValue.decode(JSONValue.double(1).encoded()) == .double(1))
    }

    @Test("unicode escapes decode to UTF-8 and print raw")
    func unicode() throws {
        #expect(try JSONValue.decode(#""\u00e9\ud83d\ude00""#).encoded() == "\"é😀\"")
    }

    @Test("sort and indent, byte for byte")
    func layout() throws {
        let value: JSONValue = ["b": [1, 2.5, ["x": nil]], "a": "é\n", "c": [:], "d": []]
        let expected = """
            {
              "a": "é\\n",
              "b": [
                1,
                2.5,
                {
                  "x": null
                }
              ],
              "c": {},
              "d": []
            }
            """
        #expect(try value.encoded(options: .init(sortKeys: true, indent: 2)) == expected)
        #expect(try value.encoded() == #"{"b":[1,2.5,{"x":null}],"a":"é\n","c":{},"d":[]}"#)
        #expect(try value.encoded(options: .init(sortKeys: true)) == #"{"a":"é\n","b":[1,2.5,{"x":null}],"c":{},"d":[]}"#)
        #expect(try JSONValue.array([1, [2]]).encoded(options: .init(indent: 1)) == "[\n 1,\n [\n  2\n ]\n]")
    }

    @Test(
        "non-finite doubles are errors naming the path",
        arguments: [
            (JSONValue.double(.nan), "json: cannot encode NaN at $"),
            (["a": [1, 2, 3, .double(.nan)]], "json: cannot encode NaN at $.a[3]"),
            (["a": [1, ["b": .double(.infinity)]]], "json: cannot encode inf at $.a[1].b"),
            (["odd key": ["x\"y": .double(-.infinity)]], #"json: cannot encode -inf at $["odd key"]["x\"y"]"#),
            ([["": .double(.nan)]], #"json: cannot encode NaN at $[0][""]"#),
            (["_k9": ["9k": .double(.nan)]], #"json: cannot encode NaN at $._k9["9k"]"#),
        ] as [(JSONValue, String)])
    func nonFinite(value: JSONValue, message: String) {
        do {
            let text = try value.encoded()
            Issue.record("encoded \(text)")
        } catch {
            #expect(error.description == message)
        }
        #expect(value.description == message)
    }

    @Test("nesting deeper than the bound is an encode error")
    func depth() throws {
        var value: JSONValue = []
        for _ in 1..<512 { value = [value] }
        #expect(try value.encoded().count == 1024)
        value = [value]
        #expect(throws: JSONError.self) { try value.encoded() }
        do { _ = try value.encoded() } catch {
            guard case .encode(let path, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason == "too deep (max 512)")
            #expect(path == "$" + String(repeating: "[0]", count: 512))
        }
    }

    @Test("description is compact JSON")
    func description() {
        let value: JSONValue = ["a": [1, 1.0, "s", true, nil]]
        #expect(value.description == #"{"a":[1,1.0,"s",true,null]}"#)
        #expect("\(JSONValue.string("q\""))" == #""q\"""#)
    }

    @Test("withJansson lends a tree that converts back")
    func jansson() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, false], "": [:]]
        let back = try value.withJansson { JSONValue(jansson: $0) }
        #expect(back == value)
    }
}
