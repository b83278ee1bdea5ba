import Engine
import JSON
import LuaRuntime
import SystemKit

/// The fake system's counter: what a system may bring beyond steps (a Lua module, an event type,
/// a REPL command, a run flag), for the catalog's tests.
extension FakeSystem {
    /// Adds `n` to the counter and records `counter.changed`.
    public func add(_ n: Int) {
        value += n
        record("counter.changed", ["by": .integer(Int64(n)), "value": .integer(Int64(value))])
    }

    func installCounter(in engine: Engine) throws {
        try engine.installModule("counter") { [unowned self] state in
            let module = state.newTable()
            module["add"] = .function(state.function("add") { args in
                self.add(Int(try args.integer(1)))
                return []
            })
            module["value"] = .function(state.function("value") { _ in [.integer(Int64(self.value))] })
            return .table(module)
        }
    }

    public static var modules: [LuaModuleInfo] { [LuaModuleInfo(name: "counter", summary: "add to and read the counter")] }

    static var counterSteps: [SystemStep<FakeSystem>] {
        [SystemStep("count", value: .number, parameters: ["times": .number], input: Count.self, summary: "adds the value (`times` times)",
                    example: #"{"count": 2, "times": 3}"#) { system, count, _ in
            for _ in 0..<count.times { system.add(count.amount) }
        }]
    }

    static var counterSetup: [SetupMember<FakeSystem>] {
        [SetupMember("counter", shape: .record(members: ["start": .number], required: ["start"]), input: CounterSetup.self,
                     summary: "the counter's start value", example: #"{"counter": {"start": 10}}"#) { system, setup, _ in
            system.value = setup.start
        }]
    }

    static var counterKeys: [ExpectationKey<FakeSystem>] {
        [ExpectationKey("count", shape: .number, input: JSONValue.self, rule: "the counter's value", example: #"{"count": 3}"#) { system, _, expected in
            expected.integerValue == Int64(system.value) ? [] : [ExpectationMismatch(
                message: "wrong count", expected: .json(expected), actual: .json(.integer(Int64(system.value))))]
        }.recording { system, _ in system.value == 0 ? nil : .integer(Int64(system.value)) }]
    }

    /// `{"count": N, "times": T}`: both whole numbers ≥ 0 (`times` 1 when absent), read when the file loads.
    struct Count: StepInput {
        let amount: Int, times: Int
        init(step: StepReader) throws(LocatedProblem) {
            amount = try Self.count(step.value)
            let times = try step.parameter("times")
            self.times = times.isAbsent ? 1 : try Self.count(times)
        }

        static func count(_ node: JSONNode) throws(LocatedProblem) -> Int {
            let n = try node.integer()
            guard n >= 0, n <= 1_000_000 else { throw node.problem("expected a whole number from 0 to 1000000, got \(n)") }
            return n
        }
    }

    /// `{"counter": {"start": N}}`.
    struct CounterSetup: StepInput {
        let start: Int
        init(step: StepReader) throws(LocatedProblem) { start = try step.value["start"].integer() }
    }

    public static var eventTypes: [EventType] {
        [EventType("counter.changed", fields: ["by", "value"], meaning: "the counter changed")]
    }

    public static var replCommands: [REPLCommand<FakeSystem>] {
        [REPLCommand("count", arguments: "[N]", summary: "shows the counter, adding N first") { system, _, argument in
            if let n = Int(argument) { system.add(n) }
            return "count: \(system.value)\n"
        }]
    }

    public static var runFlags: [RunFlag<FakeSystem>] {
        [RunFlag("count-ten", summary: "starts the counter at 10") { system in system.add(10) }]
    }
}
