import Engine
import Foundation
import JSON
@testable import Templates
import TestSupport
import Testing

import Platform

/// `kill -9` at random moments (issue 3): nothing acknowledged is lost and the file always parses.
///
/// A `ctlua --state-dir DIR -e ...` child keeps delivering and dismissing in-apps on a fixed state
/// directory and prints one line `queued ID...` / `dismissed ID...` after each
/// driving call (`templates.deliver`, `app.advance`) returned, and `dismissing ID`
/// when a presenter is about to dismiss (inside a call that may still die). After
/// each SIGKILL, the persisted queue must parse, hold none acknowledged as
/// dismissed, and hold every in-app acknowledged as queued except those
/// acknowledged as dismissed or being dismissed in the killed call (the save at the
/// end of that call may or may not have happened). A new
/// engine on the directory must restore exactly it. Rounds share the directory,
/// so each child also restores what the previous one left.
@Suite(.serialized) struct InAppControllerCrashTests {
    static let script = """
        -- arg[1]: a tag making ids unique per round; arg[2]: a random seed
        local tag, seed = arg[1], tonumber(arg[2])
        math.randomseed(seed)
        local dismissedNow = {}
        -- one line per driving call, written at once: a kill never splits an acknowledgement
        local function ack(line) io.write(line .. "\\n"); io.flush() end
        templates.define{
          name = "Banner",
          arguments = { { "title", "" } },
          onPresent = function(ctx)
            local id = ctx:string("title")
            ctx:presented()
            app.after(math.random(1, 2), function()
              ack("dismissing " .. id)   -- not an acknowledgement: the call in flight may die after it
              ctx:dismissed()
              dismissedNow[#dismissedNow + 1] = id
            end)
          end,
        }
        app.advance(0)
        ack("ready")
        local n = 0
        while true do
          if #templates.queue() < 6 then
            local batch = {}
            for i = 1, math.random(1, 3) do
              n = n + 1
              local id = tag .. "-" .. n
              -- no `ti`: frequency caps (10 per session and per day) count only in-apps that have one
              batch[i] = { type = "custom-code", templateName = "Banner", wzrk_id = id,
                           priority = math.random(1, 3), vars = { title = id } }
            end
            templates.deliver(batch)
            local ids = {}
            for i, item in ipairs(batch) do ids[i] = item.wzrk_id end
            ack("queued " .. table.concat(ids, " "))
          end
          app.advance(math.random(0, 2))
          if #dismissedNow > 0 then ack("dismissed " .. table.concat(dismissedNow, " ")) end
          dismissedNow = {}
        end
        """

