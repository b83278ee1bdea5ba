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

    public init(views: @escaping () -> [(id: String, properties: JSONObject)],
                tap: @escaping (String) -> (() throws -> Void)? = { _ in nil },
                type: @escaping (String) -> ((String) throws -> Void)? = { _ in nil },
                select: @escaping (String) -> ((String) throws -> Void)? = { _ in nil }) {
        self.views = views
        self.tap = tap
        self.type = type
        self.select = select
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
    /// else one a system shows (``setViewSource(owner:_:)``).
    public func tap(id: String) throws {
        if let handlers = handlers(of: id) {
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
        if let handlers = handlers(of: id) {
            guard let onType = handlers.onType else { throw HeadlessUIError.notAnInput(id, input: "text") }
            transcript.record("ui.type", ["id": .string(id), "text": .string(text)])
            return try onType(text)
        }
        for (_, source) in sources { if let handler = source.type(id) { return try handler(text) } }
        throw view(id) == nil ? HeadlessUIError.noSuchView(id) : .notAnInput(id, input: "text")
    }

    /// Selects the option `value` in a view: a view of the recorder with `onSelect` (records
    /// `ui.select`), else a system's view with options (the system records what it does).
    public func select(id: String, value: String) throws {
        if let handlers = handlers(of: id) {
            guard let onSelect = handlers.onSelect else { throw HeadlessUIError.notAnInput(id, input: "option") }
            transcript.record("ui.select", ["id": .string(id), "value": .string(value)])
            return try onSelect(value)
        }
        for (_, source) in sources { if let handler = source.select(id) { return try handler(value) } }
        throw view(id) == nil ? HeadlessUIError.noSuchView(id) : .notAnInput(id, input: "option")
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
}
