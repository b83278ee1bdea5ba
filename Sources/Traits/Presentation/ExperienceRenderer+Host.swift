import Foundation
import JSON

/// What actions reach: the renderer itself, the app around it recorded in the transcript.
extension ExperienceRenderer: ActionHost {
    public var currentExperience: ExperienceData? { current?.data }
    public var currentStepIndex: Experience.StepIndex? { current?.stepIndex }

    public func show(step: StepReference, completion: @escaping () -> Void) { show(step: step, in: nil, completion: completion) }

    @discardableResult
    public func dismiss(markComplete: Bool, completion: @escaping () -> Void) -> Bool {
        dismiss(markComplete: markComplete, in: nil, completion: completion)
    }

    /// The host acting in `context` (kept by the renderer; nil: the renderer, acting in focus).
    public func scoped(to context: String?) -> any ActionHost {
        guard let context else { return self }
        if let host = contextHosts[context] { return host }
        let host = ContextActionHost(renderer: self, context: context)
        contextHosts[context] = host
        return host
    }

    public func publish(event name: String, properties: JSONObject, isInternal: Bool) {
        publish(event: name, properties: properties, isInternal: isInternal, checked: false)
    }

    /// `checked`: the caller already skipped an internal event of an unpublished experience.
    func publish(event name: String, properties: JSONObject, isInternal: Bool, checked: Bool) {
        if !checked, isInternal, let data = current?.data, !data.published { return }
        var fields: JSONObject = ["name": .string(name), "properties": .object(properties)]
        if !isInternal { fields["internal"] = .bool(false) }
        transcript.record("appcues.analytics", fields)
    }

    public func updateProfile(_ properties: JSONObject, isInternal: Bool) {
        updateProfile(properties, isInternal: isInternal, checked: false)
    }

    func updateProfile(_ properties: JSONObject, isInternal: Bool, checked: Bool) {
        if !checked, isInternal, let data = current?.data, !data.published { return }
        for (key, value) in properties { profile[key] = value }
        transcript.record("profile.updated", ["properties": .object(properties)])
    }

    /// As the SDK's `AppcuesLinkAction.execute`: the navigation delegate when the app set one;
    /// else an `http(s)` link is first offered to the app as a universal link (with
    /// `enableUniversalLinks`, its host on the allow-list, the app answering `continueUserActivity`
    /// true: `via` `universal`), and when the app does not handle it opens in-app (or externally
    /// with `openExternally`); other schemes open through the system.
    public func open(url: String, externally: Bool, completion: @escaping () -> Void) {
        if let navigationDelegate {
            do { try navigationDelegate(url, externally) } catch {
                transcript.record("error", ["message": .string(ExperienceRenderer.message(error)), "source": .string("navigate")])
            }
            transcript.record("link.opened", ["url": .string(url), "via": .string("delegate")])
            return completion()
        }
        let parsed = URL(string: url)
        let isWebLink = ["http", "https"].contains(parsed?.scheme?.lowercased())
        var fields: JSONObject = ["url": .string(url)]
        if isWebLink, enableUniversalLinks, isAllowListed(parsed), let continueUserActivity {
            let activity: JSONValue = .object(["activityType": "NSUserActivityTypeBrowsingWeb", "webpageURL": .string(url),
                                               "userInfo": .object(["referrer": "Appcues"])])
            var handled = false
            do { handled = try continueUserActivity(activity) } catch {
                transcript.record("error", ["message": .string(ExperienceRenderer.message(error)), "source": .string("continueUserActivity")])
            }
            if handled {
                fields["via"] = "universal"
                transcript.record("link.opened", fields)
                return completion()
            }
            fields["universalLink"] = "declined"   // the app did not handle it: the SDK falls back to the browser
        }
        fields["via"] = .string(isWebLink ? (externally ? "external" : "in-app") : "scheme")
        transcript.record("link.opened", fields)
        completion()
    }

    /// The SDK's `isAllowListed`: without a host or an allow-list every link is allowed.
    private func isAllowListed(_ url: URL?) -> Bool {
        guard let host = url?.host, let list = universalLinkHostAllowList else { return true }
        return list.contains(host)
    }

    /// Shows a served experience (normal priority: the current one is dismissed first); an id
    /// nobody serves is logged. `trigger` is `launch_action` or `experience_completion_action:<from id>`.
    public func launchExperience(id: String, trigger: String, completion: @escaping () -> Void) {
        launchExperience(id: id, trigger: trigger, from: current, completion: completion)
    }

    /// Shows a served experience launched from `source` (the acting experience's presentation):
    /// normal priority, so the experience active in the launched one's render context is
    /// dismissed first (the SDK's `processAndShow(experience:)` with `.normal`).
    func launchExperience(id: String, trigger: String, from source: Presentation?, completion: @escaping () -> Void) {
        guard let json = served[Experience.formatted(id)] ?? served[id] else {
            transcript.record("log", ["message": .string("launch-experience: no experience served with id \(id)")])
            return completion()
        }
        var triggerName = trigger
        var from = source?.data.id
        if let colon = trigger.firstIndex(of: ":") {
            triggerName = String(trigger[..<colon])
            from = String(trigger[trigger.index(after: colon)...])
        }
        guard let data = experienceData(json, trigger: triggerName, from: from) else {
            transcript.record("log", ["message": .string("launch-experience: the experience served with id \(id) does not decode, not even its id (a UUID), name and type (strings)")])
            return completion()
        }
        let context = data.model.renderContext
        guard presentation(in: context) != nil else {
            _ = try? show(data)
            return completion()
        }
        dismiss(markComplete: false, in: context) { [weak self] in
            _ = try? self?.show(data)
            completion()
        }
    }

