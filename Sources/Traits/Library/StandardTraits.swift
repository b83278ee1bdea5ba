import LuaRuntime

/// The built-in `@appcues/*` traits, written in Lua and shipped with ctlua: each type's source
/// is loaded into the engine the first time an experience uses it (and nothing registered the
/// type before), and registers the trait with `traits.register`.
///
/// The Lua lives in `Library/lua/` (`modal.lua` for `@appcues/modal`, `helpers.lua` shared by
/// all), linted by luacheck, and is embedded in the binary at build time (the `EmbedLua`
/// plugin generates `EmbeddedLua.files`).
public enum StandardTraits {
    /// Every built-in type, in the SDK's registration order.
    public static let types: [String] = [
        "@appcues/step-transition-animation", "@appcues/modal", "@appcues/tooltip", "@appcues/carousel", "@appcues/skippable",
        "@appcues/backdrop", "@appcues/paging-dots", "@appcues/background-content", "@appcues/target-rectangle",
        "@appcues/target-element", "@appcues/backdrop-keyhole", "@appcues/target-interaction", "@appcues/effects",
        "@appcues/embedded",
    ]

    /// The Lua source registering `type` (a chunk that takes the helpers as its argument), or
    /// nil when it is not a built-in.
    public static func source(for type: String) -> String? {
        guard types.contains(type) else { return nil }
        return EmbeddedLua.files[type.dropFirst("@appcues/".count) + ".lua"]
    }

    /// The helpers every built-in receives (`helpers.lua`: it returns them).
    static var helpers: String { EmbeddedLua.files["helpers.lua"] ?? "return {}" }

    /// The `traits` module's prelude (`prelude.lua`): returns `newError`, `errorMeta`, `newInstance`.
    static var prelude: String { EmbeddedLua.files["prelude.lua"] ?? "" }

    /// Registers the built-in `type` in `state` by running its source; false when it is not one.
    @discardableResult
    static func load(_ type: String, in state: LuaState) throws(LuaError) -> Bool {
        guard let source = source(for: type) else { return false }
        let helpers = try state.load(helpers, name: "=@appcues/helpers").call()
        try state.load(source, name: "=" + type).call(arguments: helpers)
        return true
    }
}
