import ArgumentParser
import LuaRuntime

/// The ranges of the limit options, checked before anything runs: a value outside is a usage
/// error (exit 2) naming the option and the range, never an overflow trap later or a worker
/// that cannot start. `docs/cli.md` lists the same ranges.
enum LimitOptions {
    /// `--max-memory`: 0 (no limit) up to 1 TiB.
    static let memoryRange = 0...(1 << 40)
    /// `--max-instructions`: 0 (no limit) up to 2^53 (exact in a double, far past any run).
    static let instructionRange = 0...(1 << 53)
    /// `--timeout`: more than 0, up to a million seconds (11.5 days).
    static let longestTimeout = 1_000_000.0
    /// `--max-address-space`: 0 (no cap), or at least 256 MiB: below that a worker process
    /// cannot map the runtime it starts with, and would be reported as crashing.
    static let smallestAddressSpace = 256 << 20
    static let largestAddressSpace = 1 << 50

    /// Checks the limits of an engine's options; returns them with 0 read as "no limit".
    static func checked(_ limits: LuaLimits) throws -> LuaLimits {
        try check(memory: limits.memory, instructions: limits.instructions, timeout: limits.timeout)
        var limits = limits
        if limits.memory == 0 { limits.memory = nil }
        if limits.instructions == 0 { limits.instructions = nil }
        return limits
    }

    static func check(memory: Int?, instructions: Int?, timeout: Double?) throws {
        if let memory, !memoryRange.contains(memory) {
            throw ValidationError("--max-memory \(memory): expected bytes from 0 (no limit) to \(memoryRange.upperBound) (1 TiB)")
        }
        if let instructions, !instructionRange.contains(instructions) {
            throw ValidationError("--max-instructions \(instructions): expected a count from 0 (no limit) to \(instructionRange.upperBound)")
        }
        if let timeout, !(timeout > 0 && timeout <= longestTimeout) {
            throw ValidationError("--timeout \(timeout): expected a positive number of seconds up to \(Int(longestTimeout))")
        }
    }

    static func check(addressSpace: Int?) throws {
        guard let addressSpace, addressSpace != 0 else { return }
        if !(smallestAddressSpace...largestAddressSpace).contains(addressSpace) {
            throw ValidationError("--max-address-space \(addressSpace): expected 0 (no cap) or bytes from "
                                  + "\(smallestAddressSpace) (256 MiB; a worker needs that much to start) to \(largestAddressSpace)")
        }
    }
}
