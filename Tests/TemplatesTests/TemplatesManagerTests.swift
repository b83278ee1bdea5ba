import Engine
import JSON
import Templates
import Testing

@Suite struct TemplatesManagerTests {
    let presenter = RecordingPresenter()

    @Test func orderExample() throws {
        let t = try makeTemplate("T", presenter: presenter) { b in
            try b.addArgument("b", string: "")
            try b.addArgument("c", string: "")
            try b.addArgument("d", string: "")
            try b.addArgument("e", dictionary: ["h": 1, "f": ["c": 1, "e": 1, "d": 1]])
            try b.addArgument("l", string: "")
            try b.addArgument("k", string: "")
            try b.addArgument("e.w", string: "")
            try b.addArgument("e.f.a", string: "")
            try b.addArgument("a", dictionary: ["n": 1, "m": 1])
        }
        let order = t.argumentOrder
        let text = TemplateArgumentOrder.ordered(t.arguments.map(\.name)).map { "\($0)=\(order[$0]!)" }
        #expect(text.joined(separator: " ")
            == "b=0 c=1 d=2 e.f.a=3 e.f.c=4 e.f.d=5 e.f.e=6 e.h=7 e.w=8 l=9 k=10 a.m=11 a.n=12")
    }

    @Test func syncPayloadExample() throws {
        let manager = try TemplatesManager(configuration: TemplatesConfiguration(isDebugBuild: true, isTestUser: true))
        try manager.register(makeTemplate("templateName1", presenter: presenter) { b in
            try b.addArgument("var1", boolean: true)
            try b.addArgument("var2", dictionary: ["option1": 137, "option2": "x"])
            try b.addFileArgument("var3")
            try b.addActionArgument("var4")
        })
        try manager.register(makeFunction("templateName2", visual: true, presenter: presenter) { b in
            try b.addArgument("var1", number: 12.5)
        })
        // The spec's example skips order 2 (an argument it does not show); orders are dense,
        // so this template has var2.option2 at order 2 and the expectation shows it.
        let expected = """
            [{"type":"meta"},
             {"type":"templatePayload","definitions":{
               "templateName1":{"type":"template","vars":{
                 "var1":{"defaultValue":true,"type":"boolean","order":0},
                 "var2.option1":{"defaultValue":137,"type":"number","order":1},
                 "var2.option2":{"defaultValue":"x","type":"string","order":2},
                 "var3":{"type":"file","order":3},"var4":{"type":"action","order":4}}},
               "templateName2":{"type":"function","vars":{"var1":{"defaultValue":12.5,"type":"number","order":0}}}}}]
            """
        #expect(canonical(try manager.syncPayload()) == canonical(try JSONValue.decode(expected)))
    }

    @Test(arguments: [(false, false), (true, false), (false, true)])
    func syncGate(debug: Bool, testUser: Bool) throws {
        let manager = try TemplatesManager(configuration: TemplatesConfiguration(isDebugBuild: debug, isTestUser: testUser))
        #expect(throws: TemplateError.syncNotAllowed(debug: debug, testUser: testUser)) { try manager.syncPayload() }
        let message = "\(TemplateError.syncNotAllowed(debug: debug, testUser: testUser))"
        #expect(message.hasPrefix("Syncing custom templates is allowed only in a debug build with a test user"))
    }

    @Test func duplicateAndSystemNames() throws {
        let manager = try TemplatesManager()
        try manager.register(makeTemplate("A", presenter: presenter))
        #expect(throws: TemplateError.duplicateTemplate("A")) { try manager.register(makeTemplate("A", presenter: presenter)) }
        #expect("\(TemplateError.duplicateTemplate("A"))" == "Template with name: A is already defined.")
        for name in ["ctsystem_pushpermission", "ctsystem_openurl", "ctsystem_apprating"] {
            #expect(throws: TemplateError.systemTemplate(name)) { try manager.register(makeTemplate(name, presenter: presenter)) }
        }
        #expect("\(TemplateError.systemTemplate("ctsystem_openurl"))"
            == "CustomTemplate with name: ctsystem_openurl is a System template.")
        #expect(manager.names == ["A"])
    }

    @Test func producersRunWithTheConfiguration() throws {
        let t = try makeTemplate("P", presenter: presenter)
        let manager = try TemplatesManager(producers: [StaticTemplateProducer([t])])
        #expect(manager.isRegistered("P") && !manager.isRegistered("p"))
        #expect(throws: TemplateError.duplicateTemplate("P")) {
            try TemplatesManager(producers: [StaticTemplateProducer([t]), StaticTemplateProducer([t])])
        }
    }
}

