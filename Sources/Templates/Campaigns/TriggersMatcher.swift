import JSON

/// Matches an event against an in-app's `whenTriggers` (SDK `CTTriggersMatcher`).
///
/// Triggers are OR-ed. Inside one trigger: the name (event name, or the profile
/// attribute of a `<key>_change` event, normalized), then `eventProperties` (AND),
/// `firstTimeOnly`, `geoRadius` (OR); for `Charged` then `itemProperties` (AND).
public struct TriggersMatcher {
    /// True when the user's event log holds exactly one event of this (trigger) name.
    public var isFirstTime: (String) -> Bool

    public init(isFirstTime: @escaping (String) -> Bool = { _ in true }) {
        self.isFirstTime = isFirstTime
    }

    /// True when any trigger of `whenTriggers` (an array of objects) matches `event`.
    public func matches(_ whenTriggers: JSONValue?, event: CampaignEvent) -> Bool {
        matches(whenTriggers, event: event, normalizedName: CampaignEvent.normalize(event.name))
    }

    /// `matches(_:event:)` with the event's name already normalized (once per event, not per in-app).
    public func matches(_ whenTriggers: JSONValue?, event: CampaignEvent, normalizedName eventName: String) -> Bool {
        guard case .array(let triggers)? = whenTriggers else { return false }
        for case .object(let trigger) in triggers {
            if event.name == "Charged" ? matchCharged(trigger, event, eventName) : match(trigger, event, eventName) { return true }
        }
        return false
    }

    func match(_ trigger: JSONObject, _ event: CampaignEvent, _ eventName: String) -> Bool {
        let triggerName = trigger["eventName"]?.stringValue
        let profileName = trigger["profileAttrName"]?.stringValue
        let nameMatch = triggerName.map { NormalizedText.normalizedEquals($0, eventName) } ?? false
        let profileMatch = event.profileAttrName != nil && CampaignEvent.equalNormalized(event.profileAttrName, profileName)
        guard nameMatch || profileMatch else { return false }
        if case .array(let list)? = trigger["eventProperties"] {
            for c in list {
                let condition = Self.condition(c)
                let actual = condition.name.flatMap(event.propertyValue)
                guard TriggerEvaluator.evaluate(condition.op, expected: condition.value, actual: actual) else { return false }
            }
        }
        if trigger["firstTimeOnly"] != nil {
            // iOS reads the flag as an object pointer: any value present enables it, `false` included.
            guard isFirstTime(profileName ?? triggerName ?? "") else { return false }
        }
        return matchGeoRadius(trigger["geoRadius"], event)
    }

    func matchCharged(_ trigger: JSONObject, _ event: CampaignEvent, _ eventName: String) -> Bool {
        guard match(trigger, event, eventName) else { return false }
        for condition in conditions(trigger["itemProperties"]) {
            let actual = condition.name.flatMap(event.itemValue)
            guard TriggerEvaluator.evaluate(condition.op, expected: condition.value, actual: actual) else { return false }
        }
        return true
    }

    func matchGeoRadius(_ radii: JSONValue?, _ event: CampaignEvent) -> Bool {
        guard case .array(let list)? = radii, !list.isEmpty else { return true }
        guard let location = event.location else { return false }
        for radius in list {
            guard let lat = radius["lat"]?.doubleValue, let lng = radius["lng"]?.doubleValue else { continue }
            let rad = radius["rad"]?.doubleValue ?? 0
            let d = TriggerEvaluator.distance(lat1: lat, lng1: lng, lat2: location.latitude, lng2: location.longitude)
            if d <= rad { return true }
        }
        return false
    }

    /// Conditions `{propertyName, operator, propertyValue}`; a missing or non-number operator is Equals.
    func conditions(_ value: JSONValue?) -> [(name: String?, op: Int, value: JSONValue?)] {
        guard case .array(let list)? = value else { return [] }
        return list.map(Self.condition)
    }

    /// One condition of `conditions(_:)`.
    static func condition(_ c: JSONValue) -> (name: String?, op: Int, value: JSONValue?) {
        var op = TriggerOperator.equals.rawValue
        if let d = c["operator"]?.doubleValue, d >= 0, d < 1e9 { op = Int(d) }
        return (c["propertyName"]?.stringValue, op, c["propertyValue"])
    }
}
