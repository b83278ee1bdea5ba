import Foundation
import Engine
import LuaRuntime

/// Runs the built `ctlua` executable (end-to-end tests of the CLI).
public enum CLI {
    /// The result of one run.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The run was ended (SIGKILL) because it passed its `timeout`.
        public var timedOut = false
    }

    /// The `ctlua` binary next to the test bundle.
    public static var executable: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0])
        while url.pathComponents.count > 1, !FileManager.default.fileExists(atPath: url.appendingPathComponent("ctlua").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("ctlua")
    }

    /// The package root (for example files).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `ctlua` with `arguments`, feeding `input` on standard input. With a `timeout`, a run
    /// still going after that many seconds is killed and comes back with `timedOut` set (a test of
    /// a hang fails instead of hanging the suite).
    public static func run(_ arguments: [String], input: String? = nil, directory: URL? = nil,
                           environment: [String: String] = [:], timeout: Double? = nil) throws -> Result {
        try launch(executable, arguments, environment: childEnvironment().merging(environment) { $1 },
                   directory: directory ?? packageRoot, input: input, timeout: timeout)
    }

    /// Runs `ctlua` with `arguments` in `directory` (the package root by default), killed after
    /// `seconds` (status 137, or 124): a test of a crash or a hang fails instead of hanging the suite.
    public static func runBounded(_ arguments: [String], seconds: Int = 60, directory: URL? = nil) throws -> Result {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        return try shell("timeout -s KILL \(seconds) \"$CTLUA\" \(quoted) < /dev/null", environment: ["CTLUA": executable.path],
                         directory: directory ?? packageRoot)
    }

    /// Runs a shell command line with `bash -c` in `directory`, with extra environment variables.
    public static func shell(_ command: String, environment: [String: String] = [:], directory: URL) throws -> Result {
        try launch(URL(fileURLWithPath: "/bin/bash"), ["-c", command],
                   environment: childEnvironment().merging(environment) { $1 }, directory: directory, input: nil)
    }

    /// Runs a program to its end, feeding `input` (nothing: standard input is closed at once) and
    /// reading both output pipes at once (a child blocked on a full stderr pipe would never close stdout).
    private static func launch(_ program: URL, _ arguments: [String], environment: [String: String], directory: URL,
                               input: String?, timeout: Double? = nil) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        let watchdog = timeout.map { Watchdog(process: process, seconds: $0) }
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        let errorReader = ErrorReader(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = errorReader.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), timedOut: watchdog?.finish() ?? false)
    }

    /// The environment of a `ctlua` child: this process's, with LeakSanitizer off in the child when
    /// the suite runs under AddressSanitizer. A CLI that exits hands its memory back to the system,
    /// and LeakSanitizer cannot follow Swift's spare-bit tagged enum payloads in what is still
    /// referenced at `exit`, so it would report them and change the exit status; the library code
    /// those commands run is leak-checked in this process.
    static func childEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let options = environment["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options + ":detect_leaks=0" }
        // The suite's own CI may be GitHub Actions: its ctlua children print no annotations unless a test asks.
        environment["GITHUB_ACTIONS"] = nil
        return environment
    }

    /// A fresh temporary folder (``TemporaryFolder/make()``, kept for branches that still call it).
    public static func temporaryDirectory() throws -> URL { try TemporaryFolder.make() }
}

/// Kills a child process (SIGKILL) that is still running after its time.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var done = false

    init(process: Process, seconds: Double) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard !done else { return }
            fired = true
            kill(pid, SIGKILL)
        }
    }

    /// Disarms the watchdog (the child has been waited for); true when it had fired.
    func finish() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        done = true
        return fired
    }
}

/// Drains a pipe on a background thread.
private final class ErrorReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Runs `body` on its own thread and waits at most `seconds` for it: a test of a hang fails
/// instead of hanging the suite. Returns the body's result, or nil when it did not finish in
/// time (its thread is left running; everything it uses must be made inside `body`).
public func withDeadline<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
    let box = DeadlineBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let result = Result { try body() }
        box.lock.lock()
        box.result = result
        box.lock.unlock()
        done.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    box.lock.lock()
    defer { box.lock.unlock() }
    return box.result
}

/// The result slot `withDeadline` shares with its thread (guarded by the lock).
final class DeadlineBox<T>: @unchecked Sendable {
    let lock = NSLock()
    var result: Result<T, any Error>?
}

/// Every binding a script can call in an engine, found in the engine itself (not from a list
/// that a new binding could be missing from): the functions of each module table, as
/// `module.name`, and the methods of each registered userdata class, as `Class:name`.
public enum BindingInventory {
    /// `module.function` for every function of the modules `names` (globals of the engine's state).
    public static func functions(of engine: Engine, modules names: [String]) -> [String] {
        var found: [String] = []
        for name in names {
            guard case .table(let module) = engine.lua.globals[name] else { continue }
            for (key, value) in module.pairs {
                if case .string(let k) = key, case .function = value { found.append("\(name).\(k.string)") }
            }
        }
        return found.sorted()
    }

    /// `Class:method` for every method of every userdata class registered in the engine's state.
    public static func methods(of engine: Engine) -> [String] {
        engine.lua.registeredClassNames.flatMap { name in
            (engine.lua.classMembers(named: name)?.methods ?? []).map { "\(name):\($0)" }
        }.sorted()
    }
}

extension Result {
    /// The error of a failure, nil for a success: a test that expects one writes
    /// `try #require(result.failure)`.
    public var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
