/// At most one pending idle action of a clock (``VirtualClock/whenIdle(_:)``) for an owner that
/// may ask many times during one driving call: a save, a journal record, a layout pass. The
/// requests coalesce until the action runs; a request made while (or after) it runs schedules
/// the next one.
public final class IdleOnce {
    private let clock: VirtualClock
    /// True while an action is scheduled and has not run.
    public private(set) var isScheduled = false

    public init(clock: VirtualClock) { self.clock = clock }

    /// Schedules `action` for when the clock is next idle, unless one is scheduled already (the
    /// pending one runs, not this one). Capture the owner weakly in `action`: the clock holds it.
    public func schedule(_ action: @escaping () -> Void) {
        guard !isScheduled else { return }
        isScheduled = true
        clock.whenIdle { [weak self] in
            guard let self else { return }   // the owner (and this scheduler) is gone
            self.isScheduled = false
            action()
        }
    }
}
