/*
 * The runtime half of ctlua's C boundary: the counting allocator, the limit hook (which
 * also counts line hits while coverage is recorded: ctl_coverage.c), protected entries
 * from Swift, the trampoline through which Lua calls Swift, and the parts of the sandbox
 * that must be C: an `xpcall` whose handler stands aside after a trip, and the runner that
 * puts `__gc` finalizers under the limits.
 *
 * Rule: nothing here lets a longjmp cross a Swift frame. Swift callbacks return a
 * status and this file raises after they have returned; the allocator refuses
 * memory only while Lua (not Swift) code runs (`rt->enforce`), and Swift frames
 * check large allocations before making them (LuaRuntime's `checkAllocation`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "ctl_runtime.h"
#include "ctl_coverage.h"

/* Instructions between two count-hook calls: the budget's granularity. */
#define CTL_HOOK_STEP 1000

static char traceback_key;   /* registry slot: traceback of the last error */
static char boxmt_key;       /* registry slot: metatable of boxed Swift functions */

ctl_runtime *ctl_getruntime(lua_State *L) {
    return *(ctl_runtime **)lua_getextraspace(L);
}

static double monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* An allocation of at least this size is always refused: `raise_memory_error` asks for one
 * to make Lua raise a genuine LUA_ERRMEM (the C API has no other way to raise that status). */
#define CTL_REFUSED_SIZE ((size_t)1 << 62)

/* The allocator: counts every byte; refuses growth past the cap only while Lua runs. */
static void *ctl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    ctl_runtime *rt = (ctl_runtime *)ud;
    size_t old = ptr ? osize : 0;   /* when ptr == NULL, osize is a type tag */
    if (nsize == 0) {
        free(ptr);
        rt->used -= old;
        return NULL;
    }
    if (nsize >= CTL_REFUSED_SIZE) {
        rt->refused = 1;
        return NULL;
    }
    if (rt->limit && rt->enforce > 0 && nsize > old && rt->used - old + nsize > rt->limit) {
        rt->refused = 1;
        return NULL;   /* Lua raises LUA_ERRMEM from C: safe */
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) {
        rt->refused = 1;
        if (rt->enforce <= 0 && nsize > old) {
            /* A real malloc failure inside a Swift frame: raising would longjmp through Swift. */
            fputs("ctlua: out of memory outside Lua code\n", stderr);
            abort();
        }
        return NULL;
    }
    rt->used = rt->used - old + nsize;
    if (rt->used > rt->peak) rt->peak = rt->used;
    return p;
}

static int ctl_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "ctlua: unprotected Lua error (%s)\n", msg ? msg : "?");
    abort();
    return 0;
}

static void ctl_warnf(void *ud, const char *msg, int tocont) {
    ctl_runtime *rt = (ctl_runtime *)ud;
    /* While the state closes its owner may be going away (a deinit): nobody to tell. */
    if (rt->warn && !rt->closing) rt->warn(rt->warn_context, msg, tocont);
}

static const char *limit_message(int kind) {
    switch (kind) {
    case CTL_LIMIT_INSTRUCTIONS: return "instruction limit exceeded";
    case CTL_LIMIT_TIMEOUT: return "timeout";
    case CTL_LIMIT_INTERRUPTED: return "interrupted";
    default: return "limit exceeded";
    }
}

static void ctl_hook(lua_State *L, lua_Debug *ar);

/* The normal mask: counts, and line events while coverage is recorded. */
static int normal_mask(const ctl_runtime *rt) {
    return rt->coverage ? LUA_MASKCOUNT | LUA_MASKLINE : LUA_MASKCOUNT;
}

/* Counts `n` instructions (or pattern steps) and trips the first limit passed. */
static void count_work(ctl_runtime *rt, long long n) {
    rt->executed += n;
    if (rt->budget > 0 && rt->executed > rt->budget) rt->tripped = CTL_LIMIT_INSTRUCTIONS;
    else if (rt->cancel) rt->tripped = CTL_LIMIT_INTERRUPTED;
    else if (rt->deadline > 0 && monotonic_now() > rt->deadline) rt->tripped = CTL_LIMIT_TIMEOUT;
}

