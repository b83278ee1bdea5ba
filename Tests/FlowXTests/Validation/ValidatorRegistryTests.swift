import Engine
import JSON
import Testing
@testable import FlowX

@Suite struct ValidatorRegistryTests {
    func makeRegistry() -> (ValidatorRegistry, VirtualClock, Transcript) {
        let clock = VirtualClock()
        let transcript = Transcript(clock: { clock.now })
        return (ValidatorRegistry(clock: clock, transcript: transcript), clock, transcript)
    }

    @Test func syncCustomValidatorGetsValueAndParams() {
        let (registry, _, transcript) = makeRegistry()
        var seen: [(JSONValue?, [String])] = []
        registry.register("len") { value, params in
            seen.append((value, params))
            return value?.stringValue?.count == Int(params[0])
        }
        #expect(registry.validateWaiting("len", value: "abc", params: ["3"]).valid)
        #expect(!registry.validateWaiting("len", value: "ab", params: ["3"]).valid)
        #expect(seen.count == 2 && seen[0].1 == ["3"] && seen[0].0 == "abc")
        #expect(transcript.events.map { $0["valid"] } == [true, false])
    }

    @Test func asyncValidatorCompletesLaterOnTheRunLoop() {
        let (registry, clock, _) = makeRegistry()
        registry.register("slow", .async { value, _, completion in
            clock.after(1.5) { completion(.success(value == "ok")) }
        })
        var outcome: ValidationOutcome?
        registry.validate("slow", value: "ok") { outcome = $0 }
        #expect(outcome == nil)
        clock.advance(by: 1)
        #expect(outcome == nil)
        clock.advance(by: 0.5)
        #expect(outcome == ValidationOutcome(valid: true))
        // Waiting advances the clock exactly to the completion.
        #expect(!registry.validateWaiting("slow", value: "no").valid)
        #expect(clock.now == 3)
    }

    @Test func asyncValidatorTimesOutAsInvalidAndRecordsAnError() {
        let (registry, clock, transcript) = makeRegistry()
        registry.asyncTimeout = 2
        var late: CustomValidator.Completion?
        registry.register("never", .async { _, _, completion in late = completion })
        let outcome = registry.validateWaiting("never", value: "x")
        #expect(!outcome.valid)
        #expect(clock.now == 2)
        #expect(transcript.events.contains { $0.type == "error" && $0["message"] == "flowx: async validator 'never' did not complete within 2s" })
        late?(.success(true))   // a completion after the timeout is ignored
        #expect(transcript.events.filter { $0.type == "validation" }.count == 1)
    }

    @Test func throwingValidatorIsInvalidAndRecorded() {
        let (registry, _, transcript) = makeRegistry()
        registry.register("boom") { _, _ in throw TestFailure() }
        let outcome = registry.validateWaiting("boom", value: "x")
        #expect(outcome == ValidationOutcome(valid: false, reason: "flowx: validator 'boom' failed: test failure"))
        #expect(transcript.events.first?.type == "error")
    }

    @Test func unknownNamesAreValidUnlessStrictAndAskTheDataSourceFirst() {
        let (registry, _, transcript) = makeRegistry()
        #expect(registry.validateWaiting("mystery", value: "x") == ValidationOutcome(valid: true, reason: "unknown validator"))
        registry.strict = true
        #expect(!registry.validateWaiting("mystery", value: "x").valid)
        registry.fallback = { name, value, _ in name == "mystery" ? value == "x" : nil }
        #expect(registry.validateWaiting("mystery", value: "x") == ValidationOutcome(valid: true))
        #expect(transcript.events.last?["reason"] == nil)
    }

    @Test func customTypeOverridesABuiltInName() {
        let (registry, _, _) = makeRegistry()
        registry.register("email") { _, _ in false }
        #expect(registry.validateWaiting("email", value: "ana@example.com").valid)
        #expect(!registry.validateWaiting("email", value: "ana@example.com", custom: true).valid)
    }

    @Test func datesFollowTheVirtualClock() {
        let (registry, clock, _) = makeRegistry()
        #expect(registry.today == "2023-11-14")
        #expect(registry.validateWaiting("isSameOrAfterToday", value: "2023-11-14").valid)
        clock.advance(by: 86_400)
        #expect(registry.today == "2023-11-15")
        #expect(!registry.validateWaiting("isSameOrAfterToday", value: "2023-11-14").valid)
    }
}

extension ValidatorRegistry {
    func register(_ name: String, _ body: @escaping (JSONValue?, [String]) throws -> Bool) { register(name, .sync(body)) }
}

/// Issue 22, item 9.
@Suite struct UnknownValidatorWarningTests {
    // shared/spec/flowx.md: "Unknown names are valid (`true`) in the SDK sample; make it
    // configurable and record it." The SDK's result stays; a `warning` event says so, once a name.
    @Test func unknownNameStaysValidAndWarnsOncePerName() {
        let clock = VirtualClock()
        let transcript = Transcript(clock: { clock.now })
        let registry = ValidatorRegistry(clock: clock, transcript: transcript)
        #expect(registry.validateWaiting("cpn", value: "1").valid)
        #expect(registry.validateWaiting("cpn", value: "2").valid)
        #expect(registry.validateWaiting("ibn", value: "3").valid)
        let warnings = transcript.events.filter { $0.type == "warning" }
        #expect(warnings.map { $0["ignored"] } == ["cpn", "ibn"])
        #expect(warnings.first?["message"]?.stringValue?.contains("no custom validator named 'cpn'") == true)
        registry.strict = true
        #expect(!registry.validateWaiting("other", value: "4").valid)
        #expect(transcript.events.last { $0.type == "warning" }?["message"]?.stringValue?.contains("invalid (strictValidators)") == true)
    }

    @Test func registeredAndBuiltInNamesDoNotWarn() {
        let clock = VirtualClock()
        let transcript = Transcript(clock: { clock.now })
        let registry = ValidatorRegistry(clock: clock, transcript: transcript)
        registry.register("cnp") { _, _ in true }
        _ = registry.validateWaiting("cnp", value: "1")
        _ = registry.validateWaiting("required", value: "1")
        #expect(!transcript.events.contains { $0.type == "warning" })
    }
}
