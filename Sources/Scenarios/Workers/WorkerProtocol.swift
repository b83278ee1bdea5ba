import Platform
import Engine
import JSON
import LuaRuntime

/// The protocol between `ctlua test` and its worker processes (`ctlua __worker`).
///
/// One stream socket (the worker's file descriptor 3) carries frames both ways. A frame is
/// a 4-byte big-endian length followed by that many bytes: one message, a `JSONValue` (an
/// object) in its binary form (``JSONValue/appendBinary(to:maxDepth:)``: tag bytes and lengths,
/// written straight from the value and read straight into one). That form is not a second JSON
/// format: it exists only between the runner and its workers, two processes of the same
/// `ctlua`, where JSON text cost a jansson tree built and freed on both sides of every frame;
/// files stay JSON text, on the one toolkit. The messages are shown below as JSON. Every
/// message is made of the JSON forms the types carry (``JSONRepresentable``): ``Scenario``,
/// ``ScenarioLimits``, ``SnapshotMode``, ``TranscriptEvent``, ``ScenarioResult``. The reader
/// treats a frame as hostile (a worker runs untrusted scripts): a malformed one is a
/// ``WorkerProtocolError``, never a crash.
///
/// Runner → worker, one ``WorkerRequest`` per scenario: the scenario as the runner loaded and
/// validated it. The worker runs them one at a time, in the order sent; the runner sends the
/// next request ahead (before the previous `result`, when its frame is small), so the worker
/// starts it as soon as it has written that result, while the runner reads it:
///
///     {"run": {"file": "/abs/a.json", "relativePath": "flows/a.json", "name": "banner", ...},
///      "limits": {"maxMemory": 67108864, "maxInstructions": 50000000, "timeout": 2},
///      "snapshots": {"update": false, "ci": true}, "coverage": true}
///
/// (`coverage` only with `ctlua test --coverage`: the worker records line coverage; `screens`
/// only with `ctlua test --report`: the result carries each step's screen, `steps`.)
///
/// Worker → runner (``WorkerReply``), while the scenario runs, one frame per batch of
/// transcript events (the events recorded since the last batch, written at the latest 20 ms
/// after they are recorded, so a runner that terminates the worker keeps the transcript so
/// far), then one frame with the events not yet sent and the whole result, built by the
/// worker's ``ScenarioExecutor`` (a scenario shorter than 20 ms crosses in that one frame):
///
///     {"events": [{"t": 0.0, "type": "inapp.queued", "id": "c1", "template": "Banner"}, ...]}
///     {"events": [...],
///      "result": {"name": "banner", "file": "flows/a.json", "passed": false, "duration": 0.0012,
///                 "failures": [{"step": 3, "expectation": "displayed", "message": "...", ...}],
///                 "coverage": {"/abs/banner.lua": [[1, 1], [2, 0], [5, 3]]}}}
///
/// `coverage` (when requested) maps each script's real path to `[line, hits]` pairs, one per
/// executable line, for this scenario alone: a worker terminated on timeout loses only the
/// hits of the scenario it was running.
///
/// The worker exits 0 when the socket closes. Its standard input is `/dev/null`; its
/// standard output and error go to a pipe the runner reads (kept for crash messages), so
/// stray output never corrupts the protocol.
public enum WorkerProtocol {
    /// The file descriptor of the socket in the worker.
    public static let channel: Int32 = 3
    /// The hidden subcommand that makes `ctlua` a worker.
    public static let subcommand = "__worker"
    /// Frames larger than this are a protocol error (a broken worker).
    static let maxFrame = 1 << 30

    /// A frame's bytes: length prefix and the message's binary form. A message the form cannot
    /// hold (NaN, nesting deeper than 512, as for JSON text) becomes `{"error": "..."}`, which
    /// the reader rejects as an unexpected message.
    static func frame(_ message: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = [0, 0, 0, 0]
        bytes.reserveCapacity(1024)
        do { try message.appendBinary(to: &bytes) } catch {
            try? JSONValue.object(["error": .string("unencodable message: \(error)")]).appendBinary(to: &bytes)
        }
        let n = UInt32(truncatingIfNeeded: bytes.count - 4)
        (bytes[0], bytes[1], bytes[2], bytes[3]) = (UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff))
        return bytes
    }

    /// Writes all of `bytes` to `fd` (a socket: no SIGPIPE when the peer is gone). False on failure.
    @discardableResult
    static func send(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Platform.send(fd, raw.baseAddress! + sent, raw.count - sent)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            sent += n
        }
        return true
    }

    /// Splits complete frames off the front of `buffer` (from `start`), decoding each.
    struct Inbox {
        private var buffer: [UInt8] = []
        private var start = 0

        mutating func append(_ bytes: UnsafeRawBufferPointer) { buffer.append(contentsOf: bytes) }

        /// The next complete frame, nil when more bytes are needed; throws on a malformed frame.
        mutating func next() throws(WorkerProtocolError) -> JSONValue? {
            guard buffer.count - start >= 4 else { return nil }
            let n = Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            guard n <= WorkerProtocol.maxFrame else { throw WorkerProtocolError("frame of \(n) bytes") }
            guard buffer.count - start - 4 >= n else { return nil }
            let body = (start + 4)..<(start + 4 + n)
            let message = buffer.withUnsafeBytes { bytes in
                Result { () throws(JSONBinaryError) in try JSONValue(binary: UnsafeRawBufferPointer(rebasing: bytes[body])) }
            }
            start += 4 + n
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
            } else if start > 1 << 16 {
                buffer.removeFirst(start)
                start = 0
            }
            do { return try message.get() } catch { throw WorkerProtocolError("malformed frame: \(error)") }
        }
    }

    /// The environment variable holding the runner's pid, set for each worker.
    static let runnerVariable = "CTLUA_RUNNER_PID"

    /// A frame of a message.
    static func frame(_ message: some JSONRepresentable) -> [UInt8] { frame(message.json) }
}

