import Engine
import JSON
import Testing
@testable import FlowX

/// Issue 22, item 9: the static side. `ctlua check` has no per-system hook, so the system exposes
/// `warnings()`: validator names in loaded definitions that nothing registered answers.
@Suite struct FlowXSystemWarningsTests {
    // shared/spec/flowx.md: "A validator's error key must match its name" and "Unknown names are
    // valid (`true`) in the SDK sample": a misspelt name is found before anything runs.
    @Test func definitionsNamingUnregisteredValidatorsAreListed() throws {
        let (engine, system) = try makeEngine()
        system.renderer.add(try ProcessDefinition(json: try json("""
            {"name": "p", "screens": [{"id": "a", "forms": [{"id": "f", "fields": [
              {"key": "x", "validators": [{"name": "required"}, {"name": "cpn"}, {"name": "cnp"}]},
              {"key": "y", "validators": [{"name": "email", "type": "custom"}]}]}]}]}
            """)))
        try engine.run(#"flowx.validator("cnp", function() return true end)"#)
        let warnings = system.warnings()
        #expect(warnings.map(\.validator) == ["cpn", "email"])
        #expect(warnings.first?.description == "flowx: process 'p', screen 'a', field 'x': no custom validator named 'cpn' is registered; it will count as valid (the SDK's unknown-name rule)")
        try engine.run(#"flowx.dataSource{validate = function() return nil end}"#)
        let answered = system.warnings().map(\.dataSourceMayAnswer)
        #expect(answered == [true, true])
    }
}
