import Foundation
import TestSupport
import Testing

/// `ctlua test --watch` runs again the scenarios a change affects, within a bounded time.
struct WatchTests {
    /// Output of a child process, collected as it comes.
    private final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
        var value: String { lock.withLock { text } }
        /// Waits until `condition` holds on the output, at most `seconds`.
        func wait(_ seconds: Double, until condition: (String) -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if condition(value) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return condition(value)
        }
    }

    @Test func aChangedScriptRerunsTheScenariosThatLoadIt() throws {
        let dir = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let presenter = dir.appendingPathComponent("banner.lua")
        try #"templates.define{name = "Banner", arguments = {{"title", "Hello"}}, onPresent = function(ctx) ui.show{id = "title", text = ctx:string("title")} ctx:presented() end}"#
            .write(to: presenter, atomically: true, encoding: .utf8)
        try #"{"name": "shows hello", "scripts": ["banner.lua"], "steps": [{"deliver": {"type": "custom-code", "templateName": "Banner", "wzrk_id": "c1"}}, {"expect": {"ui": {"title": {"text": "Hello"}}}}]}"#
            .write(to: dir.appendingPathComponent("hello.json"), atomically: true, encoding: .utf8)
        try #"{"name": "independent", "steps": [{"advance": 1}]}"#
            .write(to: dir.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["test", "--watch", "--no-workers", dir.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = Output()
        try process.run()
        let reading = pipe.fileHandleForReading
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(reading.fileDescriptor, &buffer, buffer.count)
                if n <= 0 { break }
                output.append(Data(buffer[0..<n]))
            }
        }
        reader.start()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        #expect(output.wait(20) { $0.contains("2 passed, 0 failed") && $0.contains("watching") }, "\(output.value)")
        // The presenter changes: only the scenario that loads it runs again, and now fails.
        Thread.sleep(forTimeInterval: 0.5)  // a modification time the poll can tell apart
        try #"templates.define{name = "Banner", arguments = {{"title", "Bye"}}, onPresent = function(ctx) ui.show{id = "title", text = ctx:string("title")} ctx:presented() end}"#
            .write(to: presenter, atomically: true, encoding: .utf8)
        #expect(output.wait(20) { $0.contains("0 passed, 1 failed") }, "\(output.value)")
        #expect(output.value.contains("banner.lua changed; running 1 scenario"), "\(output.value)")
        #expect(output.value.contains(#"actual:   "Bye""#), "\(output.value)")   // the difference, not the whole view
        #expect(process.isRunning, "watch goes on after a failing run")
    }
}
