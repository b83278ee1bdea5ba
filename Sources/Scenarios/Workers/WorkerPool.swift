import Engine
import Foundation

/// How `ctlua test` runs scenarios in worker processes (``RunnerOptions/workers``).
public struct WorkerOptions: Sendable, Equatable {
    /// The worker's command line: an executable (absolute path) and its arguments, e.g.
    /// `["/usr/bin/ctlua", "__worker", "--max-address-space", "4294967296"]`.
    public var command: [String]
    /// Wall-clock seconds one scenario may run before its worker is terminated.
    public var timeout: Double

    /// The default wall-clock limit of a scenario, seconds.
    public static let defaultTimeout = 60.0
    /// Extra seconds past `--timeout` before a worker is terminated, so that a hook-stoppable
    /// runaway ends inside the engine (with its traceback) rather than by termination.
    public static let grace = 1.0
    /// The address-space cap of a worker (RLIMIT_AS) by default, bytes: 2 GiB, or twice the
    /// engine's memory limit when that is larger. A fresh worker maps about 80 MB.
    public static func defaultAddressSpace(maxMemory: Int?) -> Int {
        max(2 << 30, 2 * (maxMemory ?? 0))
    }

    public init(command: [String], timeout: Double = WorkerOptions.defaultTimeout) {
        self.command = command
        self.timeout = timeout
    }

    /// `executable __worker [--max-address-space BYTES]` (0: no cap).
    public static func command(executable: String, addressSpace: Int) -> [String] {
        [executable, WorkerProtocol.subcommand, "--max-address-space", String(addressSpace)]
    }
}

/// Worker processes shared by the runner's threads: a thread takes one, runs a scenario on
/// it, and gives it back; a worker that died or was terminated is replaced at the next use.
final class WorkerPool: @unchecked Sendable {
    private let options: WorkerOptions
    private let lock = NSLock()
    private var idle: [WorkerProcess] = []

    init(options: WorkerOptions) { self.options = options }

    /// Runs `request`'s scenario in a worker: the worker's result, or, when it timed out or
    /// died, a failure built by `executor` (the one place results are made) with the events it
    /// streamed.
    func run(_ request: WorkerRequest, executor: ScenarioExecutor) -> ScenarioResult {
        let clock = ContinuousClock()
        let start = clock.now
        func failed(_ message: String, _ events: [TranscriptEvent]) -> ScenarioResult {
            let failure = ScenarioFailure(message: message, eventIndex: events.isEmpty ? nil : events.count - 1)
            return executor.result(of: request.scenario, failures: [failure], transcript: events, duration: ScenarioExecutor.seconds(since: start, clock))
        }
        let worker: WorkerProcess
        do { worker = try take() } catch { return failed("cannot start a worker process: \(error)", []) }
        switch worker.run(request, timeout: options.timeout) {
        case .finished(let result):
            give(worker)
            return result
        case .timedOut(let events):
            return failed("timeout: the scenario was still running after \(Self.format(options.timeout)) s of wall-clock time; its worker process was terminated",
                          events)
        case .died(let reason, let events):
            return failed(reason, events)
        }
    }

    /// Ends every idle worker (at the end of a run); returns a report for each that did not end
    /// cleanly (shown on standard error: a sanitizer's report at a worker's exit, say).
    func shutdown() -> [String] {
        lock.lock()
        let workers = idle
        idle = []
        lock.unlock()
        return workers.compactMap { $0.terminate() }
    }

    private func take() throws -> WorkerProcess {
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        if let reused { return reused }
        return try WorkerProcess(command: options.command)
    }

    private func give(_ worker: WorkerProcess) {
        guard worker.isAlive else { return }
        lock.lock()
        idle.append(worker)
        lock.unlock()
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
