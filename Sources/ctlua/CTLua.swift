import ArgumentParser
import CTLuaKit
import Engine
import Foundation
import JSON
import LuaRuntime
import Platform
import Scenarios
import SystemKit
import Systems

/// The `ctlua` command: run scripts, test scenarios, print the reference, and the subcommands the
/// catalog's systems bring (templates: `sync`, `check`).
@main
struct CTLua: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctlua",
        abstract: "Lua extension points of mobile in-app SDKs, run headlessly.",
        discussion: """
            With no subcommand: `-e CODE` runs a chunk; on a terminal an interactive session opens
            (the REPL: `:help` lists its commands); otherwise standard input is run as one chunk,
            as `lua5.4 -` does.
            """,
        version: CTLua.version,
        subcommands: [RunCommand.self, TestCommand.self, CheckCommand.self, RenderCommand.self, DocCommand.self, InitCommand.self, PreviewCommand.self] + SystemCatalog.standard.commands)

    /// ArgumentParser's messages start with this (its default is `Error: `): every error of the
    /// CLI starts with `ctlua: `, without rewriting a message's text afterwards.
    static var _errorPrefix: String { "ctlua: " }

    /// `ctlua --version`: ctlua's version and the C libraries it was built against.
    static let version = "ctlua \(CTLuaHost.version) (Lua \(LuaVersion.release), jansson \(JanssonVersion.release))"

    @Option(name: .customShort("e"), help: "Run this chunk and exit.")
    var code: [String] = []

    @OptionGroup var host: HostOptions

    /// `ctlua -e CODE [-e CODE ...]` alone is handled before ArgumentParser: its first parse
    /// scans every protocol conformance in the binary, a third of a start (benchmark B7).
    /// Anything else goes through the parser.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `ctlua test`'s worker processes (hidden; WorkerProtocol documents the protocol).
        if arguments.first == WorkerProtocol.subcommand {
            var addressSpace: Int?
            if arguments.count == 3, arguments[1] == "--max-address-space" { addressSpace = Int(arguments[2]) }
            Platform.exit(ScenarioWorker.serve(registry: StepRegistry(catalog: HostOptions.catalog), addressSpace: addressSpace))
        }
        // `ctlua preview ...`: every argument, `--help` included, is ctlua-preview's.
        if arguments.first == PreviewCommand._commandName { PreviewCommand.launch(Array(arguments.dropFirst())) }
        if !arguments.isEmpty, arguments.count % 2 == 0,
            stride(from: 0, to: arguments.count, by: 2).allSatisfy({ arguments[$0] == "-e" })
        {
            let chunks = stride(from: 1, to: arguments.count, by: 2).map { arguments[$0] }
            do {
                try runChunks(chunks, engine: HostOptions.makeEngine(sandbox: false, limits: .none))
                Platform.exit(0)
            } catch {
                Platform.exit((error as? ExitCode)?.rawValue ?? HostFailure.report(error).rawValue)
            }
        }
        let names = Set(configuration.subcommands.map { $0._commandName } + ["help"])
        let normalized: [String]
        switch OptionPlacement.normalize(arguments, subcommands: names) {
        case .success(let moved): normalized = moved
        case .failure(let misplaced): usageError("\(misplaced)")
        }
        if let topic = OptionPlacement.unknownHelpTopic(normalized, subcommands: names) {
            usageError("help: no command named '\(topic)' (commands: \(names.sorted().joined(separator: ", ")))")
        }
        do {
            var command = try parseAsRoot(normalized)
            let name = type(of: command)._commandName
            if !(command is CTLua), name != RunCommand._commandName,
               let option = OptionPlacement.refused(in: normalized, subcommand: name) {
                usageError("\(option) does not apply to `ctlua \(name)`")
            }
            if var contributed = command as? any SystemCommand {
                try contributed.run(catalog: HostOptions.catalog)
            } else {
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }

    /// Every error in one shape, `ctlua: message`; a usage error (an unknown option, a bad value)
    /// exits 2 with the usage line, as the README promises, not ArgumentParser's 64.
    /// Other errors (a state file that cannot be read) print as `ctlua: message` too (the
    /// prefix above), exiting 1.
    static func exit(reporting error: any Error) -> Never {
        let code = exitCode(for: error)
        guard code == .validationFailure else { exit(withError: error) }
        FileHandle.standardError.write(Data("\(fullMessage(for: error))\n".utf8))
        Platform.exit(Runner.ExitCode.usage)
    }

    /// Prints `ctlua: message` and exits 2.
    static func usageError(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ctlua: \(message)\n".utf8))
        Platform.exit(Runner.ExitCode.usage)
    }

    static func runChunks(_ chunks: [String], engine: Engine) throws {
        for chunk in chunks {
            do { try engine.run(chunk, name: "=(command line)") } catch {
                throw HostFailure.report(error)
            }
        }
    }

    func run() throws {
        if code.isEmpty, isatty(0) != 0 {
            try REPL(host: host).run()
            return
        }
        let engine = try host.makeEngine()
        engine.lua.startWatchdog()
        if !code.isEmpty { return try Self.runChunks(code, engine: engine) }
        try StdinRunner(engine: engine).run()
    }
}

