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

/// B5d's durability baseline: writes `len` bytes to `dir/name.tmp`, fsyncs and closes it, renames
/// it to `dir/name` and fsyncs the directory (what an atomic, durable save must do). 0 on success.
int cb_durable_write(const char *dir, const char *name, const void *bytes, size_t len);

/// A full garbage collection (lua_gc is variadic: not callable from Swift).
void cb_gc_collect(lua_State *L);

/// Bytes used by a bare luaL_newstate-equivalent (counting allocator) + luaL_openlibs after a full GC.
size_t cb_bare_state_memory(void);

/// B9's baseline: the trigger and limit matching of one event against stored in-apps, on the
/// same data as the Swift side. `inapps_json` is a JSON array of in-apps (`ti`, `whenTriggers`
/// with `eventName` and `eventProperties` {propertyName, operator 0/1/2, propertyValue},
/// `frequencyLimits`/`occurrenceLimits` of types `ever`/`onEvery`/`onExactly`); `props_json` the
/// event's properties. `cb_campaigns_load` parses both (jansson) and keeps them with a trigger
/// count per in-app; `cb_campaigns_evaluate` returns the number of eligible in-apps.
void *cb_campaigns_load(const char *inapps_json, const char *props_json);
int cb_campaigns_evaluate(void *state, const char *event_name);
void cb_campaigns_free(void *state);

#endif