/* After a trip: the hook fires on every line and call of `L` and the main thread, so a
 * `pcall` in the script cannot swallow the stop. */
static void arm_stop(lua_State *L, ctl_runtime *rt) {
    rt->hooked = 0;
    lua_sethook(L, ctl_hook, LUA_MASKCOUNT | LUA_MASKLINE | LUA_MASKCALL, 1);
    if (rt->main && rt->main != L)
        lua_sethook(rt->main, ctl_hook, LUA_MASKCOUNT | LUA_MASKLINE | LUA_MASKCALL, 1);
}

/* Fires every CTL_HOOK_STEP instructions, and on every new line while coverage is recorded
 * (pure C: recording never raises); once a limit trips, on every line and call too
 * (`arm_stop`). */
static void ctl_hook(lua_State *L, lua_Debug *ar) {
    ctl_runtime *rt = ctl_getruntime(L);
    if (!rt->tripped) {
        if (ar->event == LUA_HOOKLINE && rt->coverage) ctl_coverage_line(L, rt->coverage, ar);
        if (lua_gethookcount(L) != CTL_HOOK_STEP) {   /* left over from an earlier trip */
            lua_sethook(L, ctl_hook, normal_mask(rt), CTL_HOOK_STEP);
            return;
        }
        if (ar->event != LUA_HOOKCOUNT) return;
        count_work(rt, CTL_HOOK_STEP);
        if (!rt->tripped) return;
        arm_stop(L, rt);
    }
    luaL_error(L, "%s", limit_message(rt->tripped));
}

void ctl_charge(lua_State *L, long long steps) {
    lua_Alloc f = lua_getallocf(L, NULL);
    if (f != ctl_alloc) return;   /* a state not made by ctl_newstate (the JSON tests') */
    ctl_runtime *rt = ctl_getruntime(L);
    if (!rt->tripped) {
        count_work(rt, steps);
        if (!rt->tripped) return;
        arm_stop(L, rt);
    }
    luaL_error(L, "%s", limit_message(rt->tripped));
}

void ctl_trip(lua_State *L, int kind) {
    ctl_runtime *rt = ctl_getruntime(L);
    if (rt->tripped) return;
    rt->tripped = kind;
    arm_stop(L, rt);
}

size_t ctl_memory_available(lua_State *L) {
    void *ud = NULL;
    if (lua_getallocf(L, &ud) != ctl_alloc) return (size_t)-1;
    ctl_runtime *rt = (ctl_runtime *)ud;
    if (rt->limit == 0) return (size_t)-1;
    return rt->used >= rt->limit ? 0 : rt->limit - rt->used;
}

lua_State *ctl_newstate(ctl_runtime *rt) {
    lua_State *L = lua_newstate(ctl_alloc, rt);
    if (L == NULL) return NULL;
    *(ctl_runtime **)lua_getextraspace(L) = rt;
    rt->main = L;
    lua_atpanic(L, ctl_panic);
    lua_setwarnf(L, ctl_warnf, rt);
    return L;
}

void ctl_close(lua_State *L) {
    ctl_runtime *rt = ctl_getruntime(L);
    rt->enforce = 0;
    /* One entry for every pending finalizer together: `ctl_gcrun` runs each under the
     * hook, and they share one budget and deadline. */
    rt->depth = 1;
    rt->executed = 0;
    rt->tripped = CTL_LIMIT_NONE;
    rt->deadline = rt->timeout > 0 ? monotonic_now() + rt->timeout : 0;
    ctl_watchdog_arm(rt->watchdog, rt->deadline);
    lua_close(L);
    ctl_watchdog_arm(rt->watchdog, 0);
    rt->depth = 0;
}

/* Sets the normal hook unless it is already set (the common case on every entry). */
static void install_hook(lua_State *L) {
    int mask = normal_mask(ctl_getruntime(L));
    if (lua_gethook(L) != ctl_hook || lua_gethookmask(L) != mask || lua_gethookcount(L) != CTL_HOOK_STEP)
        lua_sethook(L, ctl_hook, mask, CTL_HOOK_STEP);
}

