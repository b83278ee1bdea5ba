import Engine
import JSON

extension InAppController {
    /// Schedules one show attempt on the run loop (`_showNotificationIfAvailable`); every request
    /// is one attempt.
    public func requestShowAttempt() {
        clock.after(0) { [weak self] in self?.showAttempt() }
    }

    /// One show attempt: takes the head of the store queue, prepares it and displays it.
    ///
    /// Suspended ⇒ nothing. A drop while preparing (discard, TTL, files) does not trigger
    /// another attempt: the next in-app waits for the next one.
    public func showAttempt() {
        guard !isRetired else { return }
        showAttempts += 1
        guard renderingStatus != .suspend, !queue.isEmpty else { return }
        let notification = queue.removeFirst()
        markChanged()
        guard let prepared = prepare(notification) else { return }
        display(prepared)
    }

    /// `prepareNotificationForDisplay:`: nil when the in-app is dropped (recorded): discard mode,
    /// an unknown `type`, an elapsed TTL, a file that cannot be fetched.
    func prepare(_ notification: InAppNotification) -> PreparedInApp? {
        if renderingStatus == .discard {
            skip(notification, reason: "discarded", message: "InApp Notifications are set to be discarded.")
            return nil
        }
        if !notification.hasKnownType {
            // `initWithJSON:` sets "Unknown InApp Type": dropped before TTL and caps, no new attempt.
            skip(notification, reason: "parse", message: "Unable to parse the in-app: unknown in-app type.")
            return nil
        }
        var native: NativeInApp?
        if notification.type != "custom-code" {
            let decoded = NativeInApp(json: notification.json)
            if let error = decoded.error {
                skip(notification, reason: "parse", message: "Unable to parse the in-app: \(error).")
                return nil
            }
            native = decoded
        }
        let now = clock.unixTime
        if let ttl = notification.json["wzrk_ttl"]?.doubleValue, ttl != 0, now > ttl {
            skip(notification, reason: "ttl", message: "InApp has elapsed its time to live.")
            return nil
        }
        if let native { return prepareNative(notification, native) }
        guard notification.type == "custom-code", let template = manager.template(named: notification.templateName ?? "") else {
            return PreparedInApp(notification: notification, files: [:])
        }
        guard let files = fetchFiles(template, notification) else {
            skip(notification, reason: "file", message: Self.filesFailedReason)
            return nil
        }
        return PreparedInApp(notification: notification, files: files)
    }

    /// `displayNotification:`: background, caps, already displayed / suspended (pending),
    /// discard, then presenting.
    func display(_ prepared: PreparedInApp) {
        let notification = prepared.notification
        if displayDelegate?.isInBackground == true {
            skip(notification, reason: "background", message: "Application is not in the foreground.")
            return
        }
        if let cap = displayDelegate?.capRejection(notification) {
            skip(notification, reason: "caps", message: "InApp has been rejected by FC, not showing.", extra: ["cap": .string(cap)])
            requestShowAttempt()
            return
        }
        // `CTInAppNotification initWithJSON:` reads `rfp` for every type: a custom template or
        // an HTML in-app with `rfp` is not shown once push is enabled, as a native one.
        if prepared.notification.isRequestForPushPermission, displayDelegate?.isPushEnabled == true {
            skip(notification, reason: "push-enabled", message: "Not showing push permission request, permission is already granted.")
            return
        }
        if displayed != nil {
            pending.append(prepared)
            markChanged()
            return
        }
        if prepared.native?.type == "html", displayDelegate?.isOnline == false {
            skip(notification, reason: "offline", message: "Not showing HTML InApp due to no internet. An active internet connection is required to display the HTML InApp")
            requestShowAttempt()
            return
        }
        if !delegateAllowsShow(notification) {
            skip(notification, reason: "delegate", message: "Application has decided to not show this InApp.")
            requestShowAttempt()
            return
        }
        switch renderingStatus {
        case .discard:
            skip(notification, reason: "discarded", message: "InApp Notifications are set to be discarded.")
            return
        case .suspend:
            pending.append(prepared)
            markChanged()
            return
        case .resume: break
        }
        if let native = prepared.native {
            presentNative(notification, native)
            return
        }
        guard let template = manager.template(named: notification.templateName ?? "") else {
            skip(notification, reason: "unregistered", message: unregisteredMessage(notification.templateName))
            return
        }
        // `CTCustomTemplatesManager presentNotification:` has no "already presented" check: a
        // template whose context is still active (a non-visual action not dismissed yet) is
        // presented again, and the new context replaces the old one as the active context.
        displayed = notification
        markChanged()
        let context = CustomTemplateContext(template: template, notification: notification, files: prepared.files)
        context.controller = self
        displayedContext = context
        present(context)
    }

