import JSON

extension ExperienceRenderer {
    /// Goes to a step (`@appcues/continue`, the SDK's `.startStep`): inside the container by a
    /// page change, else across groups (the container dismissed, the next group composed, its
    /// `navigate` actions run, presented). `+1` past the last step completes the experience; a
    /// step that does not exist is a `step_error` (`Step at +2 does not exist`) and nothing moves.
    /// Only a shown step moves (the SDK has no transition from the others); a move to the current
    /// step is a logged no-op (the SDK would wait for a page change that never comes).
    /// `context`: the render context whose experience moves (nil: the one in focus).
    public func show(step reference: StepReference, in context: String? = nil, completion: @escaping () -> Void = {}) {
        let contextState = context.map({ state(in: $0) }) ?? state
        guard case .shown(let presentation) = contextState else {
            // The SDK's `.endingStep + .startStep`: a reference that does not resolve is a step error.
            if case .ending(let ending) = contextState, ending.endingForMove,
               reference.resolve(in: ending.data.model, from: ending.stepIndex) == nil {
                report(TraitsUsageError("Step at \(reference) does not exist"), data: ending.data, at: ending.stepIndex, recoverable: false)
                return completion()
            }
            transcript.record("log", ["message": .string("continue \(reference): no step is shown")])
            return completion()
        }
        let data = presentation.data
        let current = presentation.stepIndex
        guard let target = reference.resolve(in: data.model, from: current) else {
            if reference == .offset(1), data.model.flatIndex(of: current) == data.model.stepCount - 1 {
                end(presentation, markComplete: true, completion: completion)
            } else {
                report(TraitsUsageError("Step at \(reference) does not exist"), data: data, at: current, recoverable: false)
                completion()
            }
            return
        }
        if target.group == presentation.group {
            if target.item == current.item {
                transcript.record("log", ["message": .string("continue \(reference): already at step \(current.analyticsDescription)")])
            } else {
                do { try presentation.package.pageMonitor.set(currentPage: target.item) } catch {
                    report(error, data: data, at: target, recoverable: false)
                }
            }
            return completion()
        }
        if target > current {
            publish(ExperienceAnalytics.stepCompleted, ExperienceAnalytics.properties(data, stepIndex: current), data)
        }
        presentation.endingForMove = true
        set(.ending(presentation), for: presentation)
        presentation.package.dismisser { [weak self, weak presentation] in
            guard let self, let presentation, self.isState(presentation, \.ending) else { return completion() }
            presentation.package.tearDown()
            self.set(.idle, for: presentation)
            self.beginGroup(data, at: target, isFirst: false, navigate: true, completion: completion)
        }
    }

    /// Ends the experience (`@appcues/close`, the `dismiss` step): completed with
    /// `markComplete` (`step_completed`, `experience_completed`, then the post-experience actions)
    /// or dismissed (`experience_dismissed`). False when nothing is shown. `context`: the render
    /// context whose experience ends (nil: the one in focus).
    @discardableResult
    public func dismiss(markComplete: Bool = false, in context: String? = nil, completion: @escaping () -> Void = {}) -> Bool {
        let contextState = context.map({ state(in: $0) }) ?? state
        // The SDK's `dismiss(inContext:)` drops what the frame has cached once it is idle.
        switch contextState {
        case .shown(let p), .failing(let p):
            if let frame = Self.frameID(p.data) { uncacheEmbeds(frame: frame) }
        default: break
        }
        switch contextState {
        case .idle, .ending:
            completion()
            return false
        case .failing(let presentation):
            set(.idle, for: presentation)
            presentation.package.tearDown()
            record("experience.dismissed", presentation)
            completion()
            return true
        case .presenting(let presentation):
            // The step is beginning (navigate actions, decorators retrying a target lookup, a
            // presenter not yet completed): as the SDK's `dismiss`, wait until it renders, then
            // dismiss, so the funnel always starts with `experience_started`.
            transcript.record("log", ["message": .string("dismiss: experience \(presentation.experience.id) is beginning; it is dismissed once its step renders")])
            presentation.pendingDismissals.append((markComplete, completion))
            return true
        case .shown(let presentation):
            end(presentation, markComplete: markComplete, completion: completion)
            return true
        }
    }

    private func end(_ presentation: Presentation, markComplete: Bool, completion: @escaping () -> Void) {
        let data = presentation.data
        let index = presentation.stepIndex
        if markComplete {
            publish(ExperienceAnalytics.stepCompleted, ExperienceAnalytics.properties(data, stepIndex: index), data)
            publish(ExperienceAnalytics.experienceCompleted, ExperienceAnalytics.properties(data), data)
        } else {
            publish(ExperienceAnalytics.experienceDismissed, ExperienceAnalytics.properties(data, stepIndex: index), data)
        }
        set(.ending(presentation), for: presentation)
        // The SDK's `containerWillDisappear` / `containerDidDisappear` while `.endingExperience`.
        notifyDelegates(.experienceWillDisappear, data)
        guard isState(presentation, \.ending) else { return completion() }
        presentation.package.dismisser { [weak self, weak presentation] in
            guard let self, let presentation, self.isState(presentation, \.ending) else { return completion() }
            self.notifyDelegates(.experienceDidDisappear, data)
            guard self.isState(presentation, \.ending) else { return completion() }
            self.set(.idle, for: presentation)
            presentation.package.tearDown()
            self.record("experience.dismissed", presentation)
            if markComplete { self.actionRegistry.enqueue(self.postExperienceActions(data), context: presentation.context) }
            completion()
        }
    }

    /// After a completed experience: its `redirectUrl` opened, its `nextContentId` launched.
    func postExperienceActions(_ data: ExperienceData) -> [any ExperienceAction] {
        var actions: [any ExperienceAction] = []
        if let url = data.model.redirectURL { actions.append(LinkAction(url: url, openExternally: false)) }
        if let next = data.model.nextContentID {
            actions.append(LaunchExperienceAction(experienceID: next, trigger: "experience_completion_action:" + data.id))
        }
        return actions
    }

    /// Ends whatever is shown without analytics, drops the queued actions and the profile (`Appcues.reset`).
    public func reset() {
        actionRegistry.clearQueue()
        waitingEmbeds = []
        registeredFrames = []
        registeredFrameSet = []
        for presentation in presentations {
            silentlyEnd(presentation)
        }
        profile = [:]
    }

    /// Ends a presentation without analytics (`Appcues.reset`, an embed frame registered again or
    /// gone: the SDK's `reset()` removes the analytics observer, then ends the experience). An
    /// experience on screen tells the delegates it disappears, after it is idle (a callback then
    /// finds nothing to dismiss).
    func silentlyEnd(_ presentation: Presentation, notify: Bool = true) {
        guard isState(presentation, { $0.presentation }) else { return }
        let wasEnding = isState(presentation, \.ending)   // its willDisappear was told already
        set(.idle, for: presentation)
        presentation.package.dismisser {}
        presentation.package.tearDown()
        record("experience.dismissed", presentation)
        if notify, presentation.onScreen {
            if !wasEnding { notifyDelegates(.experienceWillDisappear, presentation.data) }
            notifyDelegates(.experienceDidDisappear, presentation.data)
        }
        runPendingDismissals(presentation)   // idle now: their completions run
    }
}
