import Engine
import Foundation
import JSON
import OrderedCollections
import SystemKit

/// The FlowX steps and setup members of scenarios.
enum FlowXSteps {
    static var steps: [SystemStep<FlowXSystem>] {
        [
            SystemStep(
                "validate", value: .string, parameters: ["value": .any, "params": .arrayOf(.string), "expect": .boolean],
                summary: "runs a validator (built-in or custom) on `value` with `params`, waiting for an async one (the virtual clock advances to its timers, up to the timeout); with `expect`, fails when the result differs",
                example: #"{"validate": "cnp", "value": "1960101123456", "params": [], "expect": true}"#
            ) { system, context in
                let name = context.value.stringValue ?? ""
                let value = context.step["value"]
                let params = context.step["params"]?.arrayValue?.compactMap(\.stringValue) ?? []
                let outcome = system.renderer.validators.validateWaiting(name, value: value == .null ? nil : value, params: params)
                if let expected = context.step["expect"]?.boolValue, expected != outcome.valid {
                    throw SystemError("validator \(JSONWriter.quote(name)) gave \(outcome.valid), expected \(expected)"
                                      + (outcome.reason.map { " (\($0))" } ?? ""))
                }
            },
            SystemStep(
                "submit", value: .record(members: ["form": .anyOf([.object, .string]), "data": .object], required: ["form"]),
                parameters: ["expect": .record(members: ["valid": .boolean, "errors": .objectOf(.string)], required: [])],
                summary: "validates a form (an object, or the id of a form of the process on screen) against `data` (default: the process data) as an action would, waiting for async validators; records `flowx.form`; with `expect`, fails when `valid` or the `errors` (exactly) differ",
                example: #"{"submit": {"form": {"id": "f", "fields": [{"key": "age", "validators": [{"name": "min", "params": ["18"], "message": "Too young"}]}]}, "data": {"age": 16}}, "expect": {"valid": false, "errors": {"age": "Too young"}}}"#
            ) { system, context in try submit(system, context) },
            SystemStep(
                "startProcess", value: .string,
                parameters: ["params": .object, "workspaceId": .string, "projectId": .string, "isModal": .boolean, "showLoader": .boolean],
                summary: "starts the process definition of this name (loaded by `setup.process` or `flowx.loadProcess`) with start `params` and the SDK's call-time options (`isModal`: default the definition's `modal`; `showLoader`: the `startProcess` loader, default false); needs the configuration (`setup.flowx.config`); a process that cannot start fails the step (in Lua, `flowx.startProcess` gives `\"\"`)",
                example: #"{"startProcess": "loan_application", "params": {"channel": "mobile"}, "isModal": false}"#
            ) { system, context in
                var options = StartOptions()
                options.workspaceId = context.step["workspaceId"]?.stringValue
                options.projectId = context.step["projectId"]?.stringValue
                options.isModal = context.step["isModal"]?.boolValue
                options.showLoader = context.step["showLoader"]?.boolValue ?? false
                try rendering { try system.renderer.start(context.value.stringValue ?? "", params: context.step["params"]?.objectValue ?? [:], options: options) }
            },
            SystemStep(
                "stopProcess", value: .string,
                summary: "the app stops a process by name (the SDK's `stopProcess(name:)`): its running instances are cleaned up; one on screen leaves it and the process that started it shows again",
                example: #"{"stopProcess": "loan_terms"}"#
            ) { system, context in system.renderer.stopProcess(context.value.stringValue ?? "") },
            SystemStep(
                "endSession", value: .boolean,
                summary: "the app ends the FlowX session (the SDK's `endSession()`): every started process is stopped",
                example: #"{"endSession": true}"#
            ) { system, _ in system.renderer.endSession() },
            SystemStep(
                "fill", value: .object,
                summary: "fills fields of the screen shown, by key, as a user types (a field that is not on the screen fails the step)",
                example: #"{"fill": {"email": "ana@example.com", "age": 30}}"#
            ) { system, context in try rendering { try system.renderer.fill(context.value.objectValue ?? [:]) } },
            SystemStep(
                "action", value: .string,
                summary: "runs an action of the screen shown by name, as tapping its button does (`tap` with the button's id works too)",
                example: #"{"action": "savePersonal"}"#
            ) { system, context in try rendering { try system.renderer.action(context.value.stringValue ?? "") } },
            SystemStep(
                "upload", value: .string, parameters: ["file": .string],
                summary: "runs an upload action of the screen shown with a file (`file`: its name; default `file`)",
                example: #"{"upload": "uploadId", "file": "id-card.pdf"}"#
            ) { system, context in
                try rendering { try system.renderer.upload(context.value.stringValue ?? "", file: context.step["file"]?.stringValue ?? "file") }
            },
            SystemStep(
                "dismissProcess", value: .boolean,
                summary: "the user taps the close button of the modal process on screen: the data source's `dismissRequested` runs and decides (the process stays until the app calls `stopProcess`, as in the SDK)",
                example: #"{"dismissProcess": true}"#
            ) { system, _ in try rendering { try system.renderer.dismiss() } },
            SystemStep(
                "resumeProcess", value: .string, parameters: ["name": .string],
                summary: "shows a running process again by its uuid (the SDK's `continueExistingProcess` with its defaults: no loader); `name`, when given, must be its process's name",
                example: #"{"resumeProcess": "00000000-0000-4000-8000-000000000001"}"#
            ) { system, context in
                try rendering { try system.renderer.resume(context.value.stringValue ?? "", name: context.step["name"]?.stringValue) }
            },
        ]
    }

