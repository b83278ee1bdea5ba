import JSON
import Templates
import Testing

@Suite struct JSONTemplateProducerTests {
    let templates = RecordingPresenter()
    let functions = RecordingPresenter()

    func parse(_ text: String) throws -> [CustomTemplate] {
        try JSONTemplateProducer(text: text, templatePresenter: templates, functionPresenter: functions).templates()
    }

    @Test func specExample() throws {
        let list = try parse("""
            {"Banner":{"type":"template","arguments":{
               "title":{"type":"string","value":"Hi"},
               "style":{"type":"object","value":{"color":{"type":"string","value":"#fff"}}},
               "image":{"type":"file"}, "ok":{"type":"action"}}},
             "track":{"type":"function","isVisual":false,"arguments":{"event":{"type":"string","value":"x"}}}}
            """)
        #expect(list.map(\.name) == ["Banner", "track"])
        #expect(list[0].arguments.map(\.name) == ["title", "style.color", "image", "ok"])
        #expect(list[0].arguments.map(\.type) == [.string, .string, .file, .action])
        #expect(list[0].presenter === templates)
        #expect(list[1].kind == .function(isVisual: false))
        #expect(list[1].presenter === functions)
    }

    static let errors: [(String, String, String?)] = [
        ("{", "Error parsing JSON template definitions: ", nil),
        // `CTJsonTemplateProducer defineTemplates:`: only a nil or zero-length text is "empty"
        // (with the SDK's `CleverTap: ` prefix); whitespace goes to the JSON parser.
        ("", "CleverTap: JSON template definitions cannot be nil or empty.", nil),
        ("  ", "Error parsing JSON template definitions: ", nil),
        (#"{"T":{"type":"widget"}}"#, "Unknown template type: widget for template: T.", "T.type"),
        (#"{"T":{"type":"template","arguments":{"a":{"type":"color","value":1}}}}"#,
         "Unknown argument type: color for argument: a.", "T.arguments.a.type"),
        (#"{"T":{"type":"template","arguments":{"f":{"type":"file","value":"x"}}}}"#,
         "File arguments should not specify a value. Remove value from argument: f.", "T.arguments.f.value"),
        (#"{"T":{"type":"template","arguments":{"a":{"type":"action","value":"x"}}}}"#,
         "Action arguments should not specify a value. Remove value from argument: a.", "T.arguments.a.value"),
        (#"{"F":{"type":"function","arguments":{"a":{"type":"action"}}}}"#,
         "Function templates cannot have action arguments. Remove argument: a.", "F.arguments.a"),
        (#"{"T":{"type":"template","arguments":{"o":{"type":"object","value":{"f":{"type":"file"}}}}}}"#,
         "Not supported argument type: file, for argument: f. Nesting of file and action arguments within objects "
            + "is not supported. To define nested file and actions use dot '.' notation in the argument name",
         "T.arguments.f"),
        (#"{"T":{"type":"template","arguments":{"o":{"type":"object","value":{}}}}}"#,
         "Default value cannot be nil or empty.", "T.arguments.o"),
        (#"{"T":{"type":"template","arguments":{"s":{"type":"string"}}}}"#, "Default value cannot be nil.", "T.arguments.s"),
        (#"{"T":{"type":"template","arguments":{"a":{"type":"string","value":"x"},"a.b":{"type":"number","value":1}}}}"#,
         "Argument with the name \"a\" already defined.", #"T.arguments["a.b"]"#),
    ]

    @Test(arguments: errors.indices)
    func errorMessages(_ index: Int) {
        let (text, message, path) = Self.errors[index]
        do {
            _ = try parse(text)
            Issue.record("expected \(message)")
        } catch let error as TemplateError {
            #expect("\(error)".hasPrefix(message))
            if let path { #expect(error.jsonPath?.description == path) }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // The JSON producer and builder as the SDK does them (`CTJsonTemplateProducer`, `CTCustomTemplateBuilder`).

    @Test func anEmptyObjectDefinesNothing() throws {
        #expect(try parse("{}").isEmpty)
    }

    @Test func aBooleanWithoutValueIsFalseAndValuesConvertWithBoolValue() throws {
        let list = try parse(#"{"T":{"type":"template","arguments":{"a":{"type":"boolean"},"b":{"type":"boolean","value":"yes"},"c":{"type":"boolean","value":1}}}}"#)
        #expect(list[0].arguments.map(\.defaultValue) == [false, true, true])
    }

    @Test func isVisualReadsWithBoolValue() throws {
        let list = try parse(#"{"F":{"type":"function","isVisual":"true"},"G":{"type":"function","isVisual":1},"H":{"type":"function","isVisual":"no"}}"#)
        #expect(list.map(\.isVisual) == [true, true, false])
    }

    @Test func aMissingTypeReadsAsNull() {
        #expect(throws: TemplateError.unknownTemplateType(type: "(null)", template: "T")) { try parse(#"{"T":{}}"#) }
        #expect(throws: TemplateError.unknownArgumentType(type: "(null)", argument: "a", template: "T")) {
            try parse(#"{"T":{"type":"template","arguments":{"a":{}}}}"#)
        }
    }

    @Test func theMissingPresenterMessagesAreTheSDKs() {
        #expect(TemplateError.noPresenter(template: "T", kind: "template").description
                == "JSON definition contains a template definition and a template presenter is required.")
        #expect(TemplateError.noPresenter(template: "F", kind: "function").description
                == "JSON definition contains a function definition and a function presenter is required.")
        let producer = JSONTemplateProducer(definitions: ["T": ["type": "template", "arguments": ["f": ["type": "file", "value": "x"]]]],
                                            templatePresenter: nil, functionPresenter: nil)
        #expect(throws: TemplateError.noPresenter(template: "T", kind: "template"), "checked before the arguments") {
            try producer.templates()
        }
    }

    @Test func emptyNestedObjectsAndMembersWithoutValueAreSkipped() throws {
        let list = try parse(#"{"T":{"type":"template","arguments":{"o":{"type":"object","value":{"a":{"type":"string","value":"x"},"e":{"type":"object","value":{}},"n":{"type":"number"}}}}}}"#)
        #expect(list[0].arguments.map(\.name) == ["o.a"])
    }

    @Test func aDictionaryDefaultSkipsValuesThatAreNotStringsNumbersOrDictionaries() throws {
        let b = CustomTemplateBuilder()
        try b.setName("T")
        try b.addArgument("d", dictionary: ["s": "x", "n": 1, "list": [1, 2], "none": .null, "nested": ["b": true], "empty": [:]])
        b.setPresenter(RecordingPresenter())
        #expect(try b.build().arguments.map(\.name) == ["d.s", "d.n", "d.nested.b"])
    }

    @Test func missingPresenterIsAnError() {
        let producer = JSONTemplateProducer(
            definitions: ["T": ["type": "template"]], templatePresenter: nil, functionPresenter: functions)
        #expect(throws: TemplateError.noPresenter(template: "T", kind: "template")) { try producer.templates() }
    }

    @Test func presentersByName() throws {
        let banner = RecordingPresenter()
        let producer = JSONTemplateProducer(definitions: ["Banner": ["type": "template"], "Other": ["type": "template"]]) {
            name, _ in name == "Banner" ? banner : nil
        }
        #expect(throws: TemplateError.noPresenter(template: "Other", kind: "template")) { try producer.templates() }
    }
}
