import Testing
@testable import Scenarios

struct ShardTests {
    static let paths = (0..<200).map { "scenarios/group\($0 % 7)/case-\($0).json" }

    @Test(arguments: [1, 2, 3, 4, 7, 16])
    func shardsAreDisjointAndCoverEverything(count: Int) throws {
        var seen: [String: Int] = [:]
        for index in 1...count {
            let shard = try Shard(index: index, count: count)
            for path in Self.paths where shard.contains(path) { seen[path, default: 0] += 1 }
        }
        #expect(seen.count == Self.paths.count)
        #expect(seen.values.allSatisfy { $0 == 1 })
    }

    @Test func membershipDependsOnThePathNotThePosition() throws {
        let shard = try Shard(parsing: "2/4")
        let before = Self.paths.filter(shard.contains)
        let after = (["aaa/new.json"] + Self.paths).filter(shard.contains).filter { $0 != "aaa/new.json" }
        #expect(before == after)
        #expect(Self.paths.filter(shard.contains).count > 20)  // roughly balanced
        // FNV-1a's published test vectors: the hash is the same on every machine and run.
        #expect(Shard.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.hash("a") == 0xaf63_dc4c_8601_ec8c)
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "x/2", "2", "1/2/3", ""])
    func invalidShardsAreUsageErrors(text: String) {
        #expect(throws: RunnerUsageError.self) { try Shard(parsing: text) }
    }

    @Test func autoReadsTheCIParallelJobVariables() throws {
        #expect(try Shard(parsing: "auto", environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"]) == Shard(index: 2, count: 4))
        #expect(try Shard(parsing: "auto", environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "3"]) == Shard(index: 1, count: 3))
        #expect(try Shard(parsing: "auto", environment: ["BUILDKITE_PARALLEL_JOB": "4", "BUILDKITE_PARALLEL_JOB_COUNT": "5"])
                == Shard(index: 5, count: 5))
        // No parallel job: everything, as one node runs it all.
        #expect(try Shard(parsing: "auto", environment: ["CI": "true"]) == Shard(index: 1, count: 1))
        // K/N is still K/N whatever the environment says.
        #expect(try Shard(parsing: "3/4", environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"]) == Shard(index: 3, count: 4))
        #expect(throws: RunnerUsageError(message: "--shard auto: CI_NODE_INDEX=5, CI_NODE_TOTAL=4: CI_NODE_INDEX must be a whole number from 1 to 4 (1-based)")) {
            try Shard(parsing: "auto", environment: ["CI_NODE_INDEX": "5", "CI_NODE_TOTAL": "4"])
        }
        #expect(throws: RunnerUsageError.self) { try Shard(parsing: "auto", environment: ["CI_NODE_INDEX": "x", "CI_NODE_TOTAL": "4"]) }
    }

    /// Values at the integer edges (a CI variable of 2^63-1 overflowed `index + 1` and trapped):
    /// each is a usage error naming the variable, never a trap.
    @Test(arguments: [
        ("CI_NODE_INDEX", "CI_NODE_TOTAL", "-9223372036854775808", "4", "CI_NODE_INDEX must be"),
        ("CI_NODE_INDEX", "CI_NODE_TOTAL", "9223372036854775807", "9223372036854775807", "CI_NODE_TOTAL must be"),
        ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", "9223372036854775807", "4", "CIRCLE_NODE_INDEX must be"),
        ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", "-1", "4", "CIRCLE_NODE_INDEX must be"),
        ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", "0", "-9223372036854775808", "CIRCLE_NODE_TOTAL must be"),
        ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "9223372036854775807", "9223372036854775807",
         "BUILDKITE_PARALLEL_JOB_COUNT must be"),
        ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "99999999999999999999", "4", "BUILDKITE_PARALLEL_JOB must be"),
        ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "0", "", "BUILDKITE_PARALLEL_JOB_COUNT must be"),
    ])
    func autoRefusesVariablesAtTheIntegerEdges(index: String, total: String, indexValue: String, totalValue: String,
                                                named: String) {
        do {
            let shard = try Shard(parsing: "auto", environment: [index: indexValue, total: totalValue])
            Issue.record("\(index)=\(indexValue), \(total)=\(totalValue) gave \(shard)")
        } catch {
            #expect(error.message.hasPrefix("--shard auto: \(index)=\(indexValue), \(total)=\(totalValue): \(named) a whole number"),
                    "\(error.message)")
        }
    }

    @Test(arguments: ["9223372036854775807/9223372036854775807", "1/1000001", "-9223372036854775808/2"])
    func explicitShardsPastTheBoundAreUsageErrors(text: String) {
        #expect(throws: RunnerUsageError.self) { try Shard(parsing: text) }
    }
}
