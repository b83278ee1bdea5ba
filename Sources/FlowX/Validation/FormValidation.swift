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
            let spec = fields[field].validators[validator]
            if let outcome = registry.outcomeNow(spec.name, builtIn: spec.builtIn, value: values[field], params: spec.params,
                                                 custom: spec.isCustom, field: fields[field].key) {
                judge(outcome, spec.message)
                continue
            }
            // An async validator: continue from its completion (the position stays on it until then).
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
