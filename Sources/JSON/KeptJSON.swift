import CLua
import CLuaSupport
@_spi(RawLua) import LuaRuntime

/// A Lua value read once for Swift to keep (the `json.encode` walk: its checks, limits and
/// messages), held as that walk's flat nodes rather than as a `JSONValue`: pushing it into Lua
/// again makes fresh tables straight from the nodes (no `JSONValue`, no jansson tree between),
/// and the `JSONValue` is read only when Swift asks for it (then kept). Immutable: every push is
/// a new copy, so what a script does to one copy reaches nothing else.
///
/// Made by ``LuaArguments/keptJSON(_:maxDepth:)``, or from a `JSONValue` (then pushed as
/// `push(json:)` pushes it). A value with a key that is not ASCII is kept as its `JSONValue`:
/// its members' order as Swift strings may differ from their bytes' order.
public final class KeptJSON {
    /// The kept nodes (members in sorted key order), then the bytes; nil when kept as `value`.
    private let kept: UnsafeMutablePointer<ctl_json_node>?
    private let count: Int
    private var read: JSONValue?

    public init(_ value: JSONValue) {
        kept = nil
        count = 0
        read = value
    }

    fileprivate init(kept: UnsafeMutablePointer<ctl_json_node>, count: Int) {
        self.kept = kept
        self.count = count
    }

    deinit { ctl_json_kept_free(kept) }

    /// The value (read from the nodes the first time).
    public var value: JSONValue {
        if let read { return read }
        var reader = JSONTapeReader(nodes: kept!, count: count, bytes: UnsafeMutableRawPointer(kept! + count).assumingMemoryBound(to: CChar.self))
        let value = reader.value()
        read = value
        return value
    }

    /// True when the value is an object; nil-free checks of the top without reading the value.
    public var isObject: Bool {
        guard let kept else { if case .object = read! { return true } else { return false } }
        return kept.pointee.type == Int32(CTL_JSON_NODE_OBJECT)
    }

    /// True when the value is an empty array (how an empty, unmarked Lua table reads).
    public var isEmptyArray: Bool {
        guard let kept else { if case .array(let a) = read!, a.isEmpty { return true } else { return false } }
        return kept.pointee.type == Int32(CTL_JSON_NODE_ARRAY) && kept.pointee.length == 0
    }

    /// `value.estimatedSize`, counted on the nodes when the value was not read.
    public var estimatedSize: Int {
        guard let kept else { return read!.estimatedSize }
        var size = 0
        for node in UnsafeBufferPointer(start: kept, count: count) {
            switch node.type {
            case Int32(CTL_JSON_NODE_STRING): size += 32 + node.length
            case Int32(CTL_JSON_NODE_ARRAY): size += 32 + 8 * node.length
            case Int32(CTL_JSON_NODE_OBJECT): size += 64 + 48 * node.length
            case Int32(CTL_JSON_NODE_KEY): size += node.length
            default: size += 16
            }
        }
        return size
    }

    /// Pushes a fresh copy (`ctl_json_push_kept_protected`: the tables `luaValue` would make).
    fileprivate func push(on L: OpaquePointer) -> Int32? {
        guard let kept else { return nil }
        return ctl_json_push_kept_protected(L, kept, count)
    }
}

extension LuaArguments {
    /// Argument `i` read as ``KeptJSON``: `jsonValue(i)`'s walk, values and errors, kept as its
    /// nodes (no `JSONValue` built). An argument past the end reads as `nil` does.
    public func keptJSON(_ i: Int, maxDepth: Int = 512) throws(LuaJSONError) -> KeptJSON {
        let L = rawThread
        if i >= 1 && i <= count { lua_pushvalue(L, Int32(i)) } else { lua_pushnil(L) }
        defer { ctl_pop(L, 1) }
        return try LuaState.withTapeOfTop(L, maxDepth: maxDepth) { tape in
            var status: Int32 = 0
            if let kept = withUnsafePointer(to: tape, { ctl_json_tape_keep($0, &status) }) {
                return KeptJSON(kept: kept, count: tape.count)
            }
            var reader = JSONTapeReader(tape: tape)
            return KeptJSON(reader.value())   // a key that is not ASCII (or no memory for the copy)
        }
    }
}

extension LuaPusher {
    /// Pushes a fresh copy of `kept` (the same tables, rules, errors and memory cap as
    /// `push(json: kept.value)`), without a reference to it.
    public mutating func push(_ kept: KeptJSON) throws {
        guard let status = kept.push(on: rawState) else { return try push(json: kept.value) }
        try state.checkPushedJSON(status: status)
        reserveSlot()
    }
}
