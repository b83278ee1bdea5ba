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

/// Several problems of one event, each shown on its own line (a report whose pages cannot all
/// be written: it writes the others, then throws what failed).
public struct ReporterErrors: Error, Sendable {
    public var errors: [any Error]

    public init(_ errors: [any Error]) { self.errors = errors }

    /// Runs `write` for each element, going on after a failure; throws what failed, if anything.
    public static func collecting<S: Sequence>(_ elements: S, _ write: (S.Element) throws -> Void) throws {
        var errors: [any Error] = []
        for element in elements {
            do { try write(element) } catch { errors.append(error) }
        }
        if !errors.isEmpty { throw ReporterErrors(errors) }
    }
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
            do { try reporter.handle(event) } catch let many as ReporterErrors { problems += many.errors } catch { problems.append(error) }
        }
    }

    /// What the reporters threw so far.
    var errors: [any Error] {
        lock.lock()
        defer { lock.unlock() }
        return problems
    }
}
