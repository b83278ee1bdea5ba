import LuaRuntime

/// One of the four systems (templates, traits, hooks, FlowX) hanging off an engine.
///
/// ## Implementation requirements
/// - `install(in:)` is called when the system is added and again after every
///   relaunch, each time with a fresh Lua state: register the system's Lua module
///   (`engine.installModule`) and rebuild in-memory state from `engine.storage`.
/// - `prepareRelaunch(_:)` persists whatever must survive the relaunch.
/// - Lua bindings must build values with the calling state (`LuaArguments.state`),
///   not a captured one: a `.lua` scenario keeps running in the state that called
///   `app.relaunch()`.
public protocol EngineSystem: AnyObject {
    /// Installs the system into the engine's current Lua state.
    func install(in engine: Engine) throws
    /// Persists state before the engine relaunches.
    func prepareRelaunch(_ engine: Engine) throws
    /// Called after a relaunch ran the loaded scripts again (re-apply definitions that need them).
    func didRelaunch(_ engine: Engine) throws
}

extension EngineSystem {
    public func prepareRelaunch(_ engine: Engine) throws {}
    public func didRelaunch(_ engine: Engine) throws {}
}

/// A file fetcher whose target can be replaced (fixtures from a scenario's setup).
public final class SwitchableFileFetcher: FileFetcher {
    /// Where fetches go now.
    public var target: any FileFetcher
    public init(target: any FileFetcher) { self.target = target }
    public func fetch(_ url: String) -> FileFetchResult { target.fetch(url) }
}
