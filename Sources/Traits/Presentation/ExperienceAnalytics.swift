import JSON

/// The SDK's experience analytics (`Events.Experience`, `Dictionary(propertiesFrom:)`): event
/// names and the properties each carries.
public enum ExperienceAnalytics {
    public static let experienceStarted = "appcues:v2:experience_started"
    public static let stepSeen = "appcues:v2:step_seen"
    public static let stepCompleted = "appcues:v2:step_completed"
    public static let experienceCompleted = "appcues:v2:experience_completed"
    public static let experienceDismissed = "appcues:v2:experience_dismissed"
    public static let stepError = "appcues:v2:step_error"
    public static let experienceError = "appcues:v2:experience_error"
    public static let stepRecovered = "appcues:v2:step_recovered"
    public static let experienceRecovered = "appcues:v2:experience_recovered"
    public static let stepInteraction = "appcues:v2:step_interaction"

    /// The properties of an experience event: the experience's id (lower-cased), name, type and
    /// instance id, its trigger and launching experience, locale and workflow, frame, version;
    /// with a step index, the step's id, type and `stepIndex` (`group,item`); with an error, its
    /// `message` (when given) and `errorId`.
    public static func properties(_ data: ExperienceData, stepIndex: Experience.StepIndex? = nil,
                                  errorMessage: String? = nil, errorID: String? = nil) -> JSONObject {
        let model = data.model
        var properties: JSONObject = [
            "experienceId": .string(Experience.formatted(model.id)), "experienceName": .string(model.name),
            "experienceType": .string(model.type), "experienceInstanceId": .string(data.instanceID),
        ]
        if let trigger = data.triggerProperty { properties["trigger"] = .string(trigger) }
        if let from = data.fromExperienceID { properties["fromExperienceId"] = .string(Experience.formatted(from)) }
        if let context = model.context {
            if let v = context.localeName { properties["localeName"] = .string(v) }
            if let v = context.localeId { properties["localeId"] = .string(v) }
            if let v = context.workflowId { properties["workflowId"] = .string(v) }
            if let v = context.workflowTaskId { properties["workflowTaskId"] = .string(v) }
        }
        if model.renderContext.hasPrefix("embed:") { properties["frameID"] = .string(String(model.renderContext.dropFirst(6))) }
        if let version = model.publishedAt { properties["version"] = .integer(version) }
        if let stepIndex, let step = model.step(at: stepIndex) {
            properties["stepId"] = .string(Experience.formatted(step.id))
            properties["stepType"] = .string(step.type)
            properties["stepIndex"] = .string(stepIndex.analyticsDescription)
        }
        if let errorID {
            if let errorMessage { properties["message"] = .string(errorMessage) }
            properties["errorId"] = .string(errorID)
        }
        return properties
    }
}
