import JSON
import LuaRuntime

/// The Lua `app` module: the simulated app shared by all systems (lua-api.md).
enum AppModule {
    static func make(engine: Engine) -> (LuaState) throws -> LuaValue {
        { [unowned engine] state in
            let app = state.newTable()
            app["now"] = .function(state.function("now") { _ in [.number(engine.clock.now)] })
            app["advance"] = .function(state.function("advance") { args in
                let seconds = try args.number(1)
                guard seconds >= 0 else { throw args.argumentError(1, "seconds must not be negative") }
                guard seconds <= VirtualClock.maxAdvance else {
                    throw args.argumentError(1, "seconds must be at most \(Int(VirtualClock.maxAdvance)) (ten years)")
                }
                let overruns = engine.clock.overruns
                engine.clock.advance(by: seconds)
                if engine.clock.overruns != overruns {
                    throw LuaError.callback(message: "app.advance: timer limit exceeded "
                                            + "(more than \(engine.clock.maxTimersPerAdvance) timers)")
                }
                return []
            })
            app["after"] = .function(state.function("after") { args in
                let seconds = try args.number(1)
                let function = try args.function(2)
                engine.clock.after(seconds) { engine.callRecordingErrors(function, source: "app.after") }
                return []
            })
            app["load"] = .function(state.function("load") { args in
                try engine.loadFromScript(path: try args.string(1))
                return []
            })
            app["relaunch"] = .function(state.function("relaunch") { args in
                var response: JSONValue?
                if case .table = args[1] {
                    do { response = try args.state.jsonValue(args[1]) } catch {
                        throw LuaError.callback(message: "app.relaunch: \(error)")
                    }
                }
                if let response { try engine.retain(response.estimatedSize) }
                try engine.relaunch(response: response)
                return []
            })
            app["events"] = .function(state.function("events") { args in
                let prefix = try args.optionalString(1)
                let events = engine.transcript.events(prefix: prefix).map(\.json)
                return [try args.state.luaValue(.array(events))]
            })
            // Every view with an id, whichever system drew it (as a scenario's `ui` expectation sees them).
            app["ui"] = .function(state.function("ui") { args in [try args.state.luaValue(engine.ui.visibleTree)] })
            app["tap"] = .function(state.function("tap") { args in
                try engine.ui.tap(id: try args.string(1))
                engine.settle()
                return []
            })
            // The text or option is kept (the transcript's `ui.type`/`ui.select`, the view's value):
            // charged to the engine.
            func input(_ name: String, _ enter: @escaping (String, String) throws -> Void) -> LuaValue {
                .function(state.function(name) { args in
                    let id = try args.string(1), value = try args.string(2)
                    try engine.retain(value.utf8.count)
                    try enter(id, value)
                    engine.settle()
                    return []
                })
            }
            app["type"] = input("type") { try engine.ui.type(id: $0, text: $1) }
            app["select"] = input("select") { try engine.ui.select(id: $0, value: $1) }
            app["log"] = .function(state.function("log") { args in
                var pieces: [String] = []
                for i in 0..<args.count { pieces.append(try args.state.toDisplayString(args[i + 1])) }
                // Charged as the transcript keeps it: past the cap, `not enough memory`.
                engine.transcript.append("log", ["message": .string(pieces.joined(separator: "\t"))])
                return []
            })
            return .table(app)
        }
    }
}
