import JSON
import OrderedCollections

/// The result of validating a form: the first failing validator's message per field, as the
/// renderer shows it under the field.
public struct FormResult: Equatable, Sendable {
    /// Field key → message, in the form's field order.
    public var errors: JSONObject
    public var isValid: Bool { errors.isEmpty }

    public init(errors: JSONObject = [:]) { self.errors = errors }

    /// `{"valid": bool, "errors": {...}}`.
    public var json: JSONValue { .object(["valid": .bool(isValid), "errors": .object(errors)]) }
}

extension ValidatorRegistry {
    /// Validates `forms` against `data`: each field's validators in order, stopping at the
    /// field's first failure. `completion` runs once every validator has judged (at once when all
    /// are sync; later on the run loop when one is async).
    public func validate(forms: [FormDefinition], data: JSONObject, completion: @escaping (FormResult) -> Void) {
        var steps: [FormRun.Step] = []
        for form in forms {
            for field in form.fields {
                // The field's value, looked up once for its validators (the data does not change).
                let value = data[field.key]
                for (i, spec) in field.validators.enumerated() {
                    steps.append(FormRun.Step(key: field.key, value: value, spec: spec, remaining: field.validators.count - 1 - i))
                }
            }
        }
        FormRun(registry: self, steps: steps, completion: completion).next()
    }

    /// Validates and waits (advancing the virtual clock for async validators, bounded by their timeout).
    public func validateWaiting(forms: [FormDefinition], data: JSONObject) -> FormResult {
        var result: FormResult?
        validate(forms: forms, data: data) { result = $0 }
        waitUntil { result != nil }
        return result ?? FormResult()
    }
}

/// One form validation in progress: walks the validators field by field, pausing on async ones.
private final class FormRun {
    /// One validator of one field; `remaining`: how many of the field's validators follow it.
    struct Step {
        var key: String
        var value: JSONValue?
        var spec: ValidatorSpec
        var remaining: Int
    }

    let registry: ValidatorRegistry
    let steps: [Step]
    var errors: JSONObject = [:]
    var completion: ((FormResult) -> Void)?
    var index = 0

    init(registry: ValidatorRegistry, steps: [Step], completion: @escaping (FormResult) -> Void) {
        self.registry = registry
        self.steps = steps
        self.completion = completion
    }

    /// Runs validators until one is still pending (it calls back) or all have judged.
    /// A loop, not recursion: a form of many sync validators uses no stack depth.
    func next() {
        while index < steps.count {
            let step = steps[index]
            let spec = step.spec
            if let outcome = registry.outcomeNow(spec.name, builtIn: spec.builtIn, value: step.value, params: spec.params,
                                                 custom: spec.isCustom, field: step.key) {
                judge(outcome, step)
                continue
            }
            // An async validator: continue from its completion.
            registry.validate(spec.name, value: step.value, params: spec.params, custom: spec.isCustom,
                              field: step.key) { [self] outcome in
                self.judge(outcome, step)
                self.next()
            }
            return
        }
        if let completion {
            self.completion = nil
            completion(FormResult(errors: errors))
        }
    }

    /// Moves past the step; a failure gives the field its message and skips its other validators.
    private func judge(_ outcome: ValidationOutcome, _ step: Step) {
        index += 1
        guard !outcome.valid else { return }
        errors[step.key] = .string(step.spec.message)
        index += step.remaining   // the field's first failure is its message
    }
}
