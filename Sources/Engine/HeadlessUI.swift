import OrderedCollections
import JSON

/// Errors of the headless UI.
public enum HeadlessUIError: Error, Equatable, CustomStringConvertible {
    case noSuchView(String)
    public var description: String {
        switch self {
        case .noSuchView(let id): return "ui: no view with id '\(id)'"
        }
    }
}

/// A headless UI recorder: views with ids and properties, taps simulated by id.
///
/// Every change is recorded in the transcript (`ui.show`, `ui.hide`, `ui.tap`).
public final class HeadlessUI {
    /// A shown view.
    public struct View: Equatable, Sendable {
        public var id: String
        public var properties: JSONObject
    }

    /// Visible views in the order they were first shown.
    public private(set) var views: OrderedDictionary<String, View> = [:]
    private var tapHandlers: [String: () throws -> Void] = [:]
    /// Views shown outside this recorder (a system's own, as experience content): by owner, a
    /// function giving the tap handler of a view id it shows, nil when it shows none.
    private var tapResolvers: [(owner: String, resolve: (String) -> (() throws -> Void)?)] = []
    /// Told of each change to the app's views (the id shown, updated or hidden), by owner: a
    /// system re-lays out what it shows over them (the SDK's frame observers).
    private var layoutObservers: [(owner: String, observe: (String) -> Void)] = []
    private let transcript: Transcript

    public init(transcript: Transcript) { self.transcript = transcript }

    /// Shows (or replaces) a view.
    public func show(id: String, properties: JSONObject, onTap: (() throws -> Void)? = nil) {
        views[id] = View(id: id, properties: properties)
        tapHandlers[id] = onTap
        var fields: JSONObject = ["id": .string(id)]
        for (k, v) in properties where k != "id" { fields[k] = v }
        transcript.record("ui.show", fields)
        layoutChanged(id)
    }

    /// Merges `properties` into a shown view.
    public func update(id: String, properties: JSONObject) throws(HeadlessUIError) {
        guard var view = views[id] else { throw .noSuchView(id) }
        for (k, v) in properties { view.properties[k] = v }
        views[id] = view
        var fields: JSONObject = ["id": .string(id)]
        for (k, v) in properties where k != "id" { fields[k] = v }
        transcript.record("ui.update", fields)
        layoutChanged(id)
    }

    /// Removes a view; hiding a view that is not shown does nothing.
    public func hide(id: String) {
        guard views.removeValue(forKey: id) != nil else { return }
        tapHandlers[id] = nil
        transcript.record("ui.hide", ["id": .string(id)])
        layoutChanged(id)
    }

    /// Removes every view.
    public func clear() {
        for id in views.keys { hide(id: id) }
    }

    /// A shown view, or nil.
    public func find(_ id: String) -> View? { views[id] }

    /// Whether a shown view has an `onTap` handler.
    public func isTappable(_ id: String) -> Bool { tapHandlers[id] != nil }

    /// Lets `tap(id:)` reach views a system shows itself (replacing the owner's former resolver).
    public func setTapResolver(owner: String, _ resolve: @escaping (String) -> (() throws -> Void)?) {
        tapResolvers.removeAll { $0.owner == owner }
        tapResolvers.append((owner, resolve))
    }

    /// Tells `observe` of every change to the app's views (replacing the owner's former observer).
    public func setLayoutObserver(owner: String, _ observe: @escaping (String) -> Void) {
        layoutObservers.removeAll { $0.owner == owner }
        layoutObservers.append((owner, observe))
    }

    private func layoutChanged(_ id: String) {
        for observer in layoutObservers { observer.observe(id) }
    }

    /// Simulates a tap: records `ui.tap` and runs the view's handler; a view of the app first,
    /// else one a system shows (``setTapResolver(owner:_:)``).
    public func tap(id: String) throws {
        if views[id] != nil {
            transcript.record("ui.tap", ["id": .string(id)])
            try tapHandlers[id]?()
            return
        }
        for resolver in tapResolvers {
            guard let handler = resolver.resolve(id) else { continue }
            transcript.record("ui.tap", ["id": .string(id)])
            return try handler()
        }
        throw HeadlessUIError.noSuchView(id)
    }

    /// The view tree as JSON: `{id: {prop: value, ...}, ...}`.
    public var tree: JSONValue {
        var object: JSONObject = [:]
        for (id, view) in views { object[id] = .object(view.properties) }
        return .object(object)
    }
}
