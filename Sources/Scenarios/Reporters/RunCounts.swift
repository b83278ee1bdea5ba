/// How a run is counted, the one rule of the CLI's closing line and the HTML report: passed,
/// failed (an error, a step that threw, counts as a failure, as the exit status does), skipped and
/// to do (scenarios that did not run).
public struct RunCounts: Sendable, Equatable {
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    public var todo = 0

    public init(_ results: [ScenarioResult]) {
        for result in results {
            switch result.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            case .todo: todo += 1
            }
        }
    }

    /// `3 passed, 1 failed`; skipped and to-do scenarios first when there are any, as Jest does:
    /// `1 skipped, 2 todo, 3 passed, 1 failed` (the line still ends `N passed, N failed`).
    public var line: String {
        var prefix = ""
        if skipped > 0 { prefix += "\(skipped) skipped, " }
        if todo > 0 { prefix += "\(todo) todo, " }
        return prefix + "\(passed) passed, \(failed) failed"
    }
}
