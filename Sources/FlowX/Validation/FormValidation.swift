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
        var queue: [(field: FieldDefinition, validators: ArraySlice<ValidatorSpec>)] = []
        for form in forms { for field in form.fields where !field.validators.isEmpty { queue.append((field, field.validators[...])) } }
        FormRun(registry: self, queue: queue, data: data, completion: completion).next()
    }

    /// Validates and waits (advancing the virtual clock for async validators, bounded by their timeout).
    public func validateWaiting(forms: [FormDefinition], data: JSONObject) -> FormResult {
        var result: FormResult?
        validate(forms: forms, data: data) { result = $0 }
        waitUntil { result != nil }
        return result ?? FormResult()
    }
}

/// One form validation in progress: walks the fields and their validators, pausing on async ones.
private final class FormRun {
    let registry: ValidatorRegistry
    var queue: [(field: FieldDefinition, validators: ArraySlice<ValidatorSpec>)]
    let data: JSONObject
    var errors: JSONObject = [:]
    var completion: ((FormResult) -> Void)?
    var index = 0

    init(registry: ValidatorRegistry, queue: [(field: FieldDefinition, validators: ArraySlice<ValidatorSpec>)],
         data: JSONObject, completion: @escaping (FormResult) -> Void) {
        self.registry = registry
        self.queue = queue
        self.data = data
        self.completion = completion
    }

    /// Runs validators until one is still pending (it calls back) or all have judged.
    /// A loop, not recursion: a form of many sync validators uses no stack depth.
    func next() {
        while index < queue.count {
            guard let spec = queue[index].validators.popFirst() else {
                index += 1
                continue
            }
            let field = queue[index].field
            var outcome: ValidationOutcome?
            var resumed = false
            registry.validate(spec.name, value: data[field.key], params: spec.params, custom: spec.isCustom,
                              field: field.key) { [self] result in
                if resumed {   // an async completion: continue from here
                    self.judge(result, spec, field)
                    self.next()
                } else {
                    outcome = result
                }
            }
            guard let outcome else {
                resumed = true
                return
            }
            judge(outcome, spec, field)
        }
        if let completion {
            self.completion = nil
            completion(FormResult(errors: errors))
        }
    }

    private func judge(_ outcome: ValidationOutcome, _ spec: ValidatorSpec, _ field: FieldDefinition) {
        guard !outcome.valid else { return }
        errors[field.key] = .string(spec.message)
        queue[index].validators = []   // the field's first failure is its message
    }
}
