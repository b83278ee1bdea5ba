import Engine
import JSON
import LuaRuntime

/// Shows experiences headlessly as the SDK's `ExperienceStateMachine` does, recording each
/// stage in the transcript and publishing the SDK's analytics: compose a step group, run its
/// `navigate` actions, ask the app (`canDisplayExperience`), decorate, publish and present; move
/// between steps inside the container or across groups; end the experience, completed or not,
/// then run its post-experience actions; errors, retries and recovery.
///
/// One state machine per render context, as the SDK's `ExperienceRenderer.stateMachines`: the
/// modal context and one per embed frame (`embed:<frameID>`) each show their own experience, so
/// an embedded experience shows in its frame while a modal one is shown.
public final class ExperienceRenderer {
    /// What is on screen (or on its way).
    public enum State {
        case idle
        /// Composed; its navigate actions run, or the presenting trait has not called its completion.
        case presenting(Presentation)
        case shown(Presentation)
        /// A recoverable error: ``retry()`` presents the step again.
        case failing(Presentation)
        /// The container is being removed (a move to another group, or the end of the experience).
        case ending(Presentation)
    }

    /// One presented step group.
    public final class Presentation {
        public let data: ExperienceData
        public let package: ExperiencePackage
        public let group: Int
        /// The first group shown of the experience (its rendering starts the experience).
        public let isFirst: Bool
        public internal(set) var retries = 0
        /// The app's views changed since the last relayout of this presentation.
        var layoutChanged = false
        /// Its presenter was called: the step's views are on screen (the SDK's presenter runs
        /// only after the step decorators succeed, so a step whose target lookup retries is not).
        public internal(set) var onScreen = false
        /// Dismissals asked while the step was beginning: they run once it renders (the SDK's
        /// `dismiss` observes until `.renderingStep`), or complete if it fails.
        var pendingDismissals: [(markComplete: Bool, completion: () -> Void)] = []
        /// Its container is being removed for a move to another group (the SDK's `.endingStep`),
        /// not for the end of the experience (`.endingExperience`).
        var endingForMove = false
        init(data: ExperienceData, package: ExperiencePackage, group: Int, isFirst: Bool) {
            self.data = data
            self.package = package
            self.group = group
            self.isFirst = isFirst
        }
        public var experience: Experience { data.model }
        /// The render context this presentation is shown in (`modal`, `embed:<frameID>`).
        public var context: String { data.model.renderContext }
        /// The current step, 0-based.
        public var item: Int { package.pageMonitor.currentPage }
        public var stepIndex: Experience.StepIndex { Experience.StepIndex(group: group, item: item) }
    }

    /// Most embed frames with options (`traits.frame`).
    public static let maxFrameOptions = 100_000

    /// Most retries of one step presentation (`retryMilliseconds`) before it is reported as failed.
    public static let maxRetries = 100

