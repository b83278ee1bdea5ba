import JSON
import Templates
import Testing

@Suite struct CustomTemplateContextTests {
    let presenter = RecordingPresenter()

    func template() throws -> CustomTemplate {
        try makeTemplate("T", presenter: presenter) { b in
            try b.addArgument("title", string: "Hi")
            try b.addArgument("count", integer: 3)
            try b.addArgument("ratio", number: 0.5)
            try b.addArgument("on", boolean: false)
            try b.addArgument("map", dictionary: ["a": 5, "b": ["c": true]])
            try b.addFileArgument("map.image")
            try b.addActionArgument("map.ok")
            try b.addActionArgument("map.next")
            try b.addActionArgument("unset")
        }
    }

    func context(_ vars: JSONObject, files: [String: String] = [:]) throws -> CustomTemplateContext {
        CustomTemplateContext(
            template: try template(), notification: InAppNotification(json: inapp("c1", "T", vars: vars)), files: files)
    }

    @Test func defaultsWhenNoVars() throws {
        let c = try context([:])
        #expect(c.templateName == "T")
        #expect(c.string("title") == "Hi" && c.integer("count") == 3 && c.number("ratio") == 0.5 && !c.boolean("on"))
        #expect(c.file("map.image") == nil && c.value("unset") == nil)
    }

    @Test(arguments: [
        ("title", JSONValue.string("Sale"), JSONValue?.some(.string("Sale"))),
        ("title", 12, "Hi"),
        ("count", 7, 7),
        ("count", 7.5, 7.5),
        ("count", "7", 3),
        ("on", true, true),
        ("on", 1, 1),         // numbers and booleans are both NSNumber in the SDK: interchangeable
        ("count", true, true),
        ("map.a", "x", 5),
        ("map.b.c", false, false),
        ("map.ok", ["actions": ["type": "close"]] as JSONValue, ["actions": ["type": "close"]] as JSONValue),
        ("map.ok", ["type": "close"] as JSONValue, nil),
        ("map.ok", "close", nil),
    ])
    func overrideMerge(name: String, override: JSONValue, expected: JSONValue?) throws {
        #expect(try context([name: override]).value(name) == expected)
    }

    @Test func undefinedVarsIgnoredAndMissingGetters() throws {
        let c = try context(["nope": 1, "map.zzz": 2])
        #expect(c.value("nope") == nil && c.dictionary("map")?["zzz"] == nil)
        #expect(c.string("missing") == nil && c.number("missing") == 0 && c.integer("missing") == 0)
        #expect(!c.boolean("missing") && c.dictionary("missing") == nil && c.dictionary("title") == nil)
    }

    @Test func dictionaryNestsAndSummarisesActions() throws {
        let c = try context([
            "map.ok": ["actions": ["type": "close"]],
            "map.next": ["actions": ["type": "custom-code", "templateName": "fn", "vars": [:]]],
            "map.image": "https://cdn.example/x.png",
        ], files: ["map.image": "/tmp/x.png"])
        #expect(c.dictionary("map") == [
            "a": 5, "b": ["c": true], "image": "/tmp/x.png", "ok": "close", "next": "fn",
        ])
        #expect(c.dictionary("map.b") == ["c": true])
        #expect(c.file("map.image") == "/tmp/x.png")
    }
}
