import CReadline
import LuaRuntime

import Platform

/// Line editing, history and completion with GNU readline, through its callback
/// interface: the editor waits with `select`, so a SIGINT at the prompt (which only
/// sets a flag) wakes it up to clear the line instead of killing the process.
///
/// One editor per process (readline is global); see `TerminalBridge`.
final class LineEditor {
    /// What one `read` produced.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C at the prompt: the line was dropped.
        case interrupted
        /// Ctrl-D on an empty line, or standard input closed.
        case endOfInput
    }

    /// Completion: (text before the word, the word) → replacements for the word.
    typealias Completer = (_ before: String, _ word: String) -> [String]

    private let historyPath: String
    /// False when the history path is not a regular file within ``FileBytes/limit`` (a FIFO
    /// would block readline's read and write, a device be read): the history is then kept in
    /// memory only.
    private let historyIsFile: Bool
    var completer: Completer?

    /// Characters that end a word for completion: not `.` and `:`, so `string.fo` is one word.
    private static let wordBreaks = " \t\n\"'`@$><=;|&{(,+-*/%^~[]#)"

    init(historyPath: String) {
        self.historyPath = historyPath
        var readable = true
        do { _ = try FileBytes.read(historyPath) } catch { readable = error.isMissing }
        historyIsFile = readable
        TerminalBridge.prepare()
        // SIGINT is ours (InterruptSignal); the strings live as long as the process (readline keeps them).
        ctl_rl_setup(strdup("ctlua"), strdup(Self.wordBreaks), completeForReadline)
        using_history()
        stifle_history(1000)
        if historyIsFile { _ = read_history(historyPath) }
        TerminalBridge.editor = self
    }

    deinit {
        if TerminalBridge.editor === self { TerminalBridge.editor = nil }
    }

    /// Reads one line with `prompt`.
    func read(prompt: String) -> Input {
        TerminalBridge.received = nil
        _ = InterruptSignal.takePromptInterrupt()
        rl_callback_handler_install(prompt, receiveLine)
        defer { rl_callback_handler_remove() }
        while true {
            if InterruptSignal.takePromptInterrupt() {
                rl_free_line_state()
                rl_callback_sigcleanup()
                rl_replace_line("", 0)   // not redisplayed: the dropped text stays visible before ^C
                write(1, "^C\n", 3)
                return .interrupted
            }
            if ctl_wait_readable(0) < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            rl_callback_read_char()
            if let input = TerminalBridge.received {
                TerminalBridge.received = nil
                return input
            }
        }
    }

    /// Adds an entry (a whole multi-line chunk) to the history and saves the history file.
    func remember(_ entry: String) {
        guard !entry.allSatisfy(\.isWhitespace) else { return }
        if let last = ctl_history_last(), String(cString: last) == entry { return }
        add_history(entry)
        if historyIsFile { _ = write_history(historyPath) }
    }

    fileprivate func complete(before: String, word: String) -> [String] {
        completer?(before, word) ?? []
    }
}

/// readline's line handler: keeps the line for `LineEditor.read`, and removes itself at once
/// (otherwise readline redisplays the prompt for a next line before the chunk runs).
private let receiveLine: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
    rl_callback_handler_remove()
    guard let line else {
        TerminalBridge.received = .endOfInput
        return
    }
    TerminalBridge.received = .line(String(cString: line))
    free(line)
}

/// readline's completion entry: asks the editor's completer, returns a malloc'd match list
/// (`[common prefix, match..., NULL]`, as `rl_completion_matches` builds it).
private let completeForReadline: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { _, start, end in
    var length: Int32 = 0
    let line = ctl_rl_line(&length)
    let bytes = line.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
    let (s, e) = (min(Int(start), bytes.count), min(Int(end), bytes.count))
    let before = String(decoding: bytes[0..<s], as: UTF8.self)
    ctl_rl_completion_options(1)
    let word = String(decoding: bytes[s..<e], as: UTF8.self)
    let matches: [String]
    if before.hasPrefix(":load ") || before == ":load" {
        // `/` breaks words for Lua, so readline's own file names would restart at each folder.
        let folder = String(before.dropFirst(":load".count)).trimmingCharacters(in: .whitespaces)
        matches = Completion.fileNames(in: folder, prefix: word)
    } else {
        guard let editor = TerminalBridge.editor else { return nil }
        matches = editor.complete(before: before, word: word)
    }
    guard !matches.isEmpty else { return nil }
    let list = matches.count == 1 ? matches : [Completion.commonPrefix(matches)] + matches
    let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (list.count + 1)
    guard let raw = malloc(size) else { return nil }   // readline frees it with free()
    let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: list.count + 1)
    for (i, text) in list.enumerated() { array[i] = strdup(text) }
    array[list.count] = nil
    return array
}
