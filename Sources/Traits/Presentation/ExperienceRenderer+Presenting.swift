import Engine
import JSON
import LuaRuntime

extension ExperienceRenderer {
    /// Decorates and presents the current step; a trait error with `retryMilliseconds` tries
    /// again after that delay, a recoverable one leaves the experience failing.
    func presentStep(_ presentation: Presentation, completion: (() -> Void)? = nil) {
        let package = presentation.package
        do {
            try package.stepDecoratingTraitUpdater(presentation.item, nil)
            presentation.onScreen = true   // the presenter puts the step on screen (it renders when it completes)
            // The SDK's `containerWillAppear`: the first group of an experience is appearing.
            if presentation.isFirst {
                notifyDelegates(.experienceWillAppear, presentation.data)
                guard isState(presentation, \.presenting) else { completion?(); return }
            }
            do {
                try package.presenter { [weak self, weak presentation] in
                    guard let self, let presentation, self.isState(presentation, \.presenting) else { return }
                    // The SDK's `containerDidAppear` (still beginning the step: a dismissal asked
                    // from the callback waits until it renders): the first group appeared, or
                    // another group of the experience did (a step change).
                    self.notifyDelegates(presentation.isFirst ? .experienceDidAppear : .experienceStepDidChange, presentation.data)
                    guard self.isState(presentation, \.presenting) else { completion?(); return }
                    self.set(.shown(presentation), for: presentation)
                    self.record("step.presented", presentation)
                    self.rendered(presentation)
                    completion?()
                    self.runPendingDismissals(presentation)
                }
            } catch {
                presentation.onScreen = false
                throw error
            }
        } catch let error as TraitError where error.retryMilliseconds != nil && presentation.retries < ExperienceRenderer.maxRetries {
            presentation.retries += 1
            let delay = error.retryMilliseconds ?? 0
            record("step.retrying", presentation, ["message": .string(error.description), "retryMilliseconds": .integer(Int64(delay))])
            clock.after(Double(delay) / 1000) { [weak self, weak presentation] in
                guard let self, let presentation, self.isState(presentation, \.presenting) else { return }
                self.presentStep(presentation, completion: completion)
            }
        } catch {
            var failure = error
            if let traitError = error as? TraitError, traitError.retryMilliseconds != nil {
                failure = TraitError(description: "\(traitError.description) (gave up after \(presentation.retries) retries)",
                                     recoverable: traitError.recoverable)
            }
            let recoverable = (failure as? TraitError)?.recoverable ?? false
            set(recoverable ? .failing(presentation) : .idle, for: presentation)
            if !recoverable { presentation.package.tearDown() }
            report(failure, data: presentation.data, at: presentation.stepIndex, recoverable: recoverable)
            completion?()
            runPendingDismissals(presentation)
        }
    }

    /// The dismissals asked while `presentation` was beginning, now that it rendered (it is
    /// dismissed, as the SDK's `dismiss` does on `.renderingStep`) or failed (a failing step is
    /// dismissed; one that ended completes them).
    func runPendingDismissals(_ presentation: Presentation) {
        guard !presentation.pendingDismissals.isEmpty else { return }
        let pending = presentation.pendingDismissals
        presentation.pendingDismissals = []
        let done = { for item in pending { item.completion() } }
        if isState(presentation, \.shown) || isState(presentation, \.failing) {
            dismiss(markComplete: pending[0].markComplete, in: presentation.context, completion: done)
        } else {
            done()
        }
    }

    /// The step is rendering: a render of the first group starts the experience (again after a
    /// recovered error, as the SDK) and closes an open recoverable error; every render is a step seen.
    func rendered(_ presentation: Presentation) {
        let data = presentation.data
        if presentation.isFirst, let frame = Self.frameID(data), !(frames[frame]?.retainContent ?? true) {
            uncacheEmbeds(frame: frame)   // the SDK's `cleanUpRetain`: a frame not retaining its content
        }
        if presentation.isFirst {
            publish(ExperienceAnalytics.experienceStarted, ExperienceAnalytics.properties(data), data)
            if let errorID = data.recoverableErrorID {
                publish(ExperienceAnalytics.stepRecovered,
                        ExperienceAnalytics.properties(data, stepIndex: presentation.stepIndex, errorID: errorID), data)
                data.recoverableErrorID = nil
            }
        }
        publish(ExperienceAnalytics.stepSeen, ExperienceAnalytics.properties(data, stepIndex: presentation.stepIndex), data)
    }

