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
    /// registers. True when `data` waits. Every embed shown or deferred is cached for its frame
    /// (the SDK's `potentiallyRenderableExperiences`): ``cacheEmbed(_:replacing:)``.
    func deferIfFrameMissing(_ data: ExperienceData, replacing: Bool = true) -> Bool {
        guard let frame = Self.frameID(data), !(frameExists?(frame) ?? true) else { return false }
        transcript.record("experience.deferred", ["experience": .string(data.id), "frame": .string(frame)])
        cacheEmbed(data, replacing: replacing)
        if data.published, data.recoverableErrorID == nil {
            let errorID = nextID()
            data.recoverableErrorID = errorID
            publish(ExperienceAnalytics.experienceError,
                    ExperienceAnalytics.properties(data, errorMessage: "no render context for frame \(frame)", errorID: errorID), data)
        }
        return true
    }

    /// Caches an embedded experience for its frame: `replacing` (a show call, the SDK's
    /// `processAndShow(experience:)`) replaces what the frame had; else (a qualification's list
    /// for the frame) it is added after the others.
    func cacheEmbed(_ data: ExperienceData, replacing: Bool) {
        guard let frame = Self.frameID(data) else { return }
        if replacing { waitingEmbeds.removeAll { Self.frameID($0) == frame } }
        waitingEmbeds.removeAll { $0 === data }
        waitingEmbeds.append(data)
    }

    /// Drops what is cached for a frame (a dismissal, or a frame with `retainContent = false`
    /// whose embed rendered: the SDK's `cleanUpRetain`).
    func uncacheEmbeds(frame: String) {
        waitingEmbeds.removeAll { Self.frameID($0) == frame }
    }

    /// An app view carrying the frame `frame` (its `frameID` or id) was shown: the SDK's
    /// `Appcues.register(frameID:)` with `start(owner:forContext:)`. A frame registered again
    /// (a reused cell) first ends what it shows without analytics (`AppcuesFrameView.reset()`);
    /// at the next layout pass, the experiences cached for the frame show in order until one does.
    public func frameRegistered(_ frame: String) {
        if let shown = presentation(in: "embed:" + frame) { silentlyEnd(shown) }
        guard registeredFrameSet.insert(frame).inserted else { return }
        registeredFrames.append(frame)
        appLayoutChanged()
    }

    /// The last app view carrying the frame `frame` is gone (the SDK's frame view deallocated,
    /// and its state machine with it): what it showed ends without analytics or callbacks; what
    /// is cached for the frame stays.
    public func frameRemoved(_ frame: String) {
        if registeredFrameSet.remove(frame) != nil { registeredFrames.removeAll { $0 == frame } }
        if let shown = presentation(in: "embed:" + frame) { silentlyEnd(shown, notify: false) }
    }

    /// For each frame registered since the last pass, still on screen and idle, shows its cached
    /// embedded experiences in order until one shows (the SDK's `start(owner:forContext:)`
    /// showing the context's pending qualified experiences).
    func startWaitingEmbeds() {
        let frames = registeredFrames
        registeredFrames = []
        registeredFrameSet = []
        guard !waitingEmbeds.isEmpty else { return }
        let cached = Set(waitingEmbeds.compactMap { Self.frameID($0) })
        for frame in frames where cached.contains(frame) && (frameExists?(frame) ?? false) && presentation(in: "embed:" + frame) == nil {
            let list = waitingEmbeds.filter { Self.frameID($0) == frame }
            for data in list {
                if (try? show(data, replacingWaiting: false)) == true { break }
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
