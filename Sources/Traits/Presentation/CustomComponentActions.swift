import JSON

/// What a custom component can do (the SDK's `AppcuesExperienceActions`): run the actions the
/// step attaches to its id through the queue, as a tap would (every one, whatever its trigger:
/// the SDK hands the component all of `actions[model.id]`), or run a track, a step move, a
/// close or a profile update at once, outside the queue (the SDK's
/// `ActionRegistry.enqueue(actionInstances:)` executes them directly).
public final class CustomComponentActions {
    private weak var host: (any ActionHost)?
    private let actions: [Experience.Action]
    public let identifier: String

    init(host: any ActionHost, actions: [Experience.Action], identifier: String) {
        self.host = host
        self.actions = actions
        self.identifier = identifier
    }

    /// The component's own actions (`on: tap`), with a `step_interaction` naming the component.
    public func triggerBlockActions() {
        guard let registry = host?.actionRegistry, !actions.isEmpty else { return }
        registry.enqueue(actions, level: "step", interactionType: "Button Tapped", viewDescription: "Custom component \(identifier)",
                         context: host?.renderContext)
    }

    public func track(_ name: String, properties: JSONObject?) { enqueue(TrackAction(eventName: name, attributes: properties)) }
    public func nextStep() { enqueue(ContinueAction(stepReference: .offset(1))) }
    public func previousStep() { enqueue(ContinueAction(stepReference: .offset(-1))) }
    public func close(markComplete: Bool) { enqueue(CloseAction(markComplete: markComplete)) }
    public func updateProfile(_ properties: JSONObject) { enqueue(UpdateProfileAction(properties: properties)) }

    private func enqueue(_ action: any ExperienceAction) { host?.actionRegistry.execute([action], context: host?.renderContext) {} }
}

extension ExperienceRenderer {
    /// Renders a `customComponent` with the app's component of its `identifier` (none
    /// registered: the view stays empty, as the SDK shows nothing); a render error is recorded.
    func renderCustomComponent(_ component: ExperienceComponent, child: Experience.Child, into view: TraitView) {
        guard let identifier = component.properties["identifier"]?.stringValue, let render = customComponentRenderer else { return }
        let actions = CustomComponentActions(host: scoped(to: composingData?.model.renderContext), actions: child.actions[component.id] ?? [],
                                             identifier: identifier)
        do {
            if try !render(identifier, view, component.properties["config"], actions) {
                transcript.record("log", ["message": .string("no custom component registered as '\(identifier)'")])
            }
        } catch {
            transcript.record("error", ["message": .string(ExperienceRenderer.message(error)), "source": .string("component \(identifier)")])
        }
    }
}
