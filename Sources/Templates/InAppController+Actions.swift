import Engine
import JSON

extension InAppController {
    /// A close action on the displayed in-app (the user closed it).
    ///
    /// Records `template.closed` and calls the presenter's `onClose` while the
    /// template's context is active. Returns false when nothing is displayed.
    @discardableResult
    public func close() -> Bool {
        guard let notification = displayed else {
            log("templates: close: no in-app is displayed")
            return false
        }
        if let context = displayedContext {
            close(context)
        } else {
            transcript.record("template.closed", fields(notification))
        }
        return true
    }

    /// Closes a context: `template.closed`, then `onClose` when it is still the active one.
    func close(_ context: CustomTemplateContext) {
        transcript.record("template.closed", fields(context.notification))
        guard !context.isDismissed, activeContexts[context.templateName] === context else { return }
        do {
            try context.template.presenter.onClose(context: context)
        } catch {
            reportError("templates: \(context.templateName): onClose: \(error)")
        }
    }

    /// Runs the action `actions` (`{"type": ...}`) of argument `argument` of `context`.
    func perform(_ actions: JSONObject, argument: String, from context: CustomTemplateContext) {
        let type = actions["type"]?.stringValue ?? ""
        transcript.record(
            "action.triggered",
            ["template": .string(context.templateName), "action": .string(argument), "actionType": .string(type)])
        switch type {
        case "close":
            close(context)
        case "url":
            let url = actions["ios"] ?? actions["url"] ?? actions["android"] ?? .null
            transcript.record("action.url", ["url": url])
        case "kv":
            transcript.record("action.kv", ["kv": actions["kv"] ?? .object([:])])
        case "custom-code":
            spawn(actions, argument: argument, from: context)
        default:
            log("templates: unknown action type \"\(type)\" of argument \(argument)")
        }
    }

    /// Spawns the template or function of a `custom-code` action.
    ///
    /// A visual one is queued at the front; a non-visual one runs at once,
    /// outside the queue.
    func spawn(_ actions: JSONObject, argument: String, from context: CustomTemplateContext) {
        let name = actions["templateName"]?.stringValue ?? ""
        var json: JSONObject = [
            "type": "custom-code", "templateName": .string(name),
            "wzrk_id": .string("\(context.notification.id)/\(argument)"),
        ]
        json["vars"] = actions["vars"] ?? .object([:])
        let notification = InAppNotification(json: .object(json), isAction: true)
        guard let template = manager.template(named: name) else {
            skip(notification, reason: "Template with name: \"\(name)\" is not registered and cannot be presented.")
            return
        }
        if template.isVisual {
            queue.insert(notification, at: 0)
            transcript.record("inapp.queued", fields(notification))
            markChanged()
            schedulePump()
            return
        }
        if activeContexts[name] != nil {
            skip(notification, reason: "Template with name: \"\(name)\" is already being presented.")
            return
        }
        guard let spawned = makeContext(template, notification) else {
            skip(notification, reason: Self.filesFailedReason)
            return
        }
        present(spawned)
    }

    /// Called by `CustomTemplateContext.presented()`.
    func contextPresented(_ context: CustomTemplateContext) {
        transcript.record("template.presented", fields(context.notification))
    }

    /// Called once by `CustomTemplateContext.dismissed()`.
    func contextDismissed(_ context: CustomTemplateContext) {
        transcript.record("template.dismissed", fields(context.notification))
        if activeContexts[context.templateName] === context { activeContexts[context.templateName] = nil }
        let nonVisualAction = context.isAction && !context.template.isVisual
        guard !nonVisualAction, displayedContext === context else { return }
        displayedContext = nil
        displayed = nil
        markChanged()
        schedulePump()
    }
}
