/// The terminal progress line on standard error, `[3/10] 1 failed  banner waits`, rewritten
/// as each scenario finishes and cleared at the end.
public final class ProgressReporter: RunnerReporter, @unchecked Sendable {
    private let write: @Sendable (String) -> Void
    // Touched only by `handle`, which the runner calls one event at a time.
    private var total = 0
    private var done = 0
    private var failed = 0

    /// `write`: where the line goes (standard error).
    public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    public func handle(_ event: RunnerEvent) {
        switch event {
        case .runStarted(let scenarios):
            total = scenarios.count
        case .scenarioFinished(let result):
            done += 1
            if !result.passed { failed += 1 }
            write("\r\u{1B}[K[\(done)/\(total)] \(failed) failed  \(result.name)")
        case .runFinished:
            if total > 0 { write("\r\u{1B}[K") }
        }
    }
}
