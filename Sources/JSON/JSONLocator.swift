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

    /// The members of the object or elements of the array that starts at `start`, each at the
    /// offset of its value (an object's first member of each key: duplicates were refused); nil
    /// when no container starts there. One walk over the container's text.
    func children(at start: Int) -> Children? {
        switch byte(start) {
        case UInt8(ascii: "{"):
            var members: [String: Int] = [:]
            var i = skipSpace(start + 1)
            while byte(i) == UInt8(ascii: "\"") {
                let (key, end) = string(at: i)
                i = skipSpace(end)
                guard byte(i) == UInt8(ascii: ":") else { break }
                i = skipSpace(i + 1)
                if members[key] == nil { members[key] = i }
                i = skipSpace(skipValue(i))
                guard byte(i) == UInt8(ascii: ",") else { break }
                i = skipSpace(i + 1)
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [Int] = []
            var i = skipSpace(start + 1)
            while let b = byte(i), b != UInt8(ascii: "]") {
                elements.append(i)
                i = skipSpace(skipValue(i))
                guard byte(i) == UInt8(ascii: ",") else { break }
                i = skipSpace(i + 1)
            }
            return .array(elements)
        default: return nil
        }
    }

    /// What ``children(at:)`` finds.
    enum Children {
        case object([String: Int])
        case array([Int])
    }

    /// The offset where the text starts (after white space), or nil for no text.
    var start: Int? {
        let i = skipSpace(0)
        return i < text.count ? i : nil
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

/// Positions of many paths in one document, in time linear in the text: each container on the
/// way is walked once (its members indexed), and lines and code points are counted once.
/// A value made for one batch of problems (``JSONDocument/nearestPositions(of:)``), not kept.
struct JSONPositionIndex {
    private let locator: JSONLocator
    private let text: [UInt8]
    private var containers: [Int: JSONLocator.Children] = [:]
    /// Offsets where each line starts, from line 1.
    private var lineStarts: [Int] = []
    /// Code points before each multiple of `stride` bytes.
    private var codePoints: [Int] = []
    private static let stride = 256

    init(_ text: [UInt8]) {
        self.text = text
        locator = JSONLocator(text)
    }

    /// The offset of the value at `path` or, when the text has none there, of its nearest ancestor.
    mutating func nearestOffset(of path: JSONPath) -> Int? {
        guard var offset = locator.start else { return nil }
        for component in path.components {
            let children: JSONLocator.Children?
            if let known = containers[offset] { children = known } else {
                children = locator.children(at: offset)
                containers[offset] = children
            }
            let next: Int?
            switch (component, children) {
            case (.key(let key), .object(let members)?): next = members[key]
            case (.index(let i), .array(let elements)?): next = elements.indices.contains(i) ? elements[i] : nil
            default: next = nil
            }
            guard let next else { break }
            offset = next
        }
        return offset
    }

    /// The line and column (code points, from 1) of a byte offset.
    mutating func position(of offset: Int) -> SourcePosition {
        if lineStarts.isEmpty {
            lineStarts = [0]
            var count = 0
            for (i, byte) in text.enumerated() {
                if i % Self.stride == 0 { codePoints.append(count) }
                if byte == 0x0A { lineStarts.append(i + 1) }
                if byte & 0xC0 != 0x80 { count += 1 }
            }
            codePoints.append(count)
        }
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourcePosition(line: low + 1, column: codePointsBefore(offset) - codePointsBefore(lineStarts[low]) + 1)
    }

    private func codePointsBefore(_ offset: Int) -> Int {
        let block = offset / Self.stride
        var count = codePoints[min(block, codePoints.count - 1)]
        for byte in text[(block * Self.stride)..<offset] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
