import Engine
import JSON

/// The in-app queue of one app, as the SDK's display manager runs it: the persisted store
/// queue, the in-memory pending list, show attempts, display, actions, files, persistence.
///
/// Delivered in-apps are appended to the **store queue** in server order (FIFO; priority
/// and `ti` only select among client-side in-apps, see `Campaigns`). A **show attempt**
/// takes one in-app from the head of the store queue: suspended ⇒ nothing; otherwise it is
/// dequeued and prepared (discard mode, expired `wzrk_ttl`, a failed file ⇒ dropped, and
/// the next in-app waits for the next attempt), then displayed: in background ⇒ dropped;
/// rejected by frequency caps (`displayDelegate`) ⇒ dropped and a new attempt; an in-app
/// already displayed (or suspended) ⇒ appended to **pending**; else presented. When the
/// displayed in-app's context calls `dismissed()`, the first pending in-app is displayed at
/// once, then a show attempt is made. Attempts happen on every delivery (even empty), an
/// insert at the head (a visual action), a dismissal, a cap reject and `resume()`; they run
/// on the engine's run loop (`clock.after(0)`), so a delivery returns at once and the work
/// happens at the next `clock.drain()`.
/// Every step is recorded in the transcript (`inapp.queued`, `inapp.skipped`,
/// `template.presenting`, ...; `id` is the in-app's `wzrk_id`).
///
/// ## Persistence: what "acknowledged" means
///
/// The store queue, the pending list and the displayed in-app are saved to
/// `inapp-queue.json` in the state directory, atomically and durably (temp file, fsync,
/// rename, directory fsync), **once per settle**: changes only mark the state dirty, and one idle
/// action of the clock writes it when the run loop has run every due timer,
/// before the `drain()`/`advance(by:)` of the driving call returns. A save whose
/// bytes equal the previous save is skipped (the file already holds them).
///
/// A change is *acknowledged* when the driving call that made it has returned
/// to its caller. Driving calls are the engine's entry points that settle
/// before returning: Lua `templates.deliver`, `templates.close`, `app.advance`,
/// `app.tap`, `app.relaunch`, `app.event`, `Engine.run`/`load`/`settle`/`relaunch`, the
/// scenario steps built on them, and, for Swift callers of this class,
/// `deliver`/`close`/`restore` followed by `clock.drain()` (or an explicit
/// `flush()`). The guarantee: after `kill -9` at any moment, the file parses
/// and holds the state of the last acknowledged call or of a later settle —
/// every in-app acknowledged as queued is still queued, pending or displayed unless a
/// later settle dismissed or dropped it. Work in flight (a driving call that has
/// not returned) may be lost, as in the SDK when the app dies mid-presentation.
/// The displayed in-app is saved as displayed; after a crash of ctlua it is presented again.
/// A deliberate `app.relaunch` is the app's cold start and loses what the SDK loses: the
/// pending list (memory only) and the displayed in-app (already dequeued from the store).
/// An engine without a state directory keeps its queue in a temporary one that
/// nothing else reads: it is written only when the engine relaunches.
public final class InAppController {
    /// The storage file of the queue.
    public static let storageName = "inapp-queue.json"
    /// The storage file of the current user's store queue: ``storageName`` for the first
    /// user, one file per user after a switch (`app.login`).
    public internal(set) var queueFileName: String {
        get { saver.fileName }
        set { saver.fileName = newValue }
    }
    /// The reason an in-app is skipped when a file fails.
    public static let filesFailedReason = "Failed to download custom template files."

    /// The registered templates.
    public let manager: TemplatesManager
    let transcript: Transcript
    let clock: VirtualClock
    let storage: Storage?
    let fileFetcher: any FileFetcher