/// Runner → worker: run one scenario.
struct WorkerRequest: JSONRepresentable, Equatable {
    var scenario: Scenario
    var limits: ScenarioLimits
    var snapshots = SnapshotMode()
    /// Record line coverage (`ctlua test --coverage`).
    var coverage = false
    /// Record each step's screen (`ctlua test --report`).
    var screens = false

    var json: JSONValue {
        var request: JSONObject = ["run": scenario.json, "limits": limits.json, "snapshots": snapshots.json]
        if coverage { request["coverage"] = .bool(true) }
        if screens { request["screens"] = .bool(true) }
        return .object(request)
    }

    init(scenario: Scenario, limits: ScenarioLimits, snapshots: SnapshotMode = SnapshotMode(), coverage: Bool = false,
         screens: Bool = false) {
        self.screens = screens
        self.scenario = scenario
        self.limits = limits
        self.snapshots = snapshots
        self.coverage = coverage
    }

    init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        try reader.known(object, ["run", "limits", "snapshots", "coverage", "screens"], at: .root)
        do { scenario = try Scenario(json: object["run"] ?? .null) } catch { throw error.under(.root.key("run")) }
        do { limits = try ScenarioLimits(json: object["limits"] ?? [:]) } catch { throw error.under(.root.key("limits")) }
        do { snapshots = try SnapshotMode(json: object["snapshots"] ?? [:]) } catch { throw error.under(.root.key("snapshots")) }
        coverage = try reader.bool(object["coverage"], at: .root.key("coverage"), default: false)
        screens = try reader.bool(object["screens"], at: .root.key("screens"), default: false)
    }
}

/// Worker → runner: a batch of transcript events, or the scenario's result with the events
/// recorded since the last batch (one frame: the last events and the result leave together).
enum WorkerReply: JSONRepresentable {
    case events([TranscriptEvent])
    case result(ScenarioResult, events: [TranscriptEvent])

    var json: JSONValue {
        switch self {
        case .events(let events): return ["events": .array(events.map(\.json))]
        case .result(let result, let events):
            return events.isEmpty ? ["result": result.json] : ["events": .array(events.map(\.json)), "result": result.json]
        }
    }

    init(json: JSONValue) throws(LocatedProblem) {
        let reader = JSONReader(value: json)
        let object = try reader.object(json, at: .root)
        var events: [TranscriptEvent] = []
        if let result = object["result"] {
            try reader.known(object, ["events", "result"], at: .root)
            if object["events"] != nil { events = try Self.events(object["events"], reader) }
            do { self = .result(try ScenarioResult(json: result), events: events) } catch { throw error.under(.root.key("result")) }
            return
        }
        try reader.known(object, ["events"], at: .root)
        self = .events(try Self.events(object["events"], reader))
    }

    private static func events(_ value: JSONValue?, _ reader: JSONReader) throws(LocatedProblem) -> [TranscriptEvent] {
        var events: [TranscriptEvent] = []
        for (i, event) in try reader.array(value, at: .root.key("events"), expected: "an array of events").enumerated() {
            do { events.append(try TranscriptEvent(json: event)) } catch { throw error.under(.root.key("events").index(i)) }
        }
        return events
    }

    /// A frame's message as a reply; a message of another shape breaks the protocol.
    init(decoding message: JSONValue) throws(WorkerProtocolError) {
        do { try self.init(json: message) } catch {
            throw WorkerProtocolError("unexpected message \(JSONWriter.text(message)): \(error)")
        }
    }
}

/// A worker broke the protocol (a malformed or oversized frame, an unexpected message).
struct WorkerProtocolError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