void ctl_coverage_start(lua_State *L, ctl_coverage *cov) {
    ctl_runtime *rt = ctl_getruntime(L);
    rt->coverage = cov;
    install_hook(rt->main);   /* now: coroutines made from here on inherit it */
    rt->hooked = 1;
}

/* The main thread's hook, remembered: re-checked only after a trip, an interrupt, or when a
 * script may have replaced it (`debug.sethook` under the full policy: `hook_trusted` is 0). */
static inline __attribute__((always_inline)) void install_main_hook(ctl_runtime *rt) {
    if (rt->hooked && (rt->hook_trusted || lua_gethook(rt->main) == ctl_hook)) return;
    install_hook(rt->main);
    rt->hooked = 1;
}

/* Inlined: the entries from Swift are the B2 path (the call saved ~15 instructions). */
static inline __attribute__((always_inline)) void enter(lua_State *L, ctl_runtime *rt) {
    if (rt->depth++ == 0) {
        rt->executed = 0;
        rt->tripped = CTL_LIMIT_NONE;
        rt->refused = 0;
        rt->memory_owed = 0;
        rt->cancel = 0;
        if (rt->timeout > 0) {
            rt->deadline = monotonic_now() + rt->timeout;
            if (rt->watchdog) ctl_watchdog_arm(rt->watchdog, rt->deadline);
        } else {
            rt->deadline = 0;   /* the watchdog is disarmed: the last `leave` did it */
        }
        if (rt->budget > 0 || rt->timeout > 0 || rt->limit > 0 || rt->coverage) {
            install_main_hook(rt);
            if (rt->main != L) install_hook(L);
        }
    }
}

static void leave(ctl_runtime *rt) {
    if (--rt->depth == 0 && rt->watchdog) ctl_watchdog_arm(rt->watchdog, 0);
}

/* Message handler: records a traceback and returns the error value unchanged. */
static int ctl_msgh(lua_State *L) {
    ctl_runtime *rt = ctl_getruntime(L);
    int saved = rt->enforce;
    rt->enforce = 0;   /* the traceback may need memory past the cap that was just hit */
    luaL_traceback(L, L, NULL, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &traceback_key);
    rt->enforce = saved;
    lua_settop(L, 1);
    return 1;
}

void ctl_pushmsgh(lua_State *L) { lua_pushcfunction(L, ctl_msgh); }

/* After a call that failed because the cap refused memory: a full collection, now. What the
 * failed call made (a half-built table) is garbage, but references to it stay in the dead part
 * of the Lua stack above the new top. The next call's Lua frame spans those slots before it
 * writes them, and the emergency collection a refused allocation runs from inside that frame
 * marks them: the garbage survives and that call fails with `not enough memory` too. Whether a
 * stale reference lands inside the frame depends on the bytes the failed call left free (so on
 * the Lua build: Debian's longer `package.path`; KeptJSONTests'
 * aPushOverTheMemoryCapLeavesTheStateUsableAtEveryCap failed at 17 of 301 caps). A full
 * collection from here, the top being the error, clears every dead stack slice (Lua's atomic
 * phase) and frees the garbage. Only after a real refusal, so its cost (one collection of a heap
 * at the cap) is paid once per failed entry, never on the normal path. */
static __attribute__((noinline, cold)) void collect_after_refusal(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
}

/* The counted protected call, inlined into `ctl_call1` (B2: a call and a prologue fewer). */
static inline __attribute__((always_inline)) int pcall_counted(lua_State *L, ctl_runtime *rt, int nargs,
                                                                int nresults, int msgh) {
    enter(L, rt);
    int saved = rt->enforce;
    rt->enforce = 1;
    int status = lua_pcall(L, nargs, nresults, msgh);
    rt->enforce = saved;
    if (__builtin_expect(status == LUA_ERRMEM && rt->refused, 0)) collect_after_refusal(L);
    leave(rt);
    return status;
}

