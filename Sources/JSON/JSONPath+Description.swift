extension JSONPath {
    /// The path a ``description`` names, read back (`steps[3].expect.ui["banner.title"].text`,
    /// `$` the root); nil for text that is no path description (`error event`). A quoted key is
    /// a JSON string, as ``description`` writes it.
    public init?(description text: String) {
        if text == "$" { self = .root; return }
        var components: [Component] = []
        let bytes = Array(text.utf8)
        var i = 0
        func identifier() -> String? {
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "."), bytes[i] != UInt8(ascii: "[") { i += 1 }
            let key = String(decoding: bytes[start..<i], as: UTF8.self)
            return Self.isIdentifier(key) ? key : nil
        }
        guard !bytes.isEmpty else { return nil }
        if bytes[0] != UInt8(ascii: "[") {
            guard let first = identifier() else { return nil }
            components.append(.key(first))
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard let key = identifier() else { return nil }
                components.append(.key(key))
                continue
            }
            // `[3]` or `["odd key"]`
            guard bytes[i] == UInt8(ascii: "[") else { return nil }
            i += 1
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "\"") {
                let start = i
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                guard i < bytes.count, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "]"),
                      case .string(let key)? = (try? JSONValue.decode([UInt8(ascii: "[")] + bytes[start...i] + [UInt8(ascii: "]")]))?.arrayValue?.first
                else { return nil }
                components.append(.key(key))
                i += 2
            } else {
                let start = i
                while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
                guard i > start, i < bytes.count, bytes[i] == UInt8(ascii: "]"),
                      let index = Int(String(decoding: bytes[start..<i], as: UTF8.self)) else { return nil }
                components.append(.index(index))
                i += 1
            }
        }
        self.init(components)
    }
}
