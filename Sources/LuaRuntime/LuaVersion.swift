import CLua

/// The Lua library ctlua was built against.
public enum LuaVersion {
    /// `5.4.4`: the release of the headers (Debian's `liblua5.4-dev`).
    public static let release = LUA_VERSION_MAJOR + "." + LUA_VERSION_MINOR + "." + LUA_VERSION_RELEASE
}
