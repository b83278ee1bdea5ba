import OrderedCollections
import JSON

/// Errors of the headless UI.
public enum HeadlessUIError: Error, Equatable, CustomStringConvertible {
    case noSuchView(String)
    /// A shown view that takes no such input (`type`: text, `select`: an option).
    case notAnInput(String, input: String)
    public var description: String {
        switch self {
        case .noSuchView(let id): return "ui: no view with id '\(id)'"
        case .notAnInput(let id, let input):
            return input == "text" ? "ui: view '\(id)' takes no text" : "ui: view '\(id)' has no options to select"
        }
    }
}

/// A headless UI recorder: views with ids and properties, taps, typing and selecting simulated by id.
///
/// Every change is recorded in the transcript (`ui.show`, `ui.hide`, `ui.tap`, `ui.type`, `ui.select`).
/// Views a system draws itself (an experience's content) are not in the recorder: the system adds a
/// ``ViewSource`` (``setViewSource(owner:_:)``), so that addressing a view by id (``tap(id:)``,
/// ``type(id:text:)``, ``select(id:value:)``, ``view(_:)``, ``visibleTree``) reaches every view the
/// user sees, whichever system drew it.
public final class HeadlessUI {
    /// A shown view.
    public struct View: Equatable, Sendable {
        public var id: String
        public var properties: JSONObject
    }

    /// What a view of the recorder does when the user acts on it (nil: that input does nothing / is refused).
    public struct Handlers {
        public var onTap: (() throws -> Void)?
        /// Text typed into the view (replacing its value).
        public var onType: ((String) throws -> Void)?
        /// An option selected in the view (by value).
        public var onSelect: ((String) throws -> Void)?

        public init(onTap: (() throws -> Void)? = nil, onType: ((String) throws -> Void)? = nil,
                    onSelect: ((String) throws -> Void)? = nil) {
            self.onTap = onTap
            self.onType = onType
            self.onSelect = onSelect
        }
    }

    /// Visible views in the order they were first shown.
    public private(set) var views: OrderedDictionary<String, View> = [:]
    private var viewHandlers: [String: Handlers] = [:]
    /// Views shown outside this recorder (a system's own, as experience content), by owner.
    var sources: [(owner: String, source: ViewSource)] = []
    /// Told of each change to the app's views (the id shown, updated or hidden), by owner: a
    /// system re-lays out what it shows over them (the SDK's frame observers).
    private var layoutObservers: [(owner: String, observe: (String) -> Void)] = []
    /// What happened to an app view (``setChangeObserver(owner:_:)``).
    public enum Change: Sendable, Equatable {
        /// Shown, or shown again in place of itself (``show(id:properties:handlers:)``).
        case shown
        case updated
        case hidden
    }
    /// Told of each change to the app's views with what changed, by owner.
    private var changeObservers: [(owner: String, observe: (String, Change) -> Void)] = []
    let transcript: Transcript

    public init(transcript: Transcript) { self.transcript = transcript }

    /// Shows (or replaces) a view.
    public func show(id: String, properties: JSONObject, onTap: (() throws -> Void)? = nil) {
        show(id: id, properties: properties, handlers: Handlers(onTap: onTap))
    }

    /// Shows (or replaces) a view with what it does when tapped, typed into or selected in.
    public func show(id: String, properties: JSONObject, handlers: Handlers) {
        views[id] = View(id: id, properties: properties)
        viewHandlers[id] = handlers
        var fields: JSONObject = ["id": .string(id)]
        for (k, v) in properties where k != "id" { fields[k] = v }
        transcript.record("ui.show", fields)
        layoutChanged(id, .shown)
    }

    /// Merges `properties` into a shown view.
    public func update(id: String, properties: JSONObject) throws(HeadlessUIError) {
        guard var view = views[id] else { throw .noSuchView(id) }
        for (k, v) in properties { view.properties[k] = v }
        views[id] = view
        var fields: JSONObject = ["id": .string(id)]
        for (k, v) in properties where k != "id" { fields[k] = v }
        transcript.record("ui.update", fields)
        layoutChanged(id, .updated)
    }

    /// Removes a view; hiding a view that is not shown does nothing.
    public func hide(id: String) {
        guard views.removeValue(forKey: id) != nil else { return }
        viewHandlers[id] = nil
        transcript.record("ui.hide", ["id": .string(id)])
        layoutChanged(id, .hidden)
    }

    /// Removes every view.
    public func clear() {
        for id in views.keys { hide(id: id) }
    }

    /// A view of the recorder, or nil (``view(_:)`` reaches systems' views too).
    public func find(_ id: String) -> View? { views[id] }

    /// The handlers of a view of the recorder (nil when it is not shown).
    func handlers(of id: String) -> Handlers? { views[id] != nil ? viewHandlers[id] ?? Handlers() : nil }

    /// Whether a shown view has an `onTap` handler.
    public func isTappable(_ id: String) -> Bool { viewHandlers[id]?.onTap != nil }

    /// Tells `observe` of every change to the app's views (replacing the owner's former observer).
    public func setLayoutObserver(owner: String, _ observe: @escaping (String) -> Void) {
        layoutObservers.removeAll { $0.owner == owner }
        layoutObservers.append((owner, observe))
    }

    /// Tells `observe` of every change to the app's views and what it was (replacing the owner's
    /// former change observer); change observers are told before layout observers.
    public func setChangeObserver(owner: String, _ observe: @escaping (String, Change) -> Void) {
        changeObservers.removeAll { $0.owner == owner }
        changeObservers.append((owner, observe))
    }

    private func layoutChanged(_ id: String, _ change: Change) {
        for observer in changeObservers { observer.observe(id, change) }
        for observer in layoutObservers { observer.observe(id) }
    }

    /// The recorder's views as JSON: `{id: {prop: value, ...}, ...}` (``visibleTree`` adds systems' views).
    public var tree: JSONValue {
        var object: JSONObject = [:]
        for (id, view) in views { object[id] = .object(view.properties) }
        return .object(object)
    }
}
