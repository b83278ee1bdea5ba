import Engine
import JSON
import Testing
@testable import FlowX

@Suite struct FormValidationTests {
    let form = try! FormDefinition(json: try! json("""
        {"id": "personal", "fields": [
          {"key": "email", "validators": [{"name": "required", "message": "Email is required"},
                                          {"name": "email", "message": "Not an email"}]},
          {"key": "age", "validators": [{"name": "min", "params": [18], "message": "Too young"}]},
          {"key": "nick", "validators": [{"name": "slow", "type": "custom", "message": "Taken"},
                                         {"name": "maxLength", "params": ["4"], "message": "Too long"}]},
          {"key": "note"}]}
        """))

    func makeRegistry() -> (ValidatorRegistry, VirtualClock) {
        let clock = VirtualClock()
        let registry = ValidatorRegistry(clock: clock, transcript: Transcript(clock: { clock.now }))
        registry.register("slow", .async { value, _, completion in clock.after(1) { completion(.success(value != "taken")) } })
        return (registry, clock)
    }

    @Test func firstFailingMessagePerFieldInFieldOrder() {
        let (registry, _) = makeRegistry()
        let result = registry.validateWaiting(forms: [form], data: ["email": "nope", "age": 16, "nick": "taken"])
        #expect(result.errors == ["email": "Not an email", "age": "Too young", "nick": "Taken"])
        #expect(Array(result.errors.keys) == ["email", "age", "nick"])
        let empty = registry.validateWaiting(forms: [form], data: [:])
        #expect(empty.errors == ["email": "Email is required"], "only required triggers on empty fields; slow says valid on nil")
    }

    @Test func asyncValidatorInTheMiddleDelaysTheResult() {
        let (registry, clock) = makeRegistry()
        var result: FormResult?
        registry.validate(forms: [form], data: ["email": "a@b.co", "age": 20, "nick": "longer"]) { result = $0 }
        #expect(result == nil)
        clock.advance(by: 1)
        #expect(result?.errors == ["nick": "Too long"], "the validator after the async one ran once it completed")
    }

    @Test func validFormHasNoErrors() {
        let (registry, _) = makeRegistry()
        let result = registry.validateWaiting(forms: [form], data: ["email": "a@b.co", "age": 18, "nick": "ana"])
        #expect(result.isValid)
        #expect(result.json == ["valid": true, "errors": [:]])
    }

    @Test func twentyFieldsOfSyncValidatorsUseNoRecursion() {
        let (registry, _) = makeRegistry()
        registry.register("always") { _, _ in true }
        let fields = (1...2000).map { FieldDefinition(key: "f\($0)", validators: [ValidatorSpec(name: "required"), ValidatorSpec(name: "always")]) }
        let result = registry.validateWaiting(forms: [FormDefinition(id: "big", fields: fields)], data: [:])
        #expect(result.errors.count == 2000)
    }
}
