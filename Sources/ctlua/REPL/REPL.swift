import CReadline
import Engine
import Foundation
import Scenarios
import JSON
import LuaRuntime

/// The interactive session `ctlua` opens on a terminal: one engine with every module,
/// readline editing and history, chunks continued while incomplete (lua.c's `<eof>`
/// rule), results pretty-printed, the transcript entries a line produced printed after it,
/// and `:commands` (see `REPL+Commands.swift`).
final class REPL {
    let host: HostOptions
    private(set) var engine: Engine
    /// The session's `_ENV` under `--sandbox` (each chunk would otherwise get a fresh one); nil under full.
    private(set) var environment: LuaTable?
    let editor: LineEditor
    /// Print the transcript entries a line produced after it (`:echo on|off`).
    var echo = true
    /// Entries recorded since the current line started.
    private var lineEvents: [TranscriptEvent] = []
    /// The recording session (`:record`): its engine is the REPL's while it records.
    var recording: ScenarioSession?
    /// Files `:save` wrote in this recording (saved again without asking).
    var saved: Set<String> = []

    /// Where the history is kept: `$CTLUA_HISTORY`, else `~/.ctlua_history`.
    static var historyPath: String {
        if let path = ProcessInfo.processInfo.environment["CTLUA_HISTORY"], !path.isEmpty { return path }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".ctlua_history").path
    }

    init(host: HostOptions) throws {
        self.host = host
        engine = try host.makeEngine()
        editor = LineEditor(historyPath: Self.historyPath)
        try attach(engine)
        editor.completer = { [unowned self] before, word in
            Completion(lua: engine.lua, environment: try? currentEnvironment(), modules: host.catalog.modules.map(\.name),
                       viewIDs: Array(engine.ui.views.keys), visibleIDs: engine.ui.visibleIDs)
                .candidates(before: before, word: word)
        }
    }

    /// Makes `engine` the session's engine (start and `:reset`).
    func attach(_ engine: Engine) throws {
        self.engine = engine
        environment = engine.configuration.policy == .strict ? try engine.lua.newEnvironment() : nil
        engine.transcript.observer = { [unowned self] event in lineEvents.append(event) }
    }

    /// The session's `_ENV` in the current state: `app.relaunch()` replaces the state, and a
    /// table of the old one must never be pushed into the new one.
    private func currentEnvironment() throws(LuaError) -> LuaTable? {
        guard let environment else { return nil }
        if environment.state === engine.lua { return environment }
        let fresh = try engine.lua.newEnvironment()
        self.environment = fresh
        return fresh
    }

    /// The read-eval-print loop, until Ctrl-D or `:quit`.
    func run() {
        InterruptSignal.install()
        let modules = host.catalog.modules.map(\.name).joined(separator: ", ")
        Terminal.out("ctlua: Lua 5.4 with \(modules) (policy \(host.sandbox ? "strict" : "full")). "
                     + ":help for commands, Ctrl-D to quit.\n")
        var pending: String?
        while true {
            switch editor.read(prompt: pending == nil ? "> " : ">> ") {
            case .endOfInput:
                Terminal.out("\n")
                return
            case .interrupted:
                pending = nil
            case .line(let line):
                if pending == nil, line.hasPrefix(":"), !line.hasPrefix("::") {
                    editor.remember(line)
                    if !command(line) { return }
                    continue
                }
                let chunk = pending.map { $0 + "\n" + line } ?? line
                switch compile(chunk) {
                case .incomplete:
                    pending = chunk
                case .failed(let error):
                    pending = nil
                    editor.remember(chunk)
                    report(error)
                case .ready(let function):
                    pending = nil
                    editor.remember(chunk)
                    if let recording, let step = Self.recordedStep(chunk, lua: engine.lua) {
                        record(step, in: recording)
                    } else {
                        perform { try function.call() }
                    }
                }
            }
        }
    }

    // MARK: - Evaluating

    enum Compiled {
        case ready(LuaFunction)
        case incomplete
        case failed(LuaError)
    }

    /// Compiles a chunk as `return <chunk>` first (so expressions print), else as statements;
    /// incomplete when either form ends early at `<eof>`. `=expr` is `return expr`.
    func compile(_ chunk: String) -> Compiled {
        let source = chunk.hasPrefix("=") ? "return " + chunk.dropFirst() : chunk
        var incomplete = false
        var last: LuaError = .closed
        for candidate in ["return " + source, source] {
            do {
                return .ready(try load(candidate))
            } catch {
                if case .syntax(_, true) = error { incomplete = true }
                last = error
            }
        }
        return incomplete ? .incomplete : .failed(last)
    }

    private func load(_ code: String) throws(LuaError) -> LuaFunction {
        let lua = engine.lua
        let function = try lua.load(code, name: "=stdin")
        guard let environment = try currentEnvironment() else { return function }
        // Under strict, recompile in the session's environment with the sandbox's own `load`.
        guard let load = lua.globals["load"].functionValue,
              let scoped = try load.call(.string(LuaString(code)), "=stdin", "t", .table(environment)).first?.functionValue
        else { return function }
        return scoped
    }

    /// Runs Lua work with Ctrl-C aimed at it, settles the engine, prints results, errors and events.
    /// Results are formatted under the same aim: `__tostring` metamethods are Lua code too.
    func perform(_ work: () throws -> [LuaValue]) {
        lineEvents = []
        if InterruptSignal.takePromptInterrupt() {   // Ctrl-C after Enter, before the chunk started
            report(LuaError.limit(.interrupted, message: "interrupted", traceback: nil))
            return
        }
        let lua = engine.lua
        let outcome: Result<String?, any Error> = InterruptSignal.aiming(at: lua.interruptHandle) {
            defer { engine.settle() }
            return Result {
                let results = try work()
                return results.isEmpty ? nil : printer().format(results)
            }
        }
        switch outcome {
        case .success(let text?): Terminal.out(text + "\n")
        case .success(nil): break
        case .failure(let error): report(error)
        }
        if echo, !lineEvents.isEmpty {
            Terminal.out(lineEvents.map { describe($0) }.joined(separator: "\n") + "\n")
        }
        lineEvents = []
    }

    /// Prints an error as lua.c does: the message, then the traceback (not for `interrupted`).
    func report(_ error: any Error) {
        let lua = error as? LuaError
        var text = lua?.message ?? String(describing: error)
        if case .limit(.interrupted, _, _)? = lua {
        } else if let traceback = lua?.traceback {
            text += "\n" + traceback
        }
        Terminal.error(Terminal.paint(text, "31", on: Terminal.colors(fd: 2)) + "\n")
    }

    /// A printer sized to the terminal, coloured when it may be.
    func printer() -> PrettyPrinter {
        var options = PrettyPrinter.Options()
        options.width = Terminal.width()
        options.colors = Terminal.colors(fd: 1)
        return PrettyPrinter(options: options)
    }

    /// One transcript entry on one line: `[t] type {fields}`; an error's message and traceback
    /// follow as text (not escaped JSON).
    func describe(_ event: TranscriptEvent) -> String {
        var shown = event.fields
        var trailer = ""
        if event.type == "error", case .string(let message)? = shown["message"] {
            shown["message"] = nil
            let traceback = shown.removeValue(forKey: "traceback")?.stringValue
            trailer = " " + message + (traceback.map { "\n" + $0.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n") } ?? "")
        }
        let fields = shown.isEmpty ? "" : " " + ((try? JSONValue.object(shown).encoded()) ?? "")
        let text = "  [\(String(format: "%.3f", event.t))] \(event.type)\(fields)\(trailer)"
        return Terminal.paint(text, "2", on: Terminal.colors(fd: 1))
    }
}
