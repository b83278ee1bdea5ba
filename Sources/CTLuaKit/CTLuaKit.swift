// ctlua as a Swift library: `.product(name: "CTLuaKit", package: "ctlua")`, then `import CTLuaKit`.
//
// The modules below are re-exported so that one import gives what an embedder needs; which of
// their declarations are stable (kept across minor versions, changed only with a CHANGELOG.md
// entry) is listed in docs/embedding.md. Everything else that is public is public for ctlua's own
// modules and may change in any release. Raw Lua access (`@_spi(RawLua)`) is not part of it.
@_exported import Engine
@_exported import JSON
@_exported import LuaRuntime
@_exported import Scenarios
@_exported import SystemKit
@_exported import Systems
