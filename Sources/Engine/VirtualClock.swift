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
///
/// Bounds (reliability.md): one outermost `advance`/`drain` runs at most `maxTimersPerAdvance`
/// timers (nested advances from timers count in the outer one) and moves the clock at most
/// `maxAdvance` seconds. Past the timer bound the due timers are dropped (a timer that
/// reschedules itself would run forever), `onOverrun` receives the message and `overran` is set.
public final class VirtualClock {
    // No dynamic exclusivity checks (≈60 instructions each, several per transcript event and timer):
    // every access below is a plain read or a mutation that calls out to nothing, on the
    // engine's one thread, so no access can overlap another.
    /// Seconds since the engine started.
    @exclusivity(unchecked) public private(set) var now: Double = 0
    /// Timers one outermost `advance`/`drain` may run. Default one million.
    public var maxTimersPerAdvance = 1_000_000
    /// Seconds one `advance` may move the clock (longer requests move it this far). Ten years.
    public static let maxAdvance: Double = 10 * 365 * 86_400
    /// Receives the message when an advance stopped at `maxTimersPerAdvance`.
    public var onOverrun: ((String) -> Void)?
    /// Number of advances stopped at `maxTimersPerAdvance` so far.
    public private(set) var overruns = 0
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var timersRun = 0
    @exclusivity(unchecked) private var timers: [(due: Double, seq: Int, action: () -> Void)] = []
    @exclusivity(unchecked) private var sequence = 0
    @exclusivity(unchecked) private var idleActions: [() -> Void] = []
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
        let step = seconds.isNaN ? 0 : min(max(0, seconds), VirtualClock.maxAdvance)
        let target = now + step
        if depth == 0 { timersRun = 0 }
        depth += 1
        defer { depth -= 1 }
        repeat {
            while let index = nextDueIndex(upTo: target) {
                if timersRun >= maxTimersPerAdvance {
                    stopRunaway(upTo: target)
                    break
                }
                timersRun += 1
                let timer = timers.remove(at: index)
                now = max(now, timer.due)
                timer.action()
            }
            now = max(now, target)
            runIdleActions()
        } while nextDueIndex(upTo: target) != nil
    }

    /// Drops every timer due by `target` and reports the overrun once.
    private func stopRunaway(upTo target: Double) {
        timers.removeAll { $0.due <= target }
        overruns += 1
        onOverrun?("timer limit exceeded: more than \(maxTimersPerAdvance) timers in one advance "
                   + "(a timer that reschedules itself?); the due timers were dropped")
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
