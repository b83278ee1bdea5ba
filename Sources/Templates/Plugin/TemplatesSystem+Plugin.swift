import ArgumentParser
import Engine
import JSON
import LuaRuntime
import SystemKit

/// Custom code templates as a plug-in: the `templates` module, the `deliver` and `close` steps,
/// the `templates` and `build` setup members, the `displayed` and `queue` expectation keys, the
/// in-app and template events, `:queue` and the `sync` and `check` subcommands.
extension TemplatesSystem: SystemPlugin {
    public static var name: String { "templates" }
    public static var summary: String {
        "CleverTap custom code templates and app functions: definitions, presenters, the in-app queue, actions, files"
    }
    public static var modules: [LuaModuleInfo] {
        [LuaModuleInfo(name: "templates", summary: "define templates and app functions, deliver in-apps, read the queue",
                       typesFile: "types/templates.lua", tables: TemplatesModule.Tables.all)]
    }

    public static func make(for engine: Engine) throws -> TemplatesSystem { try TemplatesSystem() }

    public static var steps: [SystemStep<TemplatesSystem>] {
        [
            SystemStep(
                "deliver", value: TemplatesShapes.deliver, input: JSONValue.self,
                summary: "delivers in-apps as the SDK receives them: a server response (`inapp_notifs`, `inapp_notifs_cs`, `inapp_notifs_ss`, `imc`, `inapp_delivery_mode`, ...), or one in-app object or an array of them (shorthand for `inapp_notifs`, delivery mode unchanged)",
                example: #"{"deliver": {"type": "custom-code", "templateName": "Banner", "wzrk_id": "c1", "vars": {"title": "Sale"}}}"#
            ) { system, payload, _ in try system.deliver(payload) },
            SystemStep(
                "close", value: .anyOf([.boolean, .string]), input: JSONValue.self,
                summary: "closes the displayed in-app as the SDK does (its presenter's `onClose` runs); fails when nothing is displayed",
                example: #"{"close": true}"#
            ) { system, _, _ in
                if !system.controller.close() { throw SystemError("no in-app is displayed") }
            },
        ] + campaignSteps + nativeSteps
    }

    public static var setupMembers: [SetupMember<TemplatesSystem>] {
        [
            SetupMember(
                "build", shape: .record(members: ["debug": .boolean, "testUser": .boolean, "pushEnabled": .boolean], required: []),
                input: Build.self, phase: .beforeScripts,
                summary: "the simulated app's build, applied before the scripts run: `debug` build and `testUser` (sync of definitions needs both), `pushEnabled` (`rfp` in-apps are not queued)",
                example: #"{"build": {"debug": true, "testUser": true}}"#
            ) { system, build, _ in
                system.instance.isDebugBuild = build.debug
                system.instance.isTestUser = build.testUser
                system.campaigns.pushEnabled = build.pushEnabled
            },
            SetupMember(
                "templates", shape: .object, input: JSONObject.self,
                summary: "template definitions in CleverTap's JSON format, defined after the scripts ran; each takes the presenter a script registered with `templates.presenter(name, p)`",
                example: #"{"templates": {"Banner": {"type": "template", "arguments": {"title": {"type": "string", "value": "Hi"}}}}}"#
            ) { system, definitions, _ in
                if !definitions.isEmpty { try system.defineJSON(.object(definitions)) }
            },
        ]
    }

    /// `setup.build`: each flag false when absent (the SDK's default build).
    struct Build: StepInput {
        let debug: Bool, testUser: Bool, pushEnabled: Bool
        init(step: StepReader) throws(LocatedProblem) {
            debug = try step.value["debug"].bool(default: false)
            testUser = try step.value["testUser"].bool(default: false)
            pushEnabled = try step.value["pushEnabled"].bool(default: false)
        }
    }

    /// Whether the run has seen an in-app or a template (its events): what `displayed` and `queue`
    /// record only then.
    static func usedInApps(_ engine: Engine) -> Bool {
        engine.transcript.events.contains { $0.type.hasPrefix("inapp.") || $0.type.hasPrefix("template.") }
    }

