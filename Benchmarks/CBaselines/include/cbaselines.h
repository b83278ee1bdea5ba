#ifndef CBASELINES_H
#define CBASELINES_H
/*
 * C baselines for the benchmarks: the same work as the measured Swift/ctlua
 * side, written plainly with the Lua C API and jansson. Nothing here is used
 * by the product.
 */
#include <stddef.h>
#include <stdint.h>
#include <lua.h>

/// Monotonic nanoseconds.
uint64_t cb_now_ns(void);

/// Registers the `cbase` global table in `L` (functions below). Runs under lua_pcall. Returns status.
/// cbase.newctx{k = v, ...}   -> a C context userdata with methods string/number/integer/boolean/presented/dismissed
/// cbase.decode(text)         -> json_loadb + the same tables (marks, null sentinel) as json.decode
/// cbase.setmarks(amt, omt, null) -> the mark metatables and null sentinel to use (those of the json module)
/// cbase.encode(t)            -> tables -> json_t -> json_dumpb -> string
/// cbase.callloop(f, n)       -> n x (push f, push i, lua_pcall 1 arg 1 result) from C; returns the sum
/// cbase.presentloop(p, n, title, count, enabled) -> n x (new minimal ctx, lua_pcall p(ctx)); returns dismissed count
int cb_install(lua_State *L);

/// Runs `lua_pcall` with the function and `nargs` args on top, no handler. Returns status.
int cb_pcall(lua_State *L, int nargs, int nresults);

/// A full garbage collection (lua_gc is variadic: not callable from Swift).
void cb_gc_collect(lua_State *L);

/// Bytes used by a bare luaL_newstate-equivalent (counting allocator) + luaL_openlibs after a full GC.
size_t cb_bare_state_memory(void);

#endif
