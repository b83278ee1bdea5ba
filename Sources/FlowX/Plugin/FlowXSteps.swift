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
                "validate", value: .string, parameters: ["value": .any, "params": .arrayOf(.string), "expect": .boolean], input: Validate.self,
                summary: "runs a validator (built-in or custom) on `value` with `params`, waiting for an async one (the virtual clock advances to its timers, up to the timeout); with `expect`, fails when the result differs",
                example: #"{"validate": "cnp", "value": "1960101123456", "params": [], "expect": true}"#
            ) { system, validate, _ in
                let name = validate.name
                let outcome = system.renderer.validators.validateWaiting(name, value: validate.value, params: validate.params)
                if let expected = validate.expect, expected != outcome.valid {
                    throw SystemError("validator \(JSONWriter.quote(name)) gave \(outcome.valid), expected \(expected)"
                                      + (outcome.reason.map { " (\($0))" } ?? ""))
                }
            },
            SystemStep(
                "submit", value: .record(members: ["form": .anyOf([.object, .string]), "data": .object], required: ["form"]),
                parameters: ["expect": .record(members: ["valid": .boolean, "errors": .objectOf(.string)], required: [])], input: Submit.self,
                summary: "validates a form (an object, or the id of a form of the process on screen) against `data` (default: the process data) as an action would, waiting for async validators; records `flowx.form`; with `expect`, fails when `valid` or the `errors` (exactly) differ",
                example: #"{"submit": {"form": {"id": "f", "fields": [{"key": "age", "validators": [{"name": "min", "params": ["18"], "message": "Too young"}]}]}, "data": {"age": 16}}, "expect": {"valid": false, "errors": {"age": "Too young"}}}"#
            ) { system, submit, context in try Self.submit(system, submit, context) },
            SystemStep(
                "startProcess", value: .string,
                parameters: ["params": .object, "workspaceId": .string, "projectId": .string, "isModal": .boolean, "showLoader": .boolean],
                input: Start.self, summary: "starts the process definition of this name (loaded by `setup.process` or `flowx.loadProcess`) with start `params` and the SDK's call-time options (`isModal`: default the definition's `modal`; `showLoader`: the `startProcess` loader, default false); needs the configuration (`setup.flowx.config`); a process that cannot start fails the step (in Lua, `flowx.startProcess` gives `\"\"`)",
                example: #"{"startProcess": "loan_application", "params": {"channel": "mobile"}, "isModal": false}"#
            ) { system, start, _ in
                var options = StartOptions()
                options.workspaceId = start.workspaceId
                options.projectId = start.projectId
                options.isModal = start.isModal
                options.showLoader = start.showLoader
                try rendering { try system.renderer.start(start.name, params: start.params, options: options) }
            },
            SystemStep(
                "stopProcess", value: .string, input: String.self,
                summary: "the app stops a process by name (the SDK's `stopProcess(name:)`): its running instances are cleaned up; one on screen leaves it and the process that started it shows again",
                example: #"{"stopProcess": "loan_terms"}"#
            ) { system, name, _ in system.renderer.stopProcess(name) },
            SystemStep(
                "endSession", value: .boolean, input: Bool.self,
                summary: "the app ends the FlowX session (the SDK's `endSession()`): every started process is stopped",
                example: #"{"endSession": true}"#
            ) { system, _, _ in system.renderer.endSession() },
            SystemStep(
                "fill", value: .object, input: JSONObject.self,
                summary: "fills fields of the screen shown, by key, as a user types (a field that is not on the screen fails the step)",
                example: #"{"fill": {"email": "ana@example.com", "age": 30}}"#
            ) { system, fields, _ in try rendering { try system.renderer.fill(fields) } },
            SystemStep(
                "action", value: .string, input: String.self,
                summary: "runs an action of the screen shown by name, as tapping its button does (`tap` with the button's id works too)",
                example: #"{"action": "savePersonal"}"#
            ) { system, name, _ in try rendering { try system.renderer.action(name) } },
            SystemStep(
                "upload", value: .string, parameters: ["file": .string], input: Upload.self,
                summary: "runs an upload action of the screen shown with a file (`file`: its name; default `file`)",
                example: #"{"upload": "uploadId", "file": "id-card.pdf"}"#
            ) { system, upload, _ in
                try rendering { try system.renderer.upload(upload.action, file: upload.file) }
            },
            SystemStep(
                "dismissProcess", value: .boolean, input: Bool.self,
                summary: "the user taps the close button of the modal process on screen: the data source's `dismissRequested` runs and decides (the process stays until the app calls `stopProcess`, as in the SDK)",
                example: #"{"dismissProcess": true}"#
            ) { system, _, _ in try rendering { try system.renderer.dismiss() } },
            SystemStep(
                "resumeProcess", value: .string, parameters: ["name": .string], input: Resume.self,
                summary: "shows a running process again by its uuid (the SDK's `continueExistingProcess` with its defaults: no loader); `name`, when given, must be its process's name",
                example: #"{"resumeProcess": "00000000-0000-4000-8000-000000000001"}"#
            ) { system, resume, _ in
                try rendering { try system.renderer.resume(resume.uuid, name: resume.name) }
            },
        ]
    }

    /// Runs a renderer call; its error becomes the step's failure.
    static func rendering(_ body: () throws -> Void) throws {
        do { try body() } catch let error as RendererError { throw SystemError(error.description) }
    }

    static func submit(_ system: FlowXSystem, _ submit: Submit, _ context: StepContext) throws {
        let form: FormDefinition
        switch submit.form {
        case .id(let id):
            let forms = system.renderer.current?.definition.screens.flatMap(\.forms) ?? []
            guard let found = forms.first(where: { $0.id == id }) else { throw SystemError("flowx: no form with id \(JSONWriter.quote(id)) in the process on screen") }
            form = found
        case .definition(let definition): form = definition
        }
        let data = submit.data ?? system.renderer.current?.data ?? [:]
        let result = system.renderer.validators.validateWaiting(forms: [form], data: data)
        context.engine.transcript.record("flowx.form", ["form": .string(form.id), "valid": .bool(result.isValid), "errors": .object(result.errors)])
        if let valid = submit.expectValid, valid != result.isValid {
            throw SystemError("form \(JSONWriter.quote(form.id)) is \(result.isValid ? "valid" : "invalid"), expected \(valid ? "valid" : "invalid"); errors: \(JSONWriter.text(.object(result.errors)))")
        }
        if let errors = submit.expectErrors, errors != result.errors {
            throw SystemError("form \(JSONWriter.quote(form.id)) errors: expected \(JSONWriter.text(.object(errors))), got \(JSONWriter.text(.object(result.errors)))")
        }
    }

    /// `{"validate": name, "value"?, "params"?, "expect"?}`.
    struct Validate: StepInput {
        let name: String, value: JSONValue?, params: [String], expect: Bool?
        init(step: StepReader) throws(LocatedProblem) {
            name = try step.value.string()
            let value = try step.parameter("value")
            self.value = value.isAbsent ? JSONValue?.none : value.value   // null: no value, as the SDK's nil
            params = try step.parameter("params").optionalStrings() ?? []
            expect = try step.parameter("expect").optionalBool()
        }
    }

    /// `{"submit": {"form", "data"?}, "expect"?: {"valid"?, "errors"?}}`; an inline form is decoded when the file loads.
    struct Submit: StepInput {
        enum Form: Sendable { case id(String), definition(FormDefinition) }
        let form: Form, data: JSONObject?, expectValid: Bool?, expectErrors: JSONObject?
        init(step: StepReader) throws(LocatedProblem) {
            let form = step.value["form"]
            if let id = form.value?.stringValue { self.form = .id(id) } else {
                self.form = .definition(try FormDefinition(json: try form.any(), file: form.reader.file, path: form.path))
            }
            data = try step.value["data"].optionalObject()
            let expect = try step.parameter("expect")
            expectValid = try expect["valid"].optionalBool()
            expectErrors = try expect["errors"].optionalObject()
        }
    }

    /// `{"startProcess": name, "params"?, "workspaceId"?, "projectId"?, "isModal"?, "showLoader"?}`.
    struct Start: StepInput {
        let name: String, params: JSONObject, workspaceId: String?, projectId: String?, isModal: Bool?, showLoader: Bool
        init(step: StepReader) throws(LocatedProblem) {
            name = try step.value.string()
            params = try step.parameter("params").optionalObject() ?? [:]
            workspaceId = try step.parameter("workspaceId").optionalString()
            projectId = try step.parameter("projectId").optionalString()
            isModal = try step.parameter("isModal").optionalBool()
            showLoader = try step.parameter("showLoader").bool(default: false)
        }
    }

    /// `{"upload": action, "file"?}` (`file`: default `file`).
    struct Upload: StepInput {
        let action: String, file: String
        init(step: StepReader) throws(LocatedProblem) {
            action = try step.value.string()
            file = try step.parameter("file").optionalString() ?? "file"
        }
    }

    /// `{"resumeProcess": uuid, "name"?}`.
    struct Resume: StepInput {
        let uuid: String, name: String?
        init(step: StepReader) throws(LocatedProblem) {
            uuid = try step.value.string()
            name = try step.parameter("name").optionalString()
        }
    }

    static var setupMembers: [SetupMember<FlowXSystem>] {
        [
            SetupMember(
                "flowx", shape: .record(members: ["config": .object, "strictValidators": .boolean, "asyncTimeout": .nonNegativeNumber,
                                                  "session": .string,
                                                  "themes": .object, "theme": .anyOf([.string, .record(members: ["uuid": .string, "file": .string], required: ["uuid"])])],
                                  required: []),
                input: Setup.self, phase: .beforeScripts,
                summary: "the renderer's setup, before the scripts run: `config` (FXConfig: `baseURL`, `enginePath`, `imageBaseURL`, `organizationId` mandatory; `locale`, `language`, `logLevel`, `additionalHttpHeaders`, `cacheDocuments`, `updateStateEnabled`), `strictValidators` (unknown validator names are invalid), `asyncTimeout` (seconds), `session` (token, FXSessionConfig), `themes` (uuid → theme: what the server knows), `theme` (a uuid, or `{uuid, file}` with a fallback file relative to the scenario: `setupTheme`, after the session; needed before a process starts)",
                example: #"{"flowx": {"config": {"baseURL": "https://api.example", "enginePath": "engine", "imageBaseURL": "https://cdn.example", "organizationId": "org-1"}, "session": "jwt", "theme": "theme-1", "asyncTimeout": 3}}"#
            ) { system, setup, context in
                let renderer = system.renderer!
                if let config = setup.config {
                    // The same object as `flowx.configure`'s, read by the configuration's one reader.
                    do { renderer.configure(try Configuration(json: config)) } catch { throw SystemError("setup.flowx.config: \(error)") }
                }
                if let strict = setup.strictValidators { renderer.validators.strict = strict }
                if let timeout = setup.asyncTimeout { renderer.validators.asyncTimeout = timeout }
                if let token = setup.session { renderer.sessionToken = token }
                if let themes = setup.themes {
                    renderer.themes = Dictionary(uniqueKeysWithValues: themes.map { ($0.key, $0.value) })
                }
                if let theme = setup.theme {
                    let uuid = theme.uuid
                    let file = theme.file
                    let fallback = file.flatMap { ProcessRenderer.themeFile($0, roots: [context.directory]) }
                    do { try renderer.setupTheme(uuid: uuid, fallback: fallback, fallbackName: file) } catch { throw SystemError("setup.flowx.theme: \(error)") }
                }
            },
            SetupMember(
                "tags", shape: .objectOf(.string), input: StringTable.self, phase: .beforeScripts,
                summary: "substitution tags: key → text (`flowx.tag(key)`; unknown keys give nil)",
                example: #"{"tags": {"loan.title": "Your loan"}}"#
            ) { system, tags, _ in
                system.renderer.content.setTags(tags.entries)
            },
            SetupMember(
                "media", shape: .objectOf(.string), input: StringTable.self, phase: .beforeScripts,
                summary: "media library items: key → URL (`flowx.mediaURL(key)`; unknown keys give nil)",
                example: #"{"media": {"logo": "https://cdn.example/logo.png"}}"#
            ) { system, media, _ in
                system.renderer.content.setMedia(media.entries)
            },
            SetupMember(
                "enumerations", shape: .objectOf(.arrayOf(.object)), input: JSONValue.self, phase: .beforeScripts,
                summary: "enumerations: name → items `{code, content, order, type, childContentDescription: {name}}` (`flowx.enumeration(name, parent)`)",
                example: #"{"enumerations": {"countries": [{"code": "RO", "content": "Romania", "order": 1, "childContentDescription": {"name": "counties"}}], "counties": [{"code": "CJ", "content": "Cluj", "order": 1}]}}"#
            ) { system, enumerations, _ in
                // The same document as `flowx.setEnumerations`', read by its one reader.
                do { try system.renderer.content.setEnumerations(enumerations) } catch { throw SystemError("setup.enumerations: \(error)") }
            },
            SetupMember(
                "process", shape: .anyOf([.string, .object, .arrayOf(.anyOf([.string, .object]))]), input: Processes.self,
                summary: "process definitions: a file path (relative to the scenario), an inline definition, or an array of them (format: docs/flowx.md)",
                example: #"{"process": "../../flowx/loan_application.json"}"#
            ) { system, processes, context in
                for entry in processes.entries {
                    do {
                        switch entry {
                        case .file(let path):
                            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.directory, isDirectory: true))
                            system.renderer.add(try ProcessDefinition.load(path: url.standardizedFileURL.path))
                        case .inline(let definition, let name):
                            system.renderer.add(try ProcessDefinition(json: definition, file: name))
                        }
                    } catch { throw SystemError("\(error)") }
                }
            },
        ]
    }

    /// `setup.flowx`: each member optional.
    struct Setup: StepInput {
        struct Theme: Sendable { let uuid: String, file: String? }
        let config: JSONValue?, strictValidators: Bool?, asyncTimeout: Double?, session: String?, themes: JSONObject?, theme: Theme?
        init(step: StepReader) throws(LocatedProblem) {
            let value = step.value
            config = value["config"].value
            strictValidators = try value["strictValidators"].optionalBool()
            let timeout = value["asyncTimeout"]
            asyncTimeout = try timeout.optionalNumber()
            if let seconds = asyncTimeout, !(seconds > 0) { throw timeout.problem("expected a positive number of seconds") }
            session = try value["session"].optionalString()
            themes = try value["themes"].optionalObject()
            let theme = value["theme"]
            if theme.isAbsent {
                self.theme = nil
            } else if let uuid = theme.value?.stringValue {
                self.theme = Theme(uuid: uuid, file: nil)
            } else {
                self.theme = Theme(uuid: try theme["uuid"].string(), file: try theme["file"].optionalString())
            }
        }
    }

    /// key → text (`tags`, `media`).
    struct StringTable: StepInput {
        let entries: [String: String]
        init(step: StepReader) throws(LocatedProblem) {
            var entries: [String: String] = [:]
            for (key, node) in try step.value.members() { entries[key] = try node.string() }
            self.entries = entries
        }
    }

    /// `setup.process`: a file path, an inline definition, or an array of them.
    struct Processes: StepInput {
        enum Entry: Sendable { case file(String), inline(JSONValue, name: String) }
        let entries: [Entry]
        init(step: StepReader) throws(LocatedProblem) {
            let list = step.value.value?.arrayValue != nil ? (try step.value.array(), true) : ([step.value], false)
            var entries: [Entry] = []
            for (i, node) in list.0.enumerated() {
                let value = try node.any()
                entries.append(value.stringValue.map(Entry.file) ?? .inline(value, name: list.1 ? "setup.process[\(i)]" : "setup.process"))
            }
            self.entries = entries
        }
    }
}
