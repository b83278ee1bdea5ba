#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Engine
import Foundation
import JSON
import LuaRuntime

/// The worker side of ``WorkerProtocol``: `ctlua __worker` runs scenarios one at a time, each
/// on a fresh engine, streaming transcript events and then the result.
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
                    let n = chunk.withUnsafeMutableBytes { Glibc.read(channel, $0.baseAddress!, $0.count) }
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
            guard let run = request["run"], let scenario = WorkerProtocol.scenario(from: run) else {
                writeError("ctlua worker: unexpected request\n")
                return 3
            }
            var executor = ScenarioExecutor(registry: registry, limits: WorkerProtocol.limits(from: request["limits"]))
            executor.snapshots = WorkerProtocol.snapshots(from: request["snapshots"])
            executor.coverage = request["coverage"]?.boolValue ?? false
            executor.observer = { event in outbox.post(WorkerProtocol.frame(WorkerProtocol.event(event))) }
            let result = executor.run(scenario)
            let message = WorkerProtocol.result(name: result.name, failures: result.failures, duration: result.duration,
                                                coverage: result.coverage)
            guard outbox.post(WorkerProtocol.frame(message), flush: true) else { return 0 }
        }
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress!, $0.count) }
    }

    /// Frames waiting to be written: event frames are batched and written by a background
    /// thread every 20 ms (one write per batch instead of a wake-up of the runner per event),
    /// so even a scenario stuck in one C call has its events at the runner within 20 ms; a
    /// result is written at once with everything before it. The thread also ends the worker
    /// when its runner has gone (the parent process is no longer the runner), as a stuck worker
    /// would never read the end of its socket: checked every 20 ms, before taking the lock (a
    /// thread blocked in a write under it cannot delay the check), so a worker outlives a killed
    /// runner by well under the half second the docs promise.
    private final class Outbox: @unchecked Sendable {
        private let channel: Int32
        private let lock = NSLock()
        private var pending: [UInt8] = []
        /// The runner's pid, from the environment it set (the parent at start otherwise).
        private let parent = ProcessInfo.processInfo.environment[WorkerProtocol.runnerVariable].flatMap { pid_t($0) } ?? getppid()

        init(channel: Int32) { self.channel = channel }

        func start() {
            if getppid() != parent { _exit(0) }
            let thread = Thread { [self] in
                while true {
                    usleep(20_000)
                    if getppid() != parent { _exit(0) }
                    flush()
                }
            }
            thread.stackSize = 256 << 10
            thread.start()
        }

        /// Queues a frame; with `flush`, writes everything now. False when the runner is gone.
        @discardableResult
        func post(_ frame: [UInt8], flush: Bool = false) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            pending += frame
            guard flush else { return true }
            return writePending()
        }

        private func flush() {
            lock.lock()
            defer { lock.unlock() }
            if !pending.isEmpty { writePending() }
        }

        /// Writes and empties the queue; called under the lock.
        @discardableResult
        private func writePending() -> Bool {
            let ok = WorkerProtocol.send(pending, to: channel)
            pending.removeAll(keepingCapacity: true)
            return ok
        }
    }
}
