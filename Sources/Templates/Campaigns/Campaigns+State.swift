import Engine
import JSON

extension Campaigns {
    /// Fresh install (`app.reset`): every store and counter of the SDK wiped (global caps back
    /// to 1/1, location cleared, timers and queue emptied), then a new session with App Launched.
    public func reset() {
        timers.removeAll()
        pausedTimers.removeAll()
        inActionCache.removeAll()
        mode = nil
        location = nil
        inBackground = false
        adopt(CampaignData())
        // `CTInAppFCManager` init of the fresh install: the daily counters are dated today, so a
        // relaunch the same day keeps them (`imp` holds).
        caps.checkUpdateDailyLimits()
        markChanged()
        users.identities = [:]
        saveUsers()
        controller.clearAll()
        transcript.record("app.reset", [:])
        startSession()
    }

    /// The snapshot `templates.state()` returns (ids as strings).
    public var state: JSONValue {
        func ids(_ list: [JSONValue]) -> JSONValue { .array(list.map { .string(CampaignData.campaignId($0) ?? "") }) }
        func sortedObject<T>(_ d: [String: T], _ f: (T) -> JSONValue) -> JSONValue {
            .object(JSONObject(uniqueKeysWithValues: d.keys.sorted().map { ($0, f(d[$0]!)) }))
        }
        var o = JSONObject()
        o["mode"] = mode.map(JSONValue.string) ?? .null
        o["cs"] = ids(data.clientSide)
        o["csDelayed"] = ids(data.clientSideDelayed)
        o["ss"] = ids(data.serverSide)
        o["ssInAction"] = ids(data.serverSideInAction)
        o["queue"] = .array(controller.queue.map { .string($0.id) })
        o["pending"] = .array(controller.pending.map { .string($0.notification.id) })
        o["displayed"] = controller.displayed.map { .string($0.id) } ?? .null
        o["delayed"] = ids(data.delayedStore)
        o["timers"] = .array(timers.sorted { ($0.value.due, $0.key.ti) < ($1.value.due, $1.key.ti) }.map { key, timer in
            .object(["ti": .string(key.ti), "kind": .string(key.kind), "due": .double(timer.due - clock.epoch)])
        })
        o["caps"] = .object([
            "perSession": .integer(Int64(caps.perSessionMax)), "perDay": .integer(Int64(caps.perDayMax)),
            "shownSession": .integer(Int64(impressions.sessionTotal)), "shownToday": .integer(Int64(data.shownToday)),
        ])
        o["counts"] = sortedObject(data.counts) { c in
            .object(["today": .integer(Int64(c[safe: 0] ?? 0)), "lifetime": .integer(Int64(c[safe: 1] ?? 0))])
        }
        o["session"] = sortedObject(impressions.session) { .integer(Int64($0)) }
        o["impressions"] = sortedObject(data.impressions) { .array($0.map(JSONValue.integer)) }
        o["triggers"] = sortedObject(data.triggers) { .integer(Int64($0)) }
        o["evaluated"] = .array((data.evaluated + data.evaluatedProfile).map { v in .string(CampaignData.campaignId(.object(["ti": v])) ?? "") })
        o["suppressed"] = .array(data.suppressed)
        o["events"] = sortedObject(data.eventLog) { .integer(Int64($0)) }
        o["status"] = .string(controller.renderingStatus.rawValue)
        o["background"] = .bool(inBackground)
        return .object(o)
    }
}
