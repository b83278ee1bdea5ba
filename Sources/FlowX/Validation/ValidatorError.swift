/// Why a validator could not judge a value. The validation counts as failed and the error is
/// recorded (an `error` event), never thrown past the form.
public enum ValidatorError: Error, Equatable, CustomStringConvertible {
    /// A built-in validator needs a parameter (`min` needs its bound).
    case missingParameter(validator: String)
    /// A built-in validator's parameter is malformed.
    case badParameter(validator: String, expected: String)
    /// A custom validator raised an error.
    case failed(validator: String, message: String)
    /// A custom validator returned (or completed with) something other than a boolean.
    case wrongResult(validator: String, got: String)
    /// An async validator did not complete within the timeout.
    case timedOut(validator: String, seconds: Double)
    /// A pattern backtracked past the step limit of one match (``BuiltInValidator/matchStepLimit``).
    case tooComplex(validator: String, steps: Int)

    public var description: String {
        switch self {
        case .missingParameter(let v): return "flowx: validator '\(v)' needs a parameter"
        case .badParameter(let v, let expected): return "flowx: validator '\(v)' needs \(expected) as its parameter"
        case .failed(let v, let message): return "flowx: validator '\(v)' failed: \(message)"
        case .wrongResult(let v, let got): return "flowx: validator '\(v)' must give a boolean, got \(got)"
        case .timedOut(let v, let seconds): return "flowx: async validator '\(v)' did not complete within \(formatSeconds(seconds))s"
        case .tooComplex(let v, let steps):
            return "flowx: validator '\(v)' stopped matching after \(steps) backtracking steps (the limit of one match); simplify the pattern"
        }
    }
}

/// `5` for 5.0, `0.25` otherwise.
func formatSeconds(_ seconds: Double) -> String {
    seconds.rounded() == seconds && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
}