int ctl_pcallh(lua_State *L, int nargs, int nresults, int msgh) {
    return pcall_counted(L, ctl_getruntime(L), nargs, nresults, msgh);
}

/* A float crosses `ctl_call1` as its bit pattern in a lua_Integer. */
_Static_assert(sizeof(lua_Number) == sizeof(lua_Integer), "a float's bits fit a lua_Integer");

ctl_result ctl_call1(ctl_runtime *rt, int ref, int kind, lua_Integer bits) {
    ctl_result r = {0, CTL_KNIL, LUA_OK};
    if (rt->closed) { r.status = CTL_CLOSED; return r; }
    long *nesting = rt->nesting;
    if (*nesting >= rt->nesting_limit) { r.status = CTL_NESTED; return r; }
    lua_State *L = rt->active;
    /* Room for the handler, the function and the argument. Swift runs only in a C frame (the
     * state's base, a Swift function's, a `__gc`'s), and Lua gives every C frame LUA_MINSTACK
     * slots above its arguments: below that, the cheap `lua_gettop` proves the room; above it
     * (a caller that filled its frame) `lua_checkstack` grows the stack. */
    if (lua_gettop(L) > LUA_MINSTACK - 3 && !lua_checkstack(L, 3)) { r.status = CTL_NOSTACK; return r; }
    ++*nesting;
    lua_pushcfunction(L, ctl_msgh);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    switch (kind) {
    case CTL_KINTEGER: lua_pushinteger(L, bits); break;
    case CTL_KFLOAT: {
        lua_Number n;
        memcpy(&n, &bits, sizeof n);
        lua_pushnumber(L, n);
        break;
    }
    case CTL_KBOOLEAN: lua_pushboolean(L, bits != 0); break;
    default: lua_pushnil(L); break;
    }
    int status = pcall_counted(L, rt, 1, 1, -3);   /* the handler, below the function and its argument */
    --*nesting;
    if (status != LUA_OK) { r.status = status; return r; }
    if (lua_isinteger(L, -1)) {   /* the common case first: one API call fewer */
        r.kind = CTL_KINTEGER;
        r.bits = lua_tointegerx(L, -1, NULL);
        lua_settop(L, -3);
        return r;
    }
    switch (lua_type(L, -1)) {
    case LUA_TNIL: break;
    case LUA_TBOOLEAN: r.kind = CTL_KBOOLEAN; r.bits = lua_toboolean(L, -1); break;
    case LUA_TNUMBER: {
        lua_Number n = lua_tonumberx(L, -1, NULL);
        r.kind = CTL_KFLOAT;
        memcpy(&r.bits, &n, sizeof n);
        break;
    }
    default: r.kind = CTL_KOTHER; return r;   /* left on the stack for the caller */
    }
    lua_settop(L, -3);
    return r;
}

int ctl_pcall(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, ctl_msgh);   /* light C function: no allocation */
    lua_insert(L, base);
    int status = ctl_pcallh(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

/* lua_CFunction: arg 1 a light userdata lua_State (a dead coroutine kept alive by the
 * caller); records its traceback. */
static int op_cotraceback(lua_State *L) {
    lua_State *co = (lua_State *)lua_touserdata(L, 1);
    luaL_traceback(L, co, NULL, 0);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &traceback_key);
    return 0;
}

int ctl_pcall_any(lua_State *L, int nargs, int nresults) {
    if (lua_getallocf(L, NULL) == ctl_alloc) return ctl_pcall(L, nargs, nresults);
    return lua_pcall(L, nargs, nresults, 0);
}

