#ifndef CTL_RUNTIME_H
#define CTL_RUNTIME_H
#include <stddef.h>
#include <stdint.h>
#include <lua.h>

/// Which limit stopped the current entry (0 = none).
enum ctl_limit {
    CTL_LIMIT_NONE = 0,
    CTL_LIMIT_INSTRUCTIONS = 1,
    CTL_LIMIT_TIMEOUT = 2,
    CTL_LIMIT_INTERRUPTED = 3,
    CTL_LIMIT_MEMORY = 4,
    CTL_LIMIT_OUTPUT = 5,
};

/// Returned by a Swift dispatch: raise the value on top of the stack.
#define CTL_RAISE (-1)
/// Returned by a Swift dispatch: raise the string on top, prefixed with the caller's position.
#define CTL_RAISE_WHERE (-2)
/// Returned by a Swift dispatch: raise a memory error (status LUA_ERRMEM, Lua's own message).
#define CTL_RAISE_MEMORY (-3)
/// Returned by a Swift dispatch: yield `CTL_YIELD_BASE - r` values from the top.
#define CTL_YIELD_BASE (-1000)

/// Swift side of a Swift function called from Lua: returns result count, CTL_RAISE or a yield code.
typedef int (*ctl_dispatch_fn)(lua_State *L, void *box);
/// Swift side of a `__gc` on a boxed Swift object: releases the retained box.
typedef void (*ctl_release_fn)(void *box);
/// Swift side of `lua_WarnFunction`: receives warning pieces (errors in `__gc`). Must not call Lua.
typedef void (*ctl_warn_fn)(void *context, const char *message, int tocont);

/// The wall-clock backstop of `--timeout` (ctl_watchdog.c): a thread that ends the process
/// when an outermost entry (or the close) runs past its deadline plus a grace period.
typedef struct ctl_watchdog ctl_watchdog;

/// Per-state runtime: allocator accounting, limits and the Swift callbacks.
///
/// Lives in Swift-owned memory for the lifetime of the lua_State; its address is
/// stored in the state's extra space so every thread of the state finds it.
typedef struct ctl_runtime {
    size_t used;           /* bytes allocated by Lua now */
    size_t peak;           /* highest `used` seen */
    size_t limit;          /* memory cap in bytes; 0 = none */
    int enforce;           /* >0 while Lua (not Swift) code runs: only then may allocation fail */
    int depth;             /* nesting of protected entries from Swift */
    long long budget;      /* instructions per outermost entry; 0 = none */
    long long executed;    /* instructions counted in this entry (hook granularity) */
    double timeout;        /* seconds per outermost entry; 0 = none */
    double deadline;       /* monotonic seconds; 0 = none */
    volatile int cancel;   /* set from any thread or a signal handler to interrupt */
    int tripped;           /* enum ctl_limit of the limit that stopped this entry */
    lua_State *main;
    ctl_dispatch_fn dispatch;
    ctl_release_fn release;
    ctl_warn_fn warn;
    void *warn_context;
    void *owner;           /* the Swift LuaState (unretained) */
    lua_State *active;     /* the thread running now (a coroutine while a Swift callback runs in one) */
    int closing;           /* lua_close has started: references must not touch the registry */
    int closed;            /* lua_close has finished */
    int hooked;            /* the normal count hook is installed on the main thread */
    struct ctl_coverage *coverage;   /* line coverage being recorded (ctl_coverage.h); NULL = off */
    int refused;           /* the allocator refused memory during this entry: a LUA_ERRMEM is real
                              (Lua 5.4's lua_error turns a script's error("not enough memory") into
                              LUA_ERRMEM too) */
    ctl_watchdog *watchdog; /* armed with each outermost entry's deadline; NULL = none */
    long *nesting;         /* the Swift entries running now (LuaNesting's counter, maybe shared
                              with other states); read and counted by `ctl_call1` */
    long nesting_limit;    /* the bound on `*nesting` */
    int memory_owed;       /* Swift kept memory past the cap for a script during this entry (the
                              engine's transcript refused an event): the next return from a Swift
                              function into Lua raises `not enough memory` (cleared then, and at
                              each outermost entry) */
    int hook_trusted;      /* scripts cannot replace the hook (no `debug.sethook`: the strict
                              policy): `hooked` is then exact and the entry does not re-read it */
} ctl_runtime;

