import Engine

/// A fresh engine for a test, with one system, the one place tests build engines:
/// `configure` adjusts the configuration (limits, state directory), then `system` is added and
/// `setup` (Lua) runs. Returns the engine and the system.
public func makeEngine<System: EngineSystem>(
    with system: System, setup: String? = nil, configure: (inout Engine.Configuration) -> Void = { _ in }
) throws -> (Engine, System) {
    var configuration = Engine.Configuration()
    configure(&configuration)
    let engine = try Engine(configuration: configuration)
    try engine.add(system)
    if let setup { try engine.run(setup) }
    return (engine, system)
}