    /// Runs a renderer call; its error becomes the step's failure.
    static func rendering(_ body: () throws -> Void) throws {
        do { try body() } catch let error as RendererError { throw SystemError(error.description) }
    }

    static func submit(_ system: FlowXSystem, _ context: StepContext) throws {
        let form: FormDefinition
        switch context.value["form"] {
        case .string(let id)?:
            let forms = system.renderer.current?.definition.screens.flatMap(\.forms) ?? []
            guard let found = forms.first(where: { $0.id == id }) else { throw SystemError("flowx: no form with id \(JSONWriter.quote(id)) in the process on screen") }
            form = found
        case let json?:
            do { form = try FormDefinition(json: json, path: JSONPath.root.key("submit").key("form")) } catch {
                throw SystemError("flowx: \(error)")
            }
        case nil: throw SystemError("flowx: submit needs a form")
        }
        let data = context.value["data"]?.objectValue ?? system.renderer.current?.data ?? [:]
        let result = system.renderer.validators.validateWaiting(forms: [form], data: data)
        context.engine.transcript.record("flowx.form", ["form": .string(form.id), "valid": .bool(result.isValid), "errors": .object(result.errors)])
        guard let expect = context.step["expect"] else { return }
        if let valid = expect["valid"]?.boolValue, valid != result.isValid {
            throw SystemError("form \(JSONWriter.quote(form.id)) is \(result.isValid ? "valid" : "invalid"), expected \(valid ? "valid" : "invalid"); errors: \(JSONWriter.text(.object(result.errors)))")
        }
        if let errors = expect["errors"], errors != .object(result.errors) {
            throw SystemError("form \(JSONWriter.quote(form.id)) errors: expected \(JSONWriter.text(errors)), got \(JSONWriter.text(.object(result.errors)))")
        }
    }

