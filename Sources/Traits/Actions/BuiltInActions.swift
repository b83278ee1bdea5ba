import Foundation
import JSON

/// The SDK's built-in actions (`Presentation/Actions/Appcues/`), each reading its config as the
/// SDK's `Config` does (a config it cannot decode drops the action where the SDK's init fails).
enum BuiltInActions {
    static func register(in registry: ActionRegistry) {
        registry.register(type: CloseAction.type) { config, _ in CloseAction(markComplete: config?["markComplete"]?.boolValue ?? false) }
        registry.register(type: LinkAction.type) { config, _ in
            // The SDK's `Config` decodes all or nothing (`url: URL`, `openExternally: Bool?`): one
            // member of the wrong type makes the config absent, and no link action is made.
            guard decodesWhole(config, ["url": .url, "openExternally": .bool]), let url = config?["url"]?.stringValue else { return nil }
            return LinkAction(url: url, openExternally: config?["openExternally"]?.boolValue ?? false)
        }
        registry.register(type: LaunchExperienceAction.type) { config, _ in
            guard let id = config?["experienceID"]?.stringValue else { return nil }
            return LaunchExperienceAction(experienceID: id, trigger: "launch_action")
        }
        registry.register(type: TrackAction.type) { config, _ in
            guard let name = config?["eventName"]?.stringValue else { return nil }
            return TrackAction(eventName: name, attributes: config?["attributes"]?.objectValue.map(scalars))
        }
        registry.register(type: UpdateProfileAction.type) { config, _ in
            guard let object = config?.objectValue else { return nil }
            let properties = scalars(object)
            return properties.isEmpty ? nil : UpdateProfileAction(properties: properties)
        }
        registry.register(type: ContinueAction.type) { config, _ in ContinueAction(stepReference: stepReference(config)) }
        registry.register(type: SubmitFormAction.type) { config, _ in
            SubmitFormAction(skipValidation: config?["skipValidation"]?.boolValue ?? false)
        }
        registry.register(type: RequestReviewAction.type) { _, _ in RequestReviewAction() }
        registry.register(type: DelayAction.type) { config, _ in
            guard let duration = config?["duration"]?.integerValue else { return nil }
            return DelayAction(milliseconds: duration)
        }
        registry.register(type: RequestPushAction.type) { _, _ in RequestPushAction() }
        registry.register(type: ConditionalAction.type) { [unowned registry] config, level in
            guard let checks = ConditionalAction.checks(config) else { return nil }
            return ConditionalAction(checks: checks, level: level, registry: registry)
        }
    }

    /// `@appcues/continue`'s reference: `index`, else `offset`, else a UUID `stepID`, else `+1`.
    /// As the SDK's `Config` (a synthesized `Decodable` under `try?`), it decodes all or
    /// nothing: one member of the wrong type (a string `index`, a `stepID` that is no UUID)
    /// makes the whole config absent, and the action continues to the next step.
    static func stepReference(_ config: JSONValue?) -> StepReference {
        guard decodesWhole(config, ["index": .int, "offset": .int, "stepID": .uuid]) else { return .offset(1) }
        func int(_ value: JSONValue?) -> Int? {
            (value?.integerValue ?? value?.doubleValue.flatMap { Int64(exactly: $0) }).flatMap { Int(exactly: $0) }
        }
        if let index = int(config?["index"]) { return .index(index) }
        if let offset = int(config?["offset"]) { return .offset(offset) }
        if let id = config?["stepID"]?.stringValue, Experience.isUUID(id) { return .stepID(Experience.formatted(id)) }
        return .offset(1)
    }

    /// What a member of an SDK action `Config` decodes as.
    enum MemberKind { case int, bool, uuid, url }

    /// Whether `config` decodes as the SDK's synthesized `Decodable` `Config` with these
    /// members (every one optional here; absent or null is nil): an object whose present
    /// members have their kind (`Int`: a whole number; `UUID`: a UUID string; `URL`: a string
    /// Foundation's `URL(string:)` takes). Unknown members are ignored, as `Decodable` does.
    static func decodesWhole(_ config: JSONValue?, _ members: [String: MemberKind]) -> Bool {
        guard case .object(let object)? = config else { return false }
        for (key, kind) in members {
            guard let value = object[key], value != .null else { continue }
            switch kind {
            case .int:
                guard let n = value.integerValue ?? value.doubleValue.flatMap({ Int64(exactly: $0) }), Int(exactly: n) != nil else { return false }
            case .bool:
                guard value.boolValue != nil else { return false }
            case .uuid:
                guard let text = value.stringValue, Experience.isUUID(text) else { return false }
            case .url:
                guard let text = value.stringValue, !text.isEmpty, URL(string: text) != nil else { return false }
            }
        }
        return true
    }

