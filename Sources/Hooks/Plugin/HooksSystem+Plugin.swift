import Engine
import Foundation
import JSON
import SystemKit

/// Screen hooks as a plug-in: the `hooks` module, the `navigate` and `closeHookScreen` steps,
/// the `plugins`, `screens` and `hookTimeout` setup members, the `navigation` expectation key,
/// the hook and navigation events and `:navigation`.
extension HooksSystem: SystemPlugin {
    public static var name: String { "hooks" }
    public static var summary: String {
        "Zapp screen hooks: hook plugins and hook screens run by a hook manager before (and after) a screen is shown"
    }
    public static var modules: [LuaModuleInfo] {
        [LuaModuleInfo(name: "hooks", summary: "register hook plugins, load plugin configurations and the river, navigate",
                       typesFile: "types/hooks.lua")]
    }

    public static func make(for engine: Engine) throws -> HooksSystem { HooksSystem() }

    public static var steps: [SystemStep<HooksSystem>] {
        [
            SystemStep(
                "navigate", value: .string, parameters: ["from": HooksShapes.from, "dataSource": .any],
                summary: "navigates to a river screen through its hooks (`from`: `cell` (default), `navbar`, `menu`, `picker`; `dataSource`: the screen's data source); a navigation started while another runs is rejected (`navigation.rejected`)",
                example: #"{"navigate": "premium", "from": "cell", "dataSource": {"id": "movie-1"}}"#
            ) { system, context in
                let from = context.step["from"]?.stringValue.flatMap(InvocationPoint.init(rawValue:)) ?? .cell
                do throws(HookManagerError) { try system.manager.navigate(to: context.value.stringValue ?? "", from: from, dataSource: context.step["dataSource"]) } catch {
                    throw SystemError(error.description)
                }
            },
            SystemStep(
                "closeHookScreen", value: .boolean,
                summary: "the user closes the hook screen being shown: the hook is told (`didDisappear`) and fails as cancelled; fails when no hook screen is shown",
                example: #"{"closeHookScreen": true}"#
            ) { system, _ in
                do throws(HookManagerError) { try system.manager.closeHookScreen() } catch { throw SystemError(error.description) }
            },
        ]
    }

    public static var setupMembers: [SetupMember<HooksSystem>] {
        [
            SetupMember(
                "plugins", shape: .anyOf([.string, .arrayOf(.object)]),
                summary: "the available plugins: `plugin_configurations.json` inline (an array of `{\"plugin\": manifest, \"configuration_json\": {...}}`) or the path of the file",
                example: #"{"plugins": "../../hooks/plugin_configurations.json"}"#
            ) { system, context in
                do throws(LocatedProblem) { try system.loadPlugins(try reader(context)) } catch { throw SystemError(error.description) }
            },
            SetupMember(
                "screens", shape: .anyOf([.string, .arrayOf(.object)]),
                summary: "the river screens with their `hooks.preload_plugins` and `postload_plugins`: `river.json` inline or the path of the file",
                example: #"{"screens": [{"id": "home", "hooks": {"preload_plugins": [{"identifier": "analytics", "type": "general"}]}}]}"#
            ) { system, context in
                do throws(LocatedProblem) { try system.loadScreens(try reader(context)) } catch { throw SystemError(error.description) }
            },
            SetupMember(
                "hookTimeout", shape: .nonNegativeNumber,
                summary: "virtual seconds after which a hook that has not completed fails with an `error` event (default 30)",
                example: #"{"hookTimeout": 5}"#
            ) { system, context in
                guard let seconds = context.value.doubleValue, seconds > 0 else { throw SystemError("expected a positive number of seconds") }
                system.manager.timeout = seconds
            },
        ]
    }

    /// A setup member's document: inline (problems named by the member itself, `setup.plugins:
    /// [0].plugin.identifier: ...`), or read from the path, relative to the scenario (problems
    /// named by the path as written, with line and column).
    private static func reader(_ context: SetupContext) throws(LocatedProblem) -> JSONReader {
        guard let path = context.value.stringValue else { return JSONReader(value: context.value) }
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.directory, isDirectory: true)).standardizedFileURL.path
        return try HooksSystem.readJSON(path: absolute, shownAs: path)
    }

    public static var expectationKeys: [ExpectationKey<HooksSystem>] {
        [ExpectationKey(
            "navigation", shape: .object,
            rule: "the navigation state matches (partial objects, arrays element-wise): `screen` (top screen), `stack` (ids, hook screens included), `screens` ({screen, from, data, hook?}), `running`, and the last navigation's `target`, `from`, `presented` (null while running), `blockedBy`, `data`",
            example: #"{"navigation": {"presented": false, "blockedBy": "login", "stack": ["home"]}}"#
        ) { system, _, expected in
            let actual = system.manager.state.json
            guard !JSONMatch.matches(expected, actual) else { return [] }
            var details: [ExpectationMismatch] = []
            for (key, value) in expected.objectValue ?? [:] where !JSONMatch.matches(value, actual[key]) {
                details.append(ExpectationMismatch(detail: key, message: "navigation.\(key) differs", expected: JSONWriter.text(value),
                                                   actual: actual[key].map(JSONWriter.text) ?? "absent"))
            }
            return details.isEmpty ? [ExpectationMismatch(message: "wrong navigation", expected: JSONWriter.text(expected), actual: JSONWriter.text(actual))] : details
        }]
    }

    public static var eventTypes: [EventType] {
        [
            EventType("navigation.started", fields: ["screen", "from"], meaning: "a navigation to a river screen started (its hooks run next)"),
            EventType("navigation.rejected", fields: ["screen", "from", "reason"], meaning: "a navigation was refused: another one is running"),
            EventType("navigation.blocked", fields: ["screen", "by"], meaning: "a flow-blocking hook failed (or was cancelled, or timed out): the target is not shown"),
            EventType("hook.started", fields: ["identifier", "index", "flowBlocker", "phase"], meaning: "a hook plugin was created and starts (`phase`: `preload` or `postload`)"),
            EventType("hook.presented", fields: ["identifier", "screen"], meaning: "a hook screen plugin's screen was presented (a headless view with the screen's id)"),
            EventType("hook.completed", fields: ["identifier", "succeed", "(error)"], meaning: "a hook completed (by itself, by a timeout: `error` is `timeout`, or by a cancel)"),
            EventType("hook.skipped", fields: ["identifier", "reason"], meaning: "a hook did not run: missing plugin, no implementation, failing init"),
            EventType("hook.ignored", fields: ["identifier", "reason"], meaning: "a hook's second completion (or second presentation answer, or a completion after its navigation ended) was ignored"),
            EventType("hook.cancelled", fields: ["identifier", "screen"], meaning: "the user closed a hook screen (`closeHookScreen`)"),
            EventType("screen.presented", fields: ["screen", "from", "data"], meaning: "the target screen was presented with the dataDict the hooks passed on"),
        ]
    }

    public static var replCommands: [REPLCommand<HooksSystem>] {
        [REPLCommand("navigation", aliases: ["nav"], summary: "the screen stack and the last navigation") { system, _, _ in
            system.manager.state.summary
        }]
    }
}

enum HooksShapes {
    static var from: ValueShape {
        .named("one of `cell`, `navbar`, `menu`, `picker`", .custom { value, path in
            guard let s = value.stringValue else { return [(path, "expected a string, got \(value.typeName)")] }
            return InvocationPoint(rawValue: s) == nil ? [(path, "expected one of \(InvocationPoint.names), got \(JSONWriter.quote(s))")] : []
        })
    }
}
