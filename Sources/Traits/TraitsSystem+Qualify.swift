import JSON

extension TraitsSystem {
    /// Shows the experiences of a qualification response (``QualifyResponse``) as the SDK's
    /// `ExperienceRenderer.processAndShow(qualifiedExperiences:reason:)`: grouped by render
    /// context (the modal one, each embed frame), each group tried in order until one shows;
    /// each experience triggered by `qualification` (its `trigger` property the response's
    /// reason). The priority is the SDK's `RenderPriority`: an `event_trigger` or `forced`
    /// qualification is normal (it replaces the experience active in its context:
    /// `experience_dismissed`, then the new `experience_started`); `screen_view`, `page_view`
    /// or none is low (not shown over an active one). A `screen_view` qualification first
    /// clears the embedded experiences still waiting for their frame. One that fails (a failed
    /// decode, which publishes its `experience_error`, a composing or presenting error, an
    /// experiment's control group, an embed whose frame is missing) gives way to the next of
    /// its group. Returns the id of the first experience shown, or nil.
    @discardableResult
    public func qualify(_ reader: JSONReader) throws -> String? {
        defer { engine.settle() }
        let response = try QualifyResponse.decode(reader)
        if response.qualificationReason == "screen_view" { renderer.waitingEmbeds.removeAll() }
        let priority = ["event_trigger", "forced"].contains(response.qualificationReason ?? "") ? "normal" : "low"
        var contexts: [String] = []
        var groups: [String: [QualifyResponse.Item]] = [:]
        for item in response.experiences {
            let context = item.renderContext
            if groups[context] == nil { contexts.append(context) }
            groups[context, default: []].append(item)
        }
        var firstShown: String?
        for context in contexts {
            // A new list for a frame replaces the one waiting for it (the SDK merges by context).
            if context != "modal" { renderer.waitingEmbeds.removeAll { $0.model.renderContext == context } }
            if let shown = try show(groups[context] ?? [], in: context, priority: priority, response: response), firstShown == nil {
                firstShown = shown
            }
        }
        return firstShown
    }

    private func isFailing(_ context: String) -> Bool {
        if case .failing = renderer.state(in: context) { return true }
        return false
    }

    /// One render context's qualified experiences, in order until one shows.
    private func show(_ items: [QualifyResponse.Item], in context: String, priority: String, response: QualifyResponse) throws -> String? {
        for item in items {
            let experiment = response.experiments.first { $0.experienceID == Experience.formatted(item.id) }
            if let experiment {
                guard experiment.shouldExecute else {
                    renderer.publish(Experiment.enteredEvent, experiment.properties, nil)
                    engine.transcript.record("log", ["message": .string("experiment control group: experience \(item.id) is not shown")])
                    continue
                }
            }
            let start = { [unowned self] () throws -> Bool in
                if let experiment { renderer.publish(Experiment.enteredEvent, experiment.properties, nil) }
                let data: ExperienceData
                switch item {
                case .decoded(let experience):
                    data = ExperienceData(experience, trigger: "qualification", instanceID: renderer.nextID())
                case .failed(let json, let error):
                    data = renderer.failedExperience(json, error, trigger: "qualification")
                }
                data.qualified = true
                data.qualificationReason = response.qualificationReason
                return try renderer.show(data, replacingWaiting: false)
            }
            // As the SDK: a normal priority dismisses the active experience before the experiment
            // is entered; a low one enters it, then cannot start over the active experience.
            if priority == "normal" {
                if try admit(context, priority: priority, then: start) { return item.id }
                engine.settle()
                continue
            }
            guard renderer.presentation(in: context) == nil || isFailing(context) else {
                if let experiment { renderer.publish(Experiment.enteredEvent, experiment.properties, nil) }
                engine.transcript.record("log", ["message": .string(context == "modal"
                    ? "experience already active: qualified experiences are not shown"
                    : "experience already active in \(context): qualified experiences are not shown")])
                continue
            }
            if try start() { return item.id }
            engine.settle()
        }
        return nil
    }
}
