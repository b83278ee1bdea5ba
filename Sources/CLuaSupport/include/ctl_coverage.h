#ifndef CTL_COVERAGE_H
#define CTL_COVERAGE_H
/*
 * Line coverage of the Lua chunks a state loads from files (chunk names starting with '@').
 *
 * Hits are recorded by the runtime's hook (ctl_runtime.c) on Lua's line events, in plain C
 * memory (malloc, never the Lua allocator): recording never raises. The executable lines of
 * a chunk are found when it is loaded (`ctl_coverage_chunk`) from its bytecode (`lua_dump`,
 * a public API), which holds every nested function's line information, called or not.
 *
 * Rule: a line is executable when Lua emits an instruction for it, except the implicit
 * `return` Lua adds at a function's closing `end` (and the `VARARGPREP` of a vararg
 * function, as `debug.getinfo(f, "L")` skips it) when nothing else is on that line.
 */
#include <stddef.h>
#include <lua.h>

typedef struct ctl_coverage ctl_coverage;

/// A new, empty collector, or NULL when out of memory. Never raises.
ctl_coverage *ctl_coverage_new(void);
/// Frees a collector (after the state using it has closed). NULL is ignored.
void ctl_coverage_free(ctl_coverage *cov);

/// Starts recording line hits of `L`'s state into `cov` (kept in the state's runtime): installs
/// the hook with line events on the main thread now, so every coroutine made later inherits it.
/// `cov` must outlive the state. Never raises.
void ctl_coverage_start(lua_State *L, ctl_coverage *cov);

/// Records the executable lines of the Lua function at `idx` (a chunk just loaded) under its
/// chunk name, when coverage is on and the name starts with '@'. Stack unchanged. Returns 1
/// when the lines were recorded, 0 otherwise (coverage off, not a file, bytecode not
/// understood: then only lines that ran are known). Never raises.
int ctl_coverage_chunk(lua_State *L, int idx);

/// Called by the hook on a line event. Never raises.
void ctl_coverage_line(lua_State *L, ctl_coverage *cov, lua_Debug *ar);

/// Number of files known (loaded or run).
int ctl_coverage_count(const ctl_coverage *cov);
/// The name of file `i` (the chunk name without '@').
const char *ctl_coverage_name(const ctl_coverage *cov, int i);
/// Highest line number known in file `i`.
int ctl_coverage_lines(const ctl_coverage *cov, int i);
/// How file `i` is known: 2 loaded with its executable lines recorded (`ctl_coverage_chunk`),
/// 1 loaded but its bytecode not understood (only lines that ran are known), 0 never loaded
/// from a file (a chunk a script gave an '@' name with `load`).
int ctl_coverage_mapped(const ctl_coverage *cov, int i);
/// Line `line` of file `i`: returns 1 when it is executable, 0 otherwise; `*hits` gets its hits.
int ctl_coverage_get(const ctl_coverage *cov, int i, int line, long long *hits);

#endif
