import Engine
import JSON
import LuaRuntime
import SystemKit

/// A toy system defined only here: a counter with a Lua module (`counter.add(n)`,
/// `counter.value()`), a step (`count`), a setup member (`counter`), an expectation key
/// (`count`), an event type (`counter.changed`) and a REPL command (`:count`). It plugs into the
/// catalog with no change outside this file.
final class CounterSystem: SystemPlugin {
    private(set) var value = 0
    private unowned let engine: Engine

    init(engine: Engine) { self.engine = engine }

    func add(_ n: Int) {
        value += n
        engine.transcript.record("counter.changed", ["by": .integer(Int64(n)), "value": .integer(Int64(value))])
    }

    func install(in engine: Engine) throws {
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

    static let name = "counter"
    static let summary = "a counter (a test system)"
    static var modules: [LuaModuleInfo] { [LuaModuleInfo(name: "counter", summary: "add to and read the counter")] }
    static func make(for engine: Engine) throws -> CounterSystem { CounterSystem(engine: engine) }

    static var steps: [SystemStep<CounterSystem>] {
        [SystemStep("count", value: .number, parameters: ["times": .number], summary: "adds the value (`times` times)",
                    example: #"{"count": 2, "times": 3}"#) { system, context in
            guard let n = context.value.intValue, n >= 0 else { throw SystemError("count: expected a whole number ≥ 0") }
            for _ in 0..<(context.step["times"]?.intValue ?? 1) { system.add(n) }
        }]
    }

    static var setupMembers: [SetupMember<CounterSystem>] {
        [SetupMember("counter", shape: .record(members: ["start": .number], required: ["start"]),
                     summary: "the counter's start value", example: #"{"counter": {"start": 10}}"#) { system, context in
            system.value = context.value["start"]?.intValue ?? 0
        }]
    }

    static var expectationKeys: [ExpectationKey<CounterSystem>] {
        [ExpectationKey("count", shape: .number, rule: "the counter's value", example: #"{"count": 3}"#) { system, _, expected in
            expected.intValue == system.value ? [] : [ExpectationMismatch(
                message: "wrong count", expected: JSONWriter.text(expected), actual: "\(system.value)")]
        }]
    }

    static var eventTypes: [EventType] {
        [EventType("counter.changed", fields: ["by", "value"], meaning: "the counter changed")]
    }

    static var replCommands: [REPLCommand<CounterSystem>] {
        [REPLCommand("count", arguments: "[N]", summary: "shows the counter, adding N first") { system, _, argument in
            if let n = Int(argument) { system.add(n) }
            return "count: \(system.value)\n"
        }]
    }

    static var runFlags: [RunFlag<CounterSystem>] {
        [RunFlag("count-ten", summary: "starts the counter at 10") { system in system.add(10) }]
    }
}

extension JSONValue {
    /// The value as a whole number, when it is one.
    var intValue: Int? {
        switch self {
        case .integer(let i): return Int(i)
        case .double(let d) where d.rounded() == d && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }
}
