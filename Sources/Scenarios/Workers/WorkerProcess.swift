import Platform
import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

/// One supervised worker process (`ctlua __worker`), driven by one runner thread.
///
/// The runner sends a scenario and reads the worker's frames until its result or the
/// scenario's deadline: past it the worker is killed (SIGKILL) and the scenario fails with
/// `timeout` and the events streamed so far. A worker that dies (a signal, an exit) fails
/// only the scenario it was running; the pool starts a fresh one for the next.
final class WorkerProcess {
    /// How one scenario ended in a worker.
    enum Outcome {
        /// The worker's result, its transcript the events it streamed.
        case finished(ScenarioResult)
        case timedOut(events: TranscriptTail)
        case died(reason: String, events: TranscriptTail)
    }

    let pid: pid_t
    private let channel: Int32
    private var output: Int32          // the worker's stdout and stderr, -1 once closed
    private var outputTail: [UInt8] = []
    private var inbox = WorkerProtocol.Inbox()
    /// What one read of the channel takes in.
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)
    private(set) var isAlive = true

    /// Starts `command` (the executable, then its arguments) as a worker.
    init(command: [String]) throws {
        guard let (channelEnd, workerEnd) = Platform.socketPair() else {
            throw WorkerStartError("socketpair: \(String(cString: strerror(errno)))")
        }
        let pair = [channelEnd, workerEnd]
        // A socket pair for the output too: created close-on-exec atomically (pipe2 is not
        // visible from Swift), so no other thread's worker inherits it.
        guard let (outputEnd, workerOutput) = Platform.socketPair() else {
            close(pair[0]); close(pair[1])
            throw WorkerStartError("pipe: \(String(cString: strerror(errno)))")
        }
        let outputPipe = [outputEnd, workerOutput]
        var actions = Platform.spawnFileActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, pair[1], WorkerProtocol.channel)
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        // Swift's crash backtracer would symbolicate for seconds before the worker dies: off,
        // unless the user set it (the runner reports the signal).
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        // The worker compares its parent with this: a runner killed before the worker started
        // is seen too (a parent read at start would already be the new one).
        environment[WorkerProtocol.runnerVariable] = String(getpid())
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        // A clean signal state: nothing blocked, default actions (a test harness or a shell may
        // have blocked or ignored signals, which the worker would inherit).
        var attributes = Platform.spawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let status = posix_spawn(&child, command[0], &actions, &attributes, &argv, &envp)
        close(pair[1])
        close(outputPipe[1])
        guard status == 0 else {
            close(pair[0]); close(outputPipe[0])
            throw WorkerStartError("cannot start \(command[0]): \(String(cString: strerror(status)))")
        }
        pid = child
        channel = pair[0]
        output = outputPipe[0]
    }

    deinit { terminate() }

    /// Sends a request's frame (``WorkerProtocol/frame(_:)``); the worker runs requests one at a
    /// time, in the order sent. False when the worker is gone (``abandon()`` says why).
    func send(_ frame: [UInt8]) -> Bool {
        isAlive && WorkerProtocol.send(frame, to: channel)
    }

    /// How the oldest request not yet answered ended: its result, or, past `timeout` seconds
    /// from now (the wall-clock limit), the worker killed; a worker that dies or breaks the
    /// protocol ends too. The transcript is the events streamed since the previous result.
    func next(timeout: Double) -> Outcome {
        var events = TranscriptTail()   // bounded: a scenario that logs without end cannot grow the runner
        outputTail.removeAll()
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64((timeout * 1000).rounded(.up))))
        while true {
            do {
                while let message = try inbox.next() {
                    switch try WorkerReply(decoding: message) {
                    case .events(let batch): events.append(contentsOf: batch)
                    case .result(var result, let batch):
                        events.append(contentsOf: batch)
                        let tail = events.trimmed()
                        result.transcript = tail.events
                        result.eventsNotKept = tail.notKept
                        return .finished(result)
                    }
                }
            } catch {
                kill(pid, SIGKILL)
                return .died(reason: "the worker broke the protocol (\(error)); " + reap(), events: events)
            }
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero {
                kill(pid, SIGKILL)
                // Events written before the kill may still be in the socket: read them to its end.
                while case .data = wait(milliseconds: 1000) {}
                while let message = try? inbox.next() {
                    if case .events(let batch) = try? WorkerReply(decoding: message) { events.append(contentsOf: batch) }
                }
                _ = reap()
                return .timedOut(events: events)
            }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            switch wait(milliseconds: milliseconds) {
            case .data, .idle: continue
            case .closed: return .died(reason: reap(), events: events)
            }
        }
    }

    /// The outcome of a request that could not be sent: the worker is gone; reaps it and says how it ended.
    func abandon() -> Outcome {
        .died(reason: reap(), events: TranscriptTail())
    }

    private enum Wait { case data, idle, closed }

    /// Waits for bytes on the channel (or the worker's output) and reads what is there.
    private func wait(milliseconds: Int32) -> Wait {
        var fds = [pollfd(fd: channel, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
        let count = poll(&fds, output >= 0 ? 2 : 1, milliseconds)
        if count < 0 { return errno == EINTR ? .idle : .closed }
        if count == 0 { return .idle }
        if output >= 0, fds[1].revents != 0 { drainOutput(blocking: false) }
        guard fds[0].revents != 0 else { return .data }
        let n = chunk.withUnsafeMutableBytes { Platform.recv(channel, $0.baseAddress!, $0.count) }
        if n < 0 { return errno == EINTR || errno == EAGAIN ? .idle : .closed }
        if n == 0 { return .closed }
        chunk.withUnsafeBytes { inbox.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        return .data
    }

    /// Reads the worker's output, keeping its last 16 KiB (for crash messages and exit reports).
    private func drainOutput(blocking: Bool) {
        guard output >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        repeat {
            if !blocking {
                var fd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                if poll(&fd, 1, 0) <= 0 { return }
            }
            let n = chunk.withUnsafeMutableBytes { Platform.read(output, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                close(output)
                output = -1
                return
            }
            outputTail += chunk[0..<n]
            if outputTail.count > 16384 { outputTail.removeFirst(outputTail.count - 16384) }
        } while true
    }

    /// Waits for the worker to end (killing it if it lingers) and says how it ended.
    /// What a process prints when an allocation fails outside Lua (the Swift runtime, ctlua's
    /// allocator in a Swift frame, the C++ runtime).
    static let outOfMemory = ["failed to allocate", "Could not allocate memory", "out of memory", "std::bad_alloc"]

    private func reap() -> String {
        guard isAlive else { return "the worker had ended" }
        isAlive = false
        close(channel)
        var status: Int32 = 0
        var waited = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if waited == 200 { kill(pid, SIGKILL) }   // 2 s after closing its socket
            usleep(10_000)
            waited += 1
        }
        drainOutput(blocking: true)
        var reason: String
        let signal = status & 0x7f
        if signal != 0 {
            reason = "the worker crashed: signal \(WorkerProcess.signalName(signal))"
        } else {
            reason = "the worker exited with status \((status >> 8) & 0xff) before reporting a result"
        }
        let text = String(decoding: outputTail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if signal == SIGABRT, let line = lines.first(where: { line in Self.outOfMemory.contains { line.contains($0) } }) {
            // The address-space backstop (`--max-address-space`) made an allocation outside Lua fail:
            // say so, with the line that says it (not the backtrace's last lines).
            return "not enough memory: the worker process reached its address-space cap (--max-address-space) outside Lua "
                + "code and ended (signal SIGABRT; \(line.trimmingCharacters(in: .whitespaces)))"
        }
        if !text.isEmpty { reason += "; its last output: " + lines.suffix(6).joined(separator: " | ") }
        return reason
    }

    /// Ends the worker: closes its socket (it exits) and reaps it; kills it if it does not exit
    /// within 10 s. Returns what it printed when it ended with a non-zero status (a sanitizer's
    /// report at exit, say), nil when it ended cleanly.
    @discardableResult
    func terminate() -> String? {
        guard isAlive else { return nil }
        isAlive = false
        outputTail.removeAll()
        close(channel)
        var status: Int32 = 0
        for attempt in 0..<1000 {
            if waitpid(pid, &status, WNOHANG) != 0 { break }
            if attempt == 999 { kill(pid, SIGKILL); waitpid(pid, &status, 0); break }
            usleep(10_000)
        }
        drainOutput(blocking: true)
        guard status != 0 else { return nil }
        let how = status & 0x7f != 0 ? "signal \(WorkerProcess.signalName(status & 0x7f))" : "status \((status >> 8) & 0xff)"
        return "a worker process ended with \(how) after its last scenario:\n" + String(decoding: outputTail, as: UTF8.self)
    }

    /// `SIGSEGV (Segmentation fault)`.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
            SIGSYS: "SIGSYS", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2",
        ]
        let description = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
        return "\(names[signal] ?? "signal \(signal)") (\(description))"
    }
}

/// A worker process could not be started.
struct WorkerStartError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
