import Engine
import JSON

extension Campaigns {
    /// The app fields of a Charged event (fixed values of the simulated device, plus location).
    var appFields: JSONObject {
        var f: JSONObject = [
            "Version": "1.0", "Build": "1", "SDK Version": 70700, "Model": "iPhone", "Make": "Apple",
            "OS Version": "17.0", "useIP": false,
        ]
        if let location {
            f["Latitude"] = .double(location.latitude)
            f["Longitude"] = .double(location.longitude)
        }
        return f
    }

    /// Records an event in the transcript and the event log (and the session time).
    func log(_ name: String, _ properties: JSONObject, profileKey: String? = nil) {
        // Two distinct keys: built from the two arrays, without a literal's tuples and checks.
        transcript.record("event.recorded", JSONObject(uncheckedUniqueKeys: ["name", "props"], values: [.string(name), .object(properties)]))
        data.eventLog[CampaignEvent.normalize(profileKey ?? name), default: 0] += 1
        data.changed()
        lastEventTime = now
    }

    /// `recordEvent:withProps:`: the event is logged, then evaluated with its flattened
    /// properties against SS, SS in-action, CS and CS-delayed in-apps.
    public func recordEvent(_ name: String, properties: JSONObject? = nil, evaluatedProperties: JSONObject? = nil) {
        let properties = properties ?? [:]
        let flat = Self.flatten(properties)
        log(name, evaluatedProperties == nil ? flat : properties)
        if name == "App Launched" {
            // `evaluateOnEvent:withProps:` only keeps App Launched's properties; CS in-apps are
            // evaluated for it after the launch batch's response (`onAppLaunched(success:)`).
            appLaunchedProperties = evaluatedProperties ?? flat
            return
        }
        evaluate(events: [CampaignEvent(name: name, properties: evaluatedProperties ?? flat, location: location)], profile: false)
    }

    /// `recordChargedEventWithDetails:andItems:`.
    public func charged(details: JSONObject, items: [JSONObject]) {
        var props = appFields
        for (k, v) in details { props[k] = v }
        props["Items"] = .array(items.map(JSONValue.object))
        log("Charged", props)
        evaluate(events: [CampaignEvent(name: "Charged", properties: props, items: items, location: location)], profile: false)
    }

    /// A profile push: one `<key>_change` event per key whose value changed (`cc`, `tz`,
    /// `Carrier` not evaluated); every key set counts in the event log. Identities (`Identity`,
    /// `Email`) are cached for the current CleverTap ID (`login(_:)`).
    public func profile(_ properties: JSONObject) {
        cacheIdentities(properties)
        var changes = JSONObject()
        for (key, value) in properties {
            let old = data.profile[key]
            data.eventLog[CampaignEvent.normalize(key), default: 0] += 1
            guard old != value else { continue }
            data.profile[key] = value
            data.changed()
            let change: JSONObject = ["oldValue": old ?? .null, "newValue": value]
            transcript.record("event.recorded", ["name": .string(key + "_change"), "props": .object(change)])
            lastEventTime = now
            changes[key] = .object(change)
        }
        guard !changes.isEmpty else { return }
        evaluateOnUserAttributeChange(changes)
    }

    /// `evaluateOnUserAttributeChange:`: `{key: {oldValue, newValue}}` (missing ⇒ null), one
    /// `<key>_change` event per key but `cc`, `tz` and `Carrier`.
    public func evaluateOnUserAttributeChange(_ changes: JSONObject) {
        var events: [CampaignEvent] = []
        for (key, change) in changes where !["cc", "tz", "Carrier"].contains(key) {
            let props: JSONObject = ["oldValue": change["oldValue"] ?? .null, "newValue": change["newValue"] ?? .null]
            events.append(CampaignEvent(name: key + "_change", properties: props, location: location, profileAttrName: key))
        }
        evaluate(events: events, profile: true)
    }

    /// `setLocation:`: only feeds `geoRadius` of later events.
    public func setLocation(latitude: Double, longitude: Double) {
        location = (latitude, longitude)
    }

