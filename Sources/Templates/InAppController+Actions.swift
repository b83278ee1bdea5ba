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
        } else if displayedNative != nil {
            dismissNative()
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
        let action = NotificationAction(json: actions)
        let type = actions["type"]?.stringValue ?? ""
        clicked(actions, argument: argument, from: context)
        // The in-app's `id` and `ti` first, as a native in-app's button action records them.
        var triggered = fields(context.notification)
        triggered["template"] = .string(context.templateName)
        triggered["action"] = .string(argument)
        triggered["actionType"] = .string(type)
        transcript.record("action.triggered", triggered)
        switch action.type {
        case .close:
            close(context)
        case .url:
            // `CTNotificationAction` reads only the `ios` key.
            var f: JSONObject = ["url": action.actionURL.map(JSONValue.string) ?? .null]
            if appDelegate != nil { f["opened"] = .bool(delegateAllowsURL(action.actionURL)) }
            transcript.record("action.url", f)
        case .kv:
            // `inAppNotificationButtonTappedWithCustomExtras:` only for a non-empty dictionary.
            if let kv = action.keyValues, !kv.isEmpty {
                transcript.record("action.kv", ["kv": .object(kv)])
                delegateButtonTapped(kv)
            }
        case .custom:
            spawn(actions, argument: argument, parent: context.notification)
        case .rfp:
            // `promptForPushPermission:`: the OS prompt unless push is already enabled.
            let presented = displayDelegate?.isPushEnabled != true
            transcript.record("system.function", ["name": "rfp", "fbSettings": .bool(action.fallbackToSettings),
                                                  "presented": .bool(presented)])
        case .unknown:
            log("templates: unknown action type \"\(type)\" of argument \(argument)")
        }
    }

    /// Notification Clicked (through the display delegate), before the action runs:
    /// `wzrk_*` keys of the in-app, `wzrk_id` (or `""`), `wzrk_c2a` (the action's template name
    /// for custom-code actions, else the argument name).
    func clicked(_ actions: JSONObject, argument: String, from context: CustomTemplateContext) {
        guard let delegate = displayDelegate else { return }
        var props = Self.wzrkProperties(context.notification.json)
        props["wzrk_id"] = context.notification.json["wzrk_id"] ?? .string("")
        if actions["type"]?.stringValue == "custom-code" {
            props["wzrk_c2a"] = actions["templateName"] ?? .string("")
        } else {
            props["wzrk_c2a"] = .string(argument)
        }
        actionExtras[context.notification.id] = ["wzrk_id": props["wzrk_id"] ?? .string(""), "wzrk_c2a": props["wzrk_c2a"] ?? .string("")]
        delegate.didClick(context.notification, properties: props)
    }

    /// Every `wzrk_*` key of an in-app (`CTEventBuilder buildInAppNotificationStateEvent:`).
    static func wzrkProperties(_ json: JSONValue) -> JSONObject {
        var props = JSONObject()
        for (k, v) in json.objectValue ?? [:] where k.hasPrefix("wzrk_") { props[k] = v }
        return props
    }

    /// Spawns the template or function of a `custom-code` action (`createNotificationForAction:`).
    ///
    /// The new in-app carries the parent's `ti` (as a string), `wzrk_id`, `wzrk_ttl`,
    /// `wzrk_pivot` and `wzrk_cgId`, excludes itself from the global caps, and is marked
    /// `is_action`. A visual one is inserted at the head of the store queue (in-apps already
    /// pending still come first); a non-visual one runs at once, outside the queue.
    func spawn(_ actions: JSONObject, argument: String, parent parentNotification: InAppNotification) {
        let name = actions["templateName"]?.stringValue ?? ""
        let parent = parentNotification.json
        var json: JSONObject = ["type": "custom-code"]
        if let ti = CampaignData.campaignId(parent) { json["ti"] = .string(ti) }
        if let id = parent["wzrk_id"] { json["wzrk_id"] = id }
        json["excludeGlobalFCaps"] = true
        json["efc"] = true
        json["wzrk_ttl"] = parent["wzrk_ttl"] ?? .integer(Int64(clock.unixTime.rounded(.down)) + 48 * 3600)
        for key in ["wzrk_pivot", "wzrk_cgId"] { if let v = parent[key] { json[key] = v } }
        for (k, v) in actions { json[k] = v }
        json["templateName"] = .string(name)
        if json["vars"] == nil { json["vars"] = .object([:]) }
        json["is_action"] = true
        let notification = InAppNotification(json: .object(json), id: "\(parentNotification.id)/\(argument)", isAction: true)
        guard let template = manager.template(named: name) else {
            skip(notification, reason: "unregistered", message: unregisteredMessage(name))
            return
        }
        if template.isVisual {
            insertInFront(notification)
            return
        }
        // A non-visual action runs as often as it is triggered (the SDK presents it each time).
        guard let files = fetchFiles(template, notification) else {
            skip(notification, reason: "file", message: Self.filesFailedReason)
            return
        }
        let spawned = CustomTemplateContext(template: template, notification: notification, files: files)
        spawned.controller = self
        present(spawned)
    }

    /// Called by `CustomTemplateContext.presented()`.
    func contextPresented(_ context: CustomTemplateContext) {
        transcript.record("template.presented", fields(context.notification))
        displayDelegate?.didShow(context.notification)
        if !context.isAction { delegateDidShow(context.notification) }
    }

    /// Called once by `CustomTemplateContext.dismissed()`.
    func contextDismissed(_ context: CustomTemplateContext) {
        transcript.record("template.dismissed", fields(context.notification))
        if activeContexts[context.templateName] === context { activeContexts[context.templateName] = nil }
        let nonVisualAction = context.isAction && !context.template.isVisual
        guard !nonVisualAction, displayedContext === context else { return }
        delegateDismissed(context.notification)
        freeDisplay()
    }
}
