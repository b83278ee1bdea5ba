import CLua

extension LuaArguments {
    /// Where the Lua code that called this Swift function is: its chunk name (a file's `@` dropped)
    /// and current line; nil when the caller is not Lua code with line information.
    /// (`lua_getstack`/`lua_getinfo` with "Sl" neither allocate nor raise.)
    public var caller: (source: String, line: Int)? {
        var record = lua_Debug()
        guard lua_getstack(L, 1, &record) != 0, lua_getinfo(L, "Sl", &record) != 0,
              record.currentline > 0, let raw = record.source else { return nil }
        var source = String(cString: raw)
        if source.hasPrefix("@") || source.hasPrefix("=") { source.removeFirst() }
        return (source, Int(record.currentline))
    }
}