    /// The four lists of `evaluateOnEvent:`: SS, SS in-action, CS, CS-delayed.
    ///
    /// An empty list matches nothing (`InAppEvaluator.evaluate` returns at once): its evaluator
    /// is not built (a matcher and three closures per event and list, ~1.3k instructions).
    func evaluate(events: [CampaignEvent], profile: Bool) {
        var ssEligible: [JSONValue] = []
        for event in events where !data.serverSide.isEmpty {
            ssEligible += evaluator(list: "ss", event: event).evaluate(event, data.serverSide)
        }
        appendEvaluated(ssEligible, profile: profile)
        var inActionEligible: [JSONValue] = []
        for event in events where !data.serverSideInAction.isEmpty {
            inActionEligible += evaluator(list: "ss-inaction", event: event).evaluate(event, data.serverSideInAction)
        }
        appendEvaluated(inActionEligible, profile: profile)
        scheduleInAction(inActionEligible)
        evaluateClientSide(events)
        evaluateDelayedClientSide(events)
    }

    /// Server-side matches: their `ti` (as numbers) go to `inapps_eval` for the next request.
    func appendEvaluated(_ eligible: [JSONValue], profile: Bool) {
        for inApp in eligible {
            guard let id = CampaignData.campaignId(inApp), let n = TriggerEvaluator.parseNumber(id) else { continue }
            let number: JSONValue = n.rounded() == n && abs(n) < 9e15 ? .integer(Int64(n)) : .double(n)
            if profile { data.evaluatedProfile.append(number) } else { data.evaluated.append(number) }
            transcript.record("inapp.evaluated", ["ti": .string(id)])
            data.changed()
        }
    }

    /// CS: the first non-suppressed eligible in-app, queued as stored (iOS applies the TTL
    /// offset to a copy it discards); a show attempt even when nothing is selected.
    func evaluateClientSide(_ events: [CampaignEvent], list: String = "cs") {
        var eligible: [JSONValue] = []
        for event in events where !data.clientSide.isEmpty {
            eligible += evaluator(list: list, event: event).evaluate(event, data.clientSide)
        }
        controller.addToQueue(eligible.isEmpty ? [] : select(eligible, delayed: false))
    }

    /// CS-delayed: every eligible in-app (one per `ti`) is scheduled.
    func evaluateDelayedClientSide(_ events: [CampaignEvent]) {
        var eligible: [JSONValue] = []
        for event in events where !data.clientSideDelayed.isEmpty {
            eligible += evaluator(list: "cs-delayed", event: event).evaluate(event, data.clientSideDelayed)
        }
        guard !eligible.isEmpty else { return }
        scheduleDelayed(select(eligible, delayed: true))
    }

    /// Sort, then the immediate or delayed strategy with suppression records.
    func select(_ eligible: [JSONValue], delayed: Bool) -> [JSONValue] {
        let sorted = InAppEvaluator.sortByPriority(eligible, now: now)
        let handler: (JSONValue) -> Bool = { [self] inApp in
            let suppressed = inApp["suppressed"].map(FrequencyCaps.boolValue) ?? false
            if suppressed { suppress(inApp) }
            return suppressed
        }
        return delayed ? InAppEvaluator.selectDelayed(sorted, suppress: handler)
            : InAppEvaluator.selectImmediate(sorted, suppress: handler)
    }

    /// `suppress:`: `{wzrk_id: ti_yyyyMMdd, wzrk_pivot, wzrk_cgId?}` appended to `inapps_suppressed`.
    func suppress(_ inApp: JSONValue) {
        guard let id = CampaignData.campaignId(inApp) else { return }
        var record: JSONObject = ["wzrk_id": .string("\(id)_\(CampaignCalendar.dayString(now))")]
        record["wzrk_pivot"] = inApp["wzrk_pivot"] ?? "wzrk_default"
        if let cg = inApp["wzrk_cgId"] { record["wzrk_cgId"] = cg }
        data.suppressed.append(.object(record))
        data.changed()
        transcript.record("inapp.suppressed", ["ti": .string(id), "wzrk_id": record["wzrk_id"]!])
    }

