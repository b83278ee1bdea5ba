#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Engine
import JSON
import LuaRuntime

/// The protocol between `ctlua test` and its worker processes (`ctlua __worker`).
///
/// One stream socket (the worker's file descriptor 3) carries frames both ways. A frame is
/// a 4-byte big-endian length followed by that many bytes of UTF-8 JSON (an object).
///
/// Runner → worker, one per scenario, the next only after the previous `result`: the scenario
/// as the runner loaded and validated it (a `.lua` scenario has no `scripts`/`steps`):
///
///     {"run": {"file": "/abs/a.json", "relativePath": "flows/a.json", "name": "banner",
///              "scripts": ["/abs/banner.lua"], "setup": {...},
///              "steps": [{"index": 0, "name": "deliver", "step": {"deliver": {...}}}, ...]},
///      "limits": {"maxMemory": 67108864, "maxInstructions": 50000000, "timeout": 2},
///      "snapshots": {"update": false, "ci": true}, "coverage": true}
///
/// (`coverage` only with `ctlua test --coverage`: the worker records line coverage.)
///
/// Worker → runner, while the scenario runs, one frame per transcript event (written at the
/// latest 20 ms after it is recorded, in batches, so a runner that terminates the worker
/// keeps the transcript so far), then one result:
///
///     {"event": {"t": 0.0, "type": "inapp.queued", "id": "c1", "template": "Banner"}}
///     {"result": {"name": "banner", "duration": 0.0012,
///                 "failures": [{"step": 3, "expectation": "displayed", "message": "...",
///                               "expected": "...", "actual": "...", "eventIndex": 4, "context": ["..."]}],
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

    /// A frame's bytes: length prefix and JSON.
    static func frame(_ message: JSONValue) -> [UInt8] {
        let body = Array(((try? message.encoded()) ?? #"{"error":"unencodable message"}"#).utf8)
        let n = UInt32(body.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)] + body
    }

    /// Writes all of `bytes` to `fd` (a socket: no SIGPIPE when the peer is gone). False on failure.
    @discardableResult
    static func send(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
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
            let body = Array(buffer[(start + 4)..<(start + 4 + n)])
            start += 4 + n
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
            } else if start > 1 << 16 {
                buffer.removeFirst(start)
                start = 0
            }
            do { return try JSONDocument(bytes: body).value } catch { throw WorkerProtocolError("malformed frame: \(error)") }
        }
    }

    /// The environment variable holding the runner's pid, set for each worker.
    static let runnerVariable = "CTLUA_RUNNER_PID"

    // MARK: - Messages

    static func runRequest(_ scenario: Scenario, limits: ScenarioLimits, snapshots: SnapshotMode = SnapshotMode(),
                           coverage: Bool = false) -> JSONValue {
        var limitsObject: JSONObject = [:]
        if let memory = limits.maxMemory { limitsObject["maxMemory"] = .integer(Int64(memory)) }
        if let instructions = limits.maxInstructions { limitsObject["maxInstructions"] = .integer(Int64(instructions)) }
        if let timeout = limits.timeout { limitsObject["timeout"] = .double(timeout) }
        var request: JSONObject = ["run": self.scenario(scenario), "limits": .object(limitsObject),
                                   "snapshots": ["update": .bool(snapshots.update), "ci": .bool(snapshots.ci)]]
        if coverage { request["coverage"] = .bool(true) }
        return .object(request)
    }

    /// The snapshot mode of a run request (absent: compare, not CI).
    static func snapshots(from value: JSONValue?) -> SnapshotMode {
        SnapshotMode(update: value?["update"]?.boolValue ?? false, ci: value?["ci"]?.boolValue ?? false)
    }

    /// A loaded scenario as the runner validated it: the worker runs exactly that, without
    /// reading or validating the file again.
    static func scenario(_ scenario: Scenario) -> JSONValue {
        var object: JSONObject = ["file": .string(scenario.file), "relativePath": .string(scenario.relativePath),
                                  "name": .string(scenario.name)]
        if case .steps(let scripts, let setup, let steps) = scenario.body {
            object["scripts"] = .array(scripts.map { .string($0) })
            object["setup"] = setup
            object["steps"] = .array(steps.map { ["index": .integer(Int64($0.index)), "name": .string($0.name), "step": $0.object] })
        }
        return .object(object)
    }

    static func scenario(from value: JSONValue) -> Scenario? {
        guard let file = value["file"]?.stringValue, let relativePath = value["relativePath"]?.stringValue,
              let name = value["name"]?.stringValue else { return nil }
        guard let scripts = value["scripts"]?.arrayValue, let steps = value["steps"]?.arrayValue else {
            return Scenario(relativePath: relativePath, file: file, name: name, body: .lua)
        }
        var decoded: [ScenarioStep] = []
        for step in steps {
            guard let index = step["index"]?.integerValue, let stepName = step["name"]?.stringValue,
                  let object = step["step"], let stepValue = object[stepName] else { return nil }
            decoded.append(ScenarioStep(index: Int(index), name: stepName, value: stepValue, object: object))
        }
        return Scenario(relativePath: relativePath, file: file, name: name,
                        body: .steps(scripts: scripts.compactMap(\.stringValue), setup: value["setup"] ?? .null, steps: decoded))
    }

    static func limits(from value: JSONValue?) -> ScenarioLimits {
        ScenarioLimits(maxMemory: value?["maxMemory"]?.integerValue.map { Int($0) },
                       maxInstructions: value?["maxInstructions"]?.integerValue.map { Int($0) },
                       timeout: value?["timeout"]?.doubleValue)
    }

    static func event(_ event: TranscriptEvent) -> JSONValue { ["event": event.json] }

    static func event(from value: JSONValue) -> TranscriptEvent? {
        guard case .object(var object) = value, let t = object["t"]?.doubleValue, let type = object["type"]?.stringValue
        else { return nil }
        object.removeValue(forKey: "t")
        object.removeValue(forKey: "type")
        return TranscriptEvent(t: t, type: type, fields: object)
    }

    static func result(name: String, failures: [ScenarioFailure], duration: Double, coverage: LuaCoverage? = nil) -> JSONValue {
        var result: JSONObject = ["name": .string(name), "duration": .double(duration), "failures": .array(failures.map(failure))]
        if let coverage { result["coverage"] = self.coverage(coverage) }
        return ["result": .object(result)]
    }

    /// `{"/abs/x.lua": [[line, hits], ...]}`, files and lines in order.
    static func coverage(_ coverage: LuaCoverage) -> JSONValue {
        var object: JSONObject = [:]
        for file in coverage.files.keys.sorted() {
            let lines = coverage.files[file]!.sorted { $0.key < $1.key }
            object[file] = .array(lines.map { .array([.integer(Int64($0.key)), .integer(Int64($0.value))]) })
        }
        return .object(object)
    }

    static func coverage(from value: JSONValue?) -> LuaCoverage? {
        guard let object = value?.objectValue else { return nil }
        var files: [String: [Int: Int]] = [:]
        for (file, pairs) in object {
            var lines: [Int: Int] = [:]
            for pair in pairs.arrayValue ?? [] {
                guard let items = pair.arrayValue, items.count == 2, let line = items[0].integerValue,
                      let hits = items[1].integerValue else { continue }
                lines[Int(line)] = Int(hits)
            }
            files[file] = lines
        }
        return LuaCoverage(files: files)
    }

    static func failure(_ failure: ScenarioFailure) -> JSONValue {
        var object: JSONObject = ["message": .string(failure.message)]
        if let step = failure.step { object["step"] = .integer(Int64(step)) }
        if let expectation = failure.expectation { object["expectation"] = .string(expectation) }
        if let expected = failure.expected { object["expected"] = .string(expected) }
        if let actual = failure.actual { object["actual"] = .string(actual) }
        if let index = failure.eventIndex { object["eventIndex"] = .integer(Int64(index)) }
        object["context"] = .array(failure.context.map { .string($0) })
        return .object(object)
    }

    static func failure(from value: JSONValue) -> ScenarioFailure {
        ScenarioFailure(step: value["step"]?.integerValue.map { Int($0) }, expectation: value["expectation"]?.stringValue,
                        message: value["message"]?.stringValue ?? "(a failure without a message)",
                        expected: value["expected"]?.stringValue, actual: value["actual"]?.stringValue,
                        eventIndex: value["eventIndex"]?.integerValue.map { Int($0) },
                        context: value["context"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }
}

/// A worker broke the protocol (a malformed or oversized frame, an unexpected message).
struct WorkerProtocolError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
