import Foundation
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
            // `setup.files` of a Lua scenario: URL = a path (relative to the base directory; under
            // `strict`, inside the script or load roots) or {error = "reason"}. Replaces the
            // fixtures set before; `app.files{}` removes them.
            app["files"] = .function(state.function("files") { args in
                let value: JSONValue
                do { value = try args.state.jsonValue(.table(try args.table(1))) } catch let error as LuaError { throw error } catch {
                    throw args.argumentError(1, "\(error)")
                }
                try engine.retain(value.estimatedSize)
                try engine.useFileFixtures(fileFixtures(value, args, engine: engine), baseDirectory: engine.configuration.baseDirectory)
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

extension AppModule {
    /// Reads `app.files`' table: URL → a path, or `{error = "reason"}`; an empty table is none.
    static func fileFixtures(_ value: JSONValue, _ args: LuaArguments, engine: Engine) throws -> [String: FixtureFileFetcher.Fixture] {
        if case .array(let list) = value, list.isEmpty { return [:] }
        guard case .object(let files) = value else { throw args.argumentError(1, "a table of URL = path or {error = reason} expected") }
        var fixtures: [String: FixtureFileFetcher.Fixture] = [:]
        for (url, value) in files {
            switch value {
            case .string(let path):
                if engine.configuration.policy == .strict {
                    let local = LocalFileFetcher.path(of: path, baseDirectory: engine.configuration.baseDirectory)
                    let absolute = URL(fileURLWithPath: local).standardizedFileURL.path
                    guard engine.isInsideLoadRoots(absolute) else {
                        throw args.argumentError(1, "[\(JSONWriter.quote(url))]: '\(path)' is not a file inside the script roots")
                    }
                }
                fixtures[url] = .file(path)
            case .object(let o) where o.count == 1 && o["error"]?.stringValue != nil:
                fixtures[url] = .error(o["error"]?.stringValue ?? "")
            default:
                throw args.argumentError(1, "[\(JSONWriter.quote(url))]: a path or {error = \"reason\"} expected")
            }
        }
        return fixtures
    }
}