int ctl_resume(lua_State *co, lua_State *from, int nargs, int *nres) {
    ctl_runtime *rt = ctl_getruntime(co);
    enter(co, rt);
    int saved = rt->enforce;
    rt->enforce = 1;
    int status = lua_resume(co, from, nargs, nres);
    rt->enforce = saved;
    leave(rt);
    if (status != LUA_OK && status != LUA_YIELD) {
        /* A dead coroutine takes no calls: move the error to `from` (as auxwrap does) and
         * build the traceback there, protected (it allocates). */
        lua_xmove(co, from, 1);
        if (lua_checkstack(from, 2)) {
            lua_pushcfunction(from, op_cotraceback);
            lua_pushlightuserdata(from, co);
            int saved_enforce = rt->enforce;
            rt->enforce = 0;   /* as ctl_msgh: the traceback may need memory past the cap */
            if (lua_pcall(from, 1, 0, 0) != LUA_OK) lua_pop(from, 1);
            rt->enforce = saved_enforce;
        }
    }
    return status;
}

void ctl_lasttraceback(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &traceback_key);
}

int ctl_load(lua_State *L, const char *buf, size_t len, const char *chunkname, const char *mode) {
    return luaL_loadbufferx(L, buf, len, chunkname, mode);
}

/* A chunk handed to lua_load one line at a time; `line` is the line of the last piece given. */
typedef struct { const char *buf; size_t len, pos; int line; } line_reader;

static const char *read_line(lua_State *L, void *ud, size_t *size) {
    (void)L;
    line_reader *r = (line_reader *)ud;
    if (r->pos >= r->len) { *size = 0; return NULL; }
    const char *start = r->buf + r->pos;
    const char *newline = memchr(start, '\n', r->len - r->pos);
    *size = newline ? (size_t)(newline - start) + 1 : r->len - r->pos;
    r->pos += *size;
    r->line++;
    return start;
}

int ctl_load_lines(lua_State *L, const char *buf, size_t len, const char *chunkname, const char *mode, int *line) {
    line_reader r = {buf, len, 0, 0};
    int status = lua_load(L, read_line, &r, chunkname, mode);
    *line = r.line > 0 ? r.line : 1;
    return status;
}

static int box_gc(lua_State *L) {
    void **slot = (void **)lua_touserdata(L, 1);
    if (slot && *slot) {
        void *box = *slot;
        *slot = NULL;
        ctl_runtime *rt = ctl_getruntime(L);
        int saved = rt->enforce;
        rt->enforce = 0;   /* Swift deinits run here: nothing they allocate may fail */
        rt->release(box);
        rt->enforce = saved;
    }
    return 0;
}

/* A Swift function's slot (the trampoline's upvalue): the box and how many calls of it run now.
 * The box is not retained per call (B1): its `__gc` run while a call is in progress (by hand,
 * under the full policy's `debug`) only detaches it, and the last call running releases it. */
typedef struct ctl_fnslot {
    void *box;       /* NULL once released or detached */
    void *detached;  /* the box whose `__gc` ran while calls were running */
    int running;     /* calls of this function in progress */
} ctl_fnslot;

static void release_box(lua_State *L, void *box) {
    ctl_runtime *rt = ctl_getruntime(L);
    int saved = rt->enforce;
    rt->enforce = 0;   /* Swift deinits run here: nothing they allocate may fail */
    rt->release(box);
    rt->enforce = saved;
}

static int fnbox_gc(lua_State *L) {
    ctl_fnslot *slot = (ctl_fnslot *)lua_touserdata(L, 1);
    if (slot && slot->box) {
        void *box = slot->box;
        slot->box = NULL;
        if (slot->running > 0) slot->detached = box;   /* released by the last call running */
        else release_box(L, box);
    }
    return 0;
}

/* Raises a genuine LUA_ERRMEM (Lua's own "not enough memory"). Lua 5.4's lua_error raises
 * LUA_ERRMEM for its own interned message (pushing it allocates nothing) without the emergency
 * full collection a refused allocation runs first: a script that catches the error in a loop
 * (`pcall(app.log, x)` past the cap) pays microseconds per raise, not a full GC. Without room
 * for the message, asks for a block the allocator always refuses. `refused` marks it real. */
static int raise_memory_error(lua_State *L) {
    ctl_getruntime(L)->refused = 1;
    if (lua_checkstack(L, 1)) {
        lua_pushliteral(L, "not enough memory");
        return lua_error(L);
    }
    lua_newuserdatauv(L, CTL_REFUSED_SIZE, 0);
    return 0;   /* not reached */
}

