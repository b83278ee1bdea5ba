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
        // The fields that have validators, each with its value, looked up once (the data does not
        // change); the run walks their validators in place (no step copied per validator).
        var fields: [FieldDefinition] = []
        var values: [JSONValue?] = []
        let count = forms.reduce(0) { $0 + $1.fields.count }
        fields.reserveCapacity(count)
        values.reserveCapacity(count)
        for form in forms {
            for field in form.fields where !field.validators.isEmpty {
                fields.append(field)
                values.append(data[field.key])
            }
        }
        FormRun(registry: self, fields: fields, values: values, completion: completion).next()
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
    let registry: ValidatorRegistry
    let fields: [FieldDefinition]
    let values: [JSONValue?]
    var errors: JSONObject = [:]
    var completion: ((FormResult) -> Void)?
    /// The validator to run next: `fields[field].validators[validator]`.
    var field = 0
    var validator = 0

    init(registry: ValidatorRegistry, fields: [FieldDefinition], values: [JSONValue?], completion: @escaping (FormResult) -> Void) {
        self.registry = registry
        self.fields = fields
        self.values = values
        self.completion = completion
    }

    /// Runs validators until one is still pending (it calls back) or all have judged.
    /// A loop, not recursion: a form of many sync validators uses no stack depth.
    func next() {
        while field < fields.count {
            guard validator < fields[field].validators.count else {
                field += 1
                validator = 0
                continue
            }
            // Judged in place (the spec is not copied out of the form: B9 runs 60 per submit).
            if let outcome = fields[field].validators[validator].outcomeNow(registry, value: values[field], field: fields[field].key) {
                judge(outcome, fields[field].validators[validator].message)
                continue
            }
            // An async validator: continue from its completion (the position stays on it until then).
            let spec = fields[field].validators[validator]
            registry.validate(spec.name, value: values[field], params: spec.params, custom: spec.isCustom,
                              field: fields[field].key) { [self] outcome in
                self.judge(outcome, spec.message)
                self.next()
            }
            return
        }
        if let completion {
            self.completion = nil
            completion(FormResult(errors: errors))
        }
    }

    /// Moves past the validator; a failure gives the field its message and skips its other validators.
    private func judge(_ outcome: ValidationOutcome, _ message: String) {
        guard !outcome.valid else {
            validator += 1
            return
        }
        errors[fields[field].key] = .string(message)
        field += 1   // the field's first failure is its message
        validator = 0
    }
}

extension ValidatorSpec {
    /// `registry.outcomeNow` for this spec (nil: an async validator).
    fileprivate func outcomeNow(_ registry: ValidatorRegistry, value: JSONValue?, field: String) -> ValidationOutcome? {
        registry.outcomeNow(name, builtIn: builtIn, value: value, params: params, custom: isCustom, field: field)
    }
}
