/// The built-in `@appcues/*` traits, written in Lua and shipped with ctlua: each type's source
/// is loaded into the engine the first time an experience uses it (and nothing registered the
/// type before), and registers the trait with `traits.register`.
public enum StandardTraits {
    /// Every built-in type, in the SDK's registration order.
    public static let types: [String] = [
        "@appcues/step-transition-animation", "@appcues/modal", "@appcues/tooltip", "@appcues/carousel", "@appcues/skippable",
        "@appcues/backdrop", "@appcues/paging-dots", "@appcues/background-content", "@appcues/target-rectangle",
        "@appcues/target-element", "@appcues/backdrop-keyhole", "@appcues/target-interaction", "@appcues/effects",
        "@appcues/embedded",
    ]

    /// The Lua source registering `type`, or nil when it is not a built-in.
    public static func source(for type: String) -> String? {
        guard let source = sources.first(where: { $0.type == type })?.source else { return nil }
        return helpers + "\n" + source
    }

    static var sources: [(type: String, source: String)] {
        presentation + decoration + targeting
    }
}
