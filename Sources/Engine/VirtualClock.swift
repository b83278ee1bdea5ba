/// The engine's virtual clock and run loop: timers fire only when time is advanced.
///
/// `advance(by:)` runs every timer due up to the new time in due order (ties in
/// scheduling order); a timer scheduled while advancing runs in the same advance
/// when it falls due before the target.
///
/// Actions registered with `whenIdle` run once the run loop is idle: at the end of
/// the `drain()` or `advance(by:)` during which they were registered, after every
/// due timer (the engine's driving calls all end in one of those, so that is
/// "before the driving call returns"). Persistence uses it to write once per settle.
public final class VirtualClock {
    /// Seconds since the engine started.
    public private(set) var now: Double = 0
    private var timers: [(due: Double, seq: Int, action: () -> Void)] = []
    private var sequence = 0
    private var idleActions: [() -> Void] = []
    /// Seconds added to `now` to get wall-clock Unix time (for `ti`, cache expiry).
    public var epoch: Double

    public init(epoch: Double = 1_700_000_000) { self.epoch = epoch }

    /// Unix time seen by the simulated app.
    public var unixTime: Double { epoch + now }

    /// Schedules `action` to run `seconds` from now (0 = at the next drain).
    public func after(_ seconds: Double, _ action: @escaping () -> Void) {
        sequence += 1
        timers.append((now + max(0, seconds), sequence, action))
    }

    /// Runs `action` once, when the current (or next) `drain()`/`advance(by:)` has run
    /// every due timer. An idle action may schedule timers; those due now run before
    /// the drain returns, followed by any idle actions they register.
    public func whenIdle(_ action: @escaping () -> Void) {
        idleActions.append(action)
    }

    /// Drops every pending timer and idle action (the app process they belonged to is gone: relaunch).
    public func cancelAll() {
        timers.removeAll()
        idleActions.removeAll()
    }

    /// Number of timers not yet run.
    public var pendingCount: Int { timers.count }

    /// Runs every timer due at the current time (including ones they schedule).
    public func drain() { advance(by: 0) }

    /// Moves the clock forward by `seconds`, running due timers in order.
    public func advance(by seconds: Double) {
        let target = now + max(0, seconds)
        repeat {
            while let index = nextDueIndex(upTo: target) {
                let timer = timers.remove(at: index)
                now = max(now, timer.due)
                timer.action()
            }
            now = target
            runIdleActions()
        } while nextDueIndex(upTo: target) != nil
    }

    /// Runs the idle actions registered so far (and those they register).
    private func runIdleActions() {
        while !idleActions.isEmpty {
            let actions = idleActions
            idleActions.removeAll()
            for action in actions { action() }
        }
    }

    private func nextDueIndex(upTo target: Double) -> Int? {
        var best: Int?
        for (i, timer) in timers.enumerated() where timer.due <= target {
            if let b = best {
                let other = timers[b]
                if timer.due < other.due || (timer.due == other.due && timer.seq < other.seq) { best = i }
            } else {
                best = i
            }
        }
        return best
    }
}

extension VirtualClock {
    /// When the earliest pending timer falls due, or nil when none is pending (to advance step by
    /// step until something scheduled completes, as waiting for an async validator does).
    public var nextDueTime: Double? { timers.map(\.due).min() }
}
