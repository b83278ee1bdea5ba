import JSON
import Testing
@testable import Traits

@Suite struct ExperienceDecodeTests {
    func decode(_ text: String) throws -> Experience { try Experience.decode(text: text) }

    /// The problem decoding `text` (strictly, as the SDK, unless `strict: false`).
    func error(_ text: String, strict: Bool = true) -> LocatedProblem? {
        do { _ = try Experience.decode(JSONDocument(text: text).value, strict: strict) } catch let error as LocatedProblem { return error } catch { return nil }
        return nil
    }

    typealias F = ExperienceFixture
    static let e = F.id(1), g = F.id(2), c = F.id(3), s = F.id(4)
    /// An experience with these top-level `traits` and `steps` (the rest as the SDK requires it).
    static func experience(traits: String = "[]", steps: String = "[]") -> String {
        #"{"id":"\#(e)","name":"n","type":"mobile","traits":\#(traits),"steps":\#(steps)}"#
    }
    static func step(_ id: String, traits: String = "[]") -> String {
        #"{"id":"\#(id)","type":"modal","traits":\#(traits),"actions":{},"content":{"type":"spacer","id":"\#(F.id(50))"}}"#
    }

    @Test func groupsAndSingleStepsWithTraitsAtThreeLevels() throws {
        let experience = try decode(#"""
        {"id": "0c9f3c52-5a5e-4d4b-9d7c-1b0f0e5f9a10", "name": "n", "type": "mobile", "traits": [{"type": "@a/x", "config": {"k": [1, {"z": null}]}, "extra": 1}],
         "steps": [{"id": "0c9f3c52-5a5e-4d4b-9d7c-1b0f0e5f9a11", "type": "group", "traits": [{"type": "@a/y"}], "actions": {},
                    "children": [{"id": "0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A12", "type": "modal", "traits": [{"type": "@a/z"}], "actions": {},
                                  "content": {"type": "text", "id": "0c9f3c52-5a5e-4d4b-9d7c-1b0f0e5f9a01", "text": "Hi"}}]},
                   {"id": "0c9f3c52-5a5e-4d4b-9d7c-1b0f0e5f9a13", "type": "modal", "traits": [], "actions": {},
                    "content": {"type": "spacer", "id": "0c9f3c52-5a5e-4d4b-9d7c-1b0f0e5f9a02"}}]}
        """#)
        #expect(experience.traits == [Experience.Trait(type: "@a/x", config: .object(["k": .array([.integer(1), .object(["z": .null])])]))])
        guard case .group(let group) = experience.steps[0], case .child(let single) = experience.steps[1] else {
            Issue.record("wrong step kinds")
            return
        }
        #expect(group.traits.map(\.type) == ["@a/y"])
        #expect(group.children.map(\.id) == ["0C9F3C52-5A5E-4D4B-9D7C-1B0F0E5F9A12"], "kept as written (formatted where the SDK formats it)")
        #expect(group.children[0].traits.map(\.type) == ["@a/z"])
        #expect(group.children[0].content?.type == "text")
        #expect(group.children[0].content?.id == "0c9f3c52-5a5e-4d4b-9d7c-1b0f0e5f9a01")
        #expect(group.children[0].content?.properties["text"] == .string("Hi"))
        #expect(single.id == "0c9f3c52-5a5e-4d4b-9d7c-1b0f0e5f9a13")
        #expect(experience.steps[1].items.map(\.id) == ["0c9f3c52-5a5e-4d4b-9d7c-1b0f0e5f9a13"])
    }

    /// Duplicate types in one array invalidate the experience, at each level, with the SDK's message.
    @Test(arguments: [
        (experience(traits: #"[{"type":"@a/x"},{"type":"@a/x"}]"#), "traits"),
        (experience(steps: #"[{"id":"\#(g)","type":"group","traits":[{"type":"@a/y"},{"type":"@a/y"}],"actions":{},"children":[]}]"#), "steps[0].traits"),
        (experience(steps: #"[{"id":"\#(g)","type":"group","traits":[],"actions":{},"children":[\#(step(c, traits: #"[{"type":"@a/z"},{"type":"@a/z"}]"#))]}]"#),
         "steps[0].children[0].traits"),
        (experience(steps: "[" + step(s, traits: #"[{"type":"@a/z"},{"type":"@a/w"},{"type":"@a/z"}]"#) + "]"), "steps[0].traits"),
    ])
    func duplicateTypes(text: String, path: String) throws {
        let failure = try #require(error(text))
        #expect(failure.path?.description == path)
        #expect(failure.message.hasPrefix("multiple traits of same type are not supported: "))
        #expect(failure.description == "\(path): \(failure.message)")
    }

    @Test func twoDuplicatedTypesAreBothNamed() throws {
        let failure = try #require(error(Self.experience(traits: #"[{"type":"@a"},{"type":"@b"},{"type":"@b"},{"type":"@a"}]"#)))
        #expect(failure.message == "multiple traits of same type are not supported: @b,@a")
    }

    /// Errors of ctlua's own lenient decoding (`strict: false`) name the JSON path.
    @Test(arguments: [
        (#"[]"#, "$", "expected an object, got array"),
        (#"{"traits":[],"steps":[]}"#, "id", "missing required key"),
        (#"{"id":1,"steps":[]}"#, "id", "expected a string, got number"),
        (#"{"id":"e"}"#, "steps", "missing required key"),
        (#"{"id":"e","steps":{"a":1}}"#, "steps", "expected an array, got object"),
        (#"{"id":"e","steps":[{"id":"s","type":"modal","traits":[{"config":{}}]}]}"#, "steps[0].traits[0].type", "missing required key"),
        (#"{"id":"e","steps":[{"id":"s","type":"modal","traits":[7]}]}"#, "steps[0].traits[0]", "expected an object, got number"),
        (#"{"id":"e","steps":[{"id":"g","type":"group","children":[{"id":"c"}]}]}"#, "steps[0].children[0].type", "missing required key"),
        (#"{"id":"e","steps":[{"id":"g","type":"group","children":"x"}]}"#, "steps[0].children", "expected an array, got string"),
        (#"{"id":"e","traits":{"type":"x"},"steps":[]}"#, "traits", "expected an array, got object"),
    ])
    func errorsNameThePath(text: String, path: String, message: String) throws {
        let failure = try #require(error(text, strict: false))
        #expect(failure.path?.description == path)
        #expect(failure.message.hasPrefix(message), "\(failure.message)")
    }

    /// Experience text is read by the shared reader: problems have a line and column.
    @Test func problemsInTextHaveALineAndColumn() {
        #expect(throws: LocatedProblem(path: JSONPath.root.key("steps").index(0).key("id"), position: SourcePosition(line: 3, column: 28),
                                       message: "expected a string, got number")) {
            try Experience.decode(text: "{\"id\": \"e\",\n \"steps\": [\n   {\"type\": \"modal\", \"id\": 4}]}", strict: false)
        }
    }
}
