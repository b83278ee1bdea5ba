import Foundation
import Engine
import JSON
import LuaRuntime

/// Experience traits as an engine system: the registry (Swift traits, Lua traits and the
/// built-in `@appcues/*` traits loaded on demand), the composer, the renderer and the Lua
/// `traits` module.
public final class TraitsSystem: EngineSystem {
    /// The registered trait types (a new registry each launch: scripts register Lua traits again).
    public private(set) var registry = TraitRegistry()
    /// Shows experiences and records what happens.
    public private(set) var renderer: ExperienceRenderer!
    /// Swift traits registered with ``register(type:factory:)``: kept across relaunches.
    private var swiftTraits: [(String, TraitRegistry.Factory)] = []
    unowned let engine: Engine

    public init(engine: Engine) { self.engine = engine }

    public func install(in engine: Engine) throws {
        let registry = TraitRegistry { [weak engine] message in
            engine?.transcript.record("log", ["message": .string(message)])
        }
        for (type, factory) in swiftTraits { registry.register(type: type, factory: factory) }
        registry.resolveMissing = { [unowned engine] type in
            _ = try StandardTraits.load(type, in: engine.lua)
        }
        self.registry = registry
        renderer = ExperienceRenderer(composer: TraitComposer(registry: registry), transcript: engine.transcript, clock: engine.clock)
        renderer.actionRegistry.onLog = { [weak engine] message in engine?.transcript.record("log", ["message": .string(message)]) }
        engine.ui.setViewSource(owner: "traits", viewSource())
        // The frames the app's views carry (a view's id, and its `frameID`), counted by view: a
        // frame exists while a view carries it; a view shown with it registers it (the SDK's
        // `Appcues.register(frameID:)`), the last one hidden removes it.
        var viewFrames: [String: [String]] = [:]
        var frameCounts: [String: Int] = [:]
        func frames(of view: HeadlessUI.View?) -> [String] {
            guard let view else { return [] }
            var keys = [view.id]
            if let frameID = view.properties["frameID"]?.stringValue, frameID != view.id { keys.append(frameID) }
            return keys
        }
        for view in engine.ui.views.values {
            viewFrames[view.id] = frames(of: view)
            for key in frames(of: view) { frameCounts[key, default: 0] += 1 }
        }
        renderer.frameExists = { frame in (frameCounts[frame] ?? 0) > 0 }
        engine.ui.setChangeObserver(owner: "traits") { [weak self, weak engine] id, change in
            let old = viewFrames.removeValue(forKey: id) ?? []
            let new = change == .hidden ? [] : frames(of: engine?.ui.find(id))
            if !new.isEmpty { viewFrames[id] = new }
            var gone: [String] = []
            for key in old {
                let count = (frameCounts[key] ?? 1) - 1
                if count <= 0 { frameCounts.removeValue(forKey: key); gone.append(key) } else { frameCounts[key] = count }
            }
            for key in new { frameCounts[key, default: 0] += 1 }
            guard let renderer = self?.renderer else { return }
            for key in gone where (frameCounts[key] ?? 0) == 0 { renderer.frameRemoved(key) }
            if change == .shown { for key in new { renderer.frameRegistered(key) } }
        }
        engine.ui.setLayoutObserver(owner: "traits") { [weak self] _ in self?.renderer.appLayoutChanged() }
        try engine.installModule("traits") { [unowned self, unowned engine] state in
            let module = try TraitsModule.make(system: self, engine: engine, state: state)
            if case .table(let table) = module { TraitsModule.addExperienceFunctions(to: table, system: self, engine: engine, state: state) }
            return module
        }
    }

    /// Registers a Swift trait for this engine (and its relaunches); false when the type is taken.
    @discardableResult
    public func register(type: String, factory: @escaping TraitRegistry.Factory) -> Bool {
        guard registry.register(type: type, factory: factory) else { return false }
        swiftTraits.append((type, factory))
        return true
    }

    /// Registers a Swift trait type for this engine (and its relaunches).
    @discardableResult
    public func register<T: ConfigurableTrait>(_ trait: T.Type) -> Bool {
        register(type: T.type) { T(configuration: $0) }
    }

    /// Registers an action type for this launch (Lua actions; scripts register them again after a
    /// relaunch); false when the type is taken (a built-in's included).
    @discardableResult
    public func registerAction(type: String, factory: @escaping ActionRegistry.Factory) -> Bool {
        renderer.actionRegistry.register(type: type, factory: factory)
    }

    /// Shows an experience JSON (0-based indexes), then settles the engine.
    @discardableResult
    public func show(_ json: JSONValue, group: Int = 0, step: Int = 0, trigger: String = "show_call", published: Bool = true) throws -> Bool {
        try show(JSONReader(value: json), group: group, step: step, trigger: trigger, published: published)
    }

