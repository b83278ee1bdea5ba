import Engine
import JSON

/// The simulated CleverTap SDK around the in-app queue: server responses, evaluation of
/// events against client-side and server-side in-apps, limits, frequency caps, delayed and
/// in-action timers, sessions and app lifecycle (campaigns docs).
///
/// Persisted state (``CampaignData``) is saved to `campaigns.json` once per settle, like the
/// queue: durably before the driving call returns. Memory-only state (session counts,
/// timers, in-action cache, delivery mode, location, background) is gone on relaunch, as in
/// the SDK.
public final class Campaigns {
    /// The storage file of the campaign state.
    public static let storageName = "campaigns.json"
    /// Seconds after the last event at which a return to foreground starts a new session.
    public static let sessionLength = 1200.0

    public let controller: InAppController
    let transcript: Transcript
    let clock: VirtualClock
    let storage: Storage?
    // No dynamic exclusivity checks on the state below (several per event and response): plain
    // reads and mutations that call out to nothing, on the engine's one thread.
    /// The persisted state.
    @exclusivity(unchecked) public private(set) var data: CampaignData
    @exclusivity(unchecked) public private(set) var impressions: ImpressionManager!
    @exclusivity(unchecked) public private(set) var caps: FrequencyCaps!

    /// The delivery mode of the last response (`CS`, `SS`, or nil), memory only.
    @exclusivity(unchecked) public internal(set) var mode: String?
    /// The user's location, memory only.
    @exclusivity(unchecked) public internal(set) var location: (latitude: Double, longitude: Double)?
    /// True while the app is in background.
    @exclusivity(unchecked) public internal(set) var inBackground = false
    /// The OS push authorization (`UNAuthorizationStatus`): `notDetermined` until the app
    /// sets it or the OS prompt is answered.
    public var pushStatus: PushStatus = .notDetermined
    /// Push permission granted (`rfp` in-apps are not queued); setting false is `notDetermined`.
    public var pushEnabled: Bool {
        get { pushStatus == .authorized }
        set { pushStatus = newValue ? .authorized : .notDetermined }
    }
    /// What the user answers to the OS push prompt (`app.configure{pushAnswer = false}`).
    public var pushAnswer = true
    /// The validation rules of events and profiles (`CTValidationConfig`; `app.configure{discardedEvents}`).
    public var validation = ValidationConfig()
    /// The validation errors reported so far, as the SDK keeps them for its next request (memory only).
    public internal(set) var validationStack = ValidationResultStack()
    /// False while the device is offline (`app.configure{online = false}`): HTML in-apps are dropped.
    public var isOnline = true
    /// The properties of this session's App Launched (memory only).
    @exclusivity(unchecked) public internal(set) var appLaunchedProperties: JSONObject = [:]
    @exclusivity(unchecked) var hasAppLaunchedFailed = false
    /// Unix time of the last recorded event (session length).
    @exclusivity(unchecked) var lastEventTime: Double
    /// Running timers by kind and campaign id.
    var timers: [TimerKey: CampaignTimer] = [:]
    /// Timers paused by `background()`.
    var pausedTimers: [TimerKey: CampaignTimer] = [:]
    var timerGeneration = 0
    /// In-action in-apps waiting for their timer (memory only).
    var inActionCache: [String: JSONValue] = [:]
    /// The campaign state's file, saved once per settle (made on first use: its closures capture `self`).
    var saver: CoalescedSave {
        if let madeSaver { return madeSaver }
        let made = CoalescedSave(
            storage: storage, clock: clock, fileName: Campaigns.storageName,
            encode: { [unowned self] in try InAppController.encodeJSON(data.json) },
            failed: { [unowned self] in transcript.record("error", ["message": .string("templates: \($0)")]) })
        madeSaver = made
        return made
    }
    // Not a `lazy var`, which keeps its exclusivity checks (three per in-app: every `data.changed()`).
    @exclusivity(unchecked) private var madeSaver: CoalescedSave?
    /// `users.json` and `users.journal`: one record appended per settle that changed the users.
    lazy var usersJournal = UsersJournal(
        storage: storage, clock: clock, registry: { [unowned self] in users },
        failed: { [unowned self] in transcript.record("error", ["message": .string("templates: \($0)")]) })
    /// True after `retire()`: nothing is saved any more.
    var isRetired: Bool { saver.isRetired }
    /// The users of the device and the current CleverTap ID (`users.json`).
    var users = UserRegistry()
    /// The file of the current user's campaign state.
    public internal(set) var dataFileName: String {
        get { saver.fileName }
        set { saver.fileName = newValue }
    }

    /// A running timer.
    struct TimerKey: Hashable {
        var kind: String
        var ti: String
    }

    struct CampaignTimer {
        var inApp: JSONValue
        var delay: Double
        var scheduledAt: Double
        var due: Double
        var generation: Int
    }

