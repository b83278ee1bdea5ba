/// Finds where a value starts in JSON text that jansson accepted (so the walk needs no error
/// handling beyond giving up: any surprise answers nil). Keys are compared decoded, escapes
/// included; with duplicate keys rejected, the first key that matches is the only one.
struct JSONLocator {
    private let text: [UInt8]

    init(_ text: [UInt8]) { self.text = text }

    /// The byte offset of the value at `path`, or nil.
    func offset(of path: JSONPath) -> Int? {
        var i = skipSpace(0)
        guard i < text.count else { return nil }
        for component in path.components {
            switch component {
            case .key(let wanted):
                guard byte(i) == UInt8(ascii: "{") else { return nil }
                i = skipSpace(i + 1)
                while byte(i) == UInt8(ascii: "\"") {
                    let (key, end) = string(at: i)
                    i = skipSpace(end)
                    guard byte(i) == UInt8(ascii: ":") else { return nil }
                    i = skipSpace(i + 1)
                    if key == wanted { break }
                    i = skipSpace(skipValue(i))
                    guard byte(i) == UInt8(ascii: ",") else { return nil }
                    i = skipSpace(i + 1)
                }
                guard byte(i) != nil, byte(i) != UInt8(ascii: "}") else { return nil }
            case .index(let wanted):
                guard byte(i) == UInt8(ascii: "["), wanted >= 0 else { return nil }
                i = skipSpace(i + 1)
                for _ in 0..<wanted {
                    guard let b = byte(i), b != UInt8(ascii: "]") else { return nil }
                    i = skipSpace(skipValue(i))
                    guard byte(i) == UInt8(ascii: ",") else { return nil }
                    i = skipSpace(i + 1)
                }
                guard let b = byte(i), b != UInt8(ascii: "]") else { return nil }
            }
        }
        return i
    }

    private func byte(_ i: Int) -> UInt8? { i < text.count ? text[i] : nil }

    private func skipSpace(_ start: Int) -> Int {
        var i = start
        while let b = byte(i), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1 }
        return i
    }

    /// The offset just past the string that starts (with its quote) at `start`.
    private func skipString(_ start: Int) -> Int {
        var i = start + 1
        while let b = byte(i) {
            if b == UInt8(ascii: "\\") { i += 2; continue }
            i += 1
            if b == UInt8(ascii: "\"") { break }
        }
        return i
    }

    /// The text of the value that starts at `offset`.
    func valueText(at offset: Int) -> [UInt8] { Array(text[offset..<skipValue(offset)]) }

    /// The offset just past the value that starts at `start`.
    private func skipValue(_ start: Int) -> Int {
        var i = start, depth = 0
        while let b = byte(i) {
            switch b {
            case UInt8(ascii: "\""): i = skipString(i)
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return i }
                depth -= 1; i += 1
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return i }
                i += 1
            default: i += 1
            }
            if depth == 0, b == UInt8(ascii: "\"") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") { return i }
        }
        return i
    }

    /// The decoded string that starts (with its quote) at `start`, and the offset past it.
    private func string(at start: Int) -> (String, Int) {
        let end = skipString(start)
        let raw = text[(start + 1)..<max(start + 1, end - 1)]
        guard raw.contains(UInt8(ascii: "\\")) else { return (String(decoding: raw, as: UTF8.self), end) }
        return ((try? JSONValue.decode(Array(text[start..<end])))?.stringValue ?? "", end)
    }
}
