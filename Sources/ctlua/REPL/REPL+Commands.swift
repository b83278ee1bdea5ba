import Engine
import Foundation
import JSON
import LuaRuntime
import SystemKit

extension REPL {
    /// `:help`: the REPL's own commands, then those of the catalog's systems.
    static func help(catalog: SystemCatalog, echo: Bool) -> String {
        func row(_ usage: String, _ summary: String) -> String {
            "  " + usage.padding(toLength: max(16, usage.count + 1), withPad: " ", startingAt: 0) + summary + "\n"
        }
        var text = """
            Lua chunks run in the engine; expressions print their values (`=expr` too).
            A chunk continues on `>>` lines while it is incomplete. Tab completes names.
            Modules: \(catalog.modules.map(\.name).joined(separator: ", ")).

            """
        text += row(":help", "this text")
        text += row(":load FILE", "run an extension script in the engine (app.load)")
        text += row(":reset", "a fresh engine (loaded scripts, systems' state, UI and transcript dropped)")
        text += row(":events [N]", "the last N transcript entries (default 10)")
        text += row(":ui", "the headless view tree (`*` marks views with an onTap)")
        text += row(":screen", "the screen drawn as text: every layer (app views, experiences, navigation) in z-order, frames where known")
        text += row(":tap ID", "tap a view (app.tap)")
        text += row(":record [off]", "record what follows as a scenario, on a fresh engine as `ctlua test` runs it (strict policy)")
        text += row(":step JSON", "run a scenario step while recording ({\"advance\": 5}, {\"deliver\": {...}})")
        text += row(":pin", "record an `expect` of the state now (displayed in-app, UI, analytics, navigation, process data)")
        text += row(":save FILE", "write the recorded scenario (with an `expect` of the end state) and run it once")
        text += row(":echo on|off", "print the transcript entries each line produces (now: \(echo ? "on" : "off"))")
        for command in catalog.replCommands { text += row(command.usage, "\(command.summary) (\(command.system))") }
        text += row(":quit", "leave (Ctrl-D too); Ctrl-C stops a running chunk or clears the line")
        return text + "\n"
    }

    /// Runs a `:command` line; false to leave the REPL.
    func command(_ line: String) -> Bool {
        let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = words.first ?? ""
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch name {
        case "help", "h", "?":
            Terminal.out(Self.help(catalog: host.catalog, echo: echo))
        case "quit", "q", "exit":
            return false
        case "load", "l":
            guard !argument.isEmpty else { return usage(":load FILE") }
            if let recording {
                perform {
                    try recording.addScript(argument)
                    Terminal.out("loaded \(argument) (a script of the recorded scenario)\n")
                    return []
                }
                return true
            }
            perform {
                try engine.load(path: argument)
                Terminal.out("loaded \(argument)\n")
                return []
            }
        case "reset":
            if recording != nil { startRecording("off") }
            do {
                try attach(host.makeEngine())
                Terminal.out("a fresh engine\n")
            } catch {
                report(error)
            }
        case "events", "e":
            guard argument.isEmpty || Int(argument) != nil else { return usage(":events [N]") }
            let count = max(0, Int(argument) ?? 10)
            let events = engine.transcript.events.suffix(count)
            Terminal.out(events.isEmpty ? "no events\n" : events.map { describe($0) }.joined(separator: "\n") + "\n")
        case "ui":
            Terminal.out(Self.describeUI(engine.ui))
        case "screen":
            Terminal.out(ScreenText.render(ScreenCapture.screen(of: engine, catalog: host.catalog)))
        case "tap", "t":
            guard !argument.isEmpty else { return usage(":tap ID") }
            if let recording {
                record(.object(["tap": .string(argument)]), in: recording)
                return true
            }
            perform {
                try engine.ui.tap(id: argument)
                engine.settle()
                return []
            }
        case "record":
            startRecording(argument)
        case "step":
            recordStep(argument)
        case "pin":
            guard argument.isEmpty else { return usage(":pin") }
            pin()
        case "save":
            save(argument)
        case "echo":
            switch argument {
            case "on": echo = true
            case "off": echo = false
            case "": break
            default: return usage(":echo on|off")
            }
            Terminal.out("echo \(echo ? "on" : "off")\n")
        default:
            guard let contributed = host.catalog.replCommand(named: name) else {
                Terminal.error("unknown command :\(name) (:help lists them)\n")
                return true
            }
            do { Terminal.out(try contributed.run(engine, argument)) } catch { report(error) }
        }
        return true
    }

    /// `:ui`: one view per line, `*` before those that can be tapped, properties as JSON: the `ui`
    /// module's views, then those a system draws (an experience's components).
    static func describeUI(_ ui: HeadlessUI) -> String {
        guard case .object(let visible) = ui.visibleTree, !visible.isEmpty else { return "no views\n" }
        return visible.map { id, properties in
            let json = (try? properties.encoded()) ?? "?"
            return "\(ui.canTap(id) ? "*" : " ") \(id) \(json)\n"
        }.joined()
    }

    private func usage(_ text: String) -> Bool {
        Terminal.error("usage: \(text)\n")
        return true
    }
}