    public init(controller: InAppController, transcript: Transcript, clock: VirtualClock, storage: Storage?) {
        self.controller = controller
        self.transcript = transcript
        self.clock = clock
        self.storage = storage
        self.data = CampaignData()
        self.lastEventTime = clock.unixTime
        loadUsers()
        dataFileName = users.campaignsFile
        controller.queueFileName = users.queueFile
        load()
        controller.displayDelegate = self
    }

    /// Unix time as the SDK reads it.
    public var now: Double { clock.unixTime }

    /// Why a state file that exists could not be read at start (permissions, a directory or a
    /// device in its place), or nil: the system then refuses to start (``TemplatesSystem``), as
    /// the next save would overwrite what could not be read.
    var unreadable: String?

    /// The message of a state file that exists but cannot be read.
    static func refusal(_ error: StorageError, file: String) -> String {
        "templates: \(error); refusing to start, as the next save would overwrite \(file): fix its permissions or move it away"
    }

    /// Reads the persisted state (a corrupt file is moved aside and reported; one that cannot
    /// be read is kept: at start in ``unreadable``, on a user switch reported, and nothing is
    /// saved any more).
    func load(switching: Bool = false) {
        var loaded = CampaignData()
        if let storage {
            do {
                if let bytes = try storage.read(dataFileName) {
                    if let d = CampaignData.read(try InAppController.decodeJSON(bytes)) {
                        loaded = d
                        saver.assumeSaved(bytes)
                    } else {
                        throw InAppController.PersistenceError.malformed("not a version 1 object")
                    }
                }
            } catch let error as StorageError where switching {
                saver.stop()
                transcript.record("error", ["message": .string(
                    "templates: \(error); \(dataFileName) is kept as it is: this user's campaign state is not loaded "
                    + "and none is saved for the rest of the run: fix its permissions or move it away")])
            } catch let error as StorageError {
                unreadable = unreadable ?? Self.refusal(error, file: dataFileName)
            } catch {
                let aside = (try? storage.moveAside(dataFileName)) ?? "(not moved)"
                transcript.record("error", ["message": .string("templates: \(dataFileName) is corrupt (\(error)); moved aside to \(aside)")])
            }
        }
        adopt(loaded)
    }

    func adopt(_ d: CampaignData) {
        data = d
        data.onChange = { [weak self] in self?.markChanged() }
        impressions = ImpressionManager(data: data, now: { [clock] in clock.unixTime })
        caps = FrequencyCaps(data: data, impressions: impressions, now: { [clock] in clock.unixTime })
    }

    /// The evaluator over the current state, with trigger events recorded.
    func evaluator(list: String, event: CampaignEvent) -> InAppEvaluator {
        let data = self.data
        let matcher = TriggersMatcher { name in data.eventLog[CampaignEvent.normalize(name)] == 1 }
        var evaluator = InAppEvaluator(
            triggers: matcher, limits: LimitsMatcher(impressions: impressions, triggerCount: data.triggerCount), data: data
        ) { [controller] inApp in
            guard inApp["type"]?.stringValue == "custom-code" else { return true }
            return controller.manager.isRegistered(inApp["templateName"]?.stringValue ?? "")
        }
        evaluator.onTrigger = { [transcript] inApp, eligible in
            transcript.record("inapp.triggered", [
                "ti": .string(CampaignData.campaignId(inApp) ?? ""), "event": .string(event.name),
                "list": .string(list), "eligible": .bool(eligible),
            ])
        }
        return evaluator
    }

    // MARK: Persistence

    /// Notes a change: one durable save when the run loop is idle.
    func markChanged() { saver.markChanged() }

    /// Saves the campaign state now if it changed (atomic, durable).
    public func flush() { saver.flush() }

    /// Saves and stops saving (the app process ends: relaunch).
    public func retire() {
        saver.retire()
        usersJournal.retire()
        timers.removeAll()
        pausedTimers.removeAll()
    }
}

extension Campaigns: InAppDisplayDelegate {
    public var isInBackground: Bool { inBackground }
    public var isPushEnabled: Bool { pushEnabled }

    public func capRejection(_ notification: InAppNotification) -> String? {
        caps.rejection(notification.json)
    }

    public func didShow(_ notification: InAppNotification) {
        guard !notification.isAction else { return }
        caps.didShow(notification.json)
        let props = InAppController.wzrkProperties(notification.json)
        transcript.record("notification.viewed", JSONObject(uncheckedUniqueKeys: ["wzrk_id", "props"],
                                                            values: [notification.json["wzrk_id"] ?? .null, .object(props)]))
        clock.after(0) { [weak self] in self?.recordEvent("Notification Viewed", properties: props, evaluatedProperties: [:]) }
    }

    public func didClick(_ notification: InAppNotification, properties: JSONObject) {
        transcript.record("notification.clicked", [
            "wzrk_id": properties["wzrk_id"] ?? .string(""), "props": .object(properties),
            "wzrk_c2a": properties["wzrk_c2a"] ?? .null,
        ])
        recordEvent("Notification Clicked", properties: properties, evaluatedProperties: [:])
    }
}