    /// The attributes the SDK keeps: booleans, strings, whole numbers and numbers; others dropped.
    static func scalars(_ object: JSONObject) -> JSONObject {
        object.filter { _, value in
            switch value {
            case .bool, .string, .integer, .double: return true
            default: return false
            }
        }
    }
}

/// `@appcues/close`: dismisses the experience, completed when `markComplete`.
final class CloseAction: InteractionLoggingAction {
    static let type = "@appcues/close"
    let markComplete: Bool
    init(markComplete: Bool) { self.markComplete = markComplete }
    var type: String { Self.type }
    var category: String { "internal" }
    var destination: String { "end-experience" }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        host.dismiss(markComplete: markComplete, completion: completion)
    }
}

/// `@appcues/continue`: goes to a step by index, offset or id.
final class ContinueAction: InteractionLoggingAction {
    static let type = "@appcues/continue"
    let stepReference: StepReference
    init(stepReference: StepReference) { self.stepReference = stepReference }
    var type: String { Self.type }
    var category: String { "internal" }
    var destination: String { stepReference.description }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        host.show(step: stepReference, completion: completion)
    }
}

/// `@appcues/link`: opens a URL (in-app, or externally with `openExternally`).
final class LinkAction: InteractionLoggingAction {
    static let type = "@appcues/link"
    let url: String
    let openExternally: Bool
    init(url: String, openExternally: Bool) {
        self.url = url
        self.openExternally = openExternally
    }
    var type: String { Self.type }
    var category: String { "link" }
    var destination: String { url }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        host.open(url: url, externally: openExternally, completion: completion)
    }
}

/// `@appcues/launch-experience`: starts another experience by id.
final class LaunchExperienceAction: InteractionLoggingAction {
    static let type = "@appcues/launch-experience"
    let experienceID: String
    let trigger: String
    init(experienceID: String, trigger: String) {
        self.experienceID = experienceID
        self.trigger = trigger
    }
    var type: String { Self.type }
    var category: String { "internal" }
    var destination: String { experienceID }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        host.launchExperience(id: experienceID, trigger: trigger, completion: completion)
    }
}

/// `@appcues/track`: an analytics event with the attributes.
final class TrackAction: ExperienceAction {
    static let type = "@appcues/track"
    let eventName: String
    let attributes: JSONObject?
    init(eventName: String, attributes: JSONObject?) {
        self.eventName = eventName
        self.attributes = attributes
    }
    var type: String { Self.type }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        host.publish(event: eventName, properties: attributes ?? [:], isInternal: false)
        completion()
    }
}

/// `@appcues/update-profile`: profile attributes for the current user.
final class UpdateProfileAction: ExperienceAction {
    static let type = "@appcues/update-profile"
    let properties: JSONObject
    init(properties: JSONObject) { self.properties = properties }
    var type: String { Self.type }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        host.updateProfile(properties, isInternal: false)
        completion()
    }
}

/// `@appcues/delay`: waits `duration` milliseconds of virtual time.
final class DelayAction: ExperienceAction {
    static let type = "@appcues/delay"
    let milliseconds: Int64
    init(milliseconds: Int64) { self.milliseconds = milliseconds }
    var type: String { Self.type }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) {
        host.after(seconds: Double(milliseconds) / 1000, completion)
    }
}

/// `@appcues/request-review`: the app's review prompt.
final class RequestReviewAction: ExperienceAction {
    static let type = "@appcues/request-review"
    var type: String { Self.type }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) { host.requestReview(completion: completion) }
}

/// `@appcues/request-push`: the push permission prompt.
final class RequestPushAction: ExperienceAction {
    static let type = "@appcues/request-push"
    var type: String { Self.type }
    func execute(in host: any ActionHost, completion: @escaping () -> Void) { host.requestPush(completion: completion) }
}
