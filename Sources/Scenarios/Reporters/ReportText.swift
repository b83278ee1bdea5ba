import Engine

/// Names from outside (scenario names, file paths, script paths) as report formats may carry them.
///
/// A file name may hold any byte but `/` and NUL: a scenario file or script named with a newline
/// would otherwise start a record of its own (`SF:` in LCOV, `ok 2 -` in TAP). Every reporter
/// writes such names through ``escapingControls(_:)``, or through an escaper of its format that
/// covers control characters (JSON strings, XML character references).
enum ReportText {
    /// The text with control characters (C0, DEL, C1, the Unicode line and paragraph separators)
    /// written as escapes: `\n`, `\r`, `\t`, else `\u{XX}`. Other text is unchanged.
    static func escapingControls(_ text: String) -> String { Warning.oneLine(text) }
}
