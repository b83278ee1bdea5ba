import LuaRuntime

/// A system hanging off an engine (templates, traits, hooks, FlowX, or one of your own): its
/// state for one engine and its Lua modules. Its contributions to scenarios, the REPL and the CLI
/// are declared by `SystemPlugin` (module SystemKit).
///
/// ## Implementation requirements
/// - `install(in:)` is called when the system is added and again after every
///   relaunch, each time with a fresh Lua state: register the system's Lua module
///   (`engine.installModule`) and rebuild in-memory state from `engine.storage`.
/// - `prepareRelaunch(_:)` persists whatever must survive the relaunch.
/// - Lua bindings must build values with the calling state (`LuaArguments.state`),
///   not a captured one: a `.lua` scenario keeps running in the state that called
///   `app.relaunch()`.
/// - Under `strict` each script gets its own read-only copy of a module's table (nested tables
///   copied too), so no script can change what another sees: compare marker tables a script
///   passes back by a tag (`LuaTable.get`), not by identity, and charge values the system keeps
///   from scripts to `Engine.retain(_:)`.
public protocol EngineSystem: AnyObject, SendableMetatype {
    /// Installs the system into the engine's current Lua state.
    func install(in engine: Engine) throws
    /// Persists state before the engine relaunches.
    func prepareRelaunch(_ engine: Engine) throws
    /// Called after a relaunch ran the loaded scripts again (re-apply definitions that need them).
    func didRelaunch(_ engine: Engine) throws
    /// The app came back from the background (``Engine/enterForeground()``).
    func appDidEnterForeground(_ engine: Engine)
}

extension EngineSystem {
    public func prepareRelaunch(_ engine: Engine) throws {}
    public func didRelaunch(_ engine: Engine) throws {}
    public func appDidEnterForeground(_ engine: Engine) {}
}
