import Engine
import JSON

/// The in-app queue of one app: delivery, ordering, display, actions, files, persistence.
///
/// In-apps are ordered by `priority` (descending, default 1) then `ti`
/// (ascending). One is displayed at a time; the next shows only after the
/// displayed one's context called `dismissed()`. Presenting runs on the
/// engine's run loop (`clock.after(0)`), so `deliver`, `close` and `restore`
/// return at once and the work happens at the next `clock.drain()`.
/// Every step is recorded in the transcript (`inapp.queued`, `inapp.skipped`,
/// `template.presenting`, ...; `id` is the in-app's `wzrk_id`).
///
/// ## Persistence: what "acknowledged" means
///
/// The queue with the displayed in-app is saved to `inapp-queue.json` in the
/// state directory, atomically and durably (temp file, fsync, rename, directory
/// fsync), **once per settle**: changes only mark the state dirty, and one idle
/// action of the clock writes it when the run loop has run every due timer,
/// before the `drain()`/`advance(by:)` of the driving call returns. A save whose
/// bytes equal the previous save is skipped (the file already holds them).
///
/// A change is *acknowledged* when the driving call that made it has returned
/// to its caller. Driving calls are the engine's entry points that settle
/// before returning: Lua `templates.deliver`, `templates.close`, `app.advance`,
/// `app.tap`, `app.relaunch`, `Engine.run`/`load`/`settle`/`relaunch`, the
/// scenario steps built on them, and, for Swift callers of this class,
/// `deliver`/`close`/`restore` followed by `clock.drain()` (or an explicit
/// `flush()`). The guarantee: after `kill -9` at any moment, the file parses
/// and holds the state of the last acknowledged call or of a later settle —
/// every in-app acknowledged as queued is still queued or displayed unless a
/// later settle dismissed or skipped it. Work in flight (a driving call that has
/// not returned) may be lost, as in the SDK when the app dies mid-presentation.
/// The displayed in-app is saved as displayed; after a crash it is presented again.
/// An engine without a state directory keeps its queue in a temporary one that
/// nothing else reads: it is written only when the engine relaunches.
public final class InAppController {
    /// The storage file of the queue.
    public static let storageName = "inapp-queue.json"
    /// The reason an in-app is skipped when a file fails.
    public static let filesFailedReason = "Failed to download custom template files."

    /// The registered templates.
    public let manager: TemplatesManager
    let transcript: Transcript
    let clock: VirtualClock
    let storage: Storage?
    let fileFetcher: any FileFetcher

    /// The displayed in-app, or nil.
    public internal(set) var displayed: InAppNotification?
    /// Queued in-apps in display order.
    public internal(set) var queue: [InAppNotification] = []
    /// The context of the displayed in-app, or nil.
    public internal(set) var displayedContext: CustomTemplateContext?
    var activeContexts: [String: CustomTemplateContext] = [:]
    /// True when the state changed since the last save (a save waits for the idle point).
    public internal(set) var hasUnsavedChanges = false
    /// Number of saves (atomic writes of the queue file) so far.
    public internal(set) var saveCount = 0
    /// True after `retire()`: nothing is saved any more.
    var isRetired = false
    var isFlushScheduled = false
    /// The bytes of the last save (or of the file restored), to skip a save that changes nothing.
    var lastSaved: [UInt8]?
    private var pumpScheduled = false
    private var generatedIds = 0

    /// Creates a controller; without `storage` nothing is persisted.
    public init(
        manager: TemplatesManager, transcript: Transcript, clock: VirtualClock, storage: Storage?,
        fileFetcher: any FileFetcher = LocalFileFetcher()
    ) {
        self.manager = manager
        self.transcript = transcript
        self.clock = clock
        self.storage = storage
        self.fileFetcher = fileFetcher
    }

    /// The active context of the template `name`, or nil.
    public func activeContext(_ name: String) -> CustomTemplateContext? { activeContexts[name] }

    /// True when an in-app is displayed (not yet dismissed) while others wait:
    /// a presenter that never calls `dismissed()` blocks the queue, as in the SDK.
    public var isBlocked: Bool { displayed != nil && !queue.isEmpty }

