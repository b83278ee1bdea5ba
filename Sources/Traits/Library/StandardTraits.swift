/// The built-in `@appcues/*` traits, written in Lua and shipped with ctlua: each type's source
/// is loaded into the engine the first time an experience uses it (and nothing registered the
/// type before), and registers the trait with `traits.register`.
public enum StandardTraits {
    /// Every built-in type, in the SDK's registration order.
    public static let types: [String] = sources.map(\.type)

    /// The Lua source registering `type`, or nil when it is not a built-in.
    public static func source(for type: String) -> String? {
        sources.first { $0.type == type }?.source
    }

    static var sources: [(type: String, source: String)] {
        presentation + decoration + targeting
    }
}
