import Engine
import Testing

@Suite struct IdleOnceTests {
    /// Requests coalesce until the clock is idle: one run per drain, however many requests; a
    /// request made by the action itself runs in the same drain (idle actions may register more).
    @Test func requestsCoalesceUntilTheActionRuns() {
        let clock = VirtualClock()
        let idle = IdleOnce(clock: clock)
        var runs = 0
        for _ in 0..<5 { idle.schedule { runs += 1 } }
        #expect(idle.isScheduled && runs == 0)
        clock.drain()
        #expect(runs == 1 && !idle.isScheduled)
        idle.schedule { runs += 10 }
        clock.drain()
        #expect(runs == 11)
        var again = true
        func rerun() { idle.schedule { runs += 100; if again { again = false; rerun() } } }
        rerun()
        clock.drain()
        #expect(runs == 211 && !idle.isScheduled)
    }

    /// An owner that is gone leaves nothing behind: the pending action is dropped with it.
    @Test func aReleasedSchedulerDropsItsAction() {
        let clock = VirtualClock()
        var runs = 0
        do {
            let idle = IdleOnce(clock: clock)
            idle.schedule { runs += 1 }
        }
        clock.drain()
        #expect(runs == 0)
    }
}
