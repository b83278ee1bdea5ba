import CLuaSupport

/// Reads the tape `ctl_json_tape_from_lua` wrote into a `JSONValue`, objects' keys sorted (code
/// point order, as `JSONValue(jansson:sortingKeys:)` sorts them: the members collected in the
/// walk's order, sorted, then inserted, so keys equal as Swift strings collapse the same way).
struct JSONTapeReader {
    private let nodes: UnsafeMutablePointer<ctl_json_node>
    private let count: Int
    private let bytes: UnsafeMutablePointer<CChar>?
    private var next = 0

    /// The tape must hold one whole value (a successful `ctl_json_tape_from_lua`) and outlive the reader.
    init(tape: ctl_json_tape) {
        nodes = tape.nodes
        count = tape.count
        bytes = tape.bytes
    }

    /// A kept tape (`ctl_json_tape_keep`): `count` nodes holding one whole value, and its bytes.
    init(nodes: UnsafeMutablePointer<ctl_json_node>, count: Int, bytes: UnsafeMutablePointer<CChar>) {
        self.nodes = nodes
        self.count = count
        self.bytes = bytes
    }

    /// The value starting at the next node (recursive: depth bounded by the walk's `maxDepth`).
    mutating func value() -> JSONValue {
        precondition(next < count, "json tape: truncated")
        let node = nodes[next]
        next += 1
        switch node.type {
        case Int32(CTL_JSON_NODE_NULL): return .null
        case Int32(CTL_JSON_NODE_FALSE): return .bool(false)
        case Int32(CTL_JSON_NODE_TRUE): return .bool(true)
        case Int32(CTL_JSON_NODE_INTEGER): return .integer(Int64(node.number))
        case Int32(CTL_JSON_NODE_REAL): return .double(Double(bitPattern: UInt64(bitPattern: Int64(node.number))))
        case Int32(CTL_JSON_NODE_STRING): return .string(string(node))
        case Int32(CTL_JSON_NODE_ARRAY):
            var array: [JSONValue] = []
            array.reserveCapacity(node.length)
            for _ in 0..<node.length { array.append(value()) }
            return .array(array)
        case Int32(CTL_JSON_NODE_OBJECT):
            // No member or one: nothing to sort (the hooks' `done` data, small payloads); two
            // arrays and no list of entries to sort and free.
            if node.length == 0 { return .object(JSONObject()) }
            if node.length == 1 {
                let key = string(memberKey())
                return .object(JSONObject(uncheckedUniqueKeys: [key], values: [value()]))
            }
            var entries: [(key: String, value: JSONValue)] = []
            entries.reserveCapacity(node.length)
            for _ in 0..<node.length {
                let key = string(memberKey())
                entries.append((key, value()))
            }
            entries.sort { $0.key < $1.key }
            var object = JSONObject(minimumCapacity: entries.count)
            for (key, value) in entries { object[key] = value }
            return .object(object)
        default:
            preconditionFailure("json tape: unknown node \(node.type)")
        }
    }

    /// The KEY node of the next member.
    private mutating func memberKey() -> ctl_json_node {
        let key = nodes[next]
        precondition(key.type == Int32(CTL_JSON_NODE_KEY), "json tape: a member without its key")
        next += 1
        return key
    }

    private func string(_ node: ctl_json_node) -> String {
        guard node.length > 0, let bytes else { return "" }
        return String(
            decoding: UnsafeRawBufferPointer(start: bytes + Int(node.number), count: node.length), as: UTF8.self)
    }
}