    @Test func killNineAtRandomMomentsLosesNothingAcknowledged() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        let script = dir.appendingPathComponent("churn.lua")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)

        var random = SplitMix64(seed: UInt64(Date().timeIntervalSince1970 * 1000))
        let seedNote = "seed \(random.seed)"
        var queuedAcks: Set<String> = []
        var dismissedAcks: Set<String> = []
        var dismissing: Set<String> = []   // reached ctx:dismissed() (acknowledged or not)
        var rounds = 0, killedWithWork = 0
        let deadline = Date().addingTimeInterval(20)
        while rounds < 30, rounds < 8 || Date() < deadline {
            rounds += 1
            let child = try ChildProcess(CLI.executable.path, [
                // One chunk: each `-e` settles, and restored in-apps must find "Banner" defined.
                "--state-dir", state.path, "-e", "arg = {'r\(rounds)', '\(random.next() % 1_000_000)'}; dofile('\(script.path)')",
            ])
            // Mostly kill while it churns (after "ready"); every fifth round at any moment, startup included.
            if rounds % 5 != 0 { child.waitForLine(timeout: 10) }
            usleep(useconds_t(random.next() % 250_000))
            let lines = child.kill()
            for line in lines {
                let words = line.split(separator: " ").map(String.init)
                if words.first == "queued" { queuedAcks.formUnion(words.dropFirst()) }
                if words.first == "dismissed" { dismissedAcks.formUnion(words.dropFirst()) }
                if words.first == "dismissing" { dismissing.formUnion(words.dropFirst()) }
            }
            if lines.count > 1 { killedWithWork += 1 }

            let persisted = try Self.persistedIDs(in: state, note: "round \(rounds), \(seedNote)")
            // Gone from the file without an acknowledged dismissal: allowed only for in-apps whose
            // dismissal started in the call that was killed (it may have been saved before the kill).
            let missing = queuedAcks.subtracting(dismissedAcks).subtracting(persisted).subtracting(dismissing)
            #expect(missing.isEmpty, """
                round \(rounds) (\(seedNote)): acknowledged in-apps lost: \(missing.sorted()); \
                saved: \(persisted.sorted()); last lines: \(lines.suffix(6))
                """)
            let resurrected = dismissedAcks.intersection(persisted)
            #expect(resurrected.isEmpty, "round \(rounds) (\(seedNote)): dismissed in-apps back: \(resurrected.sorted())")

            // A new engine on the directory restores exactly the file.
            let (engine, _) = try makeEngine(with: TemplatesSystem()) { $0.stateDirectory = state }
            let restored = engine.system(TemplatesSystem.self)?.controller.queue.map(\.id) ?? []
            #expect(Set(restored) == persisted && restored.count == persisted.count, "round \(rounds) (\(seedNote))")
            #expect(engine.transcript.events.filter { $0.type == "error" }.isEmpty, "round \(rounds) (\(seedNote))")
        }
        #expect(killedWithWork >= rounds / 2, "too few rounds were killed while working (\(killedWithWork) of \(rounds))")
        #expect(queuedAcks.count > rounds, "the child acknowledged too little work: \(queuedAcks.count)")
    }

    /// Logins under `kill -9` (issue 20, item 8: the users are a snapshot plus an appended
    /// journal): a child logs in new users one by one and prints `in NAME` after each login
    /// returned. After each kill, the users on disk (snapshot and journal, a torn last record cut
    /// off) hold every identity acknowledged, and a new engine reads them without an error.
    @Test func killNineDuringLoginsLosesNoAcknowledgedUser() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        var random = SplitMix64(seed: UInt64(Date().timeIntervalSince1970 * 1000))
        var acknowledged: Set<String> = []
        for round in 1...8 {
            let child = try ChildProcess(CLI.executable.path, [
                "--state-dir", state.path, "-e",
                "for i = 1, 100000 do local n = 'r\(round)-' .. i; app.login(n); io.write('in ' .. n .. '\\n'); io.flush() end",
            ])
            if round % 4 != 0 { child.waitForLine(timeout: 10) }
            usleep(useconds_t(random.next() % 400_000))
            for line in child.kill() where line.hasPrefix("in ") { acknowledged.insert("Identity:" + line.dropFirst(3)) }
            let (engine, _) = try makeEngine(with: TemplatesSystem()) { $0.stateDirectory = state }
            let users = try #require(engine.system(TemplatesSystem.self)?.campaigns.users, "round \(round)")
            let lost = acknowledged.subtracting(users.identities.keys)
            #expect(lost.isEmpty, "round \(round) (seed \(random.seed)): acknowledged logins lost: \(lost.sorted().prefix(5))")
            #expect(engine.transcript.events.filter { $0.type == "error" }.isEmpty, "round \(round) (seed \(random.seed))")
        }
        #expect(acknowledged.count > 8, "the children acknowledged too few logins: \(acknowledged.count)")
    }

    /// The ids in the persisted queue file (displayed, pending, store queue), which must parse; empty when there is none yet.
    static func persistedIDs(in state: URL, note: String) throws -> Set<String> {
        let file = state.appendingPathComponent(InAppController.storageName)
        guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
        let value: JSONValue
        do { value = try JSONValue.decode([UInt8](data)) } catch {
            Issue.record("\(note): the persisted file does not parse: \(error)")
            return []
        }
        var ids: [String] = []
        if let displayed = value["displayed"], displayed != .null { ids.append(displayed["id"]?.stringValue ?? "?") }
        ids += (value["pending"]?.arrayValue ?? []).map { $0["id"]?.stringValue ?? "?" }
        ids += (value["queue"]?.arrayValue ?? []).map { $0["id"]?.stringValue ?? "?" }
        #expect(Set(ids).count == ids.count, "\(note): duplicate ids in \(ids)")
        return Set(ids)
    }
}

/// A child process whose standard output is collected line by line while it runs.
private final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSCondition()
    private var buffer = Data()
    private var finished = false

    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let handle = out.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                lock.lock()
                if chunk.isEmpty { finished = true } else { buffer.append(chunk) }
                lock.broadcast()
                lock.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    /// Waits until a first complete line arrived (or the timeout passed).
    func waitForLine(timeout: TimeInterval) {
        let limit = Date().addingTimeInterval(timeout)
        lock.lock()
        while !buffer.contains(UInt8(ascii: "\n")), !finished, lock.wait(until: limit) {}
        lock.unlock()
    }

    /// SIGKILLs the child, waits for it, and returns every complete line it printed.
    func kill() -> [String] {
        Platform.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        lock.lock()
        while !finished { lock.wait() }
        let data = buffer
        lock.unlock()
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()   // the part after the last newline is not a complete acknowledgement
        return lines
    }
}

/// A small seeded generator, so a failing round can be replayed from its seed.
private struct SplitMix64 {
    let seed: UInt64
    private var state: UInt64
    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
