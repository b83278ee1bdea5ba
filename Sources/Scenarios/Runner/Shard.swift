/// One of N stable shards of a scenario set, for CI matrices (`--shard K/N`, K from 1).
///
/// A scenario belongs to the shard picked by a hash (FNV-1a, 64 bits) of its relative path, not
/// by its position, so adding a file moves no other file between shards. Shards are disjoint and
/// together cover every scenario.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// From 1 to `count`.
    public var index: Int
    public var count: Int

    /// The most shards a run may be split into: more than any CI runs in parallel, and a bound
    /// that keeps an absurd value (a variable of 2^63-1) a usage error.
    public static let largestCount = 1_000_000

    public init(index: Int, count: Int) throws(RunnerUsageError) {
        guard (1...Self.largestCount).contains(count), (1...count).contains(index) else {
            throw RunnerUsageError(message: "--shard \(index)/\(count): expected K/N with 1 <= K <= N <= \(Self.largestCount)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing text: String) throws(RunnerUsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw RunnerUsageError(message: "--shard \(text): expected K/N, e.g. 2/4")
        }
        try self.init(index: k, count: n)
    }

    /// Parses `K/N`, or `auto`: the shard the CI system's parallel-job variables name (GitLab's
    /// `CI_NODE_INDEX`/`CI_NODE_TOTAL`, 1-based; CircleCI's `CIRCLE_NODE_INDEX`/`CIRCLE_NODE_TOTAL`
    /// and Buildkite's `BUILDKITE_PARALLEL_JOB`/`BUILDKITE_PARALLEL_JOB_COUNT`, 0-based), or 1/1
    /// (everything) when none is set.
    public init(parsing text: String, environment: [String: String]) throws(RunnerUsageError) {
        guard text == "auto" else { try self.init(parsing: text); return }
        let systems: [(index: String, total: String, base: Int)] = [
            ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
            ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
            ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0),
        ]
        for system in systems {
            guard let rawIndex = environment[system.index], let rawTotal = environment[system.total] else { continue }
            let named = "--shard auto: \(system.index)=\(rawIndex), \(system.total)=\(rawTotal)"
            guard let total = Int(rawTotal), (1...Self.largestCount).contains(total) else {
                throw RunnerUsageError(message: "\(named): \(system.total) must be a whole number from 1 to \(Self.largestCount)")
            }
            // Compared before any arithmetic: a variable of 2^63-1 must not overflow `index + 1`.
            guard let index = Int(rawIndex), index >= system.base, index - system.base < total else {
                throw RunnerUsageError(message: "\(named): \(system.index) must be a whole number from "
                                       + "\(system.base) to \(total - 1 + system.base) (\(system.base == 0 ? "0" : "1")-based)")
            }
            try self.init(index: index - system.base + 1, count: total)
            return
        }
        try self.init(index: 1, count: 1)
    }

    public var description: String { "\(index)/\(count)" }

    /// True when the scenario at `relativePath` belongs to this shard.
    public func contains(_ relativePath: String) -> Bool {
        Int(Shard.hash(relativePath) % UInt64(count)) == index - 1
    }

    /// FNV-1a over the UTF-8 bytes: the same on every machine and run (unlike `Hasher`).
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// A bad command-line value; the runner prints it and exits with code 2.
public struct RunnerUsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
