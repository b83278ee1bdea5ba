import JSON

/// The action types and the action queue (`ActionRegistry`): built-ins registered first; a type
/// registered twice keeps the first (`Action of type <t> is already registered.`). Unknown
/// types, and configs a factory refuses, are dropped when actions are made.
///
/// The queue runs one action at a time; an action's completion lets the next run at the next
/// turn of the run loop (the SDK's `DispatchQueue.main.async`). Bounds: at most
/// ``maxActionsPerInteraction`` actions run from one interaction (a custom action that enqueues
/// itself is stopped with an error), and the queue holds at most ``maxQueueLength``.
public final class ActionRegistry {
    /// Makes an action from its model's `config` at a level (`step`, `group`); nil drops it.
    public typealias Factory = (_ config: JSONValue?, _ level: String) throws -> (any ExperienceAction)?

    public static let maxActionsPerInteraction = 10_000
    public static let maxQueueLength = 10_000

    public private(set) var types: [String] = []
    private var factories: [String: Factory] = [:]
    /// The queued actions, each with the render context it acts in (nil: the one in focus).
    private var queue: [(action: any ExperienceAction, context: String?)] = []
    private var isProcessing = false
    private var ranSinceInteraction = 0
    weak var host: (any ActionHost)?
    /// Told of errors (an action that failed, a loop stopped): the transcript's `error`.
    var onError: ((any Error, String) -> Void)?
    var onLog: ((String) -> Void)?

    public init() { BuiltInActions.register(in: self) }

    /// Registers an action type; false (and a log) when it is taken.
    @discardableResult
    public func register(type: String, factory: @escaping Factory) -> Bool {
        guard factories[type] == nil else {
            onLog?("Action of type \(type) is already registered.")
            return false
        }
        factories[type] = factory
        types.append(type)
        return true
    }

    /// The actions of these models, in order; unknown types and refused configs dropped.
    public func makeInstances(_ models: [Experience.Action], level: String) -> [any ExperienceAction] {
        models.compactMap { model in
            guard let factory = factories[model.type] else { return nil }
            do { return try factory(model.config, level) } catch {
                onError?(error, "action \(model.type)")
                return nil
            }
        }
    }

    /// Runs these actions one after the other, outside the queue (a group's `navigate` actions
    /// before it is presented), then `completion`.
    ///
    /// A loop, not a chain of completions: an action that completes at once lets the loop run the
    /// next, so 8,000 actions that each complete synchronously use one frame, not 8,000 nested
    /// ones (the SDK's `execute` recurses; here that overflowed the native stack). An action
    /// that completes later resumes the loop from its completion.
    public func execute(_ actions: [any ExperienceAction], context: String? = nil, completion: @escaping () -> Void) {
        let run = SequentialRun(transform(actions, context: context), completion: completion)
        // Weak: an action that completes later keeps `done` (and so the run and `start`); a strong
        // registry here would close a cycle through it (LeakSanitizer, stop 34).
        run.resume { [weak self] action, done in self?.run(action, context: context, completion: done) }
    }

    /// Queues the actions of a user interaction: a `step_interaction` event first (naming the
    /// last interaction-logging action), then the transformed actions, acting in `context` (the
    /// render context of the experience interacted with; nil: the one in focus).
    public func enqueue(_ models: [Experience.Action], level: String, interactionType: String, viewDescription: String?,
                        context: String? = nil) {
        let instances = makeInstances(models, level: level)
        let primary = instances.reversed().lazy.compactMap { $0 as? any InteractionLoggingAction }.first
        ranSinceInteraction = 0
        append([StepInteractionAction(interactionType: interactionType, viewDescription: viewDescription ?? "",
                                      category: primary?.category ?? "", destination: primary?.destination ?? "")]
               + transform(instances, context: context), context: context)
    }

    /// Queues actions (post-experience actions, a Lua `ctx.enqueue`), transformed, acting in `context`.
    public func enqueue(_ actions: [any ExperienceAction], context: String? = nil) {
        append(transform(actions, context: context), context: context)
    }

    /// Drops every queued action (reset).
    public func clearQueue() { queue.removeAll() }

    /// The queue's length (the running action included).
    public var queuedCount: Int { queue.count }

    private func append(_ actions: [any ExperienceAction], context: String?) {
        guard queue.count + actions.count <= ActionRegistry.maxQueueLength else {
            onError?(ActionError("the action queue is full (\(ActionRegistry.maxQueueLength) actions): \(actions.count) dropped"), "actions")
            return
        }
        queue += actions.map { ($0, context) }
        processFirst()
    }

    /// Each transforming action of the original list rewrites the queue in turn (`transformQueue`).
    private func transform(_ actions: [any ExperienceAction], context: String?) -> [any ExperienceAction] {
        guard let host = host?.scoped(to: context) else { return actions }
        return actions.reduce(actions) { current, action in
            guard let transforming = action as? any QueueTransformingAction,
                  let index = current.firstIndex(where: { $0 === action }) else { return current }
            return transforming.transformQueue(current, index: index, in: host)
        }
    }

    private func processFirst() {
        guard !isProcessing, let (action, context) = queue.first else { return }
        isProcessing = true
        run(action, context: context) { [weak self] in
            guard let self, let host = self.host else { return }
            host.after(seconds: 0) {
                self.isProcessing = false
                if !self.queue.isEmpty { self.queue.removeFirst() }
                self.processFirst()
            }
        }
    }

    /// Runs an action once: its errors are reported and count as done; past the bound the
    /// queue is dropped with an error naming the action.
    private func run(_ action: any ExperienceAction, context: String?, completion: @escaping () -> Void) {
        ranSinceInteraction += 1
        guard ranSinceInteraction <= ActionRegistry.maxActionsPerInteraction, let host else {
            if host != nil {
                onError?(ActionError("more than \(ActionRegistry.maxActionsPerInteraction) actions ran from one interaction (last \(action.type)): the queue is dropped (an action loop?)"), "actions")
            }
            queue.removeAll()
            isProcessing = false
            return
        }
        var called = false
        let once = { if !called { called = true; completion() } }
        do { try action.execute(in: host.scoped(to: context), completion: once) } catch {
            onError?(error, "action \(action.type)")
            once()
        }
    }
}

/// An action that could not run, or a bound that stopped the queue.
public struct ActionError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The state of one ``ActionRegistry/execute(_:completion:)``: the actions left, and whether
/// the loop is running (a completion called inside it only marks the next action ready).
private final class SequentialRun {
    private var remaining: ArraySlice<any ExperienceAction>
    private let completion: () -> Void
    private var looping = false
    private var ready = false

    init(_ actions: [any ExperienceAction], completion: @escaping () -> Void) {
        remaining = actions[...]
        self.completion = completion
    }

    /// Runs the next action and those after it while each completes before `start` returns;
    /// `start` runs an action and calls `done` (now or later) when it has completed.
    func resume(_ start: @escaping (any ExperienceAction, @escaping () -> Void) -> Void) {
        ready = true
        guard !looping else { return }   // called from inside the loop: it goes on
        looping = true
        while ready {
            ready = false
            guard let action = remaining.popFirst() else {
                looping = false
                return completion()
            }
            start(action) { [self] in resume(start) }
        }
        looping = false
    }
}