    /// `prepareNotification:` and `checkOrientationSupport:` of a native in-app: its images are
    /// fetched (the landscape one only with `hasLandscape`); a failure or an orientation the
    /// in-app does not support drops it.
    func prepareNative(_ notification: InAppNotification, _ native: NativeInApp) -> PreparedInApp? {
        var files: [String: String] = [:]
        let images = [("image", native.imageURL), ("imageLandscape", native.hasLandscape ? native.imageURLLandscape : nil)]
        for case let (key, url?) in images {
            switch fileFetcher.fetch(url) {
            case .fetched(let path, let cached):
                transcript.record("file.fetched", ["url": .string(url), "cached": .bool(cached)])
                files[key] = path
            case .failed(let reason):
                transcript.record("file.failed", ["url": .string(url), "reason": .string(reason)])
                skip(notification, reason: "file", message: "unable to load image from URL: \(url)")
                return nil
            }
        }
        if native.type != "pip" {
            let orientation: (String, String)? = native.hasPortrait && !native.hasLandscape && isLandscape ? ("portrait", "landscape")
                : native.hasLandscape && !native.hasPortrait && !isLandscape ? ("landscape", "portrait") : nil
            if let (supported, actual) = orientation {
                skip(notification, reason: "orientation",
                     message: "The InApp Notification supports \(supported) only, the app orientation is \(actual) dismissing the in-app.")
                return nil
            }
        }
        return PreparedInApp(notification: notification, files: files, native: native)
    }

    /// `downloadMediaURLs:` and `downloadCustomTemplatesFileURLs:` of a response's client-side
    /// in-apps (`CleverTap+InAppsResponseHandler`): their images (`media`, `mediaLandscape` with an
    /// `image` content type) and their templates' file arguments are fetched when the response
    /// arrives, into the file cache, so that presenting them later finds them cached. Each URL
    /// once (sorted); a failure is recorded (`file.failed`, `prefetch`) and nothing else happens:
    /// the fetch is tried again at presentation.
    public func prefetchFiles(of inApps: [JSONValue]) {
        var images = Set<String>()
        for inApp in inApps {
            for key in ["media", "mediaLandscape"] {
                guard let media = inApp[key], let url = media["url"]?.stringValue, !url.isEmpty,
                      media["content_type"]?.stringValue?.hasPrefix("image") == true else { continue }
                images.insert(url)
            }
        }
        var files = Set<String>()
        for inApp in inApps { files.formUnion(manager.fileArgumentURLs(inApp)) }
        for url in images.sorted() + files.sorted() {
            switch fileFetcher.fetch(url) {
            case .fetched(_, let cached):
                transcript.record("file.fetched", ["url": .string(url), "cached": .bool(cached), "prefetch": true])
            case .failed(let reason):
                transcript.record("file.failed", ["url": .string(url), "reason": .string(reason), "prefetch": true])
            }
        }
    }

