import Foundation
import LuaRuntime

/// What happens during `ctlua test`, in order: the run starts, each scenario finishes (in the
/// order they finish, on whichever worker), the run finishes. Reporters consume this stream
/// (as cargo-nextest's do): the progress line, the text or TAP report, the report files. A new
/// kind of outcome (a skipped scenario, say) is a new case here and a few lines in the
/// reporters that care.
public enum RunnerEvent: Sendable {
    /// The scenarios selected to run, in order, before any runs.
    case runStarted(scenarios: [Scenario])
    /// One scenario finished.
    case scenarioFinished(ScenarioResult)
    /// Every scenario finished: the results in the scenarios' order, and the line coverage of
    /// them all merged (nil when not recorded).
    case runFinished(results: [ScenarioResult], coverage: LuaCoverage?)
}

/// Receives a run's events. Events arrive one at a time and in order, though not always on
/// the same thread (a scenario's completion is reported on the worker thread that ran it).
public protocol RunnerReporter: AnyObject, Sendable {
    /// Handles one event; a problem it throws (a report it cannot write) is shown as
    /// `ctlua: <problem>` and makes the run exit 2.
    func handle(_ event: RunnerEvent) throws
}

/// Hands each event to every reporter in turn, one event at a time; keeps what they threw.
final class RunnerEventStream: @unchecked Sendable {
    private let reporters: [any RunnerReporter]
    private let lock = NSLock()
    private var problems: [any Error] = []

    init(_ reporters: [any RunnerReporter]) { self.reporters = reporters }

    func emit(_ event: RunnerEvent) {
        lock.lock()
        defer { lock.unlock() }
        for reporter in reporters {
            do { try reporter.handle(event) } catch { problems.append(error) }
        }
    }

    /// What the reporters threw so far.
    var errors: [any Error] {
        lock.lock()
        defer { lock.unlock() }
        return problems
    }
}
