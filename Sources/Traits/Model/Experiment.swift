import JSON

/// An A/B experiment an experience takes part in, as the SDK's `Experiment` decodes it from a
/// qualification response: `group` (`control` or any exposed group), `experimentId` and
/// `experienceId` (UUIDs), `goalId`, `contentType`. A `control` experience is never shown;
/// either way `appcues:experiment_entered` is published (`ExperienceRenderer.track(experiment:)`).
public struct Experiment: Sendable, Equatable {
    public var group: String
    public var experimentID: String
    public var experienceID: String
    public var goalID: String
    public var contentType: String

    public static let enteredEvent = "appcues:experiment_entered"

    /// Whether the experience is shown: every group but `control`.
    public var shouldExecute: Bool { group != "control" }

    /// Decodes an experiment object (every member required, the ids UUIDs); problems name the member.
    public static func decode(_ json: JSONValue) throws(LocatedProblem) -> Experiment {
        let reader = JSONReader(value: json)
        let path = JSONPath.root
        let object = try reader.object(json, at: path)
        return Experiment(group: try reader.string(object["group"], at: path.key("group")),
                          experimentID: try reader.uuid(object["experimentId"], at: path.key("experimentId")),
                          experienceID: try reader.uuid(object["experienceId"], at: path.key("experienceId")),
                          goalID: try reader.string(object["goalId"], at: path.key("goalId")),
                          contentType: try reader.string(object["contentType"], at: path.key("contentType")))
    }

    /// The properties of `appcues:experiment_entered` (ids lower-cased).
    public var properties: JSONObject {
        ["experimentId": .string(experimentID), "experimentGroup": .string(group), "experimentExperienceId": .string(experienceID),
         "experimentContentType": .string(contentType), "experimentGoalId": .string(goalID)]
    }
}
