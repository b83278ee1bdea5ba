import JSON

/// The selection steps of the SDK's `CTInAppEvaluationManager` that need no app: matching one
/// list against an event, the sort, the two selection strategies and the duration partitions.
public struct InAppEvaluator {
    public var triggers: TriggersMatcher
    public var limits: LimitsMatcher
    public var data: CampaignData
    /// True when the in-app may be evaluated (custom-code with a registered template, or another type).
    public var isRegistered: (JSONValue) -> Bool
    /// Called for every trigger match: the in-app and whether its limits passed.
    public var onTrigger: (JSONValue, Bool) -> Void = { _, _ in }

    public init(triggers: TriggersMatcher, limits: LimitsMatcher, data: CampaignData,
                isRegistered: @escaping (JSONValue) -> Bool = { _ in true }) {
        self.triggers = triggers
        self.limits = limits
        self.data = data
        self.isRegistered = isRegistered
    }

    /// The eligible in-apps of `inApps` for `event`, in list order (`evaluate:withInApps:`).
    ///
    /// Skips in-apps without an id and unregistered custom templates; a trigger match
    /// increments the trigger count before the limits (`frequencyLimits` + `occurrenceLimits`) run.
    public func evaluate(_ event: CampaignEvent, _ inApps: [JSONValue]) -> [JSONValue] {
        guard !inApps.isEmpty else { return [] }
        var eligible: [JSONValue] = []
        let eventName = CampaignEvent.normalize(event.name)
        for inApp in inApps {
            guard let id = CampaignData.campaignId(inApp), isRegistered(inApp) else { continue }
            guard triggers.matches(inApp["whenTriggers"], event: event, normalizedName: eventName) else { continue }
            data.incrementTrigger(id)
            let passed = limits.matches(inApp["frequencyLimits"]?.arrayValue ?? [], then: inApp["occurrenceLimits"]?.arrayValue ?? [],
                                        campaign: id)
            onTrigger(inApp, passed)
            if passed { eligible.append(inApp) }
        }
        return eligible
    }

    /// `sortByPriority:`: `delayAfterTrigger` ascending (missing 0), `priority` descending
    /// (missing 1), `ti` ascending as a number (unparsable or missing: `now`, i.e. last). Stable.
    public static func sortByPriority(_ inApps: [JSONValue], now: Double) -> [JSONValue] {
        func delay(_ a: JSONValue) -> Double { TriggerEvaluator.number(a["delayAfterTrigger"]) ?? 0 }
        func priority(_ a: JSONValue) -> Double { TriggerEvaluator.number(a["priority"]) ?? 1 }
        func ti(_ a: JSONValue) -> Double {
            if let n = TriggerEvaluator.number(a["ti"]) { return n }
            if case .string(let s)? = a["ti"], let n = TriggerEvaluator.parseNumber(s) { return n }
            return now
        }
        return inApps.enumerated().sorted { x, y in
            let (a, b) = (x.element, y.element)
            if delay(a) != delay(b) { return delay(a) < delay(b) }
            if priority(a) != priority(b) { return priority(a) > priority(b) }
            if ti(a) != ti(b) { return ti(a) < ti(b) }
            return x.offset < y.offset
        }.map(\.element)
    }

    /// The immediate strategy: the first in-app the handler does not suppress (it is called on
    /// each in-app until then and records the suppressed ones).
    public static func selectImmediate(_ sorted: [JSONValue], suppress: (JSONValue) -> Bool) -> [JSONValue] {
        for inApp in sorted where !suppress(inApp) { return [inApp] }
        return []
    }

    /// The delayed strategy: groups by `ti` (JSON numbers only), the first non-suppressed in-app
    /// per group. Groups come in order of first appearance (the SDK's order is a dictionary's).
    /// As in the SDK the handler runs twice per candidate (once inside a log message).
    public static func selectDelayed(_ sorted: [JSONValue], suppress: (JSONValue) -> Bool) -> [JSONValue] {
        var order: [Double] = []
        var groups: [Double: [JSONValue]] = [:]
        for inApp in sorted {
            guard let ti = TriggerEvaluator.number(inApp["ti"]) else { continue }
            if groups[ti] == nil { order.append(ti) }
            groups[ti, default: []].append(inApp)
        }
        var selected: [JSONValue] = []
        for ti in order {
            if let first = groups[ti]!.first(where: { inApp in
                _ = suppress(inApp)
                return !suppress(inApp)
            }) {
                selected.append(first)
            }
        }
        return selected
    }
}

/// Delay and in-action bounds (SDK `InAppDurationPartitioner`): an integer number of seconds in [1, 1200].
public enum DurationPartitioner {
    /// The `delayAfterTrigger` of a delayed in-app, or nil when it shows immediately.
    public static func delay(_ inApp: JSONValue) -> Int? { seconds(inApp["delayAfterTrigger"]) }
    /// The `inactionDuration` of an in-action in-app, or nil.
    public static func inaction(_ inApp: JSONValue) -> Int? { seconds(inApp["inactionDuration"]) }

    static func seconds(_ value: JSONValue?) -> Int? {
        guard let n = value?.integerValue, (1...1200).contains(n) else { return nil }
        return Int(n)
    }

    /// Splits a list (non-objects dropped) into immediate and delayed in-apps, in order.
    public static func immediateAndDelayed(_ list: JSONValue?) -> (immediate: [JSONValue], delayed: [JSONValue]) {
        var immediate: [JSONValue] = [], delayed: [JSONValue] = []
        for inApp in list?.arrayValue ?? [] where inApp.objectValue != nil {
            if delay(inApp) != nil { delayed.append(inApp) } else { immediate.append(inApp) }
        }
        return (immediate, delayed)
    }

    /// Splits server-side metadata into unknown-duration and in-action in-apps, in order.
    public static func unknownAndInAction(_ list: JSONValue?) -> (unknown: [JSONValue], inAction: [JSONValue]) {
        var unknown: [JSONValue] = [], inAction: [JSONValue] = []
        for inApp in list?.arrayValue ?? [] where inApp.objectValue != nil {
            if inaction(inApp) != nil { inAction.append(inApp) } else { unknown.append(inApp) }
        }
        return (unknown, inAction)
    }
}