    // The queue's state below has no dynamic exclusivity checks (≈60 instructions each, some
    // forty per in-app): every access is a plain read or a mutation that calls out to nothing
    // (presenters and delegates run after it), on the engine's one thread.
    /// The displayed in-app, or nil.
    @exclusivity(unchecked) public internal(set) var displayed: InAppNotification?
    /// The store queue (persisted), in display order: the head is taken by the next show attempt.
    @exclusivity(unchecked) public internal(set) var queue: [InAppNotification] = []
    /// Prepared in-apps waiting for the displayed one to be dismissed (memory only in the SDK).
    @exclusivity(unchecked) public internal(set) var pending: [PreparedInApp] = []
    /// The context of the displayed in-app, or nil.
    @exclusivity(unchecked) public internal(set) var displayedContext: CustomTemplateContext?
    @exclusivity(unchecked) var activeContexts: [String: CustomTemplateContext] = [:]
    /// The native in-app displayed now (its views are in ``ui``), or nil.
    var displayedNative: NativeInApp?
    /// The JS interface of the displayed HTML in-app's web view, nil when none is displayed.
    public internal(set) var htmlInterface: JSInterface?
    /// The headless UI native in-apps are shown in (the engine's), or nil: nothing is shown.
    public weak var ui: HeadlessUI?
    /// The device orientation (`app.configure{landscape = true}`): native in-apps without
    /// the orientation are dropped (`checkOrientationSupport:`).
    public var isLandscape = false
    /// The queue file, saved once per settle (made on first use: its closures capture `self`).
    var saver: CoalescedSave {
        if let madeSaver { return madeSaver }
        let made = CoalescedSave(
            storage: storage, clock: clock, fileName: InAppController.storageName,
            encode: { [unowned self] in try Self.encodeJSON(persistedState) },
            failed: { [unowned self] in reportError("templates: \($0)") })
        madeSaver = made
        return made
    }
    // A `lazy var` cannot drop its exclusivity checks (two per in-app state change: each
    // `markChanged` and `isRetired` read it); this one is read, and set once, calling out to nothing.
    @exclusivity(unchecked) private var madeSaver: CoalescedSave?
    /// True when the state changed since the last save (a save waits for the idle point).
    public var hasUnsavedChanges: Bool { saver.hasUnsavedChanges }
    /// Number of saves (atomic writes of the queue file) so far.
    public var saveCount: Int { saver.saveCount }
    /// True after `retire()`: nothing is saved any more.
    var isRetired: Bool { saver.isRetired }
    @exclusivity(unchecked) private var generatedIds = 0
    /// Caps, lifecycle and events of the simulated SDK (nil: no caps, always foreground).
    @exclusivity(unchecked) public weak var displayDelegate: (any InAppDisplayDelegate)?
    /// The app's in-app callbacks (`app.delegate`), or nil: every in-app shows, URLs open.
    @exclusivity(unchecked) public var appDelegate: InAppAppDelegate?
    /// The extras of the last action triggered per in-app id (`actionExtras`, for `dismissed`).
    @exclusivity(unchecked) var actionExtras: [String: JSONObject] = [:]
    /// The rendering status (`suspendInAppNotifications`, `discardInAppNotifications`, `resume`).
    @exclusivity(unchecked) public internal(set) var renderingStatus: RenderingStatus = .resume
    /// Show attempts made so far (for tests and `templates.state()`).
    @exclusivity(unchecked) public internal(set) var showAttempts = 0

    /// The SDK's in-app rendering status.
    public enum RenderingStatus: String, Sendable {
        case resume, suspend, discard
    }

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
    public var isBlocked: Bool { displayed != nil && !(queue.isEmpty && pending.isEmpty) }

    /// The ids waiting to show, in display order: pending, then the store queue.
    public var waitingIds: [String] { pending.map(\.notification.id) + queue.map(\.id) }

    /// Delivers one notification object, an array of them, or `{"inapp_notifs": [...]}`, as the
    /// SDK's `_addInAppNotificationsToQueue:` (server order, one show attempt).
    ///
    /// A malformed payload throws before anything is queued. Unregistered templates are
    /// skipped (`inapp.skipped`, reason `unregistered`).
    public func deliver(_ payload: JSONValue) throws(InAppError) {
        try addToQueue(Self.items(payload))
    }