    /// `updateTTL:`: `wzrk_ttl = floor(now) + wzrk_ttl_offset`, or no `wzrk_ttl` without an offset.
    func updateTTL(_ inApp: JSONValue) -> JSONValue {
        guard case .object(var o) = inApp else { return inApp }
        if let offset = o["wzrk_ttl_offset"]?.doubleValue {
            o["wzrk_ttl"] = .integer(Int64(now.rounded(.down)) + Int64(offset))
        } else {
            o["wzrk_ttl"] = nil
        }
        return .object(o)
    }

    /// The App Launched event of the current session, evaluated against CS and CS-delayed
    /// (`evaluateOnAppLaunchedClientSide`, after the launch batch's response).
    public func evaluateAppLaunchedClientSide() {
        let event = appLaunchedEvent
        evaluateClientSide([event])
        evaluateDelayedClientSide([event])
    }

    /// App Launched with the properties it was recorded with.
    var appLaunchedEvent: CampaignEvent {
        CampaignEvent(name: "App Launched", properties: appLaunchedProperties, location: location)
    }

    /// `onAppLaunchedWithSuccess:`: CS evaluation for App Launched, unless the previous launch
    /// batch failed (a retry does not evaluate again).
    public func onAppLaunched(success: Bool) {
        if !hasAppLaunchedFailed { evaluateAppLaunchedClientSide() }
        hasAppLaunchedFailed = !success
    }

    /// `evaluateOnAppLaunchedServerSide:`: the top eligible one is queued (no TTL update).
    public func evaluateOnAppLaunchedServerSide(_ inApps: [JSONValue]) {
        let event = appLaunchedEvent
        let eligible = evaluator(list: "applaunched", event: event).evaluate(event, inApps)
        controller.addToQueue(select(eligible, delayed: false))
    }

    /// The request header the SDK attaches: `inapps_eval` (events then profile ids) and
    /// `inapps_suppressed`, each only when non-empty.
    public var batchHeader: JSONObject {
        var header = JSONObject()
        let evaluatedIds = data.evaluated + data.evaluatedProfile
        if !evaluatedIds.isEmpty { header["inapps_eval"] = .array(evaluatedIds) }
        if !data.suppressed.isEmpty { header["inapps_suppressed"] = .array(data.suppressed) }
        return header
    }

    /// `onBatchSent:withSuccess:`: after a successful send, the first n ids and records sent
    /// are removed (events list first, then profile). ctlua never sends, so only tests call it.
    public func onBatchSent(header: JSONObject, success: Bool) {
        guard success else { return }
        var remove = header["inapps_eval"]?.arrayValue?.count ?? 0
        let fromEvents = min(remove, data.evaluated.count)
        data.evaluated.removeFirst(fromEvents)
        remove -= fromEvents
        data.evaluatedProfile.removeFirst(min(remove, data.evaluatedProfile.count))
        data.suppressed.removeFirst(min(header["inapps_suppressed"]?.arrayValue?.count ?? 0, data.suppressed.count))
        data.changed()
    }

    /// `CTDataFlattener`: nested objects become `a.b` keys, nulls are dropped.
    static func flatten(_ properties: JSONObject, prefix: String = "") -> JSONObject {
        // Nothing nested and no null (Notification Viewed's `wzrk_*` strings, most events): the
        // walk below would insert every member once, in order: the same object.
        if prefix.isEmpty, !properties.values.contains(where: { if case .object = $0 { true } else { $0 == .null } }) {
            return properties
        }
        var result = JSONObject()
        for (k, v) in properties {
            let key = prefix.isEmpty ? k : prefix + "." + k
            switch v {
            case .null: continue
            case .object(let nested): for (nk, nv) in flatten(nested, prefix: key) { result[nk] = nv }
            default: result[key] = v
            }
        }
        return result
    }
}
