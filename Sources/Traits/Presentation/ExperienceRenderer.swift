import Engine
import JSON
import LuaRuntime

/// Shows experiences headlessly as the SDK's state machine does, recording each stage in the
/// transcript: compose the step group, decorate and publish for the current page, present;
/// page changes inside the container; dismissal; errors, retries and recovery.
public final class ExperienceRenderer {
    /// What is on screen (or on its way).
    public enum State {
        case idle
        /// Composed; waiting for the presenting trait to call its completion.
        case presenting(Presentation)
        case shown(Presentation)
        /// A recoverable error: ``retry()`` presents the step again.
        case failing(Presentation)
    }

    /// One presented step group.
    public final class Presentation {
        public let experience: Experience
        public let package: ExperiencePackage
        public let group: Int
        public internal(set) var retries = 0
        init(experience: Experience, package: ExperiencePackage, group: Int) {
            self.experience = experience
            self.package = package
            self.group = group
        }
        /// The current step, 0-based.
        public var item: Int { package.pageMonitor.currentPage }
    }

    /// Most retries of one step presentation (`retryMilliseconds`) before it is reported as failed.
    public static let maxRetries = 100

    public private(set) var state: State = .idle
    /// True while a step group is being composed (a trait showing another experience then is refused).
    private var composing = false
    public let composer: TraitComposer
    private let transcript: Transcript
    private let clock: VirtualClock

    public init(composer: TraitComposer, transcript: Transcript, clock: VirtualClock) {
        self.composer = composer
        self.transcript = transcript
        self.clock = clock
        composer.onApply = { [weak transcript] trait, capability in
            transcript?.record("trait.applied", ["trait": .string(trait.type), "capability": .string(capability.rawValue),
                                                "level": .string(trait.level.rawValue)])
        }
    }

    /// The presentation on screen, presenting or failing (nil when idle).
    public var current: Presentation? {
        switch state {
        case .idle: return nil
        case .presenting(let p), .shown(let p), .failing(let p): return p
        }
    }

    /// Shows the step `stepIndex` (0-based) of `experience`. False (and a `step.error`) when it
    /// could not be composed or presented; an error when another experience is active.
    @discardableResult
    public func show(_ experience: Experience, at stepIndex: Experience.StepIndex = .initial) throws -> Bool {
        if let active = current {
            throw TraitsUsageError("experience \(active.experience.id) is already active: dismiss it first")
        }
        if composing { throw TraitsUsageError("an experience is being composed: a trait cannot show another one") }
        transcript.record("experience.started", ["experience": .string(experience.id)])
        let package: ExperiencePackage
        do {
            composing = true
            defer { composing = false }
            package = try composer.package(experience: experience, stepIndex: stepIndex)
        } catch {
            report(error, experience: experience, group: stepIndex.group, item: stepIndex.item, recoverable: false)
            return false
        }
        let presentation = Presentation(experience: experience, package: package, group: stepIndex.group)
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
        state = .presenting(presentation)
        presentStep(presentation)
        return current != nil
    }

    /// Changes the page (0-based) inside the shown container.
    public func page(_ index: Int) throws {
        guard case .shown(let presentation) = state else { throw TraitsUsageError("no experience is shown") }
        let pages = presentation.package.pageMonitor.numberOfPages
        guard (0..<pages).contains(index) else {
            throw TraitsUsageError("page \(index + 1) is out of range: the container has \(pages) page\(pages == 1 ? "" : "s")")
        }
        try presentation.package.pageMonitor.set(currentPage: index)
    }

    /// Removes the experience (its presenting trait's `remove`); false when nothing is shown.
    @discardableResult
    public func dismiss() -> Bool {
        switch state {
        case .idle: return false
        case .failing(let presentation):
            state = .idle
            presentation.package.tearDown()
            record("experience.dismissed", presentation)
            return true
        case .presenting(let presentation), .shown(let presentation):
            presentation.package.dismisser { [weak self, weak presentation] in
                guard let self, let presentation, self.current === presentation else { return }
                self.state = .idle
                presentation.package.tearDown()
                self.record("experience.dismissed", presentation)
            }
            return true
        }
    }