    /// The state machine of each render context (`modal`, `embed:<frameID>`); absent: idle.
    public internal(set) var states: [String: State] = [:]
    /// Render contexts in the order their experiences started (the focus is the latest active one).
    var startOrder: [String] = []
    /// Scoped action hosts by render context (kept: actions and components hold them weakly).
    var contextHosts: [String: ContextActionHost] = [:]
    /// True while a step group is being composed (a trait showing another experience then is refused).
    var composing = false
    /// The experience whose group is being composed (the content views read its form state).
    var composingData: ExperienceData?
    public let composer: TraitComposer
    public let actionRegistry = ActionRegistry()
    let transcript: Transcript
    let clock: VirtualClock
    /// The app's `canDisplayExperience` (Lua `traits.delegate{canDisplayExperience = ...}`): false blocks the step.
    public var canDisplayExperience: ((ExperienceData) throws -> Bool)?
    /// The app's presentation delegate (`Appcues.presentationDelegate`; Lua `traits.presentationDelegate`).
    public var presentationDelegate: PresentationDelegate?
    /// The embed frames' options (`AppcuesFrameView.retainContent`, its `presentationDelegate`), by
    /// frame ID (Lua `traits.frame`); a frame without is retained, with no delegate of its own.
    public var frames: [String: FrameOptions] = [:]
    /// The app's navigation delegate (`navigate(url, externally)`); nil: the SDK's own handling.
    public var navigationDelegate: ((String, Bool) throws -> Void)?
    /// The SDK's `Config.enableUniversalLinks` (default true): an `http(s)` link is first offered to
    /// the app as a universal link.
    public var enableUniversalLinks = true
    /// The hosts offered as universal links (the app's `AppcuesUniversalLinkHostAllowList`
    /// Info.plist key); nil: every host.
    public var universalLinkHostAllowList: [String]?
    /// The app's answer to a universal link (`application(_:continue:restorationHandler:)` with a
    /// browsing-web user activity): true when the app handled it; nil: the app does not implement
    /// it (no link is handled).
    public var continueUserActivity: ((JSONValue) throws -> Bool)?
    /// Renders an app's custom component into its view (`traits.component`); false when no
    /// component has this identifier.
    public var customComponentRenderer: ((_ identifier: String, TraitView, JSONValue?, CustomComponentActions) throws -> Bool)?
    /// Experiences the server would deliver for `@appcues/launch-experience` and `nextContentId`, by id.
    public var served: [String: JSONValue] = [:]
    /// The profile attributes set by `@appcues/update-profile` and `@appcues/submit-form`.
    public internal(set) var profile: JSONObject = [:]
    /// Ids of experience instances and errors: deterministic, so transcripts compare.
    var idCounter = 0
    /// Experiences (shown, served, launched) decode as strictly as the SDK's models (the default);
    /// false (`traits.strict(false)`) is ctlua's own lenient decoding, which the SDK has not.
    public var strictDecoding = true
    /// Whether a frame (an app view with this `frameID` or id) is on screen; nil: always.
    public var frameExists: ((String) -> Bool)?
    /// Embedded experiences cached for their frame, oldest first (the SDK's
    /// `potentiallyRenderableExperiences`): those waiting for their frame, and those shown in it,
    /// which show again when the frame registers again, unless the frame does not retain its
    /// content; a `screen_view` qualification and a dismissal in the frame clear them.
    public internal(set) var waitingEmbeds: [ExperienceData] = []
    /// Frames registered (an app view carrying them shown) since the last layout pass.
    var registeredFrames: [String] = []
    var registeredFrameSet: Set<String> = []
    /// A relayout is scheduled for when the engine is idle.
    var layoutPending = false
    /// The layout handlers are running.
    var relayingOut = false
    /// Layout passes scheduled at one virtual time.
    var layoutPasses: (time: Double, count: Int) = (0, 0)
    /// Most layout passes at one virtual instant (`appLayoutChanged()`).
    public static let maxLayoutPassesPerInstant = 100

    public init(composer: TraitComposer, transcript: Transcript, clock: VirtualClock) {
        self.composer = composer
        self.transcript = transcript
        self.clock = clock
        composer.onApply = { [weak transcript] trait, capability in
            transcript?.record("trait.applied", ["trait": .string(trait.type), "capability": .string(capability.rawValue),
                                                "level": .string(trait.level.rawValue)])
        }
        composer.contentRenderer = { [unowned self] child, view in self.renderContent(child, into: view) }
        actionRegistry.host = self
        actionRegistry.onError = { [weak transcript] error, source in
            transcript?.record("error", ["message": .string(ExperienceRenderer.message(error)), "source": .string(source)])
        }
        actionRegistry.onLog = { [weak transcript] message in transcript?.record("log", ["message": .string(message)]) }
    }

    /// The render context in focus: the modal one while it is active (a modal covers the app
    /// and its frames), else the embed context started last that is still active; nil when all
    /// are idle.
    public var focusContext: String? {
        if states["modal"]?.presentation != nil { return "modal" }
        return startOrder.last { states[$0]?.presentation != nil }
    }

    /// The state of the render context in focus (``focusContext``); idle when none is active.
    public var state: State { focusContext.flatMap { states[$0] } ?? .idle }

    /// The state of one render context.
    public func state(in context: String) -> State { states[context] ?? .idle }

