import ArgumentParser
import Engine
import Foundation
import LuaRuntime

/// `ctlua run FILE [ARGS...]`: runs a script as `lua5.4` does.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run a Lua script (global `arg` as in lua.c; `...` holds the arguments).")

    /// Everything after `run`: ctlua's options, the script, then the script's own arguments, which
    /// are passed through untouched (as lua.c does), dashes included. Parsed by `RunInvocation`
    /// because ArgumentParser cannot stop at the first positional while the root shares the options.
    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp(
        "[--sandbox] [--max-memory BYTES] [--max-instructions N] [--timeout SECONDS] [--state-dir DIR] [SYSTEM FLAGS] FILE [ARGS...]",
        discussion: "System flags: " + HostOptions.catalog.runFlags.map { "--\($0.name) (\($0.summary))" }.joined(separator: "; ") + ".",
        valueName: "options-file-args"))
    var command: [String] = []

    func run() throws {
        let invocation: RunInvocation
        do { invocation = try RunInvocation(command, systemFlags: HostOptions.catalog.runFlags.map(\.name)) } catch {
            throw ValidationError("\(error)")
        }
        let file = invocation.file, arguments = invocation.arguments
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let engine = try HostOptions.makeEngine(sandbox: invocation.sandbox, limits: invocation.limits,
                                                scriptRoots: [folder], stateDirectory: invocation.stateDirectory)
        for name in invocation.systemFlags {
            try HostOptions.catalog.runFlags.first { $0.name == name }?.apply(engine)
        }
        engine.transcript.observer = { event in
            guard event.type == "warning" else { return }
            FileHandle.standardError.write(Data("ctlua: warning: \(event["message"]?.stringValue ?? "")\n".utf8))
        }
        let lua = engine.lua
        lua.startWatchdog()
        let arg = lua.newTable()
        arg[-1] = "ctlua"
        arg[0] = .string(LuaString(file))
        for (i, a) in arguments.enumerated() { arg[i + 1] = .string(LuaString(a)) }
        lua.globals["arg"] = .table(arg)
        do {
            let chunk = try lua.loadFile(file)
            try chunk.call(arguments: arguments.map { .string(LuaString($0)) })
            engine.settle()
        } catch {
            throw HostFailure.report(error)
        }
    }
}

/// `ctlua run`'s command line: options up to the script, then the script's arguments.
struct RunInvocation: Equatable {
    var sandbox = false
    var limits = LuaLimits.none
    var stateDirectory: String?
    /// Flags that systems contribute (`debug-build`), in command-line order, without dashes.
    var systemFlags: [String] = []
    var file = ""
    var arguments: [String] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ command: [String], systemFlags known: [String] = []) throws {
        var rest = command[...]
        // `--timeout=1` is `--timeout 1`, as ArgumentParser reads it for the other commands.
        var inline: String?
        func value(_ option: String) throws -> String {
            if let v = inline {
                inline = nil
                return v
            }
            guard let v = rest.popFirst() else { throw Failure(description: "missing value for '\(option)'") }
            return v
        }
        func number<T: LosslessStringConvertible>(_ option: String, _: T.Type) throws -> T {
            let text = try value(option)
            guard let n = T(text) else { throw Failure(description: "'\(text)' is not a valid value for '\(option)'") }
            return n
        }
        while var token = rest.first, token.hasPrefix("-"), token != "-" {
            rest.removeFirst()
            inline = nil
            if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
                inline = String(token[token.index(after: equals)...])
                token = String(token[..<equals])
            }
            switch token {
            case "--sandbox": sandbox = true
            case "--max-memory": limits.memory = try number(token, Int.self)
            case "--max-instructions": limits.instructions = try number(token, Int.self)
            case "--timeout": limits.timeout = try number(token, Double.self)
            case "--state-dir": stateDirectory = try value(token)
            case "--": break
            case let flag where known.contains(String(flag.dropFirst(2))): systemFlags.append(String(flag.dropFirst(2)))
            default: throw Failure(description: "unknown option '\(token)' before the script")
            }
            if inline != nil { throw Failure(description: "'\(token)' takes no value") }
            if token == "--" { break }
        }
        guard let script = rest.popFirst() else { throw Failure(description: "missing the script to run") }
        file = script
        arguments = Array(rest)
    }
}
