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
        FormRun(registry: self, forms: forms, data: data, completion: completion).next()
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
///
/// The forms are walked in place through buffer pointers (no field or spec copied out, no array
/// made per run: B9 judges 60 validators per submit), each field's value looked up once, at its
/// first validator (the data does not change).
private final class FormRun {
    let registry: ValidatorRegistry
    let forms: [FormDefinition]
    let data: JSONObject
    var errors: JSONObject = [:]
    var completion: ((FormResult) -> Void)?
    /// The validator to run next: `forms[form].fields[field].validators[validator]`.
    var form = 0
    var field = 0
    var validator = 0
    /// The value of `forms[form].fields[field]`.
    var value: JSONValue?

    /// An async validator to wait for (the position stays on it until it completes).
    struct Pending {
        let spec: ValidatorSpec
        let field: String
    }

    init(registry: ValidatorRegistry, forms: [FormDefinition], data: JSONObject, completion: @escaping (FormResult) -> Void) {
        self.registry = registry
        self.forms = forms
        self.data = data
        self.completion = completion
    }

    /// Runs validators until one is still pending (it calls back) or all have judged.
    /// A loop, not recursion: a form of many sync validators uses no stack depth.
    func next() {
        if let pending = judgeSync() {
            registry.validate(pending.spec.name, value: value, params: pending.spec.params, custom: pending.spec.isCustom,
                              field: pending.field) { [self] outcome in
                self.judge(outcome, pending.spec.message, field: pending.field)
                self.next()
            }
            return
        }
        if let completion {
            self.completion = nil
            completion(FormResult(errors: errors))
        }
    }

    /// Judges the sync validators from the position on; nil once every validator has judged.
    private func judgeSync() -> Pending? {
        forms.withUnsafeBufferPointer { forms in
            while form < forms.count {
                if let pending = forms[form].fields.withUnsafeBufferPointer({ judgeSync($0) }) { return pending }
                form += 1
                field = 0
                validator = 0
            }
            return nil
        }
    }

    private func judgeSync(_ fields: UnsafeBufferPointer<FieldDefinition>) -> Pending? {
        while field < fields.count {
            let f = fields.baseAddress! + field
            let pending = f.pointee.validators.withUnsafeBufferPointer { specs in
                f.pointee.validationEvents.withUnsafeBufferPointer { events in judgeSync(f, specs, events) }
            }
            if pending != nil { return pending }
        }
        return nil
    }

    /// The validators of one field (`specs`, with their prepared `events`); moves to the next field
    /// after its last validator or its first failure.
    private func judgeSync(_ f: UnsafePointer<FieldDefinition>, _ specs: UnsafeBufferPointer<ValidatorSpec>,
                           _ events: UnsafeBufferPointer<ValidationEventFields>) -> Pending? {
        while validator < specs.count {
            let spec = specs.baseAddress! + validator
            if validator == 0 { value = data[f.pointee.key] }
            guard let outcome = registry.outcomeNow(spec.pointee.name, builtIn: spec.pointee.builtIn, lengthBound: spec.pointee.lengthBound,
                                                    value: value, params: spec.pointee.params, custom: spec.pointee.isCustom,
                                                    field: f.pointee.key,
                                                    events: validator < events.count ? events.baseAddress! + validator : nil) else {
                return Pending(spec: spec.pointee, field: f.pointee.key)
            }
            guard outcome.valid else {
                errors[f.pointee.key] = .string(spec.pointee.message)   // the field's first failure is its message
                break
            }
            validator += 1
        }
        field += 1
        validator = 0
        return nil
    }

    /// Moves past the async validator; a failure gives the field its message and skips its other validators.
    private func judge(_ outcome: ValidationOutcome, _ message: String, field key: String) {
        guard !outcome.valid else {
            validator += 1
            return
        }
        errors[key] = .string(message)
        field += 1
        validator = 0
    }
}
