import Engine
import Foundation
import JSON
import OrderedCollections
import SystemKit

/// FlowX as a plug-in: the `flowx` module, the `validate`, `submit` and process steps, the
/// `flowx`, `tags`, `media`, `enumerations` and `process` setup members, the `process`
/// expectation key, the validation, analytics and process events, and `:flowx`.
extension FlowXSystem: SystemPlugin {
    public static var name: String { "flowx" }
    public static var summary: String {
        "FlowX.AI renderer data source: custom validators, forms, a headless process, custom components, analytics"
    }
    public static var modules: [LuaModuleInfo] {
        [LuaModuleInfo(name: "flowx", summary: "validators, the data source, custom components, processes, tags, media, enumerations",
                       typesFile: "types/flowx.lua", tables: FlowXModule.Tables.all)]
    }

    public static func make(for engine: Engine) throws -> FlowXSystem { FlowXSystem() }

    public static var steps: [SystemStep<FlowXSystem>] { FlowXSteps.steps }

    public static var setupMembers: [SetupMember<FlowXSystem>] { FlowXSteps.setupMembers }

    public static var expectationKeys: [ExpectationKey<FlowXSystem>] {
        [
            ExpectationKey(
                "process", shape: .anyOf([.object, .null]), input: JSONValue.self,
                rule: "the process on screen (else the last one started): `process`, `uuid`, `state` (`running`, `ended`, `stopped`), `screen`, `step`, `substep`, `modal`, `uiFlow`, `data`, `submitted` match partially; `errors` (field → message) exactly; `null`: no process was started",
                example: #"{"process": {"process": "loan", "screen": "income", "errors": {}, "submitted": {"amount": 5000}}}"#
            ) { system, _, expected in system.checkProcess(expected) }.recording { system, _ in
                guard let instance = system.renderer.current ?? system.renderer.instances.last else { return nil }
                guard case .object(var recorded)? = instance.json.picking(["process", "state", "screen", "data"]) else { return nil }
                recorded["errors"] = .object(instance.errors)   // matched exactly: `{}` says none
                return .object(recorded)
            },
        ]
    }

    public static var eventTypes: [EventType] {
        [
            EventType("validation", fields: ["validator", "valid", "(field)", "(reason)"],
                      meaning: "a validator judged a value (`reason`: `unknown validator`, or the error that made it invalid)"),
            EventType("analytics", fields: ["kind", "value", "(component)", "(label)", "(screen)", "customPayload"],
                      meaning: "the renderer collected a `screen` or `action` analytics event (`collect(event:)`)"),
            EventType("flowx.configured", fields: ["locale", "language"], meaning: "the renderer was configured, or its locale changed"),
            EventType("flowx.session", fields: ["token"], meaning: "the session token was set (`flowx.session`)"),
            EventType("flowx.theme", fields: ["uuid", "source", "(workspaceId)", "appearance", "(file)"],
                      meaning: "the theme setup finished (`setupTheme`): `source` `server` (a theme `setThemes` knows), `fallback` (the local file) or `none`; `appearance` `light` or `dark`"),
            EventType("flowx.process.updated", fields: ["process", "uuid"],
                      meaning: "back in the foreground with `updateStateEnabled`, the process on screen was refreshed (its screen shown anew)"),
            EventType("flowx.enumeration", fields: ["name", "(parent)", "cached", "found"], meaning: "an enumeration was looked up"),
            EventType("flowx.session.started", fields: [], meaning: "the FlowX session opened (`startSession`, or lazily by the first start)"),
            EventType("flowx.session.ended", fields: [], meaning: "the FlowX session ended (`endSession`): every started process was stopped"),
            EventType("flowx.process.started", fields: ["process", "uuid", "modal", "(workspaceId)", "(projectId)", "(uiFlow)"],
                      meaning: "a process (or a UI flow) started"),
            EventType("flowx.process.failed", fields: ["process", "reason"], meaning: "`startProcess` could not start it and gave the uuid `\"\"`"),
            EventType("flowx.process.resumed", fields: ["process", "uuid"], meaning: "a process shows again (`continueExistingProcess`, or the process it started was stopped or ended)"),
            EventType("flowx.process.ended", fields: ["process", "uuid"], meaning: "a process reached an `end` transition (its `onProcessEnded` runs)"),
            EventType("flowx.dismiss.requested", fields: ["process", "uuid"], meaning: "the user tapped the close button of a modal process; the data source's `dismissRequested` decides"),
            EventType("flowx.process.stopped", fields: ["process", "(uuid)", "(running)"], meaning: "the app stopped a process (`stopProcess`, `endSession`); `running: false`: none of that name was running"),
            EventType("flowx.loader", fields: ["loader", "(name)", "custom"],
                      meaning: "the renderer asked for a loader (`startProcess`, `reloadProcess`, `action`, `upload`); `custom`: the data source gave a view"),
            EventType("flowx.screen", fields: ["process", "screen"], meaning: "a user-task screen was shown"),
            EventType("flowx.stepper", fields: ["step", "custom"], meaning: "the stepper header was asked for (`viewForStepperHeader`) with this step model"),
            EventType("flowx.fill", fields: ["field", "value"], meaning: "a field was filled in"),
            EventType("flowx.component.validated", fields: ["component", "valid"], meaning: "a custom component's `validate` ran for an action"),
            EventType("flowx.action.blocked", fields: ["action", "errors", "(components)"],
                      meaning: "an action did not run: a form is invalid (`errors`: field → message) or custom components' `validate` gave false (`components`: their ids, in the action's `validate` order)"),
            EventType("flowx.action", fields: ["action", "process", "screen", "data"], meaning: "an action ran with this request `data`"),
            EventType("flowx.action.failed", fields: ["action", "error"], meaning: "the server rejected the action (`errorReceivedForAction`)"),
            EventType("flowx.form", fields: ["form", "valid", "errors"], meaning: "a form was validated by a `submit` step"),
        ]
    }