/// Starts a watchdog thread: once an armed deadline is `grace` seconds past, it writes
/// `message` to standard error and ends the process with `exit_code` (`_exit`). NULL on failure.
ctl_watchdog *ctl_watchdog_start(double grace, int exit_code, const char *message);
/// Arms the watchdog with a monotonic deadline in seconds (0 disarms). Any thread.
void ctl_watchdog_arm(ctl_watchdog *wd, double deadline);
/// Disarms and ends the thread, which frees the watchdog. `wd` must not be used after.
void ctl_watchdog_stop(ctl_watchdog *wd);

/// Creates a state whose allocator and hook use `rt` (which must outlive it). NULL on failure.
lua_State *ctl_newstate(ctl_runtime *rt);
/// The runtime of a state (any of its threads).
ctl_runtime *ctl_getruntime(lua_State *L);
/// Closes the state; `__gc` finalizers run protected, under the limits, and can no longer call
/// Swift functions nor report warnings (the owner may be in its deinit).
void ctl_close(lua_State *L);

/// Pushes the traceback message handler (a light C function: no allocation). Pushes 1.
void ctl_pushmsgh(lua_State *L);
/// `ctl_pcall` for callers that pushed the handler themselves (`ctl_pushmsgh`) at `msgh`,
/// below the function: nothing is rotated. The handler stays on the stack.
int ctl_pcallh(lua_State *L, int nargs, int nresults, int msgh);

/// The kind of a scalar crossing `ctl_call1` (argument and result).
#define CTL_KNIL 0
#define CTL_KBOOLEAN 1   /* bits: 0 or 1 */
#define CTL_KINTEGER 2   /* bits: the integer */
#define CTL_KFLOAT 3     /* bits: the double's bit pattern */
#define CTL_KOTHER 4     /* a result that is not a scalar: left on the stack */

/// `ctl_call1`'s answer, returned in two registers (no memory crosses the call).
typedef struct ctl_result {
    lua_Integer bits;   /* the scalar's payload (see CTL_K*) */
    int kind;           /* CTL_K* of the result (LUA_OK only) */
    int status;         /* LUA_OK, a Lua error status, CTL_CLOSED, CTL_NESTED or CTL_NOSTACK */
} ctl_result;

/// Returned by `ctl_call1` when the stack cannot grow (nothing pushed).
#define CTL_NOSTACK (-1)
/// Returned by `ctl_call1` on a closed state (nothing done).
#define CTL_CLOSED (-2)
/// Returned by `ctl_call1` when `*rt->nesting` is at its bound (nothing done).
#define CTL_NESTED (-3)

/// One entry from Swift in one C call (B2): on the running thread (`rt->active`), calls the
/// function at registry `ref` with the scalar (`kind`, `bits`: CTL_KNIL, CTL_KBOOLEAN,
/// CTL_KINTEGER or CTL_KFLOAT), one result, under the traceback handler, counted as a Swift
/// entry (`*rt->nesting`, bounded) and as a protected entry (`ctl_pcall`'s limits). On LUA_OK
/// with a scalar result: `kind` and `bits` hold it, the stack is as before. On LUA_OK with any
/// other result: `kind` is CTL_KOTHER and the stack holds the handler and the result above the
/// old top (the caller reads it, then pops 2). On an error: the handler and the error value (as
/// `ctl_pcallh`; the caller pops 2). CTL_CLOSED, CTL_NESTED, CTL_NOSTACK: nothing pushed, nothing run.
ctl_result ctl_call1(ctl_runtime *rt, int ref, int kind, lua_Integer bits);

/// Protected call with the traceback handler, counting an entry from Swift.
/// Stack: function and `nargs` args on top; pops them, pushes `nresults` results
/// (or all with LUA_MULTRET) or one error value. Returns the Lua status.
/// On error the traceback is left in the registry (`ctl_lasttraceback`).
int ctl_pcall(lua_State *L, int nargs, int nresults);
/// `ctl_pcall` on a state made by `ctl_newstate`, plain `lua_pcall` on any other (the JSON
/// tests' states). Same stack effect.
int ctl_pcall_any(lua_State *L, int nargs, int nresults);
/// Resumes coroutine `co` from Swift with `nargs` args on its stack. Same as lua_resume
/// plus limit accounting and a traceback on error. `*nres` receives the result count.
/// On error the error value is moved to `from` (pushes 1 there; a dead coroutine takes no calls).
int ctl_resume(lua_State *co, lua_State *from, int nargs, int *nres);
/// Pushes the traceback recorded by the last failed `ctl_pcall`/`ctl_resume` (or nil). Pushes 1.
void ctl_lasttraceback(lua_State *L);

