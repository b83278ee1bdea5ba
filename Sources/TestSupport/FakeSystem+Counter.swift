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
        [SystemStep("count", value: .number, parameters: ["times": .number], summary: "adds the value (`times` times)",
                    example: #"{"count": 2, "times": 3}"#) { system, context in
            guard let n = context.value.integerValue, n >= 0 else { throw SystemError("count: expected a whole number ≥ 0") }
            for _ in 0..<(context.step["times"]?.integerValue ?? 1) { system.add(Int(n)) }
        }]
    }

    static var counterSetup: [SetupMember<FakeSystem>] {
        [SetupMember("counter", shape: .record(members: ["start": .number], required: ["start"]),
                     summary: "the counter's start value", example: #"{"counter": {"start": 10}}"#) { system, context in
            system.value = Int(context.value["start"]?.integerValue ?? 0)
        }]
    }

    static var counterKeys: [ExpectationKey<FakeSystem>] {
        [ExpectationKey("count", shape: .number, rule: "the counter's value", example: #"{"count": 3}"#) { system, _, expected in
            expected.integerValue == Int64(system.value) ? [] : [ExpectationMismatch(
                message: "wrong count", expected: .json(expected), actual: .json(.integer(Int64(system.value))))]
        }]
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
