import Engine
import JSON
import LuaRuntime

/// Experience traits as an engine system: the registry (Swift traits, Lua traits and the
/// built-in `@appcues/*` traits loaded on demand), the composer, the renderer and the Lua
/// `traits` module.
public final class TraitsSystem: EngineSystem {
    /// The registered trait types (a new registry each launch: scripts register Lua traits again).
    public private(set) var registry = TraitRegistry()
    /// Shows experiences and records what happens.
    public private(set) var renderer: ExperienceRenderer!
    /// Swift traits registered with ``register(type:factory:)``: kept across relaunches.
    private var swiftTraits: [(String, TraitRegistry.Factory)] = []
    private unowned let engine: Engine

    public init(engine: Engine) { self.engine = engine }

    public func install(in engine: Engine) throws {
        let registry = TraitRegistry { [weak engine] message in
            engine?.transcript.record("log", ["message": .string(message)])
        }
        for (type, factory) in swiftTraits { registry.register(type: type, factory: factory) }
        registry.resolveMissing = { [unowned engine] type in
            guard let source = StandardTraits.source(for: type) else { return }
            try engine.lua.load(source, name: "=" + type).call()
        }
        self.registry = registry
        renderer = ExperienceRenderer(composer: TraitComposer(registry: registry), transcript: engine.transcript, clock: engine.clock)
        try engine.installModule("traits") { [unowned self, unowned engine] state in
            try TraitsModule.make(system: self, engine: engine, state: state)
        }
    }

    /// Registers a Swift trait for this engine (and its relaunches); false when the type is taken.
    @discardableResult
    public func register(type: String, factory: @escaping TraitRegistry.Factory) -> Bool {
        guard registry.register(type: type, factory: factory) else { return false }
        swiftTraits.append((type, factory))
        return true
    }

    /// Registers a Swift trait type for this engine (and its relaunches).
    @discardableResult
    public func register<T: ConfigurableTrait>(_ trait: T.Type) -> Bool {
        register(type: T.type) { T(configuration: $0) }
    }

    /// Shows an experience JSON (0-based indexes), then settles the engine.
    @discardableResult
    public func show(_ json: JSONValue, group: Int = 0, step: Int = 0) throws -> Bool {
        try show(JSONReader(value: json), group: group, step: step)
    }

    /// Shows the experience `reader` reads (problems located in its text), then settles the engine.
    @discardableResult
    public func show(_ reader: JSONReader, group: Int = 0, step: Int = 0) throws -> Bool {
        let experience = try Experience.decode(reader)
        defer { engine.settle() }
        return try renderer.show(experience, at: Experience.StepIndex(group: group, item: step))
    }

    /// What `traits.current()` returns, as JSON: experience id, group and step (1-based), state
    /// and the composed tree; nil when nothing is shown.
    public var currentJSON: JSONValue? {
        guard let presentation = renderer.current else { return nil }
        let state: String
        switch renderer.state {
        case .idle: state = "idle"
        case .presenting: state = "presenting"
        case .shown: state = "shown"
        case .failing: state = "failing"
        }
        return .object([
            "experience": .string(presentation.experience.id),
            "group": .integer(Int64(presentation.group + 1)),
            "step": .integer(Int64(presentation.item + 1)),
            "state": .string(state),
            "tree": presentation.package.wrapper.tree,
            "metadata": .object(presentation.package.metadataDelegate.values),
        ])
    }
}