static int trampoline(lua_State *L) {
    ctl_runtime *rt = ctl_getruntime(L);
    ctl_fnslot *slot = (ctl_fnslot *)lua_touserdata(L, lua_upvalueindex(1));
    if (slot == NULL || slot->box == NULL) return luaL_error(L, "attempt to call a released Swift function");
    /* Finalizers run by lua_close: the Swift side (the state, an engine) may be in its deinit. */
    if (rt->closing) return luaL_error(L, "attempt to call a Swift function while the Lua state closes");
    int saved = rt->enforce;
    rt->enforce = 0;
    slot->running++;   /* the slot lives: this closure, its holder, is the function being called */
    int r = rt->dispatch(L, slot->box);
    if (--slot->running == 0 && slot->detached) {
        void *box = slot->detached;
        slot->detached = NULL;
        rt->release(box);   /* enforce is 0 here */
    }
    rt->enforce = saved;
    if (r == CTL_RAISE) return lua_error(L);
    if (r == CTL_RAISE_MEMORY) return raise_memory_error(L);
    if (r == CTL_RAISE_WHERE) {   /* a message from Swift: prefix the caller's position */
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (saved > 0 && ((rt->limit && rt->used > rt->limit) || rt->memory_owed)) {
        rt->memory_owed = 0;
        return raise_memory_error(L);
    }
    if (r <= CTL_YIELD_BASE) return lua_yield(L, CTL_YIELD_BASE - r);
    return r;
}

static void push_box_metatable(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &boxmt_key) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, fnbox_gc);
    lua_setfield(L, -2, "__gc");   /* fresh table without metatable: raw in effect */
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &boxmt_key);
}

void ctl_pushswiftfunction(lua_State *L, void *box) {
    ctl_fnslot *slot = (ctl_fnslot *)lua_newuserdatauv(L, sizeof(ctl_fnslot), 0);
    slot->box = box;
    slot->detached = NULL;
    slot->running = 0;
    push_box_metatable(L);
    lua_setmetatable(L, -2);
    lua_pushcclosure(L, trampoline, 1);
}

int ctl_newclassmetatable(lua_State *L, const char *name) {
    lua_createtable(L, 0, 4);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__metatable");
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

void ctl_pushobject(lua_State *L, void *box, int mtref) {
    void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 1);
    *slot = box;
    lua_rawgeti(L, LUA_REGISTRYINDEX, mtref);
    lua_setmetatable(L, -2);
}

void *ctl_toobject(lua_State *L, int idx, int mtref) {
    if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, mtref);
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (!same) return NULL;
    void **slot = (void **)lua_touserdata(L, idx);
    return slot ? *slot : NULL;
}

const void *ctl_metatablepointer(lua_State *L, int mtref) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, mtref);
    const void *p = lua_topointer(L, -1);
    lua_pop(L, 1);
    return p;
}

void *ctl_toobjectp(lua_State *L, int idx, const void *mt) {
    if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return NULL;
    int same = lua_topointer(L, -1) == mt;
    lua_pop(L, 1);
    if (!same) return NULL;
    void **slot = (void **)lua_touserdata(L, idx);
    return slot ? *slot : NULL;
}

static int op_gettable(lua_State *L) { lua_gettable(L, 1); return 1; }
static int op_settable(lua_State *L) { lua_settable(L, 1); return 0; }
static int op_tostring(lua_State *L) { luaL_tolstring(L, 1, NULL); return 1; }

int ctl_pgettable(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, op_gettable);
    lua_pushvalue(L, idx);
    lua_pushvalue(L, -3);
    lua_remove(L, -4);
    return ctl_pcall(L, 2, 1);
}

int ctl_psettable(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, op_settable);
    lua_pushvalue(L, idx);
    lua_rotate(L, -4, 2);   /* k v f t -> f t k v */
    return ctl_pcall(L, 3, 0);
}

int ctl_ptostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, op_tostring);
    lua_pushvalue(L, idx);
    return ctl_pcall(L, 1, 1);
}

