import JSON

/// What the navigation looks like now: the stack of presented screens (hook screens included
/// while they are shown), and the outcome of the last navigation.
public struct NavigationState: Equatable, Sendable {
    /// A presented screen.
    public struct Entry: Equatable, Sendable {
        /// The river screen id.
        public var screen: String
        /// How it was reached (`cell`, `navbar`, `menu`, `picker`; `hook` for a hook screen).
        public var from: String
        /// The dataDict the screen received: what the last hook passed on (nil: nothing, and
        /// for a hook screen).
        public var data: JSONObject?
        /// The navigation's data source (the SDK's `dataSourceModel`), which the target receives.
        public var dataSource: JSONValue?
        /// The hook plugin's identifier, for a hook screen.
        public var hook: String?
        /// How a hook screen is shown (`push` or `present`); nil for other screens.
        public var presentation: HookPresentation?

        public init(screen: String, from: String, data: JSONObject? = nil, dataSource: JSONValue? = nil,
                    hook: String? = nil, presentation: HookPresentation? = nil) {
            self.screen = screen
            self.from = from
            self.data = data
            self.dataSource = dataSource
            self.hook = hook
            self.presentation = presentation
        }

        var json: JSONValue {
            var object: JSONObject = [
                "screen": .string(screen), "from": .string(from), "data": data.map { .object($0) } ?? .null,
                "dataSource": dataSource ?? .null,
            ]
            if let hook { object["hook"] = .string(hook) }
            if let presentation { object["presentation"] = .string(presentation.rawValue) }
            return .object(object)
        }
    }

    /// The outcome of one navigation.
    public struct Outcome: Equatable, Sendable {
        /// The screen navigated to.
        public var target: String
        public var from: InvocationPoint
        /// True: the target was presented; false: blocked (or rejected); nil: still running.
        public var presented: Bool?
        /// The identifier of the flow blocker that stopped it.
        public var blockedBy: String?
        /// What the last hook passed on (what the target received once presented); nil: nothing.
        public var data: JSONObject?
        /// True when the navigation was refused because another one was running.
        public var rejected: Bool

        var json: JSONValue {
            [
                "target": .string(target), "from": .string(from.rawValue), "presented": presented.map { .bool($0) } ?? .null,
                "blockedBy": blockedBy.map { .string($0) } ?? .null, "data": data.map { .object($0) } ?? .null, "rejected": .bool(rejected),
            ]
        }
    }

    /// Presented screens, bottom first.
    public internal(set) var stack: [Entry] = []
    /// The last navigation started (running or finished; a rejected one does not replace it).
    public internal(set) var last: Outcome?
    /// True while a navigation runs (its hooks, then its post-load hooks).
    public internal(set) var running = false

    /// The top screen that is not a hook screen.
    public var screen: String? { stack.last(where: { $0.hook == nil })?.screen }

    /// The state as JSON (`hooks.state()`, the `navigation` expectation key, `:navigation`):
    /// `running`, `screen`, `stack` (ids), `screens` (entries), and the last navigation's `target`,
    /// `from`, `presented`, `blockedBy`, `data`.
    public var json: JSONValue {
        var object: JSONObject = [
            "running": .bool(running), "screen": screen.map { .string($0) } ?? .null,
            "stack": .array(stack.map { .string($0.screen) }), "screens": .array(stack.map(\.json)),
            "target": .null, "from": .null, "presented": .null, "blockedBy": .null, "data": .null,
        ]
        if let last, case .object(let outcome) = last.json {
            for (key, value) in outcome where key != "rejected" { object[key] = value }
        }
        return .object(object)
    }

    /// A few lines for people (`:navigation`).
    public var summary: String {
        var text = "stack: " + (stack.isEmpty ? "empty" : stack.map { $0.hook.map { h in "[\(h)]" } ?? $0.screen }.joined(separator: " > ")) + "\n"
        if let last {
            let outcome: String
            switch last.presented {
            case true?: outcome = "presented"
            case false?: outcome = last.blockedBy.map { "blocked by \($0)" } ?? "not presented"
            case nil: outcome = "running"
            }
            text += "last: \(last.target) from \(last.from.rawValue): \(outcome)\n"
            text += "data: " + (last.data.flatMap { try? JSONValue.object($0).encoded() } ?? "none") + "\n"
        } else {
            text += "last: none\n"
        }
        return text
    }
}
