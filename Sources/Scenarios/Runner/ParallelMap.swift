import Foundation

/// Runs `count` jobs on `workers` threads and returns their results by index, so the result does
/// not depend on the number of workers or on timing.
enum ParallelMap {
    /// `body(i)` for each `i` in `0..<count`; `completed(i, result)` is called as each finishes,
    /// serialised under a lock (for progress output).
    static func map<R: Sendable>(count: Int, workers: Int,
                                 completed: @escaping @Sendable (Int, R) -> Void = { _, _ in },
                                 body: @escaping @Sendable (Int) -> R) -> [R] {
        drive(count: count, workers: workers, completed: completed) { claim, store in
            while let i = claim() { store(i, body(i)) }
        }
    }

    /// Runs `lane` on each of `workers` threads: a lane claims indices (`claim`, nil when none
    /// are left) and stores each index's result (`store`), so it may hold several claimed
    /// indices at once (a worker process with the next scenario sent ahead). Every claimed index
    /// must be stored before the lane returns. Indices are claimed in increasing order, so a
    /// single lane that stores in the order it claims completes them in order.
    static func drive<R: Sendable>(count: Int, workers: Int,
                                   completed: @escaping @Sendable (Int, R) -> Void = { _, _ in },
                                   lane: @escaping @Sendable (_ claim: () -> Int?, _ store: (Int, R) -> Void) -> Void) -> [R] {
        let state = State<R>(count: count)
        let threads = max(1, min(workers, count))
        let run: @Sendable () -> Void = { lane({ state.nextIndex() }, { i, result in state.store(i, result, completed: completed) }) }
        if threads == 1 {
            run()
            return state.results()
        }
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                run()
                group.leave()
            }
            thread.stackSize = 8 << 20  // Lua and deep JSON recursion want more than the 512 KiB default
            thread.start()
        }
        group.wait()
        return state.results()
    }

    /// The shared work counter and result slots, guarded by one lock.
    private final class State<R: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var slots: [R?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func nextIndex() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ index: Int, _ result: R, completed: (Int, R) -> Void) {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = result
            completed(index, result)
        }

        func results() -> [R] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }
}
