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

/// Worker processes driven by the runner's threads: each thread (a lane of ``ParallelMap``)
/// takes a worker, runs the scenarios it claims there, and gives it back at the end; a worker
/// that died or was terminated is replaced for the next scenario.
///
/// A lane sends the next scenario's request ahead (``lookahead``), so a worker starts it as
/// soon as it has written the previous result, while the runner reads that result: the
/// runner's decoding and the process wake-ups overlap the next scenario instead of adding to
/// it. A scenario's wall-clock limit counts from the moment the runner starts waiting for it,
/// after the previous result (at most the time to read that result later than the worker
/// started it). A request sent ahead to a worker that then dies or is terminated is sent again
/// to the fresh worker: the worker never started it.
final class WorkerPool: @unchecked Sendable {
    /// What a lane does with one claimed scenario: a result made in this process (a scenario
    /// marked skip or todo), or a request for a worker.
    enum Job {
        case local(ScenarioResult)
        case remote(WorkerRequest)
    }

    /// Requests in a worker at once: the one it runs and the next.
    static let lookahead = 2
    /// A request is sent ahead only when its frame is at most this large, so it always fits the
    /// socket's buffer: a runner blocked sending to a worker blocked writing events back to the
    /// runner would wait forever.
    static let largestAhead = 32 << 10

    private let options: WorkerOptions
    private let lock = NSLock()
    private var idle: [WorkerProcess] = []

    init(options: WorkerOptions) { self.options = options }

    /// One lane: claims indices (`claim`), runs each one's ``Job`` (a worker's result, or, when
    /// it timed out or died, a failure built by `executor`, the one place results are made,
    /// with the events it streamed) and stores the results in the order claimed.
    func drive(claim: () -> Int?, store: (Int, ScenarioResult) -> Void, executor: ScenarioExecutor, job: (Int) -> Job) {
        struct Item {
            var index: Int
            var job: Job
            var frame: [UInt8] = []
            var sent = false
        }
        var queue: [Item] = []
        var worker: WorkerProcess?
        defer { if let worker { give(worker) } }
        let clock = ContinuousClock()
        while true {
            while queue.count < Self.lookahead, let i = claim() {
                var item = Item(index: i, job: job(i))
                if case .remote(let request) = item.job { item.frame = WorkerProtocol.frame(request) }
                queue.append(item)
            }
            guard let head = queue.first else { return }
            guard case .remote(let request) = head.job else {
                if case .local(let result) = head.job { store(head.index, result) }
                queue.removeFirst()
                continue
            }
            let start = clock.now
            func failed(_ message: String, _ events: TranscriptTail) -> ScenarioResult {
                let failure = ScenarioFailure(message: message, eventIndex: events.count == 0 ? nil : events.count - 1)
                return executor.result(of: request.scenario, failures: [failure], transcript: events.events, notKept: events.notKept,
                                       duration: ScenarioExecutor.seconds(since: start, clock))
            }
            let current: WorkerProcess
            if let worker { current = worker } else {
                do { current = try take() } catch {
                    store(head.index, failed("cannot start a worker process: \(error)", TranscriptTail()))
                    queue.removeFirst()
                    continue
                }
                worker = current
            }
            // The head, then the requests behind it that may go ahead, in order.
            for k in queue.indices where !queue[k].sent {
                guard case .remote = queue[k].job else { continue }
                if k > 0 && queue[k].frame.count > Self.largestAhead { break }
                guard current.send(queue[k].frame) else { break }
                queue[k].sent = true
            }
            let outcome = queue[0].sent ? current.next(timeout: options.timeout) : current.abandon()
            queue.removeFirst()
            switch outcome {
            case .finished(let result):
                store(head.index, result)
                continue
            case .timedOut(let events):
                store(head.index, failed("timeout: the scenario was still running after \(Self.format(options.timeout)) s of wall-clock time; its worker process was terminated",
                                         events))
            case .died(let reason, let events):
                store(head.index, failed(reason, events))
            }
            // The worker is gone: what it was sent ahead goes to the next one.
            worker = nil
            for k in queue.indices { queue[k].sent = false }
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