@Suite struct TemplateArgumentOrderTests {
    /// Definition order → expected `name=order` (the SDK's sync payload tests).
    @Test(arguments: [
        (["b", "c", "a.d", "a.c.a", "a.b", "a.a"], "b=0 c=1 a.a=2 a.b=3 a.c.a=4 a.d=5"),
        (["boolean", "string", "number", "dictionary.key", "file", "action"],
         "boolean=0 string=1 number=2 dictionary.key=3 file=4 action=5"),
        (["z.b", "y", "z.a"], "z.a=0 z.b=1 y=2"),
        (["m.b", "m.A", "m.c"], "m.A=0 m.b=1 m.c=2"),
        // localizedCaseInsensitiveCompare: accented letters sort with their base letter
        (["m.f", "m.é", "m.Z", "m.e"], "m.e=0 m.é=1 m.f=2 m.Z=3"),
    ])
    func order(names: [String], expected: String) {
        let order = TemplateArgumentOrder.order(names)
        #expect(TemplateArgumentOrder.ordered(names).map { "\($0)=\(order[$0]!)" }.joined(separator: " ") == expected)
    }

    @Test func builderInfersTypesFromValues() throws {
        let b = CustomTemplateBuilder()
        try b.setName("T")
        try b.addArgument("s", value: "x")
        try b.addArgument("n", value: 2)
        try b.addArgument("on", value: true)
        try b.addArgument("map", value: ["k": 1.5])
        #expect(throws: TemplateError.nilDefault(argument: "nil")) { try b.addArgument("nil", value: nil) }
        #expect(throws: TemplateError.unsupportedDefault(argument: "list", type: "array")) {
            try b.addArgument("list", value: [1])
        }
        b.setPresenter(RecordingPresenter())
        #expect(try b.build().arguments.map(\.type) == [.string, .number, .boolean, .number])
    }

    /// CTCustomTemplatesManagerTest testFileArgURLs: the file URLs of an in-app, and of an action
    /// argument holding a custom-code in-app, as one set.
    @Test func testFileArgURLs() throws {
        let manager = try TemplatesManager(configuration: TemplatesConfiguration())
        try manager.register(makeTemplate("template", presenter: RecordingPresenter()) { b in
            try b.addFileArgument("file")
            try b.addFileArgument("file1")
            try b.addActionArgument("action")
        })
        try manager.register(makeFunction("function", visual: false, presenter: RecordingPresenter()) { b in
            try b.addFileArgument("file")
        })
        let inApp: JSONValue = [
            "templateDescription": "", "templateId": "id", "templateName": "template", "type": "custom-code",
            "vars": [
                "file": "url", "file1": "url1",
                "action": ["templateDescription": "", "templateId": "id", "templateName": "function", "type": "custom-code",
                           "vars": ["file": "url2"]],
            ],
        ]
        #expect(manager.fileArgumentURLs(inApp) == ["url", "url1", "url2"])
    }

    /// `fileArgsURLsForInAppData:` reads only string values of file arguments of a registered
    /// template; an action in the `{"actions": ...}` form is not a custom-code in-app
    /// (`createWithJSON:` reads its `type`); a self-nesting in-app ends at the depth bound.
    @Test func fileArgURLsIgnoresWhatTheSDKIgnores() throws {
        let manager = try TemplatesManager(configuration: TemplatesConfiguration())
        try manager.register(makeTemplate("template", presenter: RecordingPresenter()) { b in
            try b.addFileArgument("file")
            try b.addActionArgument("action")
        })
        #expect(manager.fileArgumentURLs(["type": "custom-code", "templateName": "nope", "vars": ["file": "u"]]).isEmpty)
        #expect(manager.fileArgumentURLs(["type": "interstitial", "templateName": "template", "vars": ["file": "u"]]).isEmpty)
        #expect(manager.fileArgumentURLs(["type": "custom-code", "templateName": "template", "vars": ["file": 3]]).isEmpty)
        #expect(manager.fileArgumentURLs(["type": "custom-code", "templateName": "template", "vars": [
            "action": ["actions": ["type": "custom-code", "templateName": "template", "vars": ["file": "nested"]]],
        ]]).isEmpty)
        var deep: JSONValue = ["type": "custom-code", "templateName": "template", "vars": ["file": "u0"]]
        for i in 1...200 {
            deep = ["type": "custom-code", "templateName": "template", "vars": ["file": .string("u\(i)"), "action": deep]]
        }
        #expect(manager.fileArgumentURLs(deep).count == 16, "bounded depth: no stack overflow on a hostile payload")
    }
}
