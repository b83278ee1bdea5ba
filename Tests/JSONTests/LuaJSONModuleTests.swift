import CLua
import CJSONTestSupport
import CLuaSupport
import CJansson
import JSON
import Testing

/// A raw Lua state with the `json` module as a global, driven through the C
/// test helpers in CJSONTestSupport (LuaRuntime is not needed for these tests).
private final class LuaHarness {
    let state: OpaquePointer

    /// A state without a memory limit, or failing allocations beyond `limit` bytes.
    init(limit: Int? = nil) throws {
        if let limit {
            state = try #require(ctl_json_test_newstate_limited(limit))
        } else {
            state = try #require(ctl_json_test_newstate())
        }
    }

    deinit { ctl_json_test_close(state) }

    /// Runs `chunk`; returns whether it succeeded and `tostring` of its result or error.
    func run(_ chunk: String) -> (ok: Bool, text: String) {
        var buffer = [CChar](repeating: 0, count: 64 * 1024)
        var length = 0
        let ok = ctl_json_test_eval(state, chunk, &buffer, buffer.count, &length)
        let text = buffer.withUnsafeBytes { String(decoding: $0.prefix(length), as: UTF8.self) }
        return (ok == 1, text)
    }

    /// The result of a chunk that must succeed.
    func value(_ chunk: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let (ok, text) = run(chunk)
        #expect(ok, "\(chunk) failed: \(text)", sourceLocation: sourceLocation)
        return text
    }

    /// The error message of a chunk that must fail, without Lua's "chunk:1: " prefix.
    func error(_ chunk: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let (ok, text) = run(chunk)
        #expect(!ok, "\(chunk) succeeded: \(text)", sourceLocation: sourceLocation)
        // Drop Lua's `[string "..."]:1: ` prefix.
        let bytes = Array(text.utf8), needle = Array("json: ".utf8)
        guard bytes.count >= needle.count,
            let start = (0...(bytes.count - needle.count)).first(where: { Array(bytes[$0..<$0 + needle.count]) == needle })
        else { return text }
        return String(decoding: bytes[start...], as: UTF8.self)
    }
}

@Suite("Lua json module")
struct LuaJSONModuleTests {
    @Test(
        "decode then encode gives the same text",
        arguments: [
            "[]", "{}", "null", "1", "1.0", "-0.0", "0.1", "1e16", "9007199254740993", "9223372036854775807",
            #""a\u0000b""#, #"[1,2.0,"x",true,false,null]"#, #"{"a":null}"#, #"[[],{},[{}]]"#, #""é😀""#,
        ])
    func roundTrip(text: String) throws {
        let lua = try LuaHarness()
        let escaped = text.flatMap { $0 == "\\" || $0 == "'" ? ["\\", $0] : [$0] }.map(String.init).joined()
        #expect(lua.value("return json.encode(json.decode('\(escaped)'))") == text)
    }