    /// Delivers one notification object, an array of them, or `{"inapp_notifs": [...]}`.
    ///
    /// A malformed payload throws before anything is queued. Non-`custom-code`
    /// in-apps and unregistered templates are skipped (`inapp.skipped`).
    public func deliver(_ payload: JSONValue) throws(InAppError) {
        let items: [(JSONValue, String)]
        switch payload {
        case .array(let list): items = list.enumerated().map { ($1, "[\($0)]") }
        case .object(let object):
            if let notifs = object["inapp_notifs"] {
                guard case .array(let list) = notifs else {
                    throw .invalidPayload(path: "inapp_notifs", reason: "expected an array, got \(notifs.typeName)")
                }
                items = list.enumerated().map { ($1, "inapp_notifs[\($0)]") }
            } else {
                items = [(payload, "$")]
            }
        default: throw .invalidPayload(path: "$", reason: "expected an object or array, got \(payload.typeName)")
        }
        for (item, path) in items where item.objectValue == nil {
            throw .invalidPayload(path: path, reason: "expected an object, got \(item.typeName)")
        }
        var accepted: [InAppNotification] = []
        for (item, _) in items {
            var notification = InAppNotification(json: item)
            if notification.id.isEmpty {
                generatedIds += 1
                notification = InAppNotification(json: item, id: "inapp-\(generatedIds)")
            }
            if let reason = skipReason(notification) {
                skip(notification, reason: reason)
            } else {
                accepted.append(notification)
            }
        }
        guard !accepted.isEmpty else { return }
        for notification in accepted.sorted(by: { $0.showsBefore($1) }) {
            enqueue(notification)
            transcript.record("inapp.queued", fields(notification))
        }
        markChanged()
        schedulePump()
    }

    /// Why an in-app cannot be queued, or nil.
    func skipReason(_ notification: InAppNotification) -> String? {
        guard notification.type == "custom-code" else {
            return "Unsupported in-app type: \(notification.type ?? "nil")."
        }
        let name = notification.templateName ?? ""
        guard manager.isRegistered(name) else {
            return "Template with name: \"\(name)\" is not registered and cannot be presented."
        }
        return nil
    }

    /// Inserts by priority/ti, never ahead of in-apps spawned by actions at the front.
    private func enqueue(_ notification: InAppNotification) {
        var index = queue.prefix { $0.isAction }.count
        while index < queue.count, !notification.showsBefore(queue[index]) { index += 1 }
        queue.insert(notification, at: index)
    }

    func skip(_ notification: InAppNotification, reason: String) {
        var f = fields(notification)
        f["reason"] = .string(reason)
        transcript.record("inapp.skipped", f)
    }

    func fields(_ notification: InAppNotification) -> JSONObject {
        ["id": .string(notification.id), "template": notification.templateName.map(JSONValue.string) ?? .null]
    }

    func schedulePump() {
        guard !pumpScheduled else { return }
        pumpScheduled = true
        clock.after(0) { [weak self] in
            self?.pumpScheduled = false
            self?.pump()
        }
    }

    /// Shows the next in-app when none is displayed.
    func pump() {
        while displayed == nil, !queue.isEmpty {
            let notification = queue.removeFirst()
            guard let template = manager.template(named: notification.templateName ?? "") else {
                skip(notification, reason: skipReason(notification) ?? "not registered")
                markChanged()
                continue
            }
            if activeContexts[template.name] != nil {
                skip(notification, reason: "Template with name: \"\(template.name)\" is already being presented.")
                markChanged()
                continue
            }
            displayed = notification
            markChanged()
            guard let context = makeContext(template, notification) else {
                skip(notification, reason: Self.filesFailedReason)
                displayed = nil
                markChanged()
                continue
            }
            displayedContext = context
            present(context)
            return
        }
    }

    /// Fetches the file arguments and builds the context; nil when a file failed.
    func makeContext(_ template: CustomTemplate, _ notification: InAppNotification) -> CustomTemplateContext? {
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
        if failed { return nil }
        let context = CustomTemplateContext(template: template, notification: notification, files: files)
        context.controller = self
        return context
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
            if displayedContext === context {
                displayedContext = nil
                displayed = nil
                markChanged()
                schedulePump()
            }
        }
    }

    /// Records an `error` event.
    func reportError(_ message: String) {
        transcript.record("error", ["message": .string(message)])
    }

    /// Records a `log` event.
    func log(_ message: String) {
        transcript.record("log", ["message": .string(message)])
    }
}