    public static var expectationKeys: [ExpectationKey<TemplatesSystem>] {
        [
            ExpectationKey(
                "displayed", shape: .anyOf([.string, .null]), input: JSONValue.self,
                rule: "the `wzrk_id` of the in-app displayed now; `null`: nothing is displayed",
                example: #"{"displayed": "c1"}"#
            ) { system, _, expected in
                let actual = system.controller.displayed?.id
                guard actual != expected.stringValue else { return [] }
                return [ExpectationMismatch(message: "wrong in-app displayed",
                                            expected: expected.stringValue.map { .json(.string($0)) } ?? "nothing",
                                            actual: actual.map { .json(.string($0)) } ?? "nothing")]
            }.recording { system, engine in
                // Nothing to say in an app that never got an in-app (another system's scenario).
                if let displayed = system.controller.displayed { return .string(displayed.id) }
                return usedInApps(engine) ? .null : nil
            },
            ExpectationKey(
                "queue", shape: .arrayOf(.string), input: [String].self,
                rule: "the ids waiting to show, exactly and in display order: pending in-apps, then the store queue (the displayed one is not in it)",
                example: #"{"queue": ["c2", "c3"]}"#
            ) { system, _, expected in
                let actual = system.controller.waitingIds
                let wanted = expected
                guard actual != wanted else { return [] }
                return [ExpectationMismatch(message: "wrong queue", expected: .json(.array(wanted.map { .string($0) })),
                                            actual: .json(.array(actual.map { .string($0) })))]
            }.recording { system, engine in
                usedInApps(engine) ? .array(system.controller.waitingIds.map { .string($0) }) : nil
            },
            ExpectationKey(
                "campaigns", shape: .object, input: JSONObject.self,
                rule: "a partial match of `templates.state()`: the members named match (objects partially, arrays element by element, numbers by value)",
                example: #"{"campaigns": {"caps": {"shownSession": 1}, "counts": {"101": {"lifetime": 1}}, "queue": []}}"#
            ) { system, _, expected in
                let actual = system.campaigns.state
                guard !JSONMatch.matches(.object(expected), actual) else { return [] }
                var mismatches: [ExpectationMismatch] = []
                for (key, member) in expected where !JSONMatch.matches(member, actual[key]) {
                    mismatches.append(ExpectationMismatch(detail: key, message: "wrong campaign state", expected: .json(member),
                                                          actual: actual[key].map(FailureValue.json) ?? "nothing"))
                }
                return mismatches
            },
        ]
    }

    public static var eventTypes: [EventType] {
        campaignEventTypes + nativeEventTypes + [
            EventType("inapp.queued", fields: ["id", "template", "(ti)", "(front)"],
                      meaning: "an in-app entered the store queue (delivered, selected, fired, restored; `front`: spawned by an action at the head)"),
            EventType("inapp.skipped", fields: ["id", "template", "(ti)", "reason", "(message)", "(cap)"],
                      meaning: "an in-app was dropped; `reason`: `unregistered`, `ttl`, `caps` (+`cap`), `file` (a template's file or a native in-app's image), `discarded`, `parse` (the SDK's parse error: unknown type, invalid legacy HTML, audio in an image-only in-app), `orientation` (a native in-app without the device's orientation), `offline` (an HTML in-app without a connection), `delayed-not-found`, `background`, `push-enabled`, `delegate` (the app's `shouldShow` refused it), `relaunch` (on screen or pending when the app relaunched)"),
            EventType("template.presenting", fields: ["id", "template", "(ti)"], meaning: "the presenter's `onPresent` is called"),
            EventType("template.presented", fields: ["id", "template", "(ti)"], meaning: "the presenter called `ctx:presented()`"),
            EventType("template.closed", fields: ["id", "template", "(ti)"], meaning: "the in-app is closed (`close` step, a close action): `onClose` is called"),
            EventType("template.dismissed", fields: ["id", "template", "(ti)"],
                      meaning: "the presenter called `ctx:dismissed()`: the in-app is gone and the next one may show"),
            EventType("action.triggered", fields: ["id", "template", "(ti)", "action", "actionType"],
                      meaning: "a presenter triggered the action argument `action` (`ctx:triggerAction`), of type `actionType` (its `type`: `close`, `url`, `kv`, `custom-code`, `rfp`; empty when absent), or a native in-app's button ran its action (`action`: `button.N`, `media`, an HTML call to action); `id` and `ti` are the in-app's; the action's own event follows"),
            EventType("action.url", fields: ["url", "(opened)"], meaning: "an `url` action ran (`ctx:triggerAction`); `opened`: with an app delegate, whether its `shouldHandleURL` let the URL open"),
            EventType("action.kv", fields: ["kv"], meaning: "a `kv` action ran, with its key-value pairs"),
            EventType("file.fetched", fields: ["url", "cached", "(prefetch)"], meaning: "a file argument (or a native in-app's image) was fetched before presenting (`cached`: from the 14-day cache), or, with `prefetch`, when a response brought its client-side in-app"),
            EventType("file.failed", fields: ["url", "reason", "(prefetch)"], meaning: "a file argument failed to download: the in-app is skipped; with `prefetch` (when the response arrived) nothing is skipped and presenting tries again"),
        ]
    }