    @Test("Lua values encode by kind")
    func encodeKinds() throws {
        let lua = try LuaHarness()
        #expect(lua.value("return json.encode({1, 2.0, 'x', true, json.null})") == #"[1,2.0,"x",true,null]"#)
        #expect(lua.value("return json.encode({})") == "{}")
        #expect(lua.value("return json.encode(json.array())") == "[]")
        #expect(lua.value("return json.encode(json.array({}))") == "[]")
        #expect(lua.value("return json.encode(json.object({}))") == "{}")
        #expect(lua.value("return json.encode(nil)") == "null")
        #expect(lua.value("return json.encode({0.1, 2^53, 2^63, math.mininteger})")
            == "[0.1,9007199254740992.0,9.223372036854776e18,-9223372036854775808]")
        #expect(lua.value("return json.encode('a\\0b')") == #""a\u0000b""#)
    }

    @Test("decoded values: integers, floats, null, marks")
    func decodeKinds() throws {
        let lua = try LuaHarness()
        #expect(lua.value("return math.type(json.decode('1')) .. ' ' .. math.type(json.decode('1.0'))") == "integer float")
        #expect(lua.value("return json.decode('null') == json.null") == "true")
        #expect(lua.value("return tostring(json.null)") == "json.null")
        #expect(lua.value("return json.decode('{\"a\":null}').a == json.null") == "true")
        #expect(lua.value("return json.isarray(json.decode('[]'))") == "true")
        #expect(lua.value("return json.isarray(json.decode('{}'))") == "false")
        #expect(lua.value("return json.isarray({1, 2})") == "true")
        #expect(lua.value("return json.isarray({})") == "false")
        #expect(lua.value("return json.isarray({1, x = 1})") == "false")
        #expect(lua.value("return #json.decode('\"a\\\\u0000b\"')") == "3")
        #expect(lua.value("return json.decode('{\"a\":1,\"a\":2}').a") == "2")
        #expect(lua.value("return json.decode('9223372036854775807') == math.maxinteger") == "true")
    }

    /// `-0` is the float -0.0 (it round-trips); `1e-0` and `-0.5` are untouched; error columns
    /// after a `-0` are those of the text as given.
    @Test("negative zero decodes as a float")
    func negativeZero() throws {
        let lua = try LuaHarness()
        #expect(lua.value(#"local v = json.decode('-0') return math.type(v) .. ' ' .. tostring(1 / v)"#) == "float -inf")
        #expect(lua.value(#"return json.encode(json.decode('[-0, 0, -0.0, 1e-0, -0.5, -0e1, "-0"]'))"#)
                == #"[-0.0,0,-0.0,1.0,-0.5,-0.0,"-0"]"#)
        #expect(lua.value(#"return json.encode(json.decode('{"a": -0}'))"#) == #"{"a":-0.0}"#)
        let bad = lua.run(#"return json.decode('[-0, -0, ]')"#)
        #expect(!bad.ok && bad.text.hasSuffix("json: line 1 column 10: unexpected token near ']'"), "\(bad.text)")
        let multiline = lua.run(#"return json.decode('[-0,\n -0, x]')"#)
        #expect(!multiline.ok && multiline.text.contains("json: line 2 column 6:"), "\(multiline.text)")
    }

    /// A NUL byte is never JSON text; a key with NUL is refused at encode (decode could not read it back).
    @Test("NUL bytes and NUL keys")
    func nulBytes() throws {
        let lua = try LuaHarness()
        let trailing = lua.run(#"return json.decode('123\0')"#)
        #expect(!trailing.ok && trailing.text.hasSuffix("json: line 1 column 4: NUL byte in JSON text"), "\(trailing.text)")
        #expect(!lua.run(#"return json.decode('"a\0b"')"#).ok)
        #expect(lua.value(#"return #json.decode('"a\\u0000b"')"#) == "3")  // an escaped NUL in a string is fine
        let key = lua.run(#"return json.encode({['a\0b'] = 1})"#)
        #expect(!key.ok && key.text.hasSuffix(#"json: cannot encode an object key containing NUL at $["a\u0000b"]"#), "\(key.text)")
        #expect(lua.value(#"return json.encode({a = 'x\0y'})"#) == #"{"a":"x\u0000y"}"#)
    }

    @Test("sort and indent")
    func layout() throws {
        let lua = try LuaHarness()
        #expect(lua.value("return json.encode({b = {1, {c = json.null}}, a = 'x'}, {indent = 2, sort = true})") == """
            {
              "a": "x",
              "b": [
                1,
                {
                  "c": null
                }
              ]
            }
            """)
        #expect(lua.value("return json.encode({b = 1, a = 2, c = {z = 1, y = 2}}, {sort = true})")
            == #"{"a":2,"b":1,"c":{"y":2,"z":1}}"#)
    }

    @Test(
        "encode errors name the path",
        arguments: [
            ("json.encode({a = {1, 2, 3, 0/0}})", "json: cannot encode NaN at $.a[3]"),
            ("json.encode({a = {1, {b = 1/0}}})", "json: cannot encode inf at $.a[1].b"),
            ("json.encode({['odd key'] = {-1/0}})", #"json: cannot encode -inf at $["odd key"][0]"#),
            ("local t = {} t.self = t json.encode(t)", "json: cannot encode a cycle at $.self"),
            ("local t = {} json.encode({a = {t, {t, {x = t}}}})", "json: cannot encode {}"),
            ("json.encode({[1] = 1, [3] = 3})", "json: cannot encode sparse array at $"),
            ("json.encode({x = {[0] = 1}})", "json: cannot encode sparse array at $.x"),
            ("json.encode({1, x = 2})", "json: cannot encode table with mixed keys at $"),
            ("json.encode({a = {[true] = 1}})", "json: cannot encode boolean key at $.a"),
            ("json.encode({[1.5] = 1})", "json: cannot encode non-integer key at $"),
            ("json.encode(json.array({a = 1}))", "json: cannot encode string key in array at $"),
            ("json.encode(json.object({1}))", "json: cannot encode non-string key in object at $"),
            ("json.encode({s = '\\xff'})", "json: invalid UTF-8 in string at $.s"),
            ("json.encode({['\\xff'] = 1})", "json: invalid UTF-8 in object key at $"),
            ("json.encode({f = print})", "json: cannot encode function at $.f"),
            ("json.encode({io.stdout})", "json: cannot encode userdata at $[0]"),
        ])
    func encodeErrors(chunk: String, message: String) throws {
        let lua = try LuaHarness()
        if message == "json: cannot encode {}" {
            // A table seen twice without a cycle is fine.
            #expect(lua.run(chunk).ok)
        } else {
            #expect(lua.error(chunk) == message)
        }
    }

    @Test(
        "decode errors carry line and column",
        arguments: [
            ("json.decode('[1,2')", "json: line 1 column 4: ']' expected near end of file"),
            ("json.decode('[1,]')", "json: line 1 column 4: unexpected token near ']'"),
            ("json.decode('\"\\xff\"')", "json: line 1 column 1: unable to decode byte 0xff near '\"'"),
            ("json.decode('123456789012345678901234567890')", "json: line 1 column 30: too big integer"),
            ("json.decode('{\\n\"a\":1,\\n\"a\":2}', {rejectDuplicates = true})",
             #"json: line 3 column 3: duplicate object key near '"a"'"#),
            ("json.decode(string.rep('[', 600))", "json: line 1 column 513: too deep (max 512)"),
            ("json.decode('[[[]]]', {maxDepth = 2})", "json: line 1 column 3: too deep (max 2)"),
        ])
    func decodeErrors(chunk: String, message: String) throws {
        let lua = try LuaHarness()
        #expect(lua.error(chunk) == message)
    }

    @Test("depth bounds")
    func depth() throws {
        let lua = try LuaHarness()
        #expect(lua.value("return #json.encode(json.decode(string.rep('[', 500) .. string.rep(']', 500)))") == "1000")
        #expect(lua.value("local t = {} for i = 1, 511 do t = {t} end return #json.encode(t)") == "1024")
        let message = lua.error("local t = {} for i = 1, 600 do t = {t} end return json.encode(t)")
        #expect(message.hasPrefix("json: too deep (max 512) at $[0][0]"))
        // Past the walker's inline arrays (16 levels), paths and cycle checks still hold.
        #expect(lua.error("local t = {} local top = {a = t} for i = 1, 40 do local n = {} t.k = n t = n end t.back = top "
                          + "return json.encode(top)") == "json: cannot encode a cycle at $.a" + String(repeating: ".k", count: 40) + ".back")
        #expect(lua.error("local t = {x = 0/0} for i = 1, 40 do t = {t} end return json.encode(t)")
                == "json: cannot encode NaN at $" + String(repeating: "[0]", count: 40) + ".x")
    }

    @Test("errors are catchable and the state stays usable")
    func recovery() throws {
        let lua = try LuaHarness()
        #expect(lua.value("""
            local ok, err = pcall(json.decode, '{"a": [1, 2,')
            return tostring(ok) .. ' ' .. err
            """) == "false json: line 1 column 12: ']' expected near end of file")
        for _ in 0..<100 {
            _ = lua.run("json.encode({a = {0/0}})")
            _ = lua.run("json.decode('[1, 2, {\"a\": [[[[x')")
        }
        #expect(lua.value("return json.encode(json.decode('[1]'))") == "[1]")
    }

    @Test("memory errors inside decode and encode free jansson's memory (run under LeakSanitizer)")
    func memoryErrors() throws {
        let lua = try LuaHarness(limit: 400_000)
        #expect(lua.value("""
            local text = '[' .. string.rep('{"a":[1,2,3],"b":"xyz"},', 5000) .. '1]'
            local failures = 0
            for _ = 1, 5 do
              local ok, err = pcall(json.decode, text)
              if not ok and err == 'not enough memory' then failures = failures + 1 end
              collectgarbage()
            end
            return failures
            """) == "5")
        #expect(lua.value("""
            local s = string.rep('x', 100000)
            local failures = 0
            for _ = 1, 5 do
              local ok, err = pcall(json.encode, {s, s, s, s, s})
              if not ok and err == 'not enough memory' then failures = failures + 1 end
              collectgarbage()
            end
            return failures
            """) == "5")
        #expect(lua.value("collectgarbage() return json.encode(json.decode('[1,{\"a\":2}]'))") == #"[1,{"a":2}]"#)
    }

    @Test("marking rules")
    func marks() throws {
        let lua = try LuaHarness()
        #expect(lua.error("json.array(setmetatable({}, {}))") == "json: array: table already has a metatable")
        #expect(lua.value("local t = json.array({}) return json.encode(json.object(t))") == "{}")
        #expect(lua.value("return json.encode(setmetatable({1}, {}))") == "[1]")
    }
}

@Suite("C helpers for LuaRuntime")
struct LuaJSONHelperTests {
    @Test("ctl_json_push_protected and ctl_json_from_lua round-trip a JSONValue")
    func pushAndRead() throws {
        let lua = try LuaHarness()
        let value: JSONValue = ["a": [1, 2.5, "x\u{0}y", nil, false], "b": [:], "c": []]
        let status = try value.withJansson { ctl_json_push_protected(lua.state, $0) }
        #expect(status == LUA_OK)
        lua_setglobal(lua.state, "v")
        #expect(lua.value("return json.encode(v, {sort = true})") == #"{"a":[1,2.5,"x\u0000y",null,false],"b":{},"c":[]}"#)

        #expect(lua_getglobal(lua.state, "v") == LUA_TTABLE)
        let top = lua_gettop(lua.state)
        var errbuf = [CChar](repeating: 0, count: 256)
        let json = try #require(ctl_json_from_lua(lua.state, -1, &errbuf, errbuf.count))
        defer { ctl_json_decref(json) }
        #expect(lua_gettop(lua.state) == top)
        // Lua tables do not keep key order: compare sorted.
        #expect(try JSONValue(jansson: json).encoded(options: .init(sortKeys: true))
            == value.encoded(options: .init(sortKeys: true)))
        lua_settop(lua.state, 0)
    }

    @Test("ctl_json_from_lua reports the path and restores the stack")
    func fromLuaError() throws {
        let lua = try LuaHarness()
        _ = lua.run("bad = {list = {1, {x = 0/0}}}")
        #expect(lua_getglobal(lua.state, "bad") == LUA_TTABLE)
        var errbuf = [CChar](repeating: 0, count: 256)
        #expect(ctl_json_from_lua(lua.state, -1, &errbuf, errbuf.count) == nil)
        #expect(String(cString: errbuf) == "json: cannot encode NaN at $.list[1].x")
        #expect(lua_gettop(lua.state) == 1)
        lua_settop(lua.state, 0)
    }
}
