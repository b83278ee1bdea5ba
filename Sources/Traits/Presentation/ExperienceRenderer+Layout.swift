import JSON

extension ExperienceRenderer {
    /// The app's views changed (the headless UI's layout observer): once the engine is idle (the
    /// next layout pass), the shown experience's layout handlers run (`view:onLayout`, the SDK's
    /// frame observers: targets re-publish, the tooltip and keyhole follow); a modal step failing
    /// with a recoverable error is presented again (the SDK's step recovery observer, which
    /// retries when the app stops scrolling); and an embedded experience waiting for its frame is
    /// shown when the frame appears.
    /// A change the layout handlers make themselves (a handler updating an app view) belongs to
    /// the pass that is running: it does not schedule another (a handler could loop forever).
    public func appLayoutChanged() {
        guard !relayingOut else { return }
        for presentation in presentations { presentation.layoutChanged = true }   // what changes before a presentation exists is no change to it
        guard !layoutPending else { return }
        // Passes at one virtual instant are bounded: a handler that changes the app's views
        // through a timer would otherwise lay out forever without the clock moving.
        if layoutPasses.time != clock.now { layoutPasses = (clock.now, 0) }
        layoutPasses.count += 1
        guard layoutPasses.count <= Self.maxLayoutPassesPerInstant else {
            if layoutPasses.count == Self.maxLayoutPassesPerInstant + 1 {
                transcript.record("error", ["message": .string("layout: the app's views changed on each of \(Self.maxLayoutPassesPerInstant) layout passes at t=\(clock.now): no more passes until the clock advances"),
                                            "source": .string("layout")])
            }
            return
        }
        layoutPending = true
        clock.whenIdle { [weak self] in
            guard let self else { return }
            self.layoutPending = false
            self.relayout()
        }
    }

    func relayout() {
        relayingOut = true
        defer { relayingOut = false }
        startWaitingEmbeds()
        for presentation in presentations where presentation.layoutChanged {
            presentation.layoutChanged = false
            relayout(presentation)
        }
    }

    /// One render context's layout pass: a shown step's layout handlers run; a failing modal
    /// step recovers (the SDK adds the step recovery observer to the modal state machine only).
    private func relayout(_ presentation: Presentation) {
        switch state(in: presentation.context) {
        case .shown(let shown) where shown === presentation:
            var seen: [ObjectIdentifier] = []
            var views = presentation.package.wrapper.layoutObservers
            if let backdrop = presentation.package.backdrop { views += backdrop.layoutObservers }
            for view in views where !seen.contains(ObjectIdentifier(view)) {
                seen.append(ObjectIdentifier(view))
                for handler in view.layoutHandlers.values {
                    guard isState(presentation, \.shown) else { return }
                    do { try handler() } catch {
                        transcript.record("error", ["message": .string(ExperienceRenderer.message(error)), "source": .string("layout")])
                    }
                }
            }
        case .failing(let failing) where failing === presentation && presentation.context == "modal":
            record("step.recovering", presentation)
            set(.presenting(presentation), for: presentation)
            presentStep(presentation)
        default:
            break
        }
    }

    /// The frame an embedded experience renders in (`embed:<frameID>`), or nil for a modal one.
    static func frameID(_ data: ExperienceData) -> String? {
        let context = data.model.renderContext
        return context.hasPrefix("embed:") ? String(context.dropFirst(6)) : nil
    }

    /// An embedded experience whose frame is not on screen waits for it, as the SDK defers one
    /// with no state machine for its context: `experience_error` ("no render context for frame
    /// …", recoverable) now, `experience_recovered` and the experience shown when the frame
    /// appears. True when `data` waits.
    func deferIfFrameMissing(_ data: ExperienceData, replacing: Bool = true) -> Bool {
        guard let frame = Self.frameID(data), !(frameExists?(frame) ?? true) else { return false }
        transcript.record("experience.deferred", ["experience": .string(data.id), "frame": .string(frame)])
        if replacing { waitingEmbeds.removeAll { Self.frameID($0) == frame } }
        waitingEmbeds.removeAll { $0 === data }
        waitingEmbeds.append(data)
        if data.published, data.recoverableErrorID == nil {
            let errorID = nextID()
            data.recoverableErrorID = errorID
            publish(ExperienceAnalytics.experienceError,
                    ExperienceAnalytics.properties(data, errorMessage: "no render context for frame \(frame)", errorID: errorID), data)
        }
        return true
    }

    /// For each frame now on screen whose render context is idle, shows its waiting embedded
    /// experiences in order until one shows (the SDK's `start(owner:forContext:)` showing the
    /// context's pending qualified experiences).
    func startWaitingEmbeds() {
        var frames: [String] = []
        for data in waitingEmbeds {
            if let frame = Self.frameID(data), !frames.contains(frame) { frames.append(frame) }
        }
        for frame in frames where (frameExists?(frame) ?? false) && presentation(in: "embed:" + frame) == nil {
            let list = waitingEmbeds.filter { Self.frameID($0) == frame }
            waitingEmbeds.removeAll { Self.frameID($0) == frame }
            for data in list {
                if (try? show(data)) == true { break }
            }
        }
    }

    /// `experience_recovered` for an experience that had a recoverable error before it started
    /// (the SDK's `trackErrorRecovery(ifErrorOn:)`, called as an experience starts).
    func publishRecovery(_ data: ExperienceData) {
        guard data.published, let errorID = data.recoverableErrorID else { return }
        publish(ExperienceAnalytics.experienceRecovered, ExperienceAnalytics.properties(data, errorID: errorID), data)
        data.recoverableErrorID = nil
    }
}
