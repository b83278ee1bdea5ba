import JSON

/// The registered trait types: each type maps to a factory that makes an instance from a
/// configuration (nil when the config is rejected). The first registration of a type wins.
public final class TraitRegistry {
    /// Makes an instance for one use of the type in an experience; nil drops it.
    public typealias Factory = (TraitConfiguration) throws -> (any ExperienceTrait)?

    private var factories: [String: Factory] = [:]
    /// Registered types, in registration order.
    public private(set) var types: [String] = []
    /// Where the registry logs (`Trait of type @t is already registered.`).
    public var log: (String) -> Void
    /// Asked for a type nobody registered, before it is dropped: may register it (the standard
    /// library of built-in traits loads on demand this way).
    public var resolveMissing: ((String) throws -> Void)?

    public init(log: @escaping (String) -> Void = { _ in }) {
        self.log = log
    }

    /// Registers `factory` for `type`; false (and an error logged) when the type is registered.
    @discardableResult
    public func register(type: String, factory: @escaping Factory) -> Bool {
        guard factories[type] == nil else {
            log("Trait of type \(type) is already registered.")
            return false
        }
        factories[type] = factory
        types.append(type)
        return true
    }

    /// Registers a Swift trait type.
    @discardableResult
    public func register<T: ConfigurableTrait>(_ trait: T.Type) -> Bool {
        register(type: T.type) { T(configuration: $0) }
    }

    /// Whether `type` is registered.
    public func isRegistered(_ type: String) -> Bool { factories[type] != nil }

    /// An instance for each trait model whose type is registered and whose config is accepted,
    /// in model order; the others are dropped. A factory's error (a Lua trait's `init` failing)
    /// is thrown.
    public func instances(for models: [Experience.Trait], level: TraitLevel) throws -> [any ExperienceTrait] {
        var instances: [any ExperienceTrait] = []
        for model in models {
            if factories[model.type] == nil, let resolveMissing { try resolveMissing(model.type) }
            guard let factory = factories[model.type],
                  let instance = try factory(TraitConfiguration(config: model.config, level: level)) else { continue }
            instances.append(instance)
        }
        return instances
    }
}
