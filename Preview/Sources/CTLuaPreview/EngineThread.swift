import Foundation

/// One dedicated thread that owns a value that is not thread-safe (the session and its engine:
/// an `Engine` is confined to one thread) and runs jobs on it, one at a time, in order.
///
/// Request handlers `await` a job through a continuation: the value never leaves the thread,
/// only what a job returns does (`Sendable`).
final class EngineThread<Owned>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Jobs not run yet (guarded by `condition`).
    private var jobs: [(Owned) -> Void] = []
    private var stopping = false

    /// Starts the thread; `make` runs on it first and builds the value it owns.
    init(name: String, make: @escaping @Sendable () -> Owned) {
        let thread = Thread { [self] in
            let owned = make()
            while let job = next() { job(owned) }
        }
        thread.name = name
        thread.stackSize = 16 << 20  // Lua and deep JSON recursion want more than the default
        thread.start()
    }

    /// Runs `job` on the thread and returns what it returns.
    func run<T: Sendable>(_ job: @escaping @Sendable (Owned) -> T) async -> T {
        await withCheckedContinuation { continuation in
            enqueue { continuation.resume(returning: job($0)) }
        }
    }

    /// Queues `job` without waiting for it (the file watcher's replays).
    func post(_ job: @escaping @Sendable (Owned) -> Void) { enqueue(job) }

    /// Ends the thread once the queued jobs have run.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func enqueue(_ job: @escaping (Owned) -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func next() -> ((Owned) -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !stopping { condition.wait() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}