    /// The in-app objects of a delivery payload; throws on anything that is not an object.
    public static func items(_ payload: JSONValue) throws(InAppError) -> [JSONValue] {
        // The usual shapes (every item an object) need no reader nor paths: `checkedItems` makes
        // them to locate a problem, and gives the same list when there is none.
        func isObject(_ item: JSONValue) -> Bool { if case .object = item { true } else { false } }
        switch payload {
        case .array(let list) where list.allSatisfy(isObject): return list
        case .object(let object):
            switch object["inapp_notifs"] {
            case nil: return [payload]
            case .array(let list)? where list.allSatisfy(isObject): return list
            default: break
            }
        default: break
        }
        return try checkedItems(payload)
    }

    /// ``items(_:)`` with each item's path: the problem of the first that is not an object.
    static func checkedItems(_ payload: JSONValue) throws(InAppError) -> [JSONValue] {
        let reader = JSONReader(value: payload)
        let items: [(JSONValue, JSONPath)]
        do throws(LocatedProblem) {
            switch payload {
            case .array(let list): items = list.enumerated().map { ($1, JSONPath.root.index($0)) }
            case .object(let object):
                if let notifs = object["inapp_notifs"] {
                    let list = try reader.array(notifs, at: .root.key("inapp_notifs"))
                    items = list.enumerated().map { ($1, JSONPath.root.key("inapp_notifs").index($0)) }
                } else {
                    items = [(payload, .root)]
                }
            default: throw reader.problem("expected an object or array, got \(payload.typeName)", at: .root)
            }
            for (item, path) in items { _ = try reader.object(item, at: path) }
        } catch {
            throw .invalidPayload(error)
        }
        return items.map(\.0)
    }

    /// `_addInAppNotificationsToQueue:`: unregistered templates filtered out, the rest appended
    /// to the store queue in order, then one show attempt (even for an empty list) unless the
    /// app is in background.
    public func addToQueue(_ inApps: [JSONValue]) {
        var changed = false
        for item in inApps {
            let notification = makeNotification(item)
            if notification.type == "custom-code", !manager.isRegistered(notification.templateName ?? "") {
                skip(notification, reason: "unregistered", message: unregisteredMessage(notification.templateName))
                continue
            }
            if item["rfp"].map(FrequencyCaps.boolValue) == true, displayDelegate?.isPushEnabled == true {
                skip(notification, reason: "push-enabled", message: "Push permission is already enabled.")
                continue
            }
            queue.append(notification)
            transcript.record("inapp.queued", fields(notification))
            changed = true
        }
        if changed { markChanged() }
        if displayDelegate?.isInBackground != true { requestShowAttempt() }
    }

    func makeNotification(_ item: JSONValue) -> InAppNotification {
        let notification = InAppNotification(json: item)
        guard notification.id.isEmpty else { return notification }
        generatedIds += 1
        return InAppNotification(json: item, id: "inapp-\(generatedIds)")
    }

    func unregisteredMessage(_ name: String?) -> String {
        "Template with name: \"\(name ?? "")\" is not registered and cannot be presented."
    }

    /// Records `inapp.skipped` with a reason code (campaigns docs) and the SDK's message.
    func skip(_ notification: InAppNotification, reason: String, message: String? = nil, extra: JSONObject = [:]) {
        var f = fields(notification)
        f["reason"] = .string(reason)
        if let message { f["message"] = .string(message) }
        for (k, v) in extra { f[k] = v }
        transcript.record("inapp.skipped", f)
    }

    /// `id`, `template` and `ti` when present: the fields every in-app event starts with (made
    /// once per in-app, ``InAppNotification/eventFields``).
    func fields(_ notification: InAppNotification) -> JSONObject { notification.eventFields }

    /// Records an `error` event.
    func reportError(_ message: String) {
        transcript.record("error", ["message": .string(message)])
    }

    /// Records a `log` event.
    func log(_ message: String) {
        transcript.record("log", ["message": .string(message)])
    }
}
