import CJansson

/// A JSON value built once as a jansson tree, to be pushed into Lua many times with
/// `LuaState.luaValue(_:)` (each push makes fresh tables) without building the tree again.
/// Immutable; confined to its engine's thread like the state it is pushed into.
public final class JanssonTree {
    let json: UnsafeMutablePointer<json_t>
    /// The value the tree was built from.
    public let value: JSONValue

    /// Builds the tree; the errors of `JSONValue.withJansson` (NaN, infinity, too deep).
    public init(_ value: JSONValue) throws(JSONError) {
        self.value = value
        json = try value.withJansson { (pointer) throws(JSONError) -> UnsafeMutablePointer<json_t> in ctl_json_incref(pointer) }
    }

    deinit { ctl_json_decref(json) }
}
