import Engine
import JSON

extension Campaigns {
    /// `CTInAppScheduler schedule` for delayed in-apps: those with a running timer are dropped,
    /// the delayed store is **replaced** by the rest, one timer each.
    func scheduleDelayed(_ inApps: [JSONValue]) {
        guard !inApps.isEmpty else { return }
        let fresh = inApps.filter { inApp in
            guard let id = CampaignData.campaignId(inApp) else { return false }
            return timers[TimerKey(kind: "delayed", ti: id)] == nil
        }
        data.delayedStore = fresh
        data.changed()
        for inApp in fresh {
            guard let id = CampaignData.campaignId(inApp), let delay = DurationPartitioner.delay(inApp) else { continue }
            start(TimerKey(kind: "delayed", ti: id), inApp: inApp, delay: Double(delay), scheduledAt: now)
        }
    }

    /// In-action timers: a running timer for the id is left alone; the in-app is cached in memory.
    func scheduleInAction(_ inApps: [JSONValue]) {
        for inApp in inApps {
            guard let id = CampaignData.campaignId(inApp), let duration = DurationPartitioner.inaction(inApp) else { continue }
            let key = TimerKey(kind: "inaction", ti: id)
            guard timers[key] == nil else { continue }
            inActionCache[id] = inApp
            start(key, inApp: inApp, delay: Double(duration), scheduledAt: now)
        }
    }

    func start(_ key: TimerKey, inApp: JSONValue, delay: Double, scheduledAt: Double, remaining: Double? = nil) {
        timerGeneration += 1
        let generation = timerGeneration
        let wait = remaining ?? delay
        timers[key] = CampaignTimer(inApp: inApp, delay: delay, scheduledAt: scheduledAt, due: now + wait, generation: generation)
        transcript.record("inapp.scheduled", ["ti": .string(key.ti), "kind": .string(key.kind), "due": .double(clock.now + wait)])
        clock.after(wait) { [weak self] in
            guard let self, !self.isRetired, self.timers[key]?.generation == generation else { return }
            self.timers[key] = nil
            self.fire(key)
        }
    }

    func fire(_ key: TimerKey) {
        transcript.record("inapp.fired", ["ti": .string(key.ti), "kind": .string(key.kind), "due": .double(clock.now)])
        if key.kind == "inaction" {
            inActionCache[key.ti] = nil
            let tgt: JSONValue = TriggerEvaluator.parseNumber(key.ti).map { $0.rounded() == $0 ? .integer(Int64($0)) : .double($0) } ?? .string(key.ti)
            transcript.record("inapp.fetch", ["tgtId": tgt])
            return
        }
        guard let index = data.delayedStore.firstIndex(where: { CampaignData.campaignId($0) == key.ti }) else {
            transcript.record("inapp.skipped", ["id": .null, "ti": .string(key.ti), "reason": "delayed-not-found",
                                                "message": "Delayed in-app not found in the delayed store."])
            return
        }
        let inApp = data.delayedStore.remove(at: index)
        data.changed()
        controller.addToQueue([updateTTL(inApp)])
    }

    /// Background: every timer is cancelled and remembered; nothing is shown.
    public func background() {
        guard !inBackground else { return }
        inBackground = true
        pausedTimers = timers
        timers.removeAll()
        transcript.record("app.background", [:])
    }

    /// Foreground: timers resume with `delay - (now - scheduledAt)` left, or are discarded.
    /// Daily counters reset on a new date; more than 20 minutes since the last event starts
    /// a new session (App Launched). Returns true for a new session.
    @discardableResult
    public func foreground() -> Bool {
        guard inBackground else { return false }
        inBackground = false
        transcript.record("app.foreground", [:])
        caps.checkUpdateDailyLimits()
        for (key, timer) in pausedTimers.sorted(by: { $0.value.due < $1.value.due }) {
            let left = timer.delay - (now - timer.scheduledAt)
            if left > 0 {
                start(key, inApp: timer.inApp, delay: timer.delay, scheduledAt: timer.scheduledAt, remaining: left)
            } else {
                transcript.record("inapp.skipped", ["id": .null, "ti": .string(key.ti), "reason": "background",
                                                    "message": "Timer ended while the app was in background."])
                if key.kind == "delayed" {
                    data.delayedStore.removeAll { CampaignData.campaignId($0) == key.ti }
                    data.changed()
                } else {
                    inActionCache[key.ti] = nil
                }
            }
        }
        pausedTimers.removeAll()
        if now - lastEventTime > Self.sessionLength {
            startSession()
            return true
        }
        return false
    }

    /// A new session: session counts reset, App Launched recorded.
    public func startSession() {
        impressions.resetSession()
        transcript.record("session.started", [:])
        recordEvent("App Launched", properties: [:])
    }
}