    /// Sets the state of a render context (idle removes it).
    func set(_ newState: State, in context: String) {
        if newState.presentation == nil {
            states.removeValue(forKey: context)
            startOrder.removeAll { $0 == context }
        } else {
            if states[context]?.presentation == nil { startOrder.removeAll { $0 == context }; startOrder.append(context) }
            states[context] = newState
        }
    }

    /// Sets the state of the presentation's render context.
    func set(_ newState: State, for presentation: Presentation) { set(newState, in: presentation.context) }

    /// The presentation in focus: on screen, presenting, failing or ending (nil when idle).
    public var current: Presentation? { state.presentation }

    /// The presentation of one render context (nil when idle).
    public func presentation(in context: String) -> Presentation? { states[context]?.presentation }

    /// The presentations whose views are on screen (presented), the one in focus first: what
    /// taps, typing and the headless UI reach.
    public var visiblePresentations: [Presentation] { presentations.filter(\.onScreen) }

    /// Every active presentation, the one in focus first, then the others, latest started first.
    public var presentations: [Presentation] {
        var contexts = startOrder.reversed().filter { states[$0]?.presentation != nil }
        if let focus = focusContext, let i = contexts.firstIndex(of: focus) { contexts.insert(contexts.remove(at: i), at: 0) }
        return contexts.compactMap { states[$0]?.presentation }
    }

    /// Whether `presentation` is still its context's presentation in this state.
    func isState(_ presentation: Presentation, _ match: (State) -> Presentation?) -> Bool {
        guard let state = states[presentation.context], let p = match(state) else { return false }
        return p === presentation
    }

