import Engine
import JSON

extension Campaigns {
    /// Handles one server response as `handleInAppResponse:` does, key by key in the SDK's order.
    ///
    /// `shorthand`: a bare in-app or list delivered as `inapp_notifs` (the delivery mode is left
    /// unchanged; `imc`/`imp` still default to 10).
    public func handleResponse(_ response: JSONObject, shorthand: Bool = false) {
        caps.updateGlobalLimits(perSession: response["imc"].map(FrequencyCaps.intValue) ?? 10,
                                perDay: response["imp"].map(FrequencyCaps.intValue) ?? 10)
        let legacy = DurationPartitioner.immediateAndDelayed(response["inapp_notifs"])
        if !legacy.immediate.isEmpty { controller.addToQueue(legacy.immediate) }
        if !legacy.delayed.isEmpty { scheduleDelayed(legacy.delayed) }
        let legacyMeta = (response["inapp_notifs_meta"]?.arrayValue ?? []).filter { $0.objectValue != nil }
        if !legacyMeta.isEmpty { scheduleInAction(legacyMeta) }
        let launched = DurationPartitioner.immediateAndDelayed(response["inapp_notifs_applaunched"])
        let launchEvent = appLaunchedEvent
        if !launched.immediate.isEmpty { evaluateOnAppLaunchedServerSide(launched.immediate) }
        if !launched.delayed.isEmpty {
            let eligible = evaluator(list: "applaunched-delayed", event: launchEvent).evaluate(launchEvent, launched.delayed)
            scheduleDelayed(select(eligible, delayed: true))   // TTL at fire time (delayed strategy)
        }
        let launchedMeta = (response["inapp_notifs_applaunched_meta"]?.arrayValue ?? []).filter { $0.objectValue != nil }
        if !launchedMeta.isEmpty {
            let eligible = evaluator(list: "applaunched-inaction", event: launchEvent).evaluate(launchEvent, launchedMeta)
            scheduleInAction(select(eligible, delayed: false))
        }
        let ss = DurationPartitioner.unknownAndInAction(response["inapp_notifs_ss"])
        if !ss.unknown.isEmpty { data.serverSide = ss.unknown }
        if !ss.inAction.isEmpty { data.serverSideInAction = ss.inAction }
        let cs = DurationPartitioner.immediateAndDelayed(response["inapp_notifs_cs"])
        if !cs.immediate.isEmpty {
            data.clientSide = cs.immediate
            controller.prefetchFiles(of: cs.immediate)
        }
        if !cs.delayed.isEmpty {
            data.clientSideDelayed = cs.delayed
            controller.prefetchFiles(of: cs.delayed)
        }
        data.changed()
        if !shorthand { setMode(response["inapp_delivery_mode"]?.stringValue) }
        if let stale = response["inapp_stale"]?.arrayValue { caps.removeStale(stale) }
        transcript.record("inapp.response", JSONObject(uncheckedUniqueKeys: ["keys"], values: [.array(response.keys.map(JSONValue.string))]))
    }

    /// `setMode:`: the same mode does nothing; `CS` clears SS lists, `SS` clears CS, anything
    /// else (absent included) clears SS, SS in-action and CS.
    ///
    /// When a list that held in-apps is cleared, `inapp.mode` says so: the new `mode` (null when
    /// the response had none) and, per cleared list (`cs`, `ss`, `ssInAction`), the ids it held.
    func setMode(_ newMode: String?) {
        if let mode, mode == newMode { return }
        mode = newMode
        var cleared = JSONObject()
        func ids(_ list: [JSONValue]) -> JSONValue { .array(list.map { .string(CampaignData.campaignId($0) ?? "") }) }
        func clear(_ key: String, _ list: inout [JSONValue]) {
            if !list.isEmpty { cleared[key] = ids(list) }
            list = []
        }
        switch newMode {
        case "CS":
            clear("ss", &data.serverSide)
            clear("ssInAction", &data.serverSideInAction)
        case "SS":
            clear("cs", &data.clientSide)
        default:
            clear("ssInAction", &data.serverSideInAction)
            clear("ss", &data.serverSide)
            clear("cs", &data.clientSide)
        }
        data.changed()
        if !cleared.isEmpty {
            transcript.record("inapp.mode", ["mode": newMode.map(JSONValue.string) ?? .null, "cleared": .object(cleared)])
        }
    }
}