    public static var replCommands: [REPLCommand<FlowXSystem>] {
        [REPLCommand("flowx", summary: "the process on screen: fields, errors, buttons; definitions and validators") { system, _, _ in
            system.summary()
        }]
    }

    /// The `process` expectation: partial match, `errors` exact.
    func checkProcess(_ expected: JSONValue) -> [ExpectationMismatch] {
        let instance = renderer.current ?? renderer.instances.last
        guard case .object(var pattern) = expected else {
            return instance == nil ? [] : [ExpectationMismatch(message: "a process was started", expected: "no process",
                                                               actual: .json(instance!.json))]
        }
        guard let instance else {
            return [ExpectationMismatch(message: "no process was started", expected: .json(expected), actual: "no process")]
        }
        let actual = instance.json
        var mismatches: [ExpectationMismatch] = []
        if let errors = pattern.removeValue(forKey: "errors"), errors != .object(instance.errors) {
            mismatches.append(ExpectationMismatch(detail: "errors", message: "other field errors", expected: .json(errors),
                                                  actual: .json(.object(instance.errors))))
        }
        for (key, value) in pattern where !JSONMatch.matches(value, actual[key]) {
            mismatches.append(ExpectationMismatch(detail: key, message: "process \(key) differs", expected: .json(value),
                                                  actual: actual[key].map(FailureValue.json) ?? "nothing"))
        }
        return mismatches
    }

    /// `:flowx`.
    func summary() -> String {
        var text = "definitions: " + (renderer.definitions.keys.sorted().joined(separator: ", ").nonEmpty ?? "none") + "\n"
        text += "configured: " + (renderer.configuration.map { "\($0.locale) / \($0.language)" } ?? "no") + "\n"
        text += "custom validators: " + (renderer.validators.custom.keys.sorted().joined(separator: ", ").nonEmpty ?? "none")
        text += renderer.validators.strict ? " (strict)\n" : "\n"
        guard let instance = renderer.current else { return text + "process: none on screen\n" }
        text += "process: \(instance.definition.name) \(instance.uuid) — screen \(instance.screen.id)\n"
        for form in instance.screen.forms {
            for field in form.fields {
                let value = instance.data[field.key].map(JSONWriter.text) ?? "—"
                let error = instance.errors[field.key]?.stringValue.map { "  ✗ \($0)" } ?? ""
                text += "  \(form.id).\(field.key) = \(value)\(error)\n"
            }
        }
        for component in instance.screen.components { text += "  [\(component.id)] \(component.identifier)\n" }
        for button in instance.screen.buttons { text += "  (\(button.id)) → \(button.action)\n" }
        return text
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
