// LuaRuntime module
