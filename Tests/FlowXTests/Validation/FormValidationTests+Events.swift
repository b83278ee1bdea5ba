import Engine
import JSON
import Testing
@testable import FlowX

/// A form run records the `validation` events its fields prepared (made once per key and
/// validators): the same fields, in the same order, as the registry builds them one by one, and
/// they follow a key, a name or params changed after parsing.
extension FormValidationTests {
    /// A registry with the `slow` validator of ``makeRegistry()`` and its transcript.
    func makeRegistryAndTranscript() -> (ValidatorRegistry, Transcript) {
        let clock = VirtualClock()
        let transcript = Transcript(clock: { clock.now })
        let registry = ValidatorRegistry(clock: clock, transcript: transcript)
        registry.register("slow", .async { value, _, completion in clock.after(1) { completion(.success(value != "taken")) } })
        return (registry, transcript)
    }

    @Test func aFormRunRecordsTheSameEventsAsValidatorsJudgedOneByOne() {
        let (registry, transcript) = makeRegistryAndTranscript()
        let (single, singleTranscript) = makeRegistryAndTranscript()
        registry.register("odd", .sync { value, _ in value == "abc" })
        single.register("odd", .sync { value, _ in value == "abc" })
        let data: JSONObject = ["email": "nope", "age": 20, "nick": "abc", "x": "abc"]
        var form = self.form
        form.fields.append(FieldDefinition(key: "x", validators: [ValidatorSpec(name: "odd"), ValidatorSpec(name: "nosuch"),
                                                                   ValidatorSpec(name: "minLength", params: ["zz"])]))
        let result = registry.validateWaiting(forms: [form], data: data)
        #expect(result.errors == ["email": "Not an email", "x": .string(form.fields[4].validators[2].message)])
        // The rule written out: each field's validators in order, stopping at its first failure.
        for field in form.fields {
            for spec in field.validators {
                let outcome = single.validateWaiting(spec.name, value: data[field.key], params: spec.params, custom: spec.isCustom, field: field.key)
                if !outcome.valid { break }
            }
        }
        let events = { (t: Transcript) in t.events.map(\.json) }
        #expect(events(transcript).count == events(singleTranscript).count && events(transcript).count == 10)
        #expect(events(transcript).map { $0.objectValue?.keys.elements ?? [] } == events(singleTranscript).map { $0.objectValue?.keys.elements ?? [] })
        #expect(events(transcript) == events(singleTranscript))
        #expect(transcript.events.contains { $0.type == "validation" && $0["reason"] == "unknown validator" && $0["field"] == "x" })
    }

    /// Each field's value is looked up trying the data's next key first: any order of the data,
    /// keys missing or extra, and a key on two forms give the values the data holds.
    @Test func valuesAreTheDatasInAnyOrder() {
        let keys = ["a", "b", "c", "d"]
        let fields = keys.map { FieldDefinition(key: $0, validators: [ValidatorSpec(name: "echo")]) }
        let forms = [FormDefinition(id: "one", fields: fields), FormDefinition(id: "two", fields: [fields[2], fields[0]])]
        let orders: [[String]] = [keys, keys.reversed(), ["b", "a", "d", "c"], ["c", "x", "a"], ["x", "d", "y", "b", "a"], [], ["d"]]
        for order in orders {
            let (registry, _) = makeRegistryAndTranscript()
            var seen: [String] = []
            registry.register("echo", .sync { value, _ in seen.append(value?.stringValue ?? "-"); return true })
            let data = JSONObject(uniqueKeysWithValues: order.map { ($0, JSONValue.string("v" + $0)) })
            #expect(registry.validateWaiting(forms: forms, data: data).isValid)
            #expect(seen == (keys + ["c", "a"]).map { data[$0]?.stringValue ?? "-" }, "data order \(order)")
        }
    }

    @Test func preparedEventsFollowTheKeyTheNameAndTheParams() throws {
        let (registry, transcript) = makeRegistryAndTranscript()
        var field = FieldDefinition(key: "k", validators: [ValidatorSpec(name: "minLength", params: ["2"], message: "short")])
        let run = { (field: FieldDefinition, value: JSONValue) -> (JSONObject, JSONValue?) in
            let result = registry.validateWaiting(forms: [FormDefinition(id: "f", fields: [field])], data: [field.key: value])
            return (result.errors, transcript.events.last.map(\.json))
        }
        #expect(run(field, "abc") == ([:], ["t": 0.0, "type": "validation", "validator": "minLength", "valid": true, "field": "k"]))
        field.key = "renamed"
        #expect(run(field, "a") == (["renamed": "short"], ["t": 0.0, "type": "validation", "validator": "minLength", "valid": false, "field": "renamed"]))
        field.validators[0].params = ["5"]   // the bound parsed once follows the params
        #expect(field.validators[0].lengthBound == 5)
        #expect(run(field, "abcd").0 == ["renamed": "short"])
        field.validators[0].name = "maxLength"   // and the name: the event and the judge
        #expect(run(field, "abcd") == ([:], ["t": 0.0, "type": "validation", "validator": "maxLength", "valid": true, "field": "renamed"]))
        field.validators[0].params = ["-1"]   // a bad bound is still reported when judged, with a reason
        #expect(field.validators[0].lengthBound == nil)
        #expect(run(field, "abcd").0 == ["renamed": "short"])
        let last = try #require(transcript.events.last)
        #expect(last["reason"] == .string(ValidatorError.badParameter(validator: "maxLength", expected: "a whole number ≥ 0").description))
        #expect(field == FieldDefinition(key: "renamed", validators: [ValidatorSpec(name: "maxLength", params: ["-1"], message: "short")]))
    }

    @Test func lengthsCountCharactersAsStringsDo() throws {
        for text in ["", "abcd", "a\r\nb", "\r\n\r\n", "\r\r\n", "\n\r", "\r", "ăî", "e\u{301}x", "👩‍👩‍👧 ok", "a\r\né", "tab\tend"] {
            #expect(BuiltInValidator.length(text) == text.count, "\(text.debugDescription)")
        }
        #expect(try BuiltInValidator.maxLength.validate("a\r\nb", params: ["3"], today: ""))
        #expect(try !BuiltInValidator.maxLength.validate("a\r\nbc", params: ["3"], today: ""))
    }
}
