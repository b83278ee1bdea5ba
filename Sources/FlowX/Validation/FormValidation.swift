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
/// made per run: B9 judges 60 validators per submit), the position kept in locals while the sync
/// validators run (no dynamic exclusivity check per access), each field's value looked up once,
/// at its first validator (the data does not change).
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
    /// The value of `forms[form].fields[field]`, and its index in `data` (-1: none yet).
    var value: JSONValue?
    var valueIndex = -1

    init(registry: ValidatorRegistry, forms: [FormDefinition], data: JSONObject, completion: @escaping (FormResult) -> Void) {
        self.registry = registry
        self.forms = forms
        self.data = data
        self.completion = completion
    }

    /// Runs validators until one is still pending (it calls back) or all have judged.
    /// A loop, not recursion: a form of many sync validators uses no stack depth.
    func next() {
        if judgeSync() {
            // An async validator: continue from its completion (the position stays on it until then).
            let key = forms[form].fields[field].key, spec = forms[form].fields[field].validators[validator]
            registry.validate(spec.name, value: value, params: spec.params, custom: spec.isCustom, field: key) { [self] outcome in
                self.judge(outcome, spec.message, field: key)
                self.next()
            }
            return
        }
        if let completion {
            self.completion = nil
            completion(FormResult(errors: errors))
        }
    }

    /// Judges the sync validators from the position on: true when it stopped at an async one,
    /// false once every validator has judged.
    private func judgeSync() -> Bool {
        var form = self.form, field = self.field, validator = self.validator
        var value = self.value, valueIndex = self.valueIndex
        defer {
            (self.form, self.field, self.validator) = (form, field, validator)
            (self.value, self.valueIndex) = (value, valueIndex)
        }
        let registry = self.registry, data = self.data
        return forms.withUnsafeBufferPointer { forms in
            while form < forms.count {
                let stopped = forms[form].fields.withUnsafeBufferPointer { fields in
                    while field < fields.count {
                        let f = fields.baseAddress! + field
                        let stopped = f.pointee.validators.withUnsafeBufferPointer { specs in
                            f.pointee.validationEvents.withUnsafeBufferPointer { events in
                                while validator < specs.count {
                                    let spec = specs.baseAddress! + validator
                                    if validator == 0 { value = FormRun.value(of: f.pointee.key, in: data, after: &valueIndex) }
                                    guard let outcome = registry.outcomeNow(
                                        spec.pointee.name, builtIn: spec.pointee.builtIn, lengthBound: spec.pointee.lengthBound, value: value,
                                        params: spec.pointee.params, custom: spec.pointee.isCustom, field: f.pointee.key,
                                        events: validator < events.count ? events.baseAddress! + validator : nil) else { return true }
                                    guard outcome.valid else {
                                        self.errors[f.pointee.key] = .string(spec.pointee.message)   // the field's first failure is its message
                                        break
                                    }
                                    validator += 1
                                }
                                return false
                            }
                        }
                        if stopped { return true }
                        field += 1
                        validator = 0
                    }
                    return false
                }
                if stopped { return true }
                form += 1
                field = 0
                validator = 0
            }
            return false
        }
    }

    /// `data[key]`, trying first the key after the last one found (`index`, updated): fields
    /// often come in the data's order, and a comparison is cheaper than hashing.
    private static func value(of key: String, in data: JSONObject, after index: inout Int) -> JSONValue? {
        let next = index + 1
        if next < data.count && data.keys[next] == key {
            index = next
            return data.values[next]
        }
        guard let found = data.index(forKey: key) else { return nil }
        index = found
        return data.values[found]
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
