import Engine

/// What the runner keeps of a scenario's transcript: its last events, at most ``maxEvents`` and
/// about ``maxBytes`` (``TranscriptEvent/estimatedSize``), the earlier ones counted. A scenario
/// that logs without end (each worker streams its events) cannot grow the runner: what failures
/// and reports show is the tail, with "N earlier events not kept".
public struct TranscriptTail: Sendable, Equatable {
    /// The most events kept per scenario.
    public static let maxEvents = 20_000
    /// About the most bytes of events kept per scenario (the last event is always kept).
    public static let maxBytes = 16 << 20

    /// The events kept, oldest first: event `notKept + i` of the scenario's transcript is `events[i]`.
    public private(set) var events: [TranscriptEvent] = []
    /// How many events before the first kept one were dropped.
    public private(set) var notKept = 0
    private var bytes = 0
    private var sizes: [Int] = []
    private let maxEvents: Int
    private let maxBytes: Int

    public init(maxEvents: Int = TranscriptTail.maxEvents, maxBytes: Int = TranscriptTail.maxBytes) {
        self.maxEvents = max(maxEvents, 1)
        self.maxBytes = maxBytes
    }

    /// The tail of `events`, with `notKept` events already dropped before them.
    public init(_ events: [TranscriptEvent], notKept: Int = 0) {
        self.init()
        self.notKept = notKept
        append(contentsOf: events)
    }

    /// Only a count of events not kept (a result's note).
    init(notKeptOnly: Int) {
        self.init()
        notKept = notKeptOnly
    }

    /// Every event seen: those kept and those not.
    public var count: Int { notKept + events.count }

    public mutating func append(contentsOf batch: [TranscriptEvent]) {
        for event in batch {
            let size = event.estimatedSize
            events.append(event)
            sizes.append(size)
            bytes += size
        }
        // Trimmed in bulk once the bound is passed twice over (amortised: no shift per event).
        if events.count > 2 * maxEvents || bytes > 2 * maxBytes { trim() }
    }

    /// The tail within the bounds (what a result keeps).
    public func trimmed() -> TranscriptTail {
        var tail = self
        tail.trim()
        return tail
    }

    private mutating func trim() {
        var drop = max(0, events.count - maxEvents), left = bytes
        for size in sizes[..<drop] { left -= size }
        while drop < events.count - 1 && left > maxBytes {
            left -= sizes[drop]
            drop += 1
        }
        guard drop > 0 else { return }
        events.removeFirst(drop)
        sizes.removeFirst(drop)
        bytes = left
        notKept += drop
    }

    /// "N earlier events not kept" (nil when all were kept): where a transcript is shown.
    public var note: String? {
        notKept == 0 ? nil : "\(notKept) earlier event\(notKept == 1 ? "" : "s") not kept (the runner keeps the last \(Self.maxEvents) events, at most \(Self.maxBytes >> 20) MiB, of a scenario)"
    }

    public static func == (a: TranscriptTail, b: TranscriptTail) -> Bool { a.events == b.events && a.notKept == b.notKept }
}
