import Engine
import Foundation
import JSON
import OrderedCollections

/// Every validator the renderer can call: the built-ins, custom ones registered in Swift or Lua,
/// then the data source's own `validate(validatorName:value:params:)`; unknown names last.
///
/// Each judgement is recorded (`validation` with `validator`, `valid`, and `field`/`reason` when
/// known); a validator's error, a wrong result or a timeout is also recorded as an `error` event
/// and counts as invalid. Runs on the engine's thread.
public final class ValidatorRegistry {
    /// Custom validators by name.
    public private(set) var custom: [String: CustomValidator] = [:]
    /// Unknown validator names are invalid instead of valid (the renderer's sample treats them as valid).
    public var strict = false
    /// Seconds an async validator has to complete (virtual time).
    public var asyncTimeout: Double = 5
    /// Asked for names that are neither built-in nor registered (the data source's `validate`).
    var fallback: ((_ name: String, _ value: JSONValue?, _ params: [String]) -> Bool?)?

    private let clock: VirtualClock
    private let transcript: Transcript

    public init(clock: VirtualClock, transcript: Transcript) {
        self.clock = clock
        self.transcript = transcript
    }

    /// Registers (or replaces) a custom validator.
    public func register(_ name: String, _ validator: CustomValidator) { custom[name] = validator }

    /// The engine's virtual date, `YYYY-MM-DD` in UTC.
    public var today: String { CivilDate(unixTime: clock.unixTime).formatted(separator: "-") }

    /// Validates one value; `completion` runs once, now (sync) or later on the run loop (async).
    /// `custom: true` skips the built-ins (a form validator of type `custom`).
    public func validate(_ name: String, value: JSONValue?, params: [String] = [], custom forceCustom: Bool = false,
                         field: String? = nil, completion: @escaping (ValidationOutcome) -> Void) {
        if let outcome = outcomeNow(name, value: value, params: params, custom: forceCustom, field: field) {
            completion(outcome)
        } else if case .async(let body)? = custom[name] {
            runAsync(name, body, value, params) { [self] outcome in completion(recorded(outcome, name, field)) }
        }
    }

    /// The outcome of every validator but an async custom one, judged and recorded now; nil for
    /// an async one (use ``validate(_:value:params:custom:field:completion:)``). The sync fast
    /// path of forms: no closure, no allocation beyond the event.
    func outcomeNow(_ name: String, value: JSONValue?, params: [String], custom forceCustom: Bool, field: String?) -> ValidationOutcome? {
        outcomeNow(name, builtIn: BuiltInValidator(rawValue: name), value: value, params: params, custom: forceCustom, field: field)
    }

    /// As above, `builtIn` being `BuiltInValidator(rawValue: name)` (a form's specs parse it once).
    /// `events`: this validator's event fields on `field` made beforehand (a form's field), used
    /// when the outcome has no reason; read during the call only.
    func outcomeNow(_ name: String, builtIn: BuiltInValidator?, lengthBound: Int? = nil, value: JSONValue?, params: [String],
                    custom forceCustom: Bool, field: String?, events: UnsafePointer<ValidationEventFields>? = nil) -> ValidationOutcome? {
        let outcome: ValidationOutcome
        if !forceCustom, let builtIn {
            do {
                outcome = ValidationOutcome(valid: try builtIn.validate(value, params: params, lengthBound: lengthBound, today: { self.today }))
            } catch {
                outcome = failure(error)
            }
        } else {
            switch custom[name] {
            case .sync(let body)?:
                do { outcome = ValidationOutcome(valid: try body(value, params)) } catch {
                    outcome = failure(error as? ValidatorError ?? .failed(validator: name, message: "\(error)"))
                }
            case .async?:
                return nil
            case nil:
                if let answer = fallback?(name, value, params) {
                    outcome = ValidationOutcome(valid: answer)
                } else {
                    outcome = ValidationOutcome(valid: !strict, reason: "unknown validator")
                    warnUnknown(name, field: field)
                }
            }
        }
        if outcome.reason == nil, let events {
            transcript.append("validation", outcome.valid ? events.pointee.valid : events.pointee.invalid)
            return outcome
        }
        return recorded(outcome, name, field)
    }

    /// Names already warned about (one `warning` per unknown name and launch).
    private var warned: Set<String> = []

    /// The unknown-name rule applied: the SDK's sample answers `true`, so a misspelt or
    /// unregistered name passes silently on a device. ctlua keeps that result but says so once per
    /// name with a `warning` event (shown by `ctlua run` and `ctlua test`; it fails nothing).
    private func warnUnknown(_ name: String, field: String?) {
        guard warned.insert(name).inserted else { return }
        let result = strict ? "invalid (strictValidators)" : "valid, as the SDK's sample data source answers"
        transcript.warn(Warning(system: "flowx", "no custom validator named '\(name)'\(field.map { " (field '\($0)')" } ?? ""): registered neither with flowx.validator nor answered by the data source's validate; the value counts as \(result)",
                                ignored: name, known: custom.keys.sorted() + BuiltInValidator.allCases.map(\.rawValue)))
    }

