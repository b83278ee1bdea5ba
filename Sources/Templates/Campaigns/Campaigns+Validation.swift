import Engine
import JSON

/// What the app's `recordEvent:withProps:`, `recordChargedEventWithDetails:andItems:` and
/// `profilePush:` do before anything is recorded (`CTEventBuilder`, `CTProfileBuilder`): the name
/// and the data are validated (``EventNameValidator``, ``DataValidator``); a dropped event is
/// not recorded (nothing is evaluated); otherwise the cleaned name and data are recorded and
/// evaluated. Each error the SDK pushes to its validation stack (sent with the next request) is
/// recorded as `validation.error` (`code`, `message`, `event`, `details`: the sub-results'
/// messages) and pushed on ``validationStack``, a drop as `event.dropped`.
extension Campaigns {
    /// `recordEvent:withProps:` as the app calls it.
    public func recordUserEvent(_ name: String, properties: JSONObject?) {
        let nameResult = EventNameValidator(config: validation).validate(name)
        if nameResult.shouldDrop {
            reportValidation([nameResult], event: name)
            transcript.record("event.dropped", ["name": .string(name), "code": .integer(Int64(nameResult.code)),
                                                "message": .string(nameResult.message ?? "")])
            return
        }
        var errors = nameResult.outcome == .warning ? [nameResult] : []
        let data = DataValidator(config: validation).validate(properties)
        if data.outcome == .warning { errors += data.subResults }
        reportValidation(errors, event: name)
        recordEvent(nameResult.text ?? name, properties: Self.object(data))
    }

    /// `recordChargedEventWithDetails:andItems:`: details validated (their warnings reported),
    /// more than 50 items reported (522), each item cleaned (its warnings are not reported).
    public func recordUserCharged(details: JSONObject, items: [JSONObject]) {
        var errors: [ValidationResult] = []
        if items.count > 50 { errors.append(ValidationResult(errorCode: 522, message: "Charged event contained more than 50 items.")) }
        let validator = DataValidator(config: validation)
        let data = validator.validate(details)
        if data.outcome == .warning { errors += data.subResults }
        reportValidation(errors, event: "Charged")
        charged(details: Self.object(data), items: items.map { Self.object(validator.validate($0)) })
    }

    /// `profilePush:`: the profile validated as event data, then pushed.
    public func pushUserProfile(_ properties: JSONObject) {
        guard !properties.isEmpty else { return }
        let data = DataValidator(config: validation).validate(properties)
        if data.outcome == .warning { reportValidation(data.subResults, event: nil) }
        profile(Self.object(data))
    }

    static func object(_ result: ValidationResult) -> JSONObject {
        if case .data(let box)? = result.cleaned { return box.object }
        return [:]
    }

    func reportValidation(_ errors: [ValidationResult], event: String?) {
        validationStack.push(errors)
        for error in errors {
            var f: JSONObject = ["code": .integer(Int64(error.code)), "message": .string(error.message ?? "")]
            if let event { f["event"] = .string(event) }
            if !error.subResults.isEmpty { f["details"] = .array(error.subResults.map { .string($0.message ?? "") }) }
            transcript.record("validation.error", f)
        }
    }
}
