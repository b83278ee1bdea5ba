import JSON

/// `skip` / `todo` on a scenario or a step, as test runners have them: the scenario or step is not
/// run, and reports list it as skipped or to do, with its reason. A skipped or to-do scenario does not
/// fail the run.
public struct ScenarioMark: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case skip, todo
    }

    public var kind: Kind
    /// The step index (`steps[3]`); nil for the whole scenario.
    public var step: Int?
    /// The reason written (`"skip": "flaky on CI"`), or the empty string (`"skip": true`).
    public var reason: String

    public init(kind: Kind, step: Int? = nil, reason: String = "") {
        self.kind = kind
        self.step = step
        self.reason = reason
    }

    /// `skip`/`todo` members of an object (a scenario or a step): `true` or a reason; `false` is none.
    static func marks(in object: JSONObject, step: Int?) -> [ScenarioMark] {
        [Kind.skip, .todo].compactMap { kind in
            switch object[kind.rawValue] {
            case .bool(true): return ScenarioMark(kind: kind, step: step)
            case .string(let reason): return ScenarioMark(kind: kind, step: step, reason: reason)
            default: return nil
            }
        }
    }

    /// The shape of `skip` and `todo`: `true`, `false` or a reason.
    static let shape = ValueShape.anyOf([.boolean, .string])

    /// `steps[3] skipped: flaky` or `skipped: flaky`, for reports.
    public var line: String {
        let what = kind == .skip ? "skipped" : "todo"
        let place = step.map { "steps[\($0)] " } ?? ""
        return place + what + (reason.isEmpty ? "" : ": " + reason)
    }
}

extension ScenarioMark: JSONRepresentable {
    /// `{"kind": "skip", "step": 3, "reason": "flaky"}` (`step` null for the whole scenario).
    public var json: JSONValue {
        ["kind": .string(kind.rawValue), "step": step.map { .integer(Int64($0)) } ?? .null, "reason": .string(reason)]
    }

    public init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        let kindName = try reader.string(object["kind"], at: .root.key("kind"))
        guard let kind = Kind(rawValue: kindName) else {
            throw LocatedProblem(path: .root.key("kind"), message: "expected \"skip\" or \"todo\", got \(JSONWriter.quote(kindName))")
        }
        self.init(kind: kind, step: try reader.optionalInteger(object["step"], at: .root.key("step")),
                  reason: try reader.string(object["reason"], at: .root.key("reason")))
    }
}
