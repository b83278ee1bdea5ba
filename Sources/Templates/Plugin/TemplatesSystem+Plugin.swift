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
                       typesFile: "types/templates.lua")]
    }

    public static func make(for engine: Engine) throws -> TemplatesSystem { try TemplatesSystem() }

    public static var steps: [SystemStep<TemplatesSystem>] {
        [
            SystemStep(
                "deliver", value: TemplatesShapes.deliver,
                summary: "delivers in-apps as the SDK receives them: one in-app object, an array of them, or a response `{\"inapp_notifs\": [...]}`",
                example: #"{"deliver": {"type": "custom-code", "templateName": "Banner", "wzrk_id": "c1", "vars": {"title": "Sale"}}}"#
            ) { system, context in try system.controller.deliver(context.value) },
            SystemStep(
                "close", value: .anyOf([.boolean, .string]),
                summary: "closes the displayed in-app as the SDK does (its presenter's `onClose` runs); fails when nothing is displayed",
                example: #"{"close": true}"#
            ) { system, _ in
                if !system.controller.close() { throw SystemError("no in-app is displayed") }
            },
        ]
    }

    public static var setupMembers: [SetupMember<TemplatesSystem>] {
        [
            SetupMember(
                "build", shape: .record(members: ["debug": .boolean, "testUser": .boolean], required: []), phase: .beforeScripts,
                summary: "the simulated app's build, applied before the scripts run: `debug` build and `testUser` (sync of definitions needs both)",
                example: #"{"build": {"debug": true, "testUser": true}}"#
            ) { system, context in
                system.instance.isDebugBuild = context.value["debug"]?.boolValue ?? false
                system.instance.isTestUser = context.value["testUser"]?.boolValue ?? false
            },
            SetupMember(
                "templates", shape: .object,
                summary: "template definitions in CleverTap's JSON format, defined after the scripts ran; each takes the presenter a script registered with `templates.presenter(name, p)`",
                example: #"{"templates": {"Banner": {"type": "template", "arguments": {"title": {"type": "string", "value": "Hi"}}}}}"#
            ) { system, context in
                if context.value != .object([:]) { try system.defineJSON(context.value) }
            },
        ]
    }

    public static var expectationKeys: [ExpectationKey<TemplatesSystem>] {
        [
            ExpectationKey(
                "displayed", shape: .anyOf([.string, .null]),
                rule: "the `wzrk_id` of the in-app displayed now; `null`: nothing is displayed",
                example: #"{"displayed": "c1"}"#
            ) { system, _, expected in
                let actual = system.controller.displayed?.id
                guard actual != expected.stringValue else { return [] }
                return [ExpectationMismatch(message: "wrong in-app displayed",
                                            expected: expected.stringValue.map(JSONWriter.quote) ?? "nothing",
                                            actual: actual.map(JSONWriter.quote) ?? "nothing")]
            },
            ExpectationKey(
                "queue", shape: .arrayOf(.string),
                rule: "the ids waiting in the in-app queue, exactly and in order (the displayed one is not in it)",
                example: #"{"queue": ["c2", "c3"]}"#
            ) { system, _, expected in
                let actual = system.controller.queue.map(\.id)
                let wanted = expected.arrayValue?.compactMap(\.stringValue) ?? []
                guard actual != wanted else { return [] }
                return [ExpectationMismatch(message: "wrong queue", expected: JSONWriter.text(.array(wanted.map { .string($0) })),
                                            actual: JSONWriter.text(.array(actual.map { .string($0) })))]
            },
        ]
    }

    public static var eventTypes: [EventType] {
        [
            EventType("inapp.queued", fields: ["id", "template"], meaning: "an in-app entered the queue (delivered, restored, or spawned by an action)"),
            EventType("inapp.skipped", fields: ["id", "template", "(reason)"],
                      meaning: "an in-app was dropped: no template registered for it, a file failed, an invalid payload"),
            EventType("template.presenting", fields: ["id", "template"], meaning: "the presenter's `onPresent` is called"),
            EventType("template.presented", fields: ["id", "template"], meaning: "the presenter called `ctx:presented()`"),
            EventType("template.closed", fields: ["id", "template"], meaning: "the in-app is closed (`close` step, a close action): `onClose` is called"),
            EventType("template.dismissed", fields: ["id", "template"],
                      meaning: "the presenter called `ctx:dismissed()`: the in-app is gone and the next one may show"),
            EventType("action.url", fields: ["url"], meaning: "an `url` action ran (`ctx:triggerAction`)"),
            EventType("action.kv", fields: ["kv"], meaning: "a `kv` action ran, with its key-value pairs"),
            EventType("file.fetched", fields: ["url", "cached"], meaning: "a file argument was fetched before presenting (`cached`: from the 14-day cache)"),
            EventType("file.failed", fields: ["url", "reason"], meaning: "a file argument failed to download: the in-app is skipped"),
        ]
    }

    public static var replCommands: [REPLCommand<TemplatesSystem>] {
        [REPLCommand("queue", summary: "the displayed in-app and the queue") { system, _, _ in system.queueSummary() }]
    }

    public static var commands: [any ParsableCommand.Type] { [SyncCommand.self, CheckCommand.self] }

    /// `displayed: c1 Banner (priority 1)` and the queue, one numbered line each (`:queue`).
    func queueSummary() -> String {
        func line(_ n: InAppNotification) -> String {
            let priority = n.priority.rounded() == n.priority && abs(n.priority) < 1e15
                ? String(Int64(n.priority)) : LuaValue.format(n.priority)
            return "\(n.id) \(n.templateName ?? n.type ?? "?") (priority \(priority))"
        }
        var text = "displayed: " + (controller.displayed.map(line) ?? "none") + "\n"
        text += "queue: \(controller.queue.isEmpty ? "empty" : "\(controller.queue.count)")\n"
        for (i, n) in controller.queue.enumerated() { text += "  \(i + 1). \(line(n))\n" }
        return text
    }
}

/// The shapes of in-app payloads in scenario files.
enum TemplatesShapes {
    /// One in-app object: the keys the runner relies on have the right types.
    static var inapp: ValueShape {
        .custom { value, path in
            guard let object = value.objectValue else { return [(path, "expected an object, got \(value.typeName)")] }
            var problems: [(SystemKit.JSONPath, String)] = []
            for key in ["vars", "display", "custom_kv"] { if let member = object[key] { problems += ValueShape.object.check(member, at: path.key(key)) } }
            for key in ["wzrk_id", "templateName", "type"] { if let member = object[key] { problems += ValueShape.string.check(member, at: path.key(key)) } }
            if let member = object["priority"] { problems += ValueShape.number.check(member, at: path.key("priority")) }
            return problems
        }
    }

    /// `deliver`: an in-app, an array of them, or `{"inapp_notifs": [...]}`.
    static var deliver: ValueShape {
        .named("an in-app object, an array of them, or `{\"inapp_notifs\": [...]}`", .custom { value, path in
            if case .array = value { return ValueShape.arrayOf(inapp).check(value, at: path) }
            guard let object = value.objectValue else { return [(path, "expected an object or an array, got \(value.typeName)")] }
            guard let notifs = object["inapp_notifs"] else { return [] }
            return ValueShape.arrayOf(inapp).check(notifs, at: path.key("inapp_notifs"))
        })
    }
}