    /// Presents a failing step again (after a recoverable error); false when nothing waits.
    @discardableResult
    public func retry() -> Bool {
        guard case .failing(let presentation) = state else { return false }
        state = .presenting(presentation)
        presentStep(presentation)
        return true
    }

    private func presentStep(_ presentation: Presentation) {
        let package = presentation.package
        do {
            try package.stepDecoratingTraitUpdater(presentation.item, nil)
            try package.presenter { [weak self, weak presentation] in
                guard let self, let presentation, case .presenting(let p) = self.state, p === presentation else { return }
                self.state = .shown(presentation)
                self.record("step.presented", presentation)
            }
        } catch let error as TraitError where error.retryMilliseconds != nil && presentation.retries < ExperienceRenderer.maxRetries {
            presentation.retries += 1
            let delay = error.retryMilliseconds ?? 0
            record("step.retrying", presentation, ["message": .string(error.description), "retryMilliseconds": .integer(Int64(delay))])
            clock.after(Double(delay) / 1000) { [weak self, weak presentation] in
                guard let self, let presentation, case .presenting(let p) = self.state, p === presentation else { return }
                self.presentStep(presentation)
            }
        } catch {
            var failure = error
            if let traitError = error as? TraitError, traitError.retryMilliseconds != nil {
                failure = TraitError(description: "\(traitError.description) (gave up after \(presentation.retries) retries)",
                                     recoverable: traitError.recoverable)
            }
            let recoverable = (failure as? TraitError)?.recoverable ?? false
            state = recoverable ? .failing(presentation) : .idle
            if !recoverable { presentation.package.tearDown() }
            report(failure, experience: presentation.experience, group: presentation.group, item: presentation.item,
                   recoverable: recoverable)
        }
    }

    private func pageChanged(_ presentation: Presentation, to newIndex: Int, from oldIndex: Int) {
        do {
            try presentation.package.stepDecoratingTraitUpdater(newIndex, oldIndex)
            record("step.presented", presentation)
        } catch {
            report(error, experience: presentation.experience, group: presentation.group, item: newIndex, recoverable: false)
            state = .idle
            presentation.package.dismisser { [weak self] in
                presentation.package.tearDown()
                self?.record("experience.dismissed", presentation)
            }
        }
    }

    private func record(_ type: String, _ presentation: Presentation, _ extra: JSONObject = [:]) {
        var fields: JSONObject = ["experience": .string(presentation.experience.id)]
        if type != "experience.dismissed" {
            fields["group"] = .integer(Int64(presentation.group + 1))
            fields["step"] = .integer(Int64(presentation.item + 1))
        }
        for (key, value) in extra { fields[key] = value }
        transcript.record(type, fields)
    }

    /// Records `step.error` with the message (and the Lua traceback, when there is one).
    private func report(_ error: any Error, experience: Experience, group: Int, item: Int, recoverable: Bool) {
        var fields: JSONObject = ["experience": .string(experience.id), "group": .integer(Int64(group + 1)),
                                  "step": .integer(Int64(item + 1)), "message": .string(ExperienceRenderer.message(error))]
        if recoverable { fields["recoverable"] = .bool(true) }
        if let traceback = (error as? LuaError)?.traceback { fields["traceback"] = .string(traceback) }
        transcript.record("step.error", fields)
    }

    /// The text of an error as the SDK reports it (`"\(error)"`), Lua errors by their message.
    static func message(_ error: any Error) -> String {
        if let error = error as? LuaError { return error.message }
        return String(describing: error)
    }
}

/// A misuse of the traits API (showing while another experience is active, paging with nothing shown).
public struct TraitsUsageError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
