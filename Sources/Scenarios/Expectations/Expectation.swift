import JSON

/// The content of an `expect` step; absent members are not checked.
public struct Expectation: Sendable, Equatable {
    /// Patterns that must match events in this order (an ordered subsequence of the transcript).
    public var events: [JSONObject]?
    /// Patterns that must match no event of the transcript.
    public var noEvents: [JSONObject]?
    /// The displayed in-app id (`.some(nil)`: nothing displayed).
    public var displayed: String??
    /// The queued ids, in order.
    public var queue: [String]?
    /// Per view id, properties that the view must have (partial match).
    public var ui: JSONObject?
    /// A partial match of the navigation state.
    public var navigation: JSONValue?

    public init(events: [JSONObject]? = nil, noEvents: [JSONObject]? = nil, displayed: String?? = nil,
                queue: [String]? = nil, ui: JSONObject? = nil, navigation: JSONValue? = nil) {
        self.events = events
        self.noEvents = noEvents
        self.displayed = displayed
        self.queue = queue
        self.ui = ui
        self.navigation = navigation
    }

    /// The shape of an `expect` value: known keys only, each of the right type.
    /// (Computed, not a global `let`: a global indirect enum is reported by LeakSanitizer, which cannot
    /// see pointers Swift stores with enum tag bits.)
    public static var shape: ValueShape { .record(
        members: [
            "events": .arrayOf(.object), "noEvents": .arrayOf(.object),
            "displayed": .anyOf([.string, .null]), "queue": .arrayOf(.string),
            "ui": .objectOf(.object), "navigation": .object,
        ],
        required: []) }

    /// Reads an `expect` value already checked against ``shape``.
    public init(validated value: JSONValue) {
        let object = value.objectValue ?? [:]
        events = object["events"]?.arrayValue?.compactMap(\.objectValue)
        noEvents = object["noEvents"]?.arrayValue?.compactMap(\.objectValue)
        if let displayed = object["displayed"] { self.displayed = .some(displayed.stringValue) }
        queue = object["queue"]?.arrayValue?.compactMap(\.stringValue)
        ui = object["ui"]?.objectValue
        navigation = object["navigation"]
    }
}
