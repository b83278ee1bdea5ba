import JSON

/// Views a system draws itself, outside the recorder (an Appcues experience's content): how the
/// headless UI lists them and finds what a tap, typed text or a selected option does to one, by id.
/// A resolver gives nil for an id the system does not show (or that takes no such input).
public struct ViewSource {
    /// The system's visible views that have ids, in order: id → properties (with `kind` when it has one).
    public var views: () -> [(id: String, properties: JSONObject)]
    public var tap: (String) -> (() throws -> Void)?
    public var type: (String) -> ((String) throws -> Void)?
    public var select: (String) -> ((String) throws -> Void)?
    /// What the system shows over the app at a point of the screen (nil: nothing there, or no
    /// point known): a tap on an app view there goes where the hit test sends it (``Cover``).
    public var cover: (_ point: (x: Double, y: Double)?) -> Cover?

    /// What covers an app view hit by a tap, as UIKit's hit test finds it.
    public enum Cover {
        /// A view over the app takes the tap: the app view gets nothing (`by` names it).
        case blocked(by: String)
        /// A view over the app handles the tap (`by` names it); with `passThrough` the app view
        /// gets the tap as well (the handler runs after the app view's).
        case handled(by: String, passThrough: Bool, handler: () throws -> Void)
    }

    public init(views: @escaping () -> [(id: String, properties: JSONObject)],
                tap: @escaping (String) -> (() throws -> Void)? = { _ in nil },
                type: @escaping (String) -> ((String) throws -> Void)? = { _ in nil },
                select: @escaping (String) -> ((String) throws -> Void)? = { _ in nil },
                cover: @escaping (_ point: (x: Double, y: Double)?) -> Cover? = { _ in nil }) {
        self.views = views
        self.tap = tap
        self.type = type
        self.select = select
        self.cover = cover
    }
}

extension HeadlessUI {
    /// Adds the views a system draws itself, replacing the owner's former source (a relaunch installs
    /// the system again).
    public func setViewSource(owner: String, _ source: ViewSource) {
        sources.removeAll { $0.owner == owner }
        sources.append((owner, source))
    }

    /// Simulates a tap: records `ui.tap` and runs the view's handler; a view of the recorder first,
    /// else one a system shows (``setViewSource(owner:_:)``). A view of the recorder under what
    /// a system shows over the app (``ViewSource/cover``, at the view's centre) gets the tap only
    /// as the hit test sends it: `ui.tap` names what covered it (`coveredBy`), and a blocked tap
    /// runs nothing of the app's.
    public func tap(id: String) throws {
        if let handlers = handlers(of: id) {
            let point = views[id].flatMap { Self.centre(of: $0.properties) }
            for (_, source) in sources {
                guard let cover = source.cover(point) else { continue }
                switch cover {
                case .blocked(let by):
                    transcript.record("ui.tap", ["id": .string(id), "coveredBy": .string(by)])
                case .handled(let by, let passThrough, let handler):
                    transcript.record("ui.tap", ["id": .string(id), "coveredBy": .string(by), "passThrough": .bool(passThrough)])
                    if passThrough { try handlers.onTap?() }
                    try handler()
                }
                return
            }
            transcript.record("ui.tap", ["id": .string(id)])
            try handlers.onTap?()
            return
        }
        for (_, source) in sources {
            guard let handler = source.tap(id) else { continue }
            transcript.record("ui.tap", ["id": .string(id)])
            return try handler()
        }
        throw HeadlessUIError.noSuchView(id)
    }

    /// Types `text` into a view (replacing its value): a view of the recorder with `onType` (records
    /// `ui.type`), else a system's view that takes text (the system records what it does).
    public func type(id: String, text: String) throws {
        try enter(text, id: id, input: "text", event: ("ui.type", "text"), recorder: \.onType, source: \.type)
    }

    /// Selects the option `value` in a view: a view of the recorder with `onSelect` (records
    /// `ui.select`), else a system's view with options (the system records what it does).
    public func select(id: String, value: String) throws {
        try enter(value, id: id, input: "option", event: ("ui.select", "value"), recorder: \.onSelect, source: \.select)
    }

    /// `type` and `select`: the recorder's view first (its handler for this input, recorded as
    /// `event`), then the systems' sources; an error names a missing view or a view without the input.
    private func enter(_ value: String, id: String, input: String, event: (type: String, key: String),
                       recorder: KeyPath<Handlers, ((String) throws -> Void)?>,
                       source: KeyPath<ViewSource, (String) -> ((String) throws -> Void)?>) throws {
        if let handlers = handlers(of: id) {
            guard let handler = handlers[keyPath: recorder] else { throw HeadlessUIError.notAnInput(id, input: input) }
            transcript.record(event.type, ["id": .string(id), event.key: .string(value)])
            return try handler(value)
        }
        for (_, system) in sources { if let handler = system[keyPath: source](id) { return try handler(value) } }
        throw view(id) == nil ? HeadlessUIError.noSuchView(id) : .notAnInput(id, input: input)
    }

    /// The properties of a visible view with this id, whichever system drew it (the recorder's first).
    public func view(_ id: String) -> JSONObject? {
        if let view = views[id] { return view.properties }
        for (_, source) in sources { if let found = source.views().first(where: { $0.id == id }) { return found.properties } }
        return nil
    }

    /// True when a tap on `id` does something: a recorder view with `onTap`, or a system's view
    /// whose source takes the tap.
    public func canTap(_ id: String) -> Bool {
        isTappable(id) || (views[id] == nil && sources.contains { $0.source.tap(id) != nil })
    }

    /// The ids of every visible view, whichever system drew it (the keys of ``visibleTree``).
    public var visibleIDs: [String] {
        guard case .object(let object) = visibleTree else { return [] }
        return Array(object.keys)
    }

    /// Every visible view with an id, whichever system drew it: `{id: {prop: value, ...}, ...}`, the
    /// recorder's views first (a system's view with the id of one of them is hidden behind it).
    public var visibleTree: JSONValue {
        guard case .object(var object) = tree else { return tree }
        for (_, source) in sources {
            for (id, properties) in source.views() where object[id] == nil { object[id] = .object(properties) }
        }
        return .object(object)
    }

    /// The centre of a view with a numeric frame (`x`, `y`, `width`, `height`; absent: 0), or nil
    /// when it has no `x` and `y`.
    static func centre(of properties: JSONObject) -> (x: Double, y: Double)? {
        guard let x = properties["x"]?.doubleValue, let y = properties["y"]?.doubleValue else { return nil }
        return (x + (properties["width"]?.doubleValue ?? 0) / 2, y + (properties["height"]?.doubleValue ?? 0) / 2)
    }
}
