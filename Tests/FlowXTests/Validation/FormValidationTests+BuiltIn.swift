import Engine
import JSON
import Testing
@testable import FlowX

/// A spec's built-in validator is parsed once, with its name: it follows the name when it changes.
extension FormValidationTests {
    @Test func aSpecJudgesWithTheBuiltInItsNameNamesNow() {
        var spec = ValidatorSpec(name: "required", message: "Needed")
        #expect(spec.builtIn == .required)
        let (registry, _) = makeRegistry()
        let field = { (spec: ValidatorSpec) in FormDefinition(id: "f", fields: [FieldDefinition(key: "k", validators: [spec])]) }
        #expect(registry.validateWaiting(forms: [field(spec)], data: ["k": ""]).errors == ["k": "Needed"])
        spec.name = "email"   // does not trigger on an empty value
        #expect(spec.builtIn == .email && spec == ValidatorSpec(name: "email", message: "Needed"))
        #expect(registry.validateWaiting(forms: [field(spec)], data: ["k": ""]).isValid)
        #expect(registry.validateWaiting(forms: [field(spec)], data: ["k": "nope"]).errors == ["k": "Needed"])
        spec.name = "slow"   // not a built-in: the registered custom validator judges
        #expect(spec.builtIn == nil)
        #expect(registry.validateWaiting(forms: [field(spec)], data: ["k": "taken"]).errors == ["k": "Needed"])
        // `type: custom` with a built-in's name asks the custom validators, as before.
        registry.register("required", .sync { _, _ in true })
        let custom = ValidatorSpec(name: "required", message: "Needed", isCustom: true)
        #expect(registry.validateWaiting(forms: [field(custom)], data: ["k": ""]).isValid)
    }
}
