import Engine
import Foundation
import JSON
import SystemKit

/// Screen hooks as a plug-in: the `hooks` module, the `navigate`, `back`, `closeHookScreen`,
/// `launchApp` and `continueUserActivity` steps,
/// the `plugins`, `screens` and `hookTimeout` setup members, the `navigation` expectation key,
/// the hook and navigation events and `:navigation`.
extension HooksSystem: SystemPlugin {
    public static var name: String { "hooks" }
    public static var summary: String {
        "Zapp screen hooks: hook plugins and hook screens run by a hook manager before (and after) a screen is shown"
    }
    public static var modules: [LuaModuleInfo] {
        [LuaModuleInfo(name: "hooks", summary: "register hook plugins, load plugin configurations and the river, navigate",
                       typesFile: "types/hooks.lua", tables: HooksModule.Tables.all)]
    }

    public static func make(for engine: Engine) throws -> HooksSystem { HooksSystem() }

    public static var steps: [SystemStep<HooksSystem>] {
        [
            SystemStep(
                "navigate", value: .string, parameters: ["from": HooksShapes.from, "dataSource": .any], input: Navigate.self,
                summary: "navigates to a river screen through its hooks (`from`: `cell` (default), `navbar`, `menu`, `picker`; `dataSource`: the screen's data source); a navigation started while another runs is rejected (`navigation.rejected`)",
                example: #"{"navigate": "premium", "from": "cell", "dataSource": {"id": "movie-1"}}"#
            ) { system, navigate, _ in
                do throws(HookManagerError) { try system.manager.navigate(to: navigate.screen, from: navigate.from, dataSource: navigate.dataSource) } catch {
                    throw SystemError(error.description)
                }
            },
            SystemStep(
                "launchApp", value: .anyOf([.boolean, .record(members: ["root": .string, "loadingFails": .boolean], required: [])]),
                input: LaunchApp.self, summary: "launches the app through its app-loading hooks (`hooks.appLoadingPlugin`): `executeOnLaunch`, then `executeOnApplicationReady` (each plugin waited for), the root presented, `executeAfterAppRootPresentation` (not waited for); an object: `root` (a river screen opened from the menu once the root is presented), `loadingFails` (true: the loading fails, `executeOnFailedLoading` runs)",
                example: #"{"launchApp": {"root": "home"}}"#
            ) { system, launch, _ in
                do throws(AppLaunchError) { try system.launcher.launch(root: launch.root, loadingFails: launch.loadingFails) } catch {
                    throw SystemError(error.description)
                }
            },
            SystemStep(
                "continueUserActivity", value: .record(members: ["activityType": .string, "webpageURL": .string, "userInfo": .object], required: ["activityType"]),
                input: JSONValue.self, summary: "the system hands the app a user activity (`application:continueUserActivity:`): when an app-loading plugin implements `executeOnContinuingUserActivity`, those run at once, plugin after plugin, even during the launch (`activity.continued`, `by`: `hooks`); otherwise the UI layer handles it at once (`by`: `ui layer`)",
                example: #"{"continueUserActivity": {"activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": "https://example.com/movie/1"}}"#
            ) { system, activity, _ in
                system.launcher.continueUserActivity(activity)
            },
            SystemStep(
                "openURL", value: .string, input: String.self,
                summary: "the system opens the app with a URL (`application(_:open:options:)`): handled at once when the app is ready (`url.opened`); before, it waits (`url.delayed`; a later one replaces it) until 0.1 s after the root is presented (`handleDelayedEventsIfNeeded`)",
                example: #"{"openURL": "myapp://movie/1"}"#
            ) { system, url, _ in
                system.launcher.openURL(url)
            },
            SystemStep(
                "back", value: .boolean, input: Bool.self,
                summary: "the user goes back: the top screen is popped (a hook screen: as `closeHookScreen`); the screen shown again re-runs its post-load hooks that answer `reccuringPostLaunchHook` with true; fails on an empty stack or while a navigation runs",
                example: #"{"back": true}"#
            ) { system, _, _ in
                do throws(HookManagerError) { try system.manager.back() } catch { throw SystemError(error.description) }
            },
            SystemStep(
                "closeHookScreen", value: .boolean, input: Bool.self,
                summary: "the user closes the hook screen being shown: the hook is told (`didDisappear`) and fails as cancelled (a screen a failed flow blocker kept is just removed); fails when no hook screen is shown",
                example: #"{"closeHookScreen": true}"#
            ) { system, _, _ in
                do throws(HookManagerError) { try system.manager.closeHookScreen() } catch { throw SystemError(error.description) }
            },
        ]
    }

