import Platform
import Engine
import Foundation
import JSON
import LuaRuntime

/// The worker side of ``WorkerProtocol``: `ctlua __worker` runs scenarios one at a time, each
/// on a fresh engine, streaming transcript events in batches and then the result.
public enum ScenarioWorker {
    /// Serves requests on ``WorkerProtocol/channel`` until the runner closes it; returns the exit status.
    ///
    /// - Parameter addressSpace: caps the process's address space (RLIMIT_AS) first, a
    ///   backstop for memory the engine's own limits do not see; nil or 0: no cap.
    public static func serve(registry: StepRegistry, addressSpace: Int?) -> Int32 {
        let channel = WorkerProtocol.channel
        ProcessLimits.disableCoreDumps()   // a crashing scenario leaves no core file behind
        if let addressSpace, addressSpace > 0 { ProcessLimits.capAddressSpace(addressSpace) }
        let outbox = Outbox(channel: channel)
        outbox.start()
        var inbox = WorkerProtocol.Inbox()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let request: JSONValue
            do {
                guard let next = try inbox.next() else {
                    let n = chunk.withUnsafeMutableBytes { Platform.read(channel, $0.baseAddress!, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return 0 }   // the runner closed the socket: done
                    chunk.withUnsafeBytes { inbox.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                    continue
                }
                request = next
            } catch {
                writeError("ctlua worker: \(error)\n")
                return 3
            }
            let run: WorkerRequest
            do { run = try WorkerRequest(json: request) } catch {
                writeError("ctlua worker: unexpected request: \(error)\n")
                return 3
            }
            var executor = ScenarioExecutor(registry: registry, limits: run.limits)
            executor.snapshots = run.snapshots
            executor.coverage = run.coverage
            executor.screens = run.screens
            executor.observer = { event in outbox.post(event) }
            let result = executor.run(run.scenario)
            guard outbox.finish(with: result) else { return 0 }
        }
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Platform.write(2, $0.baseAddress!, $0.count) }
    }

    /// Transcript events waiting to be written: a background thread writes them every 20 ms as
    /// one frame per batch (one encode, one write and one wake-up of the runner per batch
    /// instead of per event), so even a scenario stuck in one C call has its events at the
    /// runner within 20 ms; the result is written at once, in one frame with the events not yet
    /// written (after every batch before it). The
    /// thread also ends the worker when its runner has gone (the parent process is no longer the
    /// runner), as a stuck worker would never read the end of its socket: checked every 20 ms,
    /// before taking a lock, so a worker outlives a killed runner by well under half a second.
    private final class Outbox: @unchecked Sendable {
        private let channel: Int32
        /// Guards `pending` (the scenario's thread appends, the writer takes).
        private let lock = NSLock()
        /// Held while writing, so batches and the result leave in order.
        private let writing = NSLock()
        private var pending: [TranscriptEvent] = []
        /// The runner's pid, from the environment it set (the parent at start otherwise).
        private let parent = ProcessInfo.processInfo.environment[WorkerProtocol.runnerVariable].flatMap { pid_t($0) } ?? getppid()

        init(channel: Int32) { self.channel = channel }

        func start() {
            if getppid() != parent { _exit(0) }
            let thread = Thread { [self] in
                while true {
                    usleep(20_000)
                    if getppid() != parent { _exit(0) }
                    writing.lock()
                    _ = writeBatch()
                    writing.unlock()
                }
            }
            thread.stackSize = 256 << 10
            thread.start()
        }

        /// Queues an event for the next batch.
        func post(_ event: TranscriptEvent) {
            lock.lock()
            pending.append(event)
            lock.unlock()
        }

        /// Writes the events still queued and the result, as one frame. False when the runner is gone.
        func finish(with result: ScenarioResult) -> Bool {
            writing.lock()
            defer { writing.unlock() }
            return WorkerProtocol.send(WorkerProtocol.frame(WorkerReply.result(result, events: take())), to: channel)
        }

        /// Writes the queued events as one frame (none when the queue is empty); called while
        /// holding `writing`. The events are encoded outside `lock`, so the scenario never waits.
        private func writeBatch() -> Bool {
            let batch = take()
            guard !batch.isEmpty else { return true }
            return WorkerProtocol.send(WorkerProtocol.frame(WorkerReply.events(batch)), to: channel)
        }

        /// The queued events, taken off the queue.
        private func take() -> [TranscriptEvent] {
            lock.lock()
            defer { lock.unlock() }
            let batch = pending
            pending.removeAll(keepingCapacity: true)
            return batch
        }
    }
}
