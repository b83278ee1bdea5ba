import Engine
import JSON
import OrderedCollections

extension ProcessRenderer {
    /// A button tapped: its analytics event, then its action.
    func tap(_ button: ButtonDefinition) throws(RendererError) {
        guard let instance = current, instance.state == .running else { throw .noProcess }
        if let analytics = button.analytics {
            // "component - The type of component triggering the action" (the SDK's AnalyticsActionData).
            collect(.action(value: analytics.value, component: ButtonDefinition.componentType, label: button.label,
                            screen: instance.screen.id, customPayload: analytics.customPayload))
        }
        try run(button.action, file: nil)
    }

    /// Runs an action of the screen shown by name (a button's or a custom component's). `params`
    /// (the SDK's `runAction(action:params:)`) join the action's request.
    public func action(_ name: String, params: JSONObject = [:]) throws(RendererError) {
        guard let instance = current, instance.state == .running else { throw .noProcess }
        if params.isEmpty, let button = instance.screen.buttons.first(where: { $0.action == name }) { return try tap(button) }
        guard instance.screen.buttons.contains(where: { $0.action == name })
                || instance.screen.components.contains(where: { $0.actions.contains(name) }) else {
            throw .noAction(name, screen: instance.screen.id)
        }
        try run(name, file: nil, params: params)
    }

    /// Runs an upload action of the screen shown with a file (its name or path).
    public func upload(_ name: String, file: String) throws(RendererError) {
        guard let instance = current, instance.state == .running else { throw .noProcess }
        guard let action = instance.definition.actions[name] else { throw .noAction(name, screen: instance.screen.id) }
        guard action.kind == .upload else { throw .notUpload(name) }
        try run(name, file: file)
    }

    /// Validates the action's forms and components, then (when valid) submits and moves on.
    func run(_ name: String, file: String?, params: JSONObject = [:]) throws(RendererError) {
        guard let instance = current else { throw .noProcess }
        guard let action = instance.definition.actions[name] else { throw .noAction(name, screen: instance.screen.id) }
        if let pendingAction { throw .busy(pendingAction) }
        let allForms = instance.definition.screens.flatMap(\.forms)
        let forms = action.validate.compactMap { id in allForms.first { $0.id == id } }
        var blocking: [String] = []
        for id in action.validate {
            guard let definition = instance.screen.components.first(where: { $0.id == id }) else { continue }
            var valid = false
            if let component = components[id] {
                contained("\(definition.identifier).validate") { valid = try component.validate() }
            } else {
                valid = true   // nothing provided for it: nothing to validate
            }
            transcript.record("flowx.component.validated", ["component": .string(id), "valid": .bool(valid)])
            if !valid { blocking.append(id) }
        }
        pendingAction = name
        validators.validate(forms: forms, data: instance.data) { [weak self, weak instance] result in
            guard let self, let instance else { return }
            self.pendingAction = nil
            self.validated(action, result: result, blocking: blocking, file: file, params: params, instance: instance)
        }
    }

    /// The keys of a `flowx.action` event, in order.
    static let actionKeys = ["action", "process", "screen", "data"]

    /// `blocking`: the ids of the custom components whose `validate()` answered false (or raised).
    private func validated(_ action: ActionDefinition, result: FormResult, blocking: [String], file: String?,
                           params: JSONObject, instance: ProcessInstance) {
        guard instance.state == .running, current === instance else { return }
        let previous = instance.errors
        instance.errors = result.errors
        // No error before or now (a valid submit): no field's error changes.
        if !(previous.isEmpty && result.errors.isEmpty) {
            for form in instance.screen.forms {
                for field in form.fields where previous[field.key] != result.errors[field.key] && ui.find(field.key) != nil {
                    try? ui.update(id: field.key, properties: ["error": result.errors[field.key] ?? .null])
                }
            }
        }
        guard result.isValid, blocking.isEmpty else {
            var fields: JSONObject = ["action": .string(action.name), "errors": .object(result.errors)]
            if !blocking.isEmpty { fields["components"] = .array(blocking.map { .string($0) }) }
            transcript.record("flowx.action.blocked", fields)
            return
        }
        loader(action.kind == .upload ? .upload(name: action.name) : .action(name: action.name))
        var request = instance.formValues()
        // What the request gets besides the forms' values (which came from the process data), in
        // order: it goes into the request and back into the data. The forms' own values are not
        // written back (the same values, already there); a key set here is, with its last value.
        var extra: JSONObject = [:]
        for definition in instance.screen.components {
            guard let component = components[definition.id] else { continue }
            contained("\(definition.identifier).saveData") { for (k, v) in try component.saveData() { extra[k] = v } }
        }
        if let file { extra[action.name] = .object(["file": .string(file)]) }
        for (k, v) in params { extra[k] = v }
        for (k, v) in extra {
            request[k] = v
            instance.data[k] = v
        }
        instance.submitted = request
        transcript.record("flowx.action", JSONObject(uncheckedUniqueKeys: ProcessRenderer.actionKeys,
                                                     values: [.string(action.name), .string(instance.definition.name),
                                                              .string(instance.screen.id), .object(request)]))
        if let error = action.error {
            transcript.record("flowx.action.failed", ["action": .string(action.name), "error": .string(error)])
            contained("errorReceivedForAction") { try self.dataSource.errorReceivedForAction(action.name) }
            return
        }
        switch action.kind {
        case .startProject:
            do { try startProject(action.process ?? "", from: instance) } catch {
                recordError(error, source: "flowx: action '\(action.name)'")
            }
        case .dismiss:
            do { try dismiss() } catch { recordError(error, source: "flowx: action '\(action.name)'") }
        case .saveData, .upload:
            guard let transition = action.transitions.first(where: { $0.applies(to: instance.data) }) else { return }
            if transition.to == "end" {
                finish(instance, as: .ended)
            } else if let screen = instance.definition.screen(transition.to) {
                show(screen, of: instance)
            }
        }
    }
}