    /// Fetches the file arguments; nil when one failed.
    func fetchFiles(_ template: CustomTemplate, _ notification: InAppNotification) -> [String: String]? {
        var files: [String: String] = [:]
        var failed = false
        for argument in template.arguments where argument.type == .file {
            guard case .string(let url)? = notification.vars[argument.name] else { continue }
            switch fileFetcher.fetch(url) {
            case .fetched(let path, let cached):
                transcript.record("file.fetched", ["url": .string(url), "cached": .bool(cached)])
                files[argument.name] = path
            case .failed(let reason):
                transcript.record("file.failed", ["url": .string(url), "reason": .string(reason)])
                failed = true
            }
        }
        return failed ? nil : files
    }

    /// Activates the context and calls `onPresent`; a throw drops the in-app.
    func present(_ context: CustomTemplateContext) {
        activeContexts[context.templateName] = context
        transcript.record("template.presenting", fields(context.notification))
        do {
            try context.template.presenter.onPresent(context: context)
        } catch {
            reportError("templates: \(context.templateName): onPresent: \(error)")
            context.invalidate()
            if activeContexts[context.templateName] === context { activeContexts[context.templateName] = nil }
            if displayedContext === context { freeDisplay() }
        }
    }

    /// The displayed in-app is gone: the first pending one is displayed at once, then a show attempt.
    func freeDisplay() {
        displayedContext = nil
        displayed = nil
        markChanged()
        if !pending.isEmpty {
            display(pending.removeFirst())
        }
        requestShowAttempt()
    }

    /// `suspendInAppNotifications`: show attempts do nothing; prepared in-apps go to pending.
    public func suspend() {
        renderingStatus = .suspend
        transcript.record("inapp.rendering", ["status": "suspend"])
    }

    /// `discardInAppNotifications:`: each show attempt drops the head in-app; optionally hides the
    /// displayed one. `hideCurrentInAppDisplayController` hides only a view controller, which a
    /// native (or HTML) in-app has: a displayed custom template stays until its presenter calls
    /// `ctx:dismissed()` (logged).
    public func discard(dismissVisible: Bool = false) {
        renderingStatus = .discard
        transcript.record("inapp.rendering", ["status": "discard", "dismissVisible": .bool(dismissVisible)])
        guard dismissVisible else { return }
        // A custom template has no display controller: the SDK finds none and logs so.
        if displayedNative != nil { dismissNative() } else { log("No InApp is currently displayed.") }
    }

    /// `resumeInAppNotifications` + `showInAppNotificationIfAny`: one show attempt.
    public func resume() {
        renderingStatus = .resume
        transcript.record("inapp.rendering", ["status": "resume"])
        if displayDelegate?.isInBackground != true { requestShowAttempt() }
    }

    /// Inserts an in-app at the head of the store queue (`insertInFrontInApp:`) and makes a show attempt.
    func insertInFront(_ notification: InAppNotification) {
        queue.insert(notification, at: 0)
        var f = fields(notification)
        f["front"] = true
        transcript.record("inapp.queued", f)
        markChanged()
        if displayDelegate?.isInBackground != true { requestShowAttempt() }
    }

    /// What a cold start of the app loses (a deliberate relaunch): the pending list, which the SDK
    /// keeps in memory only, and the displayed in-app, which `_showNotificationIfAvailable` dequeued
    /// from the persisted store queue before presenting it (`CTInAppDisplayManager`): the SDK does
    /// not show it again. Each is recorded as `inapp.skipped` with `reason: "relaunch"`, so a
    /// transcript says where it went; nothing counts an impression. (A crash of ctlua itself is
    /// not a relaunch: a restart over the same state directory presents them again.)
    public func forgetOnRelaunch() {
        guard displayed != nil || !pending.isEmpty else { return }
        if let displayed { skip(displayed, reason: "relaunch") }
        for entry in pending { skip(entry.notification, reason: "relaunch") }
        displayed = nil
        displayedContext = nil
        displayedNative = nil
        htmlInterface = nil
        pending.removeAll()
        markChanged()
    }
}

extension InAppController {
    /// Empties the store queue and the pending list (a fresh install: `app.reset`).
    public func clearAll() {
        queue.removeAll()
        pending.removeAll()
        markChanged()
    }
}