    public static var setupMembers: [SetupMember<HooksSystem>] {
        [
            SetupMember(
                "plugins", shape: .anyOf([.string, .arrayOf(.object)]), input: DocumentSource.self,
                summary: "the available plugins: `plugin_configurations.json` inline (an array of `{\"plugin\": manifest, \"configuration_json\": {...}}`) or the path of the file",
                example: #"{"plugins": "../../hooks/plugin_configurations.json"}"#
            ) { system, source, context in
                do throws(LocatedProblem) { try system.loadPlugins(try source.reader(in: context.directory)) } catch { throw SystemError(error.description) }
            },
            SetupMember(
                "screens", shape: .anyOf([.string, .arrayOf(.object)]), input: DocumentSource.self,
                summary: "the river screens with their `hooks.preload_plugins` and `postload_plugins`: `river.json` inline or the path of the file",
                example: #"{"screens": [{"id": "home", "hooks": {"preload_plugins": [{"identifier": "analytics", "type": "general"}]}}]}"#
            ) { system, source, context in
                do throws(LocatedProblem) { try system.loadScreens(try source.reader(in: context.directory)) } catch { throw SystemError(error.description) }
            },
            SetupMember(
                "hookTimeout", shape: .nonNegativeNumber, input: Double.self,
                summary: "virtual seconds after which a hook that has not completed fails with an `error` event (default 30); 0: no timeout, as in the SDK (a hook that never completes hangs the app)",
                example: #"{"hookTimeout": 5}"#
            ) { system, seconds, _ in
                system.manager.timeout = seconds
            },
        ]
    }

    /// `{"navigate": screen, "from"?, "dataSource"?}`.
    struct Navigate: StepInput {
        let screen: String, from: InvocationPoint, dataSource: JSONValue?
        init(step: StepReader) throws(LocatedProblem) {
            screen = try step.value.string()
            let from = try step.parameter("from")
            if let name = try from.optionalString() {
                guard let point = InvocationPoint(rawValue: name) else { throw from.problem("expected one of \(InvocationPoint.names), got \(JSONWriter.quote(name))") }
                self.from = point
            } else {
                self.from = .cell   // the documented default
            }
            dataSource = try step.parameter("dataSource").value
        }
    }

    /// `{"launchApp": true}` or `{"launchApp": {"root"?, "loadingFails"?}}`.
    struct LaunchApp: StepInput {
        let root: String?, loadingFails: Bool
        init(step: StepReader) throws(LocatedProblem) {
            root = try step.value["root"].optionalString()
            loadingFails = try step.value["loadingFails"].bool(default: false)
        }
    }

    /// A setup member's document: inline, or the path of a file relative to the scenario.
    enum DocumentSource: StepInput {
        case inline(JSONValue)
        case file(String)

        init(step: StepReader) throws(LocatedProblem) {
            let value = try step.value.any()
            self = value.stringValue.map(DocumentSource.file) ?? .inline(value)
        }

        /// Inline: problems named by the member itself (`setup.plugins: [0].plugin.identifier: ...`);
        /// a file: read now, problems named by the path as written, with line and column.
        func reader(in directory: String) throws(LocatedProblem) -> JSONReader {
            switch self {
            case .inline(let value): return JSONReader(value: value)
            case .file(let path):
                let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardizedFileURL.path
                return try HooksSystem.readJSON(path: absolute, shownAs: path)
            }
        }
    }

    public static var expectationKeys: [ExpectationKey<HooksSystem>] {
        [ExpectationKey(
            "navigation", shape: .object, input: JSONObject.self,
            rule: "the navigation state matches (partial objects, arrays element-wise): `app` ({state: `not launched`, `launching`, `ready`, `failed`; stage; waitingFor}), `screen` (top screen), `stack` (ids, hook screens included), `screens` ({screen, from, data, dataSource, hook?, presentation?}), `running`, and the last navigation's `target`, `from`, `presented` (null while running), `blockedBy`, `data` (what the last hook passed on; null: nothing)",
            example: #"{"navigation": {"presented": false, "blockedBy": "login", "stack": ["home"]}}"#
        ) { system, _, pattern in
            let expected = JSONValue.object(pattern)
            let actual = system.stateJSON
            guard !JSONMatch.matches(expected, actual) else { return [] }
            var details: [ExpectationMismatch] = []
            for (key, value) in pattern where !JSONMatch.matches(value, actual[key]) {
                details.append(ExpectationMismatch(detail: key, message: "navigation.\(key) differs", expected: .json(value),
                                                   actual: actual[key].map(FailureValue.json) ?? "absent"))
            }
            return details.isEmpty ? [ExpectationMismatch(message: "wrong navigation", expected: .json(expected), actual: .json(actual))] : details
        }.recording { system, _ in
            // Nothing while the app was never launched; else where the user is and what blocked them.
            let state = system.stateJSON
            let launched = state["app"]?["state"]?.stringValue != "not launched"
            guard launched || !(state["stack"]?.arrayValue ?? []).isEmpty || state["target"].map({ !$0.isNull }) == true else { return nil }
            return state.picking(["screen", "stack", "blockedBy"])
        }]
    }