/// Options shared by the commands that make an engine.
struct HostOptions: ParsableArguments {
    @Flag(help: "Use the strict sandbox policy (the default is full: plain Lua with C modules).")
    var sandbox = false
    @Option(help: "Memory cap in bytes (default and 0: no limit).")
    var maxMemory: Int?
    @Option(help: "Instructions per entry into Lua (default and 0: no limit).")
    var maxInstructions: Int?
    @Option(help: "Seconds per entry into Lua.")
    var timeout: Double?
    @Option(help: ArgumentHelp(
        "Keep the engine's state (the in-app queue, the file cache) in this folder, created when missing.",
        discussion: "By default a temporary folder is used and removed on exit.", valueName: "dir"))
    var stateDir: String?

    /// The systems every engine of the CLI is assembled from.
    static var catalog: SystemCatalog { .standard }
    var catalog: SystemCatalog { Self.catalog }

    func makeEngine(scriptRoots: [String] = []) throws -> Engine {
        try Self.makeEngine(sandbox: sandbox, limits: LuaLimits(memory: maxMemory, instructions: maxInstructions,
                                                                timeout: timeout, output: nil),
                            scriptRoots: scriptRoots, stateDirectory: stateDir)
    }

    /// An engine with every system, printing to standard output.
    static func makeEngine(sandbox: Bool, limits: LuaLimits, scriptRoots: [String] = [],
                           stateDirectory stateDir: String? = nil) throws -> Engine {
        var configuration = Engine.Configuration()
        configuration.policy = sandbox ? .strict : .full
        configuration.limits = try LimitOptions.checked(limits)
        configuration.printToStandardOutput = true
        configuration.scriptRoots = scriptRoots
        if let stateDir {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: stateDir, isDirectory: &isFolder), !isFolder.boolValue {
                throw ValidationError("--state-dir \(stateDir): not a folder (it is a file)")
            }
            do { try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true) } catch {
                throw ValidationError("--state-dir \(stateDir): cannot create the folder (\(error.localizedDescription))")
            }
        }
        configuration.stateDirectory = stateDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let engine = try catalog.makeEngine(configuration)
        // What the start did about the state directory (a corrupt state file moved aside) is
        // said on standard error, not only recorded in the transcript.
        for event in engine.transcript.events where event.type == "error" {
            FileHandle.standardError.write(Data("ctlua: \(event["message"]?.stringValue ?? "error")\n".utf8))
        }
        return engine
    }
}

/// A Lua error to print as `ctlua: message` plus its traceback, exiting 1.
enum HostFailure: Error {
    static func report(_ error: any Error) -> ExitCode {
        var text = "ctlua: \((error as? LuaError)?.message ?? String(describing: error))\n"
        if let traceback = (error as? LuaError)?.traceback { text += traceback + "\n" }
        FileHandle.standardError.write(Data(text.utf8))
        return ExitCode.failure
    }
}

/// Runs standard input as one chunk, as `lua5.4 -` does (`printf 'local x = 1\nprint(x)\n' | ctlua`
/// prints `1`): a first line starting with `#` is skipped, as lua.c skips it.
struct StdinRunner {
    let engine: Engine

    func run() throws {
        let data: [UInt8]
        do { data = try FileBytes.read(descriptor: STDIN_FILENO, name: "standard input") } catch {
            throw HostFailure.report(error)
        }
        var source = String(decoding: data, as: UTF8.self)
        if source.hasPrefix("#") {
            // Keep the newline so line numbers stay those of the input.
            source = source.firstIndex(of: "\n").map { String(source[$0...]) } ?? ""
        }
        do { _ = try engine.run(source, name: "=stdin") } catch {
            throw HostFailure.report(error)
        }
    }
}