    static var setupMembers: [SetupMember<FlowXSystem>] {
        [
            SetupMember(
                "flowx", shape: .record(members: ["config": .object, "strictValidators": .boolean, "asyncTimeout": .nonNegativeNumber,
                                                  "session": .string,
                                                  "themes": .object, "theme": .anyOf([.string, .record(members: ["uuid": .string, "file": .string], required: ["uuid"])])],
                                  required: []),
                phase: .beforeScripts,
                summary: "the renderer's setup, before the scripts run: `config` (FXConfig: `baseURL`, `enginePath`, `imageBaseURL`, `organizationId` mandatory; `locale`, `language`, `logLevel`, `additionalHttpHeaders`, `cacheDocuments`, `updateStateEnabled`), `strictValidators` (unknown validator names are invalid), `asyncTimeout` (seconds), `session` (token, FXSessionConfig), `themes` (uuid → theme: what the server knows), `theme` (a uuid, or `{uuid, file}` with a fallback file relative to the scenario: `setupTheme`, after the session; needed before a process starts)",
                example: #"{"flowx": {"config": {"baseURL": "https://api.example", "enginePath": "engine", "imageBaseURL": "https://cdn.example", "organizationId": "org-1"}, "session": "jwt", "theme": "theme-1", "asyncTimeout": 3}}"#
            ) { system, context in
                let renderer = system.renderer!
                if let config = context.value["config"] {
                    do { renderer.configure(try Configuration(json: config)) } catch { throw SystemError("setup.flowx.config: \(error)") }
                }
                if let strict = context.value["strictValidators"]?.boolValue { renderer.validators.strict = strict }
                if let timeout = context.value["asyncTimeout"]?.doubleValue {
                    guard timeout > 0 else { throw SystemError("setup.flowx.asyncTimeout: expected a positive number of seconds") }
                    renderer.validators.asyncTimeout = timeout
                }
                if let token = context.value["session"]?.stringValue { renderer.sessionToken = token }
                if let themes = context.value["themes"]?.objectValue {
                    renderer.themes = Dictionary(uniqueKeysWithValues: themes.map { ($0.key, $0.value) })
                }
                if let theme = context.value["theme"] {
                    let uuid = theme.stringValue ?? theme["uuid"]?.stringValue ?? ""
                    let file = theme["file"]?.stringValue
                    let fallback = file.flatMap { ProcessRenderer.themeFile($0, roots: [context.directory]) }
                    do { try renderer.setupTheme(uuid: uuid, fallback: fallback, fallbackName: file) } catch { throw SystemError("setup.flowx.theme: \(error)") }
                }
            },
            SetupMember(
                "tags", shape: .objectOf(.string), phase: .beforeScripts,
                summary: "substitution tags: key → text (`flowx.tag(key)`; unknown keys give nil)",
                example: #"{"tags": {"loan.title": "Your loan"}}"#
            ) { system, context in
                system.renderer.content.setTags((context.value.objectValue ?? [:]).reduce(into: [:]) { $0[$1.key] = $1.value.stringValue })
            },
            SetupMember(
                "media", shape: .objectOf(.string), phase: .beforeScripts,
                summary: "media library items: key → URL (`flowx.mediaURL(key)`; unknown keys give nil)",
                example: #"{"media": {"logo": "https://cdn.example/logo.png"}}"#
            ) { system, context in
                system.renderer.content.setMedia((context.value.objectValue ?? [:]).reduce(into: [:]) { $0[$1.key] = $1.value.stringValue })
            },
            SetupMember(
                "enumerations", shape: .objectOf(.arrayOf(.object)), phase: .beforeScripts,
                summary: "enumerations: name → items `{code, content, order, type, childContentDescription: {name}}` (`flowx.enumeration(name, parent)`)",
                example: #"{"enumerations": {"countries": [{"code": "RO", "content": "Romania", "order": 1, "childContentDescription": {"name": "counties"}}], "counties": [{"code": "CJ", "content": "Cluj", "order": 1}]}}"#
            ) { system, context in
                do { try system.renderer.content.setEnumerations(context.value) } catch { throw SystemError("setup.enumerations: \(error)") }
            },
            SetupMember(
                "process", shape: .anyOf([.string, .object, .arrayOf(.anyOf([.string, .object]))]),
                summary: "process definitions: a file path (relative to the scenario), an inline definition, or an array of them (format: docs/flowx.md)",
                example: #"{"process": "../../flowx/loan_application.json"}"#
            ) { system, context in
                let entries = context.value.arrayValue ?? [context.value]
                for (i, entry) in entries.enumerated() {
                    do {
                        switch entry {
                        case .string(let path):
                            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.directory, isDirectory: true))
                            system.renderer.add(try ProcessDefinition.load(path: url.standardizedFileURL.path))
                        default:
                            system.renderer.add(try ProcessDefinition(json: entry, file: context.value.arrayValue == nil ? "setup.process" : "setup.process[\(i)]"))
                        }
                    } catch { throw SystemError("\(error)") }
                }
            },
        ]
    }
}