    public static var eventTypes: [EventType] {
        [
            EventType("navigation.started", fields: ["screen", "from"], meaning: "a navigation to a river screen started (its hooks run next)"),
            EventType("navigation.rejected", fields: ["screen", "from", "reason"], meaning: "a navigation was refused: another one is running"),
            EventType("navigation.blocked", fields: ["screen", "by"], meaning: "a flow-blocking hook failed (or was cancelled, or timed out): the target is not shown"),
            EventType("hook.started", fields: ["identifier", "index", "flowBlocker", "phase"], meaning: "a hook plugin was created and starts (`phase`: `preload` or `postload`)"),
            EventType("hook.presented", fields: ["identifier", "screen", "presentation"], meaning: "a hook screen plugin's screen was shown (a headless view with the screen's id): `push`ed on the stack or `present`ed modally (`styles.presentation`)"),
            EventType("hook.completed", fields: ["identifier", "succeed", "flowBlocker", "(error)"], meaning: "a hook completed (by itself, by a timeout: `error` is `timeout`, or by a cancel); `flowBlocker`: its `isFlowBlocker` read at completion, which decides"),
            EventType("hook.removed", fields: ["identifier", "screen", "removal", "by"], meaning: "a hook screen left the stack: `removal` `popped` (pushed) or `dismissed` (presented); `by` `manager` (after its completion), `plugin` (`removeScreen`), `user` (`back`, `closeHookScreen`), `navigation` (a new root)"),
            EventType("hook.skipped", fields: ["identifier", "reason"], meaning: "a hook did not run: missing plugin, not a hook (no `\"preload\": true`), no implementation, its `screen_id` not in the river (also an `error`), failing init, not recurring on a return"),
            EventType("hook.ignored", fields: ["identifier", "reason"], meaning: "a hook's second completion (or second presentation answer, or a completion after its navigation ended) was ignored"),
            EventType("hook.cancelled", fields: ["identifier", "screen"], meaning: "the user closed a hook screen (`closeHookScreen`)"),
            EventType("screen.presented", fields: ["screen", "from", "data", "dataSource"], meaning: "the target screen was presented with what the last hook passed on (`data`, null: nothing) and the navigation's `dataSource`"),
            EventType("launch.started", fields: ["root"], meaning: "the app launches through its app-loading hooks (`launchApp`, `hooks.launch`)"),
            EventType("launch.failed", fields: ["message"], meaning: "the app's loading failed: it shows its error (view `loading-error`) and runs `executeOnFailedLoading`"),
            EventType("launch.presented", fields: ["root"], meaning: "every `executeOnApplicationReady` completed: the root is presented (then `executeAfterAppRootPresentation` runs, and `root` opens)"),
            EventType("apphook.started", fields: ["identifier", "stage"], meaning: "an app-loading plugin's stage (`executeOnLaunch`...) was called"),
            EventType("apphook.completed", fields: ["identifier", "stage", "(error)"], meaning: "an app-loading plugin called its completion (or raised: `error`, or timed out: `timeout`); the next plugin runs"),
            EventType("apphook.skipped", fields: ["identifier", "reason"], meaning: "an app-loading plugin is not used: a type the SDK does not collect them from, or a failing init"),
            EventType("apphook.ignored", fields: ["identifier", "stage", "reason"], meaning: "an app-loading plugin completed a stage twice"),
            EventType("activity.continued", fields: ["activity", "by"],
                      meaning: "a user activity was handled: `by` `hooks` (every `executeOnContinuingUserActivity` completed) or `ui layer` (no app-loading plugin implements it)"),
            EventType("url.delayed", fields: ["url", "(replaced)"], meaning: "a URL-scheme open came before the app was ready: it waits until 0.1 s after the root is presented; `replaced`: the earlier one it replaces"),
            EventType("url.opened", fields: ["url"], meaning: "the app handled a URL-scheme open"),
            EventType("screen.popped", fields: ["screen"], meaning: "the user went back (`back`): the top screen was popped"),
            EventType("navigation.returned", fields: ["screen"], meaning: "a screen shows again after a `back`: its recurring post-load hooks run"),
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