int ctl_interrupt_pending(const ctl_runtime *rt) { return rt->cancel != 0 && rt->tripped == CTL_LIMIT_NONE; }

void ctl_interrupt(ctl_runtime *rt) {
    rt->cancel = 1;
    rt->hooked = 0;
    /* as lua.c's SIGINT handler: a hook that fires soon even when no limit installed one */
    if (rt->main) lua_sethook(rt->main, ctl_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/* ---- xpcall whose message handler stands aside once a limit tripped ----
 * A limit error is raised from inside the hook, where Lua runs the message handler with
 * hooks off: a handler that loops would never stop. After a trip the wrapper returns the
 * error unchanged instead of calling the script's handler. */

static int xpcall_handler(lua_State *L) {
    if (ctl_getruntime(L)->tripped) return 1;   /* the error object, unchanged */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);   /* C calling Lua: an error unwinds C frames only */
    return 1;
}

static int finish_xpcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/* luaB_xpcall with the handler wrapped. */
static int ctl_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, xpcall_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
    return finish_xpcall(L, status, 2);
}

/* ---- finalizers under the limits ----
 * Lua runs `__gc` with hooks off and, from a Swift frame, with the memory cap disarmed.
 * The strict sandbox gives such objects a metatable whose `__gc` calls this with the
 * script's metatable and the object: the script's `__gc` (looked up now) runs in a fresh
 * coroutine, which takes hooks, with the count hook and the cap armed. */
int ctl_gcrun(lua_State *L) {
    ctl_runtime *rt = ctl_getruntime(L);
    lua_settop(L, 2);
    if (lua_type(L, 1) != LUA_TTABLE) return 0;
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 1) == LUA_TNIL) return 0;
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 2);
    lua_xmove(L, co, 2);
    if (rt->depth == 0 && !rt->tripped) {   /* outside any entry: this is one */
        rt->executed = 0;
        rt->deadline = rt->timeout > 0 ? monotonic_now() + rt->timeout : 0;
        ctl_watchdog_arm(rt->watchdog, rt->deadline);
    }
    if (rt->tripped) lua_sethook(co, ctl_hook, LUA_MASKCOUNT | LUA_MASKLINE | LUA_MASKCALL, 1);
    else if (rt->budget > 0 || rt->timeout > 0 || rt->cancel || rt->coverage) lua_sethook(co, ctl_hook, normal_mask(rt), CTL_HOOK_STEP);
    rt->depth++;
    int saved = rt->enforce;
    rt->enforce = 1;
    int nres = 0;
    int status = lua_resume(co, L, 1, &nres);
    rt->enforce = saved;
    leave(rt);
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_xmove(co, L, 1);
        return lua_error(L);   /* GCTM turns it into a warning */
    }
    return 0;
}

static int op_openlibs(lua_State *L) {
    luaL_openlibs(L);
    lua_pushcfunction(L, ctl_xpcall);
    lua_setglobal(L, "xpcall");
    lua_getglobal(L, "string");
    ctl_open_patterns(L);
    lua_pop(L, 1);
    return 0;
}

int ctl_openlibs(lua_State *L) {
    lua_pushcfunction(L, op_openlibs);
    return ctl_pcall(L, 0, 0);
}

/* __index of a Swift class: methods table (upvalue 1), then the object's field table
 * (user value 1), then the Swift property getter (upvalue 2) if any. */
static int class_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, -2) != LUA_TNIL) return 1;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (lua_type(L, lua_upvalueindex(2)) == LUA_TFUNCTION) {
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 2);
        lua_call(L, 2, 1);   /* C calling Lua: an error unwinds C frames only */
        return 1;
    }
    lua_pushnil(L);
    return 1;
}

void ctl_setclassindex(lua_State *L, int mtref) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, mtref);
    lua_insert(L, -3);
    lua_pushcclosure(L, class_index, 2);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}

int ctl_setobjectfields(lua_State *L, int idx) {
    return lua_setiuservalue(L, idx, 1);
}
