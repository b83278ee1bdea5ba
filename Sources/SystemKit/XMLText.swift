/// Text for XML and HTML documents (JUnit reports, the screen SVGs, the HTML report): one escaper.
public enum XMLText {
    /// Escapes markup and drops characters XML 1.0 forbids (control characters other than tab, LF, CR).
    /// In an attribute, tab, LF and CR are character references, which attribute values keep
    /// (a parser turns a raw one into a space); element text keeps them raw.
    public static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t" where !attribute, "\n" where !attribute, "\r" where !attribute: out.unicodeScalars.append(scalar)
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
