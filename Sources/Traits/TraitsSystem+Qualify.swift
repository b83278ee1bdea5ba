import JSON

extension TraitsSystem {
    /// Shows the experiences of a qualification response (``QualifyResponse``) as the SDK's
    /// `ExperienceRenderer.processAndShow(qualifiedExperiences:)`: in order, each triggered by
    /// `qualification` (its `trigger` property the response's reason) at low priority, until one
    /// shows; one that fails (a failed decode, which publishes its `experience_error`, a
    /// composing or presenting error, an experiment's control group) gives way to the next.
    /// Returns the id of the experience shown, or nil (none could be, or another one is active).
    @discardableResult
    public func qualify(_ reader: JSONReader) throws -> String? {
        defer { engine.settle() }
        let response = try QualifyResponse.decode(reader)
        for item in response.experiences {
            var failing = false
            if case .failing = renderer.state { failing = true }
            if renderer.current != nil, !failing {
                engine.transcript.record("log", ["message": .string("experience already active: qualified experiences are not shown")])
                return nil
            }
            let experiment = response.experiments.first { $0.experienceID == Experience.formatted(item.id) }
            if let experiment {
                renderer.publish(Experiment.enteredEvent, experiment.properties, nil)
                guard experiment.shouldExecute else {
                    engine.transcript.record("log", ["message": .string("experiment control group: experience \(item.id) is not shown")])
                    continue
                }
            }
            let data: ExperienceData
            switch item {
            case .decoded(let experience):
                data = ExperienceData(experience, trigger: "qualification", instanceID: renderer.nextID())
            case .failed(let json, let error):
                data = renderer.failedExperience(json, error, trigger: "qualification")
            }
            data.qualified = true
            data.qualificationReason = response.qualificationReason
            if try renderer.show(data) { return item.id }
            engine.settle()
        }
        return nil
    }
}
