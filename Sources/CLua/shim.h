#ifndef CTLUA_CLUA_SHIM_H
#define CTLUA_CLUA_SHIM_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/// `LUA_REGISTRYINDEX` is a computed macro Swift cannot import.
static inline int ctl_registryindex(void) { return LUA_REGISTRYINDEX; }
/// `lua_pop` is a macro over `lua_settop`.
static inline void ctl_pop(lua_State *L, int n) { lua_pop(L, n); }
/// `lua_tonumber` is a macro over `lua_tonumberx`.
static inline lua_Number ctl_tonumber(lua_State *L, int idx) { return lua_tonumberx(L, idx, NULL); }
/// `lua_tointeger` is a macro over `lua_tointegerx`.
static inline lua_Integer ctl_tointeger(lua_State *L, int idx) { return lua_tointegerx(L, idx, NULL); }
#endif