    /// A new deterministic UUID-shaped id (instance and error ids).
    func nextID() -> String {
        idCounter += 1
        let hex = String(idCounter, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    /// Shows the step `stepIndex` (0-based) of `experience`, as a `show` call triggers it.
    @discardableResult
    public func show(_ experience: Experience, at stepIndex: Experience.StepIndex = .initial) throws -> Bool {
        try show(ExperienceData(experience, instanceID: nextID()), at: stepIndex)
    }

    /// Starts an experience at `stepIndex` in its render context. False (and a `step.error`, or
    /// an `experience_error`) when it could not be composed or presented; an error when another
    /// experience is active in the same render context (a failing one is replaced, as the SDK's
    /// `.failing + .startExperience`). `replacingWaiting`: an embed whose frame is missing
    /// replaces the others waiting for that frame (a show call); false adds it after them (a
    /// qualification's list for the frame).
    @discardableResult
    public func show(_ data: ExperienceData, at stepIndex: Experience.StepIndex = .initial, replacingWaiting: Bool = true) throws -> Bool {
        let context = data.model.renderContext
        if case .failing(let failing) = state(in: context) {
            set(.idle, in: context)
            failing.package.tearDown()
        }
        if let active = presentation(in: context) {
            throw TraitsUsageError("experience \(active.experience.id) is already active\(context == "modal" ? "" : " in \(context)"): dismiss it first")
        }
        if composing { throw TraitsUsageError("an experience is being composed: a trait cannot show another one") }
        if deferIfFrameMissing(data, replacing: replacingWaiting) { return false }
        cacheEmbed(data, replacing: replacingWaiting)
        publishRecovery(data)
        transcript.record("experience.started", ["experience": .string(data.id)])
        if let error = data.error, !error.isEmpty {
            publishExperienceError(data, error)
            return false
        }
        if data.model.steps.isEmpty {
            publishExperienceError(data, "Experience has 0 steps")
            return false
        }
        beginGroup(data, at: stepIndex, isFirst: true, navigate: data.shouldNavigateBeforeRender)
        return presentation(in: context)?.data === data
    }

    /// Composes the group of `stepIndex`, runs its navigate actions (when asked), then presents.
    func beginGroup(_ data: ExperienceData, at stepIndex: Experience.StepIndex, isFirst: Bool, navigate: Bool,
                    completion: (() -> Void)? = nil) {
        let package: ExperiencePackage
        do {
            composing = true
            composingData = data
            defer { composing = false; composingData = nil }
            package = try composer.package(experience: data.model, stepIndex: stepIndex)
        } catch {
            set(.idle, in: data.model.renderContext)
            report(error, data: data, at: stepIndex, recoverable: false)
            completion?()
            return
        }
        let presentation = Presentation(data: data, package: package, group: stepIndex.group, isFirst: isFirst)
        package.metadataDelegate.onPublish = { [weak transcript] metadata, animated in
            guard let transcript else { return }
            transcript.record("metadata.published", ["keys": .array(metadata.current.keys.sorted().map { .string($0) })])
            if animated, let animation = metadata.animation {
                transcript.record("animation", ["duration": .double(animation.duration), "easing": .string(animation.easing)])
            }
        }
        package.pageMonitor.addObserver { [weak self, weak presentation] newIndex, oldIndex in
            guard let self, let presentation else { return }
            self.pageChanged(presentation, to: newIndex, from: oldIndex)
        }
        set(.presenting(presentation), for: presentation)
        var models: [Experience.Action] = []
        if navigate, case .group(let group) = data.model.steps[stepIndex.group] {
            models = (group.actions[Experience.formatted(group.id)] ?? []).filter { $0.trigger == "navigate" }
        }
        let actions = actionRegistry.makeInstances(models, level: "group")
        actionRegistry.execute(actions, context: presentation.context) { [weak self, weak presentation] in
            guard let self, let presentation, self.isState(presentation, \.presenting) else { completion?(); return }
            self.presentContainer(presentation, completion: completion)
        }
    }

    /// Asks the app, then presents (`executePresentContainer`).
    private func presentContainer(_ presentation: Presentation, completion: (() -> Void)?) {
        var allowed: Bool
        do { allowed = try canDisplayExperience?(presentation.data) ?? true } catch {
            transcript.record("error", ["message": .string(ExperienceRenderer.message(error)), "source": .string("canDisplayExperience")])
            allowed = false
        }
        // A delegate may have ended the experience (`traits.reset()`): nothing is left to present.
        guard isState(presentation, \.presenting) else { completion?(); return }
        if allowed {
            allowed = delegatesAllow(presentation.data)
            guard isState(presentation, \.presenting) else { completion?(); return }
        }
        guard allowed else {
            set(.idle, for: presentation)
            presentation.package.tearDown()
            report(TraitsUsageError("Step blocked by app"), data: presentation.data, at: presentation.stepIndex, recoverable: false)
            completion?()
            runPendingDismissals(presentation)
            return
        }
        presentStep(presentation, completion: completion)
    }
}

extension ExperienceRenderer.State {
    /// The presentation of this state (nil when idle).
    public var presentation: ExperienceRenderer.Presentation? {
        switch self {
        case .idle: return nil
        case .presenting(let p), .shown(let p), .failing(let p), .ending(let p): return p
        }
    }
    var presenting: ExperienceRenderer.Presentation? { if case .presenting(let p) = self { return p } else { return nil } }
    var shown: ExperienceRenderer.Presentation? { if case .shown(let p) = self { return p } else { return nil } }
    var failing: ExperienceRenderer.Presentation? { if case .failing(let p) = self { return p } else { return nil } }
    var ending: ExperienceRenderer.Presentation? { if case .ending(let p) = self { return p } else { return nil } }
    /// The state's name as `traits.current().state` says it.
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .presenting: return "presenting"
        case .shown: return "shown"
        case .failing: return "failing"
        case .ending: return "ending"
        }
    }
}

/// An embed frame's options, as the SDK's `AppcuesFrameView` has them.
public struct FrameOptions {
    /// True (the default): content shown in the frame stays cached and shows again when the frame
    /// registers again, until a `screen_view` qualification or a dismissal; false: each
    /// registration needs new content.
    public var retainContent = true
    /// The frame's own presentation delegate, asked before the app's.
    public var presentationDelegate: PresentationDelegate?
    public init(retainContent: Bool = true, presentationDelegate: PresentationDelegate? = nil) {
        self.retainContent = retainContent
        self.presentationDelegate = presentationDelegate
    }
}

/// A misuse of the traits API (showing while another experience is active, paging with nothing shown).
public struct TraitsUsageError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
