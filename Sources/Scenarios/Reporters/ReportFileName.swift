/// The name of a file a report writes for one scenario (an HTML page, a `--trace` transcript):
/// a readable prefix of the scenario's relative path, then a short digest of the whole path.
///
/// `flows/a.json` gives `flows__a.json-3f1d0c2b9a8e7d6c.html`. The prefix keeps letters,
/// digits, `.`, `-` and `_`, writes `/` as `__` and everything else as `_`, and is cut to
/// ``prefixLength`` characters, so a name is at most 86 bytes however deep the folders (a file
/// system's limit is 255); the digest (the first 64 bits of SHA-256 of the path's UTF-8 bytes)
/// keeps names of different paths apart where the prefix would not (`a/b.json` and
/// `a__b.json`, two long paths that share their first characters), and no scenario's page can
/// be `index.html`. A name never starts with `.`, never holds `:` (so a link to it is never read
/// as a scheme, `javascript:`) and never holds a character HTML or a URL would escape, nor `..`.
public enum ReportFileName {
    /// How many characters of the path the readable prefix keeps.
    public static let prefixLength = 60
    /// How many hexadecimal digits of the digest follow it.
    public static let digestLength = 16

    /// The file name for the scenario at `relativePath`, ending with `suffix` (`.html`, `.jsonl`).
    public static func name(_ relativePath: String, suffix: String) -> String {
        var prefix = ""
        for scalar in relativePath.unicodeScalars {
            switch scalar {
            case ".": prefix += prefix.hasSuffix(".") ? "_" : "."   // never `..`
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": prefix.unicodeScalars.append(scalar)
            case "/": prefix += "__"
            default: prefix += "_"
            }
        }
        prefix = String(prefix.prefix(prefixLength))
        if prefix.hasPrefix(".") { prefix = "_" + prefix.dropFirst() }
        return prefix + "-" + SHA256.hex(Array(relativePath.utf8)).prefix(digestLength) + suffix
    }
}
