import Foundation
import Testing
import TestSupport
@testable import JSON

@Suite("JSONDocument")
struct JSONDocumentTests {
    @Test func findsWhereValuesStart() throws {
        let document = try JSONDocument(text: "{\n  \"steps\": [\n    {\"tap\": \"ok\"}\n  ],\n  \"é\\u0301\": [1, [2, {\"k\": 3}]]\n}")
        #expect(document.position(of: .root) == SourcePosition(line: 1, column: 1))
        #expect(document.position(of: JSONPath.root.key("steps")) == SourcePosition(line: 2, column: 12))
        #expect(document.position(of: JSONPath.root.key("steps").index(0).key("tap")) == SourcePosition(line: 3, column: 13))
        #expect(document.position(of: JSONPath.root.key("é\u{301}").index(1).index(1).key("k")) == SourcePosition(line: 5, column: 28))
        #expect(document.position(of: JSONPath.root.key("steps").index(1)) == nil)
        #expect(document.position(of: JSONPath.root.key("nope")) == nil)
        #expect(document.nearestPosition(of: JSONPath.root.key("steps").index(0).key("nope")) == SourcePosition(line: 3, column: 5))
    }

    /// A hostile file with tens of thousands of problems: each is located without walking the
    /// text again (it was a walk per problem: 48,000 steps of an 850 KB file took minutes).
    @Test func locatingEveryValueOfABigDocumentIsLinear() throws {
        let count = 60_000
        let text = "{\"steps\": [\n" + (0..<count).map { "  {\"nope\($0)\": \"ok\"}" }.joined(separator: ",\n") + "\n]}"
        let document = try JSONDocument(text: text)
        let located = withDeadline(10) {
            (0..<count).map { document.nearestPosition(of: JSONPath.root.key("steps").index($0).key("nope\($0)").key("x")) }
        }
        let positions = try #require(try located?.get(), "locating \(count) values took more than 10 s")
        #expect(positions.first == SourcePosition(line: 2, column: 13))
        #expect(positions.last == SourcePosition(line: count + 1, column: 12 + String(count - 1).count))
    }

    @Test func columnsCountCodePoints() throws {
        let document = try JSONDocument(text: #"{"é😀": "x", "b": 1}"#)
        #expect(document.position(of: JSONPath.root.key("b")) == SourcePosition(line: 1, column: 18))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let document = try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(document.value == ["a": 1])
        #expect(document.position(of: JSONPath.root.key("a")) == SourcePosition(line: 1, column: 7))
    }

    @Test func aValueWithoutTextHasNoPositions() {
        let document = JSONDocument(value: ["a": 1])
        #expect(document.position(of: .root) == nil)
        #expect(document.nearestPosition(of: JSONPath.root.key("a")) == nil)
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "string or '}' expected near '}'"),
        ("{\n  \"a\": tru\n}", 2, 10, "invalid token near 'tru'"),
        ("[1, 2", 1, 5, "']' expected near end of file"),
        ("{\"a\": 1, \"a\": 2}", 1, 12, "duplicate object key near '\"a\"'"),
        ("[12345678901234567890]", 1, 21, "too big integer near '12345678901234567890'"),
        ("", 1, 1, "unexpected token near end of file"),
        ("[\n  {\"a\":1}\n  {\"b\":2}\n]", 3, 3, "']' expected near '{'"),
    ])
    func syntaxErrorsHaveALineAndColumn(text: String, line: Int, column: Int, reason: String) {
        do throws(JSONError) {
            _ = try JSONDocument(text: text)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.position == SourcePosition(line: line, column: column), "\(text): \(error)")
            #expect(error.reason == reason)
        }
    }

    /// The locator agrees with jansson: in every document jansson accepts, every value is found,
    /// and the text found there parses to that value. Generated documents (random shapes,
    /// whitespace and escapes) and every JSON file of the repository.
    @Test func everyValueIsFoundWhereItIs() throws {
        var generator = SplitMix(seed: 19)
        var texts = (0..<400).map { _ in Generated.text(depth: 0, &generator) }
        let root = CLI.packageRoot
        for folder in ["examples", "Tests/Fuzz/corpus/json"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".json") else { continue }
                let data = try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file))
                if data.count < 200_000 { texts.append(String(decoding: data, as: UTF8.self)) }
            }
        }
        var checked = 0
        for text in texts {
            guard let document = try? JSONDocument(text: text) else { continue }
            let locator = JSONLocator(Array(text.utf8))
            for (path, value) in Generated.paths(of: document.value, at: .root) {
                let offset = try #require(locator.offset(of: path), "\(path) in \(text)")
                let found = try JSONValue.decode(locator.valueText(at: offset))
                #expect(found == value, "\(path) in \(text)")
                checked += 1
            }
        }
        #expect(checked > 5_000, "\(checked) values checked")
    }
}

/// Random JSON texts and the paths of a value, for the locator's property test.
enum Generated {
    static let keys = ["a", "b", "id", "é", "a b", "q\\\"uote", "\\u00e9", "\\n", "tab\\t", "\\ud83d\\ude00", "x\\/y", ""]
    static let scalars = ["0", "-0", "1", "-12", "3.5", "1e3", "-2.5E-3", "true", "false", "null", "\"\"", "\"s\"",
                          "\"a\\\"b\"", "\"\\\\\"", "\"[{,:}]\"", "\"é\"", "\"\\u0041\""]
    static let spaces = ["", " ", "\n", "\t", " \r\n  "]

    static func text(depth: Int, _ g: inout SplitMix) -> String {
        func space() -> String { spaces[g.next(spaces.count)] }
        switch depth >= 4 ? 0 : g.next(3) {
        case 1:
            let count = g.next(5)
            return "[" + space() + (0..<count).map { _ in text(depth: depth + 1, &g) + space() }.joined(separator: "," + space()) + "]"
        case 2:
            var used: Set<String> = []
            var members: [String] = []
            for _ in 0..<g.next(5) {
                let key = keys[g.next(keys.count)]
                guard used.insert(key).inserted else { continue }
                members.append(space() + "\"\(key)\"" + space() + ":" + space() + text(depth: depth + 1, &g) + space())
            }
            return "{" + members.joined(separator: ",") + space() + "}"
        default:
            return scalars[g.next(scalars.count)]
        }
    }

    static func paths(of value: JSONValue, at path: JSONPath) -> [(JSONPath, JSONValue)] {
        var found = [(path, value)]
        switch value {
        case .array(let items): for (i, item) in items.enumerated() { found += paths(of: item, at: path.index(i)) }
        case .object(let object): for (key, member) in object { found += paths(of: member, at: path.key(key)) }
        default: break
        }
        return found
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
