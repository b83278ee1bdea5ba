/// The engine's virtual clock and run loop: timers fire only when time is advanced.
///
/// `advance(by:)` runs every timer due up to the new time in due order (ties in
/// scheduling order); a timer scheduled while advancing runs in the same advance
/// when it falls due before the target.
public final class VirtualClock {
    /// Seconds since the engine started.
    public private(set) var now: Double = 0
    private var timers: [(due: Double, seq: Int, action: () -> Void)] = []
    private var sequence = 0
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

    /// Drops every pending timer (the app process they belonged to is gone: relaunch).
    public func cancelAll() { timers.removeAll() }

    /// Number of timers not yet run.
    public var pendingCount: Int { timers.count }

    /// Runs every timer due at the current time (including ones they schedule).
    public func drain() { advance(by: 0) }

    /// Moves the clock forward by `seconds`, running due timers in order.
    public func advance(by seconds: Double) {
        let target = now + max(0, seconds)
        while let index = nextDueIndex(upTo: target) {
            let timer = timers.remove(at: index)
            now = max(now, timer.due)
            timer.action()
        }
        now = target
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
