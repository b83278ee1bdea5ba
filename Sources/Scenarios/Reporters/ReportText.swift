/// Names from outside (scenario names, file paths, script paths) as report formats may carry them.
///
/// A file name may hold any byte but `/` and NUL: a scenario file or script named with a newline
/// would otherwise start a record of its own (`SF:` in LCOV, `ok 2 -` in TAP). Every reporter
/// writes such names through ``escapingControls(_:)``, or through an escaper of its format that
/// covers control characters (JSON strings, XML character references).
enum ReportText {
    /// The text with control characters (C0, DEL, C1, the Unicode line and paragraph separators)
    /// written as escapes: `\n`, `\r`, `\t`, else `\u{XX}`. Other text is unchanged.
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
