import JSON
import Templates
import Testing

@Suite struct CustomTemplateBuilderTests {
    let presenter = RecordingPresenter()

    /// Each case: a sequence of builder calls whose last one throws `message`.
    static let failures: [(String, @Sendable (CustomTemplateBuilder) throws -> Void, String)] = [
        ("name set twice", { b in try b.setName("a"); try b.setName("b") }, "Name is already set."),
        ("empty name", { b in try b.setName("") }, "Name cannot be null or empty."),
        ("empty argument name", { b in try b.addArgument("", string: "x") }, "Argument Name cannot be null or empty."),
        ("leading dot", { b in try b.addArgument(".a", string: "x") },
         "Argument Name cannot start or end with dot \".\" or contain consecutive dots \"..\"."),
        ("trailing dot", { b in try b.addArgument("a.", string: "x") },
         "Argument Name cannot start or end with dot \".\" or contain consecutive dots \"..\"."),
        ("double dot", { b in try b.addArgument("a..b", integer: 1) },
         "Argument Name cannot start or end with dot \".\" or contain consecutive dots \"..\"."),
        ("duplicate", { b in try b.addArgument("a", string: "x"); try b.addArgument("a", boolean: true) },
         "Argument with the name \"a\" already defined."),
        ("child then parent", { b in try b.addArgument("a.b", string: "x"); try b.addArgument("a", string: "y") },
         "Argument with the name \"a\" already defined."),
        ("parent then child", { b in try b.addArgument("a", string: "x"); try b.addArgument("a.b", string: "y") },
         "Argument with the name \"a\" already defined."),
        ("deep then middle", { b in
            try b.addArgument("a.b.c.d", string: "x"); try b.addArgument("a.b.c.e", string: "x")
            try b.addArgument("a.b", string: "y") }, "Argument with the name \"a.b\" already defined."),
        ("deep then a.b.c", { b in try b.addArgument("a.b.c.d", string: "x"); try b.addArgument("a.b.c", number: 1) },
         "Argument with the name \"a.b.c\" already defined."),
        ("nil string", { b in try b.addArgument("s", string: nil) }, "Default value cannot be nil."),
        ("nil number", { b in try b.addArgument("n", number: nil) }, "Default value cannot be nil."),
        ("nil boolean", { b in try b.addArgument("b", boolean: nil) }, "Default value cannot be nil."),
        ("nil dictionary", { b in try b.addArgument("d", dictionary: nil) }, "Default value cannot be nil."),
        ("empty dictionary", { b in try b.addArgument("d", dictionary: [:]) }, "Default value cannot be nil or empty."),
        ("same dictionary key twice", { b in
            try b.addArgument("map", dictionary: ["a": 1]); try b.addArgument("map", dictionary: ["a": 2]) },
         "Argument with the name \"map.a\" already defined."),
        ("dictionary over plain", { b in try b.addArgument("map", string: "x"); try b.addArgument("map", dictionary: ["a": 1]) },
         "Argument with the name \"map\" already defined."),
        ("file then dotted", { b in try b.addFileArgument("f"); try b.addActionArgument("f.x") },
         "Argument with the name \"f\" already defined."),
        ("duplicate before nil default", { b in try b.addArgument("a", string: "x"); try b.addArgument("a", string: nil) },
         "Argument with the name \"a\" already defined."),
        ("nil default before parent clash", { b in try b.addArgument("a", string: "x"); try b.addArgument("a.b", string: nil) },
         "Default value cannot be nil."),
        ("deep child of existing", { b in try b.addArgument("a.b", string: "x"); try b.addArgument("a.b.c.d", string: "y") },
         "Argument with the name \"a.b\" already defined."),
        ("build without name", { b in _ = try b.build() }, "Name cannot be null or empty. Use setName to set it."),
        ("build without presenter", { b in try b.setName("t"); _ = try b.build() },
         "Presenter cannot be null. Use setOnPresentWithPresenter to set it."),
    ]

    @Test(arguments: failures.indices)
    func validationMessages(_ index: Int) {
        let (label, calls, message) = Self.failures[index]
        let builder = CustomTemplateBuilder()
        do {
            try calls(builder)
            Issue.record("\(label): expected \(message)")
        } catch {
            #expect("\(error)" == message, "\(label)")
        }
    }

    @Test func functionsRefuseActionArguments() throws {
        let b = AppFunctionBuilder(isVisual: true)
        try b.setName("fn")
        #expect(throws: TemplateError.functionActionArgument(argument: "ok", template: "fn")) {
            try b.addArgument("ok", type: .action, defaultValue: nil)
        }
        #expect("\(TemplateError.functionActionArgument(argument: "ok", template: "fn"))"
            == "Function templates cannot have action arguments. Remove argument: ok.")
    }

    @Test func validNamesAndFlattening() throws {
        let t = try makeTemplate("T", presenter: presenter) { b in
            try b.addArgument("arg name", string: "x")
            try b.addArgument("valid.two.name", integer: 2)
            try b.addArgument("map", dictionary: ["a": 5, "b": ["on": true, "c": "s"]])
            try b.addArgument("map", dictionary: ["z": 1.5])
            try b.addFileArgument("map.file")
            try b.addActionArgument("buttons.ok")
        }
        #expect(t.arguments == [
            TemplateArgument(name: "arg name", type: .string, defaultValue: "x"),
            TemplateArgument(name: "valid.two.name", type: .number, defaultValue: 2),
            TemplateArgument(name: "map.a", type: .number, defaultValue: 5),
            TemplateArgument(name: "map.b.on", type: .boolean, defaultValue: true),
            TemplateArgument(name: "map.b.c", type: .string, defaultValue: "s"),
            TemplateArgument(name: "map.z", type: .number, defaultValue: 1.5),
            TemplateArgument(name: "map.file", type: .file, defaultValue: nil),
            TemplateArgument(name: "buttons.ok", type: .action, defaultValue: nil),
        ])
        #expect(t.kind == .template && t.isVisual)
    }

    @Test func failedCallLeavesBuilderUnchanged() throws {
        let b = CustomTemplateBuilder()
        try b.setName("T")
        try b.addArgument("map", dictionary: ["a": 1])
        #expect(throws: TemplateError.self) { try b.addArgument("map", dictionary: ["b": 1, "a": 2]) }
        b.setPresenter(presenter)
        #expect(try b.build().arguments.map(\.name) == ["map.a"])
    }
}