/// Loads a chunk from a buffer (mode "t", "b" or "bt"). Pushes the function or an error. Never raises.
int ctl_load(lua_State *L, const char *buf, size_t len, const char *chunkname, const char *mode);
/// ctl_load, feeding the text a line at a time; `*line` is the line the parser had reached when
/// it stopped (the parser's `C stack overflow` carries no position: the caller adds this one).
int ctl_load_lines(lua_State *L, const char *buf, size_t len, const char *chunkname, const char *mode, int *line);

/// Pushes a Lua function calling the Swift `box` through the runtime's dispatch. Pushes 1.
/// The box is released (ctl_release_fn) when the function is collected.
void ctl_pushswiftfunction(lua_State *L, void *box);
/// Pushes a full userdata holding the Swift `box`, with the metatable at registry `mtref`. Pushes 1.
void ctl_pushobject(lua_State *L, void *box, int mtref);
/// Creates a metatable for a Swift type (`__name`, `__gc`, `__metatable` guard) and
/// returns its registry reference. Stack unchanged.
int ctl_newclassmetatable(lua_State *L, const char *name);
/// The Swift box of the userdata at `idx` if its metatable is registry `mtref`, else NULL.
void *ctl_toobject(lua_State *L, int idx, int mtref);

/// The address of the metatable at registry `mtref` (stable: the registry keeps it). Stack unchanged.
const void *ctl_metatablepointer(lua_State *L, int mtref);
/// `ctl_toobject` against a metatable's address (`ctl_metatablepointer`): the same check without
/// the registry lookup and the comparison's pushes (the method calls' path, B1).
void *ctl_toobjectp(lua_State *L, int idx, const void *mt);

/// Installs `__index` on the class metatable `mtref`: methods table and property getter
/// (function or nil) on top of the stack; pops both.
void ctl_setclassindex(lua_State *L, int mtref);
/// Pops a table and sets it as the field table (user value 1) of the object at `idx`.
int ctl_setobjectfields(lua_State *L, int idx);

/// Protected `t[k]` with metamethods: t at `idx`, key on top; pops key, pushes value. Returns status.
int ctl_pgettable(lua_State *L, int idx);
/// Protected `t[k] = v` with metamethods: t at `idx`, key and value on top; pops both. Returns status.
int ctl_psettable(lua_State *L, int idx);
/// Protected `luaL_tolstring` (honours `__tostring`/`__name`): pushes the string or an error.
int ctl_ptostring(lua_State *L, int idx);

/// Counts an interruption request; safe from a signal handler or another thread.
void ctl_interrupt(ctl_runtime *rt);
/// 1 while an interruption request has not been acted on yet (the entry that received it is
/// still running: Lua runs `__gc` finalizers without hooks). Safe from a signal handler.
int ctl_interrupt_pending(const ctl_runtime *rt);

/// Opens the standard libraries under a protected call, with ctlua's `xpcall` (its handler
/// stands aside once a limit tripped) and the step-counted pattern functions of `string`.
/// Pushes nothing. Returns status.
int ctl_openlibs(lua_State *L);

/// Counts `steps` of work done inside one C call (pattern matching) against the entry's
/// instruction budget, deadline and cancel flag; raises the limit's error once one trips.
/// Does nothing on a state not made by `ctl_newstate`. May raise.
void ctl_charge(lua_State *L, long long steps);
/// Marks the current entry as stopped by limit `kind` (enum ctl_limit): from now on the hook
/// fires on every line, so the stop cannot be swallowed. Never raises.
void ctl_trip(lua_State *L, int kind);
/// Bytes the memory cap still allows (SIZE_MAX without a cap or on a foreign state). Never raises.
size_t ctl_memory_available(lua_State *L);
/// lua_CFunction `(mt, object)`: runs `rawget(mt, "__gc")(object)` in a fresh coroutine under
/// the hook and the memory cap (Lua runs finalizers with hooks off). Raises its error.
int ctl_gcrun(lua_State *L);
/// Replaces `find`, `match`, `gmatch` and `gsub` in the table on top with the step-counted
/// copies of Lua's matcher (ctl_pattern.c). Stack unchanged.
void ctl_open_patterns(lua_State *L);

#endif
