import CReadline
import Foundation

/// The REPL's terminal: unbuffered output (Lua's `print` writes with `write(2)` too, so
/// the order holds), the width to fit, and whether colours may be used.
enum Terminal {
    /// Writes to standard output.
    static func out(_ text: String) { write(1, text) }

    /// Writes to standard error.
    static func error(_ text: String) { write(2, text) }

    private static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
    }

    /// Columns of the terminal on `fd` (`TIOCGWINSZ`), else `$COLUMNS`, else 80.
    static func width(fd: Int32 = 1, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        let columns = Int(ctl_terminal_columns(fd))
        if columns > 0 { return columns }
        if let text = environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        return 80
    }

    /// Colours only on a terminal, and never when `NO_COLOR` is set (https://no-color.org).
    static func colors(fd: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard isatty(fd) != 0 else { return false }
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// `text` in an ANSI colour when `on`.
    static func paint(_ text: String, _ code: String, on: Bool) -> String {
        on ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