    /// Records the judgement (`validation`) and gives it back.
    private func recorded(_ outcome: ValidationOutcome, _ name: String, _ field: String?) -> ValidationOutcome {
        // The keys of each shape are one shared array and the object is made without checking
        // them again (they are unique): a dictionary literal hashed and compared its keys, and
        // that was most of the event (B9's 60 events per submit).
        let validator = JSONValue.string(name), valid = JSONValue.bool(outcome.valid)
        let fields: JSONObject
        switch (field, outcome.reason) {
        case let (field?, reason?):
            fields = JSONObject(uncheckedUniqueKeys: ValidationKeys.withFieldAndReason, values: [validator, valid, .string(field), .string(reason)])
        case let (field?, nil):
            fields = ValidationKeys.fields(name, outcome.valid, field: field)
        case let (nil, reason?):
            fields = JSONObject(uncheckedUniqueKeys: ValidationKeys.withReason, values: [validator, valid, .string(reason)])
        case (nil, nil): fields = JSONObject(uncheckedUniqueKeys: ValidationKeys.plain, values: [validator, valid])
        }
        transcript.append("validation", fields)
        return outcome
    }

    /// Validates now, waiting for an async validator by advancing the virtual clock to its
    /// timers (bounded by the timeout). For steps and `flowx.validate`.
    public func validateWaiting(_ name: String, value: JSONValue?, params: [String] = [], custom: Bool = false,
                                field: String? = nil) -> ValidationOutcome {
        var result: ValidationOutcome?
        validate(name, value: value, params: params, custom: custom, field: field) { result = $0 }
        waitUntil { result != nil }
        return result ?? ValidationOutcome(valid: false, reason: "did not complete")
    }

    /// Runs the run loop until `done()` holds or no timer is left: drains, then advances to each
    /// next due timer.
    func waitUntil(_ done: () -> Bool) {
        clock.drain()
        while !done(), let due = clock.nextDueTime {
            clock.advance(by: max(0, due - clock.now))
        }
    }

    private func runAsync(_ name: String, _ body: (JSONValue?, [String], @escaping CustomValidator.Completion) throws -> Void,
                          _ value: JSONValue?, _ params: [String], _ finish: @escaping (ValidationOutcome) -> Void) {
        let pending = PendingValidation(finish)
        let timeout = asyncTimeout
        clock.after(timeout) { [weak self, pending] in
            guard !pending.isDone else { return }
            pending.complete(self?.failure(.timedOut(validator: name, seconds: timeout))
                             ?? ValidationOutcome(valid: false, reason: "timeout"))
        }
        do {
            try body(value, params) { [weak self, pending] result in
                guard !pending.isDone else { return }
                switch result {
                case .success(let valid): pending.complete(ValidationOutcome(valid: valid))
                case .failure(let error): pending.complete(self?.failure(error) ?? ValidationOutcome(valid: false))
                }
            }
        } catch {
            guard !pending.isDone else { return }
            pending.complete(failure(error as? ValidatorError ?? .failed(validator: name, message: "\(error)")))
        }
    }

    /// Records the error and gives an invalid outcome.
    private func failure(_ error: ValidatorError) -> ValidationOutcome {
        transcript.record("error", ["message": .string(error.description)])
        return ValidationOutcome(valid: false, reason: error.description)
    }
}

/// The keys of a `validation` event, one array per shape (unique, in the event's order).
enum ValidationKeys {
    static let plain = ["validator", "valid"]
    static let withField = ["validator", "valid", "field"]
    static let withReason = ["validator", "valid", "reason"]
    static let withFieldAndReason = ["validator", "valid", "field", "reason"]

    /// `{"validator": name, "valid": valid, "field": field}`.
    static func fields(_ validator: String, _ valid: Bool, field: String) -> JSONObject {
        JSONObject(uncheckedUniqueKeys: withField, values: [.string(validator), .bool(valid), .string(field)])
    }
}

/// An async validation waiting for its completion or its timeout, whichever comes first.
private final class PendingValidation {
    private var finish: ((ValidationOutcome) -> Void)?
    init(_ finish: @escaping (ValidationOutcome) -> Void) { self.finish = finish }
    var isDone: Bool { finish == nil }
    func complete(_ outcome: ValidationOutcome) {
        guard let finish else { return }
        self.finish = nil
        finish(outcome)
    }
}
