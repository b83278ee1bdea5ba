#ifndef CTLUA_CLUA_SHIM_H
#define CTLUA_CLUA_SHIM_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/// `LUA_REGISTRYINDEX` is a computed macro Swift cannot import.
static inline int ctl_registryindex(void) { return LUA_REGISTRYINDEX; }
/// `lua_upvalueindex` is a macro.
static inline int ctl_upvalueindex(int i) { return lua_upvalueindex(i); }
/// `lua_pop` is a macro over `lua_settop`.
static inline void ctl_pop(lua_State *L, int n) { lua_pop(L, n); }
/// `lua_newtable` is a macro over `lua_createtable`.
static inline void ctl_newtable(lua_State *L) { lua_newtable(L); }
/// `lua_insert` is a macro over `lua_rotate`.
static inline void ctl_insert(lua_State *L, int idx) { lua_insert(L, idx); }
/// `lua_remove` is a macro over `lua_rotate` + `lua_pop`.
static inline void ctl_remove(lua_State *L, int idx) { lua_remove(L, idx); }
/// `lua_replace` is a macro over `lua_copy` + `lua_pop`.
static inline void ctl_replace(lua_State *L, int idx) { lua_replace(L, idx); }
/// `lua_tonumber` is a macro over `lua_tonumberx`.
static inline lua_Number ctl_tonumber(lua_State *L, int idx) { return lua_tonumberx(L, idx, NULL); }
/// `lua_tointeger` is a macro over `lua_tointegerx`.
static inline lua_Integer ctl_tointeger(lua_State *L, int idx) { return lua_tointegerx(L, idx, NULL); }
/// `lua_pushglobaltable` is a macro over `lua_rawgeti` on the registry.
static inline void ctl_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
/// `lua_isnoneornil` is a macro.
static inline int ctl_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
/// `LUA_RIDX_GLOBALS` / `LUA_RIDX_MAINTHREAD` are macros Swift imports, but keep one place.
static inline lua_Integer ctl_ridx_globals(void) { return LUA_RIDX_GLOBALS; }
#endif
