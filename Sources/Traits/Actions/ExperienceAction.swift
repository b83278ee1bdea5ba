import JSON

/// An experience action (`AppcuesExperienceAction`): made from an action model's `config` by
/// its type's factory, executed in the action queue; it calls `completion` when done (later,
/// for a delay or a dismissal), which lets the queue go on.
public protocol ExperienceAction: AnyObject {
    var type: String { get }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) throws
}

/// An action that rewrites the queue before it runs (`ExperienceActionQueueTransforming`):
/// `@appcues/submit-form` truncates it on an invalid form, `@appcues/conditional` replaces
/// itself with the actions of the first satisfied check.
public protocol QueueTransformingAction: ExperienceAction {
    func transformQueue(_ queue: [any ExperienceAction], index: Int, in host: any ActionHost) -> [any ExperienceAction]
}

/// An action that names its interaction in `step_interaction` (`InteractionLoggingAction`).
public protocol InteractionLoggingAction: ExperienceAction {
    var category: String { get }
    var destination: String { get }
}

/// What actions act on: the experience renderer and the app around it.
public protocol ActionHost: AnyObject {
    /// The shown experience and its current step (nil when none).
    var currentExperience: ExperienceData? { get }
    var currentStepIndex: Experience.StepIndex? { get }
    var actionRegistry: ActionRegistry { get }
    /// Goes to a step (`@appcues/continue`); completion once it is shown (or could not be).
    func show(step: StepReference, completion: @escaping () -> Void)
    /// Ends the experience (`@appcues/close`); completion once it is dismissed. False when nothing is shown.
    @discardableResult
    func dismiss(markComplete: Bool, completion: @escaping () -> Void) -> Bool
    /// Publishes an analytics event (`appcues:v2:*` ones are internal) or a profile update.
    func publish(event name: String, properties: JSONObject, isInternal: Bool)
    func updateProfile(_ properties: JSONObject, isInternal: Bool)
    /// Opens a link: the app's navigation delegate, else in-app (web) or the system (schemes, external).
    func open(url: String, externally: Bool, completion: @escaping () -> Void)
    /// Starts another experience by id (`@appcues/launch-experience`, `nextContentId`).
    func launchExperience(id: String, trigger: String, completion: @escaping () -> Void)
    /// The app asked for a review / push permission.
    func requestReview(completion: @escaping () -> Void)
    func requestPush(completion: @escaping () -> Void)
    /// Runs `action` after `seconds` of virtual time.
    func after(seconds: Double, _ action: @escaping () -> Void)
    func log(_ message: String)
    /// The form state of the shown step changed (errors to show): its views are updated.
    func formChanged()
    /// The render context this host acts in (`modal`, `embed:<frameID>`); nil: the one in focus.
    var renderContext: String? { get }
    /// The host acting in one render context (the SDK's actions carry their experience's
    /// `renderContext`: `@appcues/close` dismisses in it); nil: this host.
    func scoped(to context: String?) -> any ActionHost
}

extension ActionHost {
    public var renderContext: String? { nil }
    public func scoped(to context: String?) -> any ActionHost { self }
}
