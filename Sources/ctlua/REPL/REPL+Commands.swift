import Foundation
import JSON
import LuaRuntime
import Templates

extension REPL {
    static let help = """
        Lua chunks run in the engine; expressions print their values (`=expr` too).
        A chunk continues on `>>` lines while it is incomplete. Tab completes names.
          :help           this text
          :load FILE      run an extension script in the engine (app.load)
          :reset          a fresh engine (loaded scripts, queue, UI and transcript dropped)
          :events [N]     the last N transcript entries (default 10)
          :queue          the displayed in-app and the queue
          :ui             the headless view tree
          :echo on|off    print the transcript entries each line produces (now: %@)
          :quit           leave (Ctrl-D too); Ctrl-C stops a running chunk or clears the line

        """

    /// Runs a `:command` line; false to leave the REPL.
    func command(_ line: String) -> Bool {
        let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = words.first ?? ""
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch name {
        case "help", "h", "?":
            Terminal.out(Self.help.replacingOccurrences(of: "%@", with: echo ? "on" : "off"))
        case "quit", "q", "exit":
            return false
        case "load", "l":
            guard !argument.isEmpty else { return usage(":load FILE") }
            perform {
                try engine.load(path: argument)
                Terminal.out("loaded \(argument)\n")
                return []
            }
        case "reset":
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
        case "queue":
            showQueue()
        case "ui":
            let tree = (try? engine.ui.tree.encoded(options: JSONEncodeOptions(sortKeys: false, indent: 2))) ?? "?"
            Terminal.out(tree + "\n")
        case "echo":
            switch argument {
            case "on": echo = true
            case "off": echo = false
            case "": break
            default: return usage(":echo on|off")
            }
            Terminal.out("echo \(echo ? "on" : "off")\n")
        default:
            Terminal.error("unknown command :\(name) (:help lists them)\n")
        }
        return true
    }

    private func usage(_ text: String) -> Bool {
        Terminal.error("usage: \(text)\n")
        return true
    }

    private func showQueue() {
        guard let controller = engine.system(TemplatesSystem.self)?.controller else {
            Terminal.out("no templates system\n")
            return
        }
        func line(_ n: InAppNotification) -> String {
            let priority = n.priority.rounded() == n.priority && abs(n.priority) < 1e15
                ? String(Int64(n.priority)) : LuaValue.format(n.priority)
            return "\(n.id) \(n.templateName ?? n.type ?? "?") (priority \(priority))"
        }
        var text = "displayed: " + (controller.displayed.map(line) ?? "none") + "\n"
        text += "queue: \(controller.queue.isEmpty ? "empty" : "\(controller.queue.count)")\n"
        for (i, n) in controller.queue.enumerated() { text += "  \(i + 1). \(line(n))\n" }
        Terminal.out(text)
    }
}