    /// Shows the experience `reader` reads (problems located in its text), then settles the
    /// engine. `trigger` is as the SDK's (`show_call` for a show call; `qualification` skips the
    /// first group's navigate actions); an unpublished experience (a preview) publishes no
    /// analytics. A document that does not decode is a failed experience (`experience_error`
    /// when it has an id), then the problem is thrown. With a `priority` while another
    /// experience is active in the same render context (`modal`, or the embed frame the
    /// experience names): `normal` dismisses it first, `low` is not shown (false); without,
    /// showing over an active experience of the same context is an error. Experiences of
    /// different render contexts show at once (one state machine each, as the SDK). `strict` (default: `renderer.strictDecoding`,
    /// true) decodes as strictly as the SDK (UUID ids, every required key), and words the failure's
    /// `experience_error` as the SDK; false is ctlua's own lenient decoding. With an
    /// `experiment`, `appcues:experiment_entered` is published as the experience starts; its
    /// `control` group is published and not shown (false), as the SDK's renderer does.
    @discardableResult
    public func show(_ reader: JSONReader, group: Int = 0, step: Int = 0, trigger: String = "show_call",
                     published: Bool = true, priority: String? = nil, strict: Bool? = nil, experiment: Experiment? = nil) throws -> Bool {
        defer { engine.settle() }
        if let experiment, !experiment.shouldExecute {
            renderer.publish(Experiment.enteredEvent, experiment.properties, nil)
            engine.transcript.record("log", ["message": .string("experiment control group: the experience is not shown")])
            return false
        }
        let experience: Experience
        let strict = strict ?? renderer.strictDecoding
        do {
            if strict { try Experience.checkStrictly(reader) }
            experience = try Experience.decode(reader, strict: false)   // checked above when strict
        } catch {
            let (problem, sdk) = Experience.failure(error, root: reader.root)
            // As the SDK's LossyExperience: a failed experience whose skeleton decodes (strict: a UUID id,
            // string name and type, integer publishedAt) reports `experience_error`; lenient: any string id.
            let skeleton = strict ? QualifyResponse.failedSkeletonDecodes(reader.root) : reader.root["id"]?.stringValue != nil
            // A failed experience renders in the modal context (the SDK's FailedExperience).
            if skeleton {
                let message = strict ? sdk.message() : "invalid experience: \(problem)"
                let start = { [unowned self] () throws -> Bool in
                    if let experiment { renderer.publish(Experiment.enteredEvent, experiment.properties, nil) }
                    _ = try? renderer.show(renderer.failedExperience(reader.root, message, trigger: trigger, published: published))
                    return false
                }
                if let priority {
                    _ = try admit("modal", priority: priority, then: start)
                } else if renderer.presentation(in: "modal") == nil {
                    _ = try start()
                }
            }
            throw problem
        }
        let start = { [unowned self] () throws -> Bool in
            let data = ExperienceData(experience, trigger: trigger, published: published, instanceID: renderer.nextID())
            if let experiment { renderer.publish(Experiment.enteredEvent, experiment.properties, nil) }
            return try renderer.show(data, at: Experience.StepIndex(group: group, item: step))
        }
        guard let priority else { return try start() }
        return try admit(experience.renderContext, priority: priority, then: start)
    }

    /// Starts an experience of this priority in `context` as the SDK's renderer: at once when
    /// nothing is active there (or what is active is failing: it is replaced); `normal`
    /// dismisses the active experience first (`experience_dismissed`), then starts; `low` is
    /// not shown over it (logged, false). An active experience still beginning (its navigate
    /// actions, a retrying target lookup, a presenter that has not completed) is dismissed once
    /// its step renders (``ExperienceRenderer/dismiss(markComplete:in:completion:)``): then
    /// this returns true and `start` runs when it is gone (an error it throws then is an
    /// `error` event).
    func admit(_ context: String, priority: String, then start: @escaping () throws -> Bool) throws -> Bool {
        if renderer.presentation(in: context) == nil { return try start() }
        if case .failing = renderer.state(in: context) { return try start() }
        guard priority == "normal" else {
            engine.transcript.record("log", ["message": .string("experience already active\(context == "modal" ? "" : " in \(context)"): a low priority experience is not shown")])
            return false
        }
        var result: Result<Bool, any Error>?
        var returned = false
        renderer.dismiss(markComplete: false, in: context) { [weak engine] in   // normal priority replaces the active experience
            do { result = .success(try start()) } catch {
                result = .failure(error)
                if returned { engine?.transcript.record("error", ["message": .string(ExperienceRenderer.message(error)), "source": .string("show")]) }
            }
        }
        engine.settle()
        returned = true
        switch result {
        case .success(let shown)?: return shown
        case .failure(let error)?: throw error
        case nil: return true   // it starts once the active experience has rendered and been dismissed
        }
    }


    /// What `traits.current()` returns, as JSON: experience id, group and step (1-based), state,
    /// render context and the composed tree, of the experience in focus (the modal one while
    /// it is active); nil when nothing is shown.
    public var currentJSON: JSONValue? { renderer.focusContext.flatMap(currentJSON(in:)) }

    /// The experiences active in every render context, by context (`traits.experiences()`).
    public var experiencesJSON: JSONValue {
        .object(JSONObject(uniqueKeysWithValues: renderer.states.keys.compactMap { context in currentJSON(in: context).map { (context, $0) } }))
    }

    /// What `traits.current(context)` returns: the experience of one render context (nil when idle).
    public func currentJSON(in context: String) -> JSONValue? {
        let contextState = renderer.state(in: context)
        guard let presentation = contextState.presentation else { return nil }
        let form = renderer.focusContext == context ? renderer.formJSON : renderer.formJSON(of: presentation)
        return .object([
            "context": .string(context),
            "experience": .string(presentation.experience.id),
            "group": .integer(Int64(presentation.group + 1)),
            "step": .integer(Int64(presentation.item + 1)),
            "state": .string(contextState.name),
            "tree": presentation.package.wrapper.tree,
            "metadata": .object(presentation.package.metadataDelegate.values),
            "form": form ?? .object([:]),
        ])
    }
}
