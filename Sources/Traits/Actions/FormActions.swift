import JSON

/// `@appcues/submit-form`: before it runs, an incomplete form (unless `skipValidation`) shows
/// its errors and drops this action and every one after it; when it runs, it publishes the
/// form as profile attributes and an `appcues:v2:step_interaction` "Form Submitted" event.
final class SubmitFormAction: QueueTransformingAction {
    static let type = "@appcues/submit-form"
    let skipValidation: Bool
    init(skipValidation: Bool) { self.skipValidation = skipValidation }
    var type: String { Self.type }

    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        defer { completion() }
        guard let data = host.currentExperience, let index = host.currentStepIndex, let state = data.state(at: index) else { return }
        var properties = ExperienceAnalytics.properties(data, stepIndex: index)
        properties["interactionType"] = .string("Form Submitted")
        properties["interactionData"] = .object(["formResponse": state.formResponse])
        host.updateProfile(state.profileUpdate, isInternal: true)
        host.publish(event: ExperienceAnalytics.stepInteraction, properties: properties, isInternal: true)
    }

    func transformQueue(_ queue: [any ExperienceAction], index: Int, in host: any ActionHost) -> [any ExperienceAction] {
        guard !skipValidation, let data = host.currentExperience, let step = host.currentStepIndex,
              let state = data.state(at: step) else { return queue }
        if state.stepFormIsComplete { return queue }
        state.shouldShowErrors = true
        host.formChanged()
        return Array(queue[..<index])
    }
}

/// `@appcues/step_interaction`: the analytics event of a user interaction (made by the queue,
/// never from JSON: its factory refuses every config, as the SDK's).
final class StepInteractionAction: ExperienceAction {
    static let type = "@appcues/step_interaction"
    let interactionType: String
    let viewDescription: String
    let category: String
    let destination: String
    init(interactionType: String, viewDescription: String, category: String, destination: String) {
        self.interactionType = interactionType
        self.viewDescription = viewDescription
        self.category = category
        self.destination = destination
    }
    var type: String { Self.type }

    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        var properties: JSONObject = [:]
        if let data = host.currentExperience, let index = host.currentStepIndex {
            properties = ExperienceAnalytics.properties(data, stepIndex: index)
        }
        properties["interactionType"] = .string(interactionType)
        properties["interactionData"] = .object(["category": .string(category), "destination": .string(destination),
                                                 "text": .string(viewDescription)])
        host.publish(event: ExperienceAnalytics.stepInteraction, properties: properties, isInternal: true)
        completion()
    }
}

/// `@appcues/conditional`: before it runs, replaces itself with the actions of the first check
/// whose condition holds on the form state (no condition: always), or stays (a no-op) when none
/// does. Actions it adds are not transformed again, as in the SDK: a nested conditional is a no-op.
final class ConditionalAction: QueueTransformingAction {
    static let type = "@appcues/conditional"
    struct Check {
        let condition: Clause?
        let actions: [Experience.Action]
    }
    let checks: [Check]
    let level: String
    unowned let registry: ActionRegistry
    init(checks: [Check], level: String, registry: ActionRegistry) {
        self.checks = checks
        self.level = level
        self.registry = registry
    }
    var type: String { Self.type }

    func execute(in host: any ActionHost, completion: @escaping () -> Void) { completion() }

    func transformQueue(_ queue: [any ExperienceAction], index: Int, in host: any ActionHost) -> [any ExperienceAction] {
        guard let form = host.currentExperience?.flatFormState() else { return queue }
        var found: Check?
        do throws(ActionError) {
            for check in checks where try check.condition?.evaluate(form) != false {
                found = check
                break
            }
        } catch {
            // A condition that cannot be decided (a regex past its bound) is an error, and no check holds.
            registry.onError?(error, "action \(Self.type)")
            return queue
        }
        guard let check = found else {
            host.log("@appcues/conditional no checks satisfied")
            return queue
        }
        let actions = registry.makeInstances(check.actions, level: level)
        host.log("@appcues/conditional satisfied \(check.condition?.description ?? "else"), adding \(actions.count) action(s) to queue")
        var updated = queue
        updated.replaceSubrange(index...index, with: actions)
        return updated
    }

    /// The `checks` of a config: each `{condition?, actions: [{on, type, config}]}`; nil refuses it.
    static func checks(_ config: JSONValue?) -> [Check]? {
        guard let items = config?["checks"]?.arrayValue else { return nil }
        var checks: [Check] = []
        for item in items {
            guard let object = item.objectValue, let actionsJSON = object["actions"]?.arrayValue else { return nil }
            var actions: [Experience.Action] = []
            for action in actionsJSON {
                guard let on = action["on"]?.stringValue, let type = action["type"]?.stringValue else { return nil }
                actions.append(Experience.Action(trigger: on, type: type, config: action["config"]))
            }
            var condition: Clause?
            if let json = object["condition"], !json.isNull {
                guard let clause = try? Clause(json) else { return nil }
                condition = clause
            }
            checks.append(Check(condition: condition, actions: actions))
        }
        return checks
    }
}
