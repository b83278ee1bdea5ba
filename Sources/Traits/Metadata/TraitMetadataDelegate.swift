import JSON

/// The metadata shared by the traits of one presented step group: values traits set, and
/// handlers told of them on ``publish()``.
///
/// `set` merges without notifying; `publish` calls the non-animating handlers, then the animating
/// ones (inside an animation when ``TraitMetadata/animation`` is set), in the order they were
/// registered (the SDK keeps them in dictionaries: no order is promised there), then the current
/// values become the previous ones.
public final class TraitMetadataDelegate {
    /// A handler: gets the metadata on each publish.
    public typealias Handler = (TraitMetadata) throws -> Void

    /// The values now.
    public private(set) var values: JSONObject = [:]
    /// The values at the last publish.
    public private(set) var previousValues: JSONObject = [:]
    private var nonAnimating: [(key: String, handler: Handler)] = []
    private var animating: [(key: String, handler: Handler)] = []
    /// Told of each publish (keys) and each animation (duration, easing): the transcript.
    var onPublish: ((TraitMetadata, _ animated: Bool) -> Void)?

    public init() {}

    /// Merges `values` into the metadata (handlers are not notified until ``publish()``).
    public func set(_ newValues: JSONObject) {
        for (key, value) in newValues { values[key] = value }
    }

    /// Removes the values under `keys`.
    public func unset(keys: [String]) {
        for key in keys { values.removeValue(forKey: key) }
    }

    /// Registers `handler` under `key`, replacing any handler under that key.
    public func registerHandler(for key: String, animating isAnimating: Bool, handler: @escaping Handler) {
        removeHandler(for: key)
        if isAnimating { animating.append((key, handler)) } else { nonAnimating.append((key, handler)) }
    }

    /// Removes the handler under `key`.
    public func removeHandler(for key: String) {
        nonAnimating.removeAll { $0.key == key }
        animating.removeAll { $0.key == key }
    }

    /// Removes every handler (the presentation ended: handlers written in Lua capture the views
    /// and the delegate, a cycle only this breaks).
    public func removeAllHandlers() {
        nonAnimating.removeAll()
        animating.removeAll()
        onPublish = nil
    }

    /// The keys that have handlers, non-animating first.
    public var handlerKeys: [String] { nonAnimating.map(\.key) + animating.map(\.key) }

    /// Calls every handler with the current and previous values, then the current values become
    /// the previous ones. A handler's error is thrown after the values rolled over.
    public func publish() throws {
        let metadata = TraitMetadata(current: values, previous: previousValues)
        previousValues = values
        let animated = metadata.animation != nil && !animating.isEmpty
        onPublish?(metadata, animated)
        for (_, handler) in nonAnimating { try handler(metadata) }
        for (_, handler) in animating { try handler(metadata) }
    }
}