    public static var replCommands: [REPLCommand<TemplatesSystem>] {
        [
            REPLCommand("queue", summary: "the displayed in-app and the queue") { system, _, _ in system.queueSummary() },
            REPLCommand("campaigns", summary: "the campaign state: lists, timers, caps, counts (`templates.state()`)") { system, _, _ in
                JSONWriter.text(system.campaigns.state) + "\n"
            },
        ]
    }

    public static var commands: [any ParsableCommand.Type] { [SyncCommand.self] }

    /// `ctlua run --debug-build --test-user`: `app.configure{debugBuild = true, testUser = true}`.
    public static var runFlags: [RunFlag<TemplatesSystem>] {
        [
            RunFlag("debug-build", summary: "the simulated app is a debug build (`app.configure{debugBuild = true}`)") { system in
                system.instance.isDebugBuild = true
            },
            RunFlag("test-user", summary: "the user is a test user (`app.configure{testUser = true}`)") { system in
                system.instance.isTestUser = true
            },
        ]
    }

    /// `displayed: c1 Banner (priority 1)` and the queue, one numbered line each (`:queue`).
    func queueSummary() -> String {
        func line(_ n: InAppNotification) -> String {
            let priority = n.priority.rounded() == n.priority && abs(n.priority) < 1e15
                ? String(Int64(n.priority)) : LuaValue.format(n.priority)
            return "\(n.id) \(n.templateName ?? n.type ?? "?") (priority \(priority))"
        }
        var text = "displayed: " + (controller.displayed.map(line) ?? "none") + "\n"
        let waiting = controller.pending.map(\.notification) + controller.queue
        text += "queue: \(waiting.isEmpty ? "empty" : "\(waiting.count)")\n"
        for (i, n) in waiting.enumerated() {
            text += "  \(i + 1). \(line(n))\(i < controller.pending.count ? " [pending]" : "")\n"
        }
        return text
    }
}

/// The shapes of in-app payloads in scenario files.
enum TemplatesShapes {
    /// One in-app object: the keys the runner relies on have the right types.
    static var inapp: ValueShape {
        .custom { value, path in
            guard let object = value.objectValue else { return [(path, "expected an object, got \(value.typeName)")] }
            var problems: [(JSONPath, String)] = []
            for key in ["vars", "display", "custom_kv"] { if let member = object[key] { problems += ValueShape.object.check(member, at: path.key(key)) } }
            for key in ["wzrk_id", "templateName", "type"] { if let member = object[key] { problems += ValueShape.string.check(member, at: path.key(key)) } }
            if let member = object["priority"] { problems += ValueShape.number.check(member, at: path.key("priority")) }
            return problems
        }
    }

    /// `deliver`: an in-app, an array of them, or a response object.
    static var deliver: ValueShape {
        .named("an in-app object, an array of them, or a response `{\"inapp_notifs\": [...], ...}`", .custom { value, path in
            if case .array = value { return ValueShape.arrayOf(inapp).check(value, at: path) }
            guard let object = value.objectValue else { return [(path, "expected an object or an array, got \(value.typeName)")] }
            if TemplatesSystem.isInApp(object) { return inapp.check(value, at: path) }
            var problems: [(JSONPath, String)] = []
            for key in ["inapp_notifs", "inapp_notifs_cs", "inapp_notifs_ss", "inapp_notifs_meta", "inapp_notifs_applaunched",
                        "inapp_notifs_applaunched_meta"] {
                if let list = object[key] { problems += ValueShape.arrayOf(inapp).check(list, at: path.key(key)) }
            }
            for key in ["imc", "imp"] { if let n = object[key] { problems += ValueShape.number.check(n, at: path.key(key)) } }
            if let mode = object["inapp_delivery_mode"] { problems += ValueShape.string.check(mode, at: path.key("inapp_delivery_mode")) }
            if let stale = object["inapp_stale"] { problems += ValueShape.array.check(stale, at: path.key("inapp_stale")) }
            return problems
        })
    }
}
