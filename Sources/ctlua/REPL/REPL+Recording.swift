import Engine
import Foundation
import JSON
import LuaRuntime
import Scenarios
import SystemKit

/// `:record`, `:step`, `:pin`, `:save`: the REPL session recorded as a scenario file
/// (``ScenarioSession``). While it records, the engine is the session's: a new one under the
/// policy and limits of `ctlua test` (strict, the working folder as its root), so the file saved
/// replays as it was typed.
extension REPL {
    /// The step a chunk typed while recording becomes: a `lua` step for statements (a call
    /// included); nil for an expression (`=x`, `1 + 1`), which only prints.
    static func recordedStep(_ chunk: String, lua: LuaState) -> JSONValue? {
        guard !chunk.hasPrefix("=") else { return nil }
        guard (try? lua.load(chunk, name: "=stdin")) != nil else { return nil }   // only an expression compiles
        return .object(["lua": .string(chunk)])
    }

    /// `:record [off]`.
    func startRecording(_ argument: String) {
        switch argument {
        case "off":
            guard recording != nil else { return Terminal.out("not recording\n") }
            recording = nil
            saved = []
            Terminal.out("recording stopped (the engine stays as it is; :reset for the REPL's own)\n")
        case "":
            do {
                let session = try ScenarioSession(start: .blank(folder: FileManager.default.currentDirectoryPath),
                                                  registry: StepRegistry(catalog: host.catalog), limits: limits)
                try attach(session.engine)
                recording = session
                saved = []
                Terminal.out("""
                    recording, on a fresh engine as `ctlua test` runs one (strict policy, this folder as its root):
                      :load FILE adds a script; Lua statements become `lua` steps (`=expr` only prints);
                      :tap ID and :step JSON run steps; :pin records an `expect` of the state now;
                      :save FILE writes the scenario (with an `expect` of the end state); :record off stops.

                    """)
            } catch {
                report(error)
            }
        default:
            Terminal.error("usage: :record [off]\n")
        }
    }

    /// The host's limits as a scenario's.
    var limits: ScenarioLimits {
        ScenarioLimits(maxMemory: host.maxMemory, maxInstructions: host.maxInstructions, timeout: host.timeout)
    }

    /// Runs `step` in the recording session and prints what it did.
    func record(_ step: JSONValue, in session: ScenarioSession) {
        let outcome = session.perform(step)
        show(outcome, session)
    }

    private func show(_ outcome: ScenarioSession.Outcome, _ session: ScenarioSession) {
        if echo, !outcome.events.isEmpty {
            Terminal.out(session.events[outcome.events].map { describe($0) }.joined(separator: "\n") + "\n")
        }
        if outcome.succeeded {
            Terminal.out(Terminal.paint("recorded steps[\(session.recorded.count - 1)]: \(JSONWriter.text(session.recorded.last ?? .null))",
                                        "2", on: Terminal.colors(fd: 1)) + "\n")
        } else {
            report(SystemError("not recorded: " + outcome.failures.joined(separator: "\n  ")))
        }
    }

    /// `:step JSON`.
    func recordStep(_ argument: String) {
        guard let session = recording else { return Terminal.error(":step runs a scenario step while recording: :record first\n") }
        guard !argument.isEmpty else { return Terminal.error("usage: :step JSON (a scenario step: {\"advance\": 5})\n") }
        do {
            let value = try JSONDocument(text: argument).value
            record(value, in: session)
        } catch {
            report(SystemError(":step: \(error)"))
        }
    }

    /// `:pin`.
    func pin() {
        guard let session = recording else { return Terminal.error(":pin records an expectation while recording: :record first\n") }
        guard let outcome = session.pin() else { return Terminal.out("nothing to pin: no expectation key has a value to record\n") }
        show(outcome, session)
    }

    /// `:save FILE`.
    func save(_ argument: String) {
        guard let session = recording else { return Terminal.error(":save writes the recorded scenario: :record first\n") }
        guard !argument.isEmpty else { return Terminal.error("usage: :save FILE\n") }
        let file = argument.hasSuffix(".json") ? argument : argument + ".json"
        do {
            let result = try session.save(as: file, overwrite: saved.contains(file))
            saved.insert(file)
            if result.failures.isEmpty {
                Terminal.out("saved \(file): \(session.recorded.count) steps and an expect of the end state; it passes `ctlua test \(file)`\n")
            } else {
                Terminal.error("saved \(file), but it does not pass as written:\n"
                               + result.failures.map { "  " + ($0.expectation.map { "\($0): " } ?? "") + $0.message }.joined(separator: "\n") + "\n")
            }
        } catch {
            report(error)
        }
    }
}