    /// A decoded experience, or a failed one (its id and name, the decoding error) as the SDK's
    /// `LossyExperience`; nil when strict and not even its skeleton decodes (`FailedExperience`:
    /// a UUID id, string name and type), which the SDK skips.
    func experienceData(_ json: JSONValue, trigger: String, from: String? = nil, published: Bool = true) -> ExperienceData? {
        do {
            let reader = JSONReader(value: json, emptyObjectIsArray: true)
            if strictDecoding { try Experience.checkStrictly(reader) }
            return ExperienceData(try Experience.decode(reader, strict: false), trigger: trigger, fromExperienceID: from, published: published,
                                  instanceID: nextID())
        } catch {
            let (problem, sdk) = Experience.failure(error, root: json)
            if strictDecoding, !QualifyResponse.failedSkeletonDecodes(json) { return nil }
            return failedExperience(json, strictDecoding ? sdk.message() : "invalid experience: \(problem)", trigger: trigger, from: from,
                                    published: published)
        }
    }

    /// A failed experience: its id and name kept, the error to report when it starts.
    func failedExperience(_ json: JSONValue, _ error: String, trigger: String, from: String? = nil, published: Bool = true) -> ExperienceData {
        // The SDK's `FailedExperience.skeletonExperience` keeps `publishedAt` and `context`, so
        // its `experience_error` has `version`, `localeName` and `localeId`.
        var skeleton = Experience(id: json["id"]?.stringValue ?? "", name: json["name"]?.stringValue ?? "",
                                  type: json["type"]?.stringValue ?? "", steps: [])
        skeleton.publishedAt = json["publishedAt"]?.integerValue
        if case .object(let context)? = json["context"] {
            skeleton.context = Experience.Context(localeId: context["localeId"]?.stringValue, localeName: context["localeName"]?.stringValue,
                                                  workflowId: context["workflowId"]?.stringValue,
                                                  workflowTaskId: context["workflowTaskId"]?.stringValue)
        }
        return ExperienceData(skeleton, trigger: trigger, fromExperienceID: from, published: published, instanceID: nextID(), error: error)
    }

    public func requestReview(completion: @escaping () -> Void) {
        transcript.record("review.requested", [:])
        completion()
    }

    public func requestPush(completion: @escaping () -> Void) {
        transcript.record("push.requested", [:])
        completion()
    }

    public func after(seconds: Double, _ action: @escaping () -> Void) { clock.after(seconds, action) }

    public func log(_ message: String) { transcript.record("log", ["message": .string(message)]) }
}

/// The renderer as the actions of one render context see it (the SDK's actions carry their
/// experience's `renderContext`): the experience and step of that context; `@appcues/continue`
/// and `@appcues/close` move and end that context's experience; the rest is the renderer's.
public final class ContextActionHost: ActionHost {
    private unowned let renderer: ExperienceRenderer
    private let context: String

    init(renderer: ExperienceRenderer, context: String) {
        self.renderer = renderer
        self.context = context
    }

    public var renderContext: String? { context }
    public func scoped(to context: String?) -> any ActionHost { renderer.scoped(to: context ?? self.context) }
    public var currentExperience: ExperienceData? { renderer.presentation(in: context)?.data }
    public var currentStepIndex: Experience.StepIndex? { renderer.presentation(in: context)?.stepIndex }
    public var actionRegistry: ActionRegistry { renderer.actionRegistry }
    public func show(step: StepReference, completion: @escaping () -> Void) { renderer.show(step: step, in: context, completion: completion) }
    @discardableResult
    public func dismiss(markComplete: Bool, completion: @escaping () -> Void) -> Bool {
        renderer.dismiss(markComplete: markComplete, in: context, completion: completion)
    }
    public func publish(event name: String, properties: JSONObject, isInternal: Bool) {
        if isInternal, let data = currentExperience, !data.published { return }
        renderer.publish(event: name, properties: properties, isInternal: isInternal, checked: true)
    }
    public func updateProfile(_ properties: JSONObject, isInternal: Bool) {
        if isInternal, let data = currentExperience, !data.published { return }
        renderer.updateProfile(properties, isInternal: isInternal, checked: true)
    }
    public func open(url: String, externally: Bool, completion: @escaping () -> Void) {
        renderer.open(url: url, externally: externally, completion: completion)
    }
    public func launchExperience(id: String, trigger: String, completion: @escaping () -> Void) {
        renderer.launchExperience(id: id, trigger: trigger, from: renderer.presentation(in: context), completion: completion)
    }
    public func requestReview(completion: @escaping () -> Void) { renderer.requestReview(completion: completion) }
    public func requestPush(completion: @escaping () -> Void) { renderer.requestPush(completion: completion) }
    public func after(seconds: Double, _ action: @escaping () -> Void) { renderer.after(seconds: seconds, action) }
    public func log(_ message: String) { renderer.log(message) }
    public func formChanged() { renderer.formChanged(in: context) }
}
