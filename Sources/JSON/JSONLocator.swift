/// Where each value starts in JSON text that jansson accepted, found in one pass over the text
/// (so the walk needs no error handling beyond stopping: any surprise leaves the rest unindexed).
/// Keys are compared decoded, escapes included; with duplicate keys rejected, the first key that
/// matches is the only one.
///
/// Built once per document and then asked many times (a file with 48,000 problems asks 48,000
/// times): each answer costs the depth of its path, never a walk of the text, so locating every
/// problem of a hostile file stays linear in its size.
struct JSONLocator: Sendable {
    /// A value of the text: where it starts, and its members or elements when it has any.
    private struct Node: Sendable {
        var offset: Int
        var position: SourcePosition
    }

    private let text: [UInt8]
    /// Every value, in the order of the text (the root first).
    private var nodes: [Node] = []
    /// The members of each object, by node.
    private var members: [Int: [String: Int]] = [:]
    /// The elements of each array, by node.
    private var elements: [Int: [Int]] = [:]

    init(_ text: [UInt8]) {
        self.text = text
        index()
    }

    /// The byte offset of the value at `path`, or nil.
    func offset(of path: JSONPath) -> Int? { node(at: path).map { nodes[$0].offset } }

    /// The line and column of the value at `path`, or nil.
    func position(of path: JSONPath) -> SourcePosition? { node(at: path).map { nodes[$0].position } }

    /// The line and column of the value at `path` or, when the text has no value there, of its
    /// nearest ancestor that it has.
    func nearestPosition(of path: JSONPath) -> SourcePosition? {
        guard !nodes.isEmpty else { return nil }
        var node = 0
        for component in path.components {
            guard let next = child(of: node, component) else { break }
            node = next
        }
        return nodes[node].position
    }

    /// The text of the value that starts at `offset`.
    func valueText(at offset: Int) -> [UInt8] { Array(text[offset..<skipValue(offset)]) }

    private func node(at path: JSONPath) -> Int? {
        guard !nodes.isEmpty else { return nil }
        var node = 0
        for component in path.components {
            guard let next = child(of: node, component) else { return nil }
            node = next
        }
        return node
    }

    private func child(of node: Int, _ component: JSONPath.Component) -> Int? {
        switch component {
        case .key(let key): return members[node]?[key]
        case .index(let i):
            guard let items = elements[node], items.indices.contains(i) else { return nil }
            return items[i]
        }
    }

    // MARK: - The one pass

    /// Walks the text once, recording every value with its line and column; open containers are
    /// kept on an explicit stack (no recursion, whatever the depth).
    private mutating func index() {
        var cursor = Cursor()
        var open: [Int] = []
        var key: String?
        var i = skipSpace(0)
        while let b = byte(i) {
            // A value starts at i.
            let node = nodes.count
            nodes.append(Node(offset: i, position: cursor.advance(to: i, in: text)))
            if let parent = open.last {
                if let key {
                    if members[parent]?[key] == nil { members[parent, default: [:]][key] = node }
                } else {
                    elements[parent, default: []].append(node)
                }
            }
            key = nil
            if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                if b == UInt8(ascii: "{") { members[node] = [:] } else { elements[node] = [] }
                open.append(node)
                i = skipSpace(i + 1)
                if byte(i) == UInt8(ascii: "}") || byte(i) == UInt8(ascii: "]") {
                    // An empty container ends at once; fall through to what follows it.
                } else if b == UInt8(ascii: "{") {
                    guard let next = readKey(at: i, into: &key) else { return }
                    i = next
                    continue
                } else {
                    continue
                }
            } else {
                i = skipSpace(skipValue(i))
            }
            // After a value: close containers, or go on to the next member or element.
            while let top = open.last {
                guard let b = byte(i) else { return }
                if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                    open.removeLast()
                    i = skipSpace(i + 1)
                    continue
                }
                guard b == UInt8(ascii: ",") else { return }
                i = skipSpace(i + 1)
                if members[top] != nil {
                    guard let next = readKey(at: i, into: &key) else { return }
                    i = next
                }
                break
            }
            if open.isEmpty { return }
        }
    }

    /// Reads `"key":` at `start`; the offset of the value after it, or nil when the text is not that.
    private func readKey(at start: Int, into key: inout String?) -> Int? {
        guard byte(start) == UInt8(ascii: "\"") else { return nil }
        let (decoded, end) = string(at: start)
        let colon = skipSpace(end)
        guard byte(colon) == UInt8(ascii: ":") else { return nil }
        key = decoded
        return skipSpace(colon + 1)
    }

    /// A line and column that only moves forward: values are met in the order of the text, so
    /// finding all their positions reads the text once.
    private struct Cursor {
        var offset = 0
        var position = SourcePosition(line: 1, column: 1)

        mutating func advance(to target: Int, in text: [UInt8]) -> SourcePosition {
            while offset < target {
                let byte = text[offset]
                if byte == 0x0A {
                    position.line += 1
                    position.column = 1
                } else if byte & 0xC0 != 0x80 {
                    position.column += 1
                }
                offset += 1
            }
            return position
        }
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