    /// Presents a failing step again (after a recoverable error): the one in focus, else any
    /// other render context's; false when nothing waits.
    @discardableResult
    public func retry() -> Bool {
        guard let presentation = presentations.first(where: { isState($0, \.failing) }) else { return false }
        set(.presenting(presentation), for: presentation)
        presentStep(presentation)
        return true
    }

    /// Changes the page (0-based) inside the shown container (of the render context in focus).
    public func page(_ index: Int) throws {
        guard case .shown(let presentation) = state else { throw TraitsUsageError("no experience is shown") }
        let pages = presentation.package.pageMonitor.numberOfPages
        guard (0..<pages).contains(index) else {
            throw TraitsUsageError("page \(index + 1) is out of range: the container has \(pages) page\(pages == 1 ? "" : "s")")
        }
        try presentation.package.pageMonitor.set(currentPage: index)
    }

    /// A page change inside the container: a forward move completes the step left; the new
    /// step is decorated, published and seen (`containerNavigated`).
    func pageChanged(_ presentation: Presentation, to newIndex: Int, from oldIndex: Int) {
        let data = presentation.data
        if newIndex > oldIndex {
            publish(ExperienceAnalytics.stepCompleted,
                    ExperienceAnalytics.properties(data, stepIndex: .init(group: presentation.group, item: oldIndex)), data)
        }
        do {
            try presentation.package.stepDecoratingTraitUpdater(newIndex, oldIndex)
            record("step.presented", presentation)
            publish(ExperienceAnalytics.stepSeen, ExperienceAnalytics.properties(data, stepIndex: presentation.stepIndex), data)
            notifyDelegates(.experienceStepDidChange, data)   // the SDK's `containerNavigated`
        } catch {
            report(error, data: data, at: .init(group: presentation.group, item: newIndex), recoverable: false)
            set(.idle, for: presentation)
            presentation.package.dismisser { [weak self] in
                presentation.package.tearDown()
                self?.record("experience.dismissed", presentation)
            }
        }
    }

    func record(_ type: String, _ presentation: Presentation, _ extra: JSONObject = [:]) {
        var fields: JSONObject = ["experience": .string(presentation.experience.id)]
        if type != "experience.dismissed" {
            fields["group"] = .integer(Int64(presentation.group + 1))
            fields["step"] = .integer(Int64(presentation.item + 1))
        }
        for (key, value) in extra { fields[key] = value }
        transcript.record(type, fields)
    }

    /// Records `step.error` with the message (and the Lua traceback, when there is one) and
    /// publishes `step_error` (once while a recoverable error is open).
    func report(_ error: any Error, data: ExperienceData, at index: Experience.StepIndex, recoverable: Bool) {
        let message = ExperienceRenderer.message(error)
        var fields: JSONObject = ["experience": .string(data.id), "group": .integer(Int64(index.group + 1)),
                                  "step": .integer(Int64(index.item + 1)), "message": .string(message)]
        if recoverable { fields["recoverable"] = .bool(true) }
        if let traceback = (error as? LuaError)?.traceback { fields["traceback"] = .string(traceback) }
        transcript.record("step.error", fields)
        guard data.recoverableErrorID == nil else { return }
        let errorID = nextID()
        if recoverable { data.recoverableErrorID = errorID }
        publish(ExperienceAnalytics.stepError, ExperienceAnalytics.properties(data, stepIndex: index, errorMessage: message, errorID: errorID), data)
    }

    /// `experience_error`: the experience could not start (a decoding error, no steps).
    func publishExperienceError(_ data: ExperienceData, _ message: String) {
        transcript.record("experience.error", ["experience": .string(data.id), "message": .string(message)])
        publish(ExperienceAnalytics.experienceError, ExperienceAnalytics.properties(data, errorMessage: message, errorID: nextID()), data)
    }

    /// Records an analytics event (`analytics` in the transcript) when the experience is published.
    func publish(_ name: String, _ properties: JSONObject, _ data: ExperienceData?) {
        if let data, !data.published { return }
        transcript.record("appcues.analytics", ["name": .string(name), "properties": .object(properties)])
    }

    /// The text of an error as the SDK reports it (`"\(error)"`), Lua errors by their message.
    static func message(_ error: any Error) -> String {
        if let error = error as? LuaError { return error.message }
        return String(describing: error)
    }
}
