#ifndef CTLUA_CTL_JSON_H
#define CTLUA_CTL_JSON_H
/*
 * The jansson <-> Lua walkers, the depth pre-scan, the JSON printer and the
 * Lua `json` module. Everything jansson-related that must be C lives here.
 *
 * Functions that never raise (never longjmp) say so; the others are meant to
 * run inside Lua (called from Lua, or under lua_pcall).
 */
#include <stddef.h>
#include <jansson.h>
#include <lua.h>

/// Default nesting bound for decode and encode (arrays + objects).
#define CTL_JSON_DEFAULT_MAX_DEPTH 512
/// Upper bound for any configured depth: stays below jansson's own 2048.
#define CTL_JSON_HARD_MAX_DEPTH 2000

/// A decode error: position as jansson reports it, and a reason text.
typedef struct ctl_json_error {
    int line;         ///< 1-based line.
    int column;       ///< 1-based column in code points (jansson's convention).
    size_t position;  ///< Bytes read when the error was found.
    int too_deep;     ///< 1 when the depth bound tripped (then `limit` is set).
    int limit;        ///< The depth bound in force.
    int code;         ///< jansson's `enum json_error_code`, or -1 for our own errors.
    int too_big;      ///< 1 when the memory bound refused the document.
    char text[160];   ///< The reason, NUL-terminated (no "json:" prefix, no position).
} ctl_json_error;

/// The reason text of `err` (Swift imports the fixed array as a tuple).
const char *ctl_json_error_text(const ctl_json_error *err);

/// Parses `len` bytes (any JSON value at top level, NUL allowed in strings).
/// Nesting beyond `max_depth` (<= 0: default) is rejected by a bracket scan
/// before jansson sees the text. Returns a new reference, or NULL with `*err`
/// filled. Never raises.
json_t *ctl_json_decode(const char *buf, size_t len, int reject_duplicates, int max_depth,
                        ctl_json_error *err);

/// `ctl_json_decode` refusing a document whose tree would need more than about
/// `max_bytes` (estimated from the text before jansson builds anything: the text plus a
/// fixed cost per value). A refusal sets `err->too_big` and the text "not enough memory".
json_t *ctl_json_decode_max(const char *buf, size_t len, int reject_duplicates, int max_depth,
                            size_t max_bytes, ctl_json_error *err);

/// Prints `json` (compact when `indent` <= 0, else `indent` spaces per level,
/// capped at 31). Doubles print as the shortest of %.15g/%.16g/%.17g that
/// round-trips and always keep a '.' or exponent. Returns a malloc'd buffer of
/// `*out_len` bytes (plus a NUL), free with `ctl_json_free`; NULL when out of
/// memory or nested deeper than CTL_JSON_HARD_MAX_DEPTH. Never raises.
char *ctl_json_dump(const json_t *json, int indent, int sort_keys, size_t *out_len);

/// `ctl_json_dump` that gives up (NULL, `*too_big` = 1) once the text passes `max_len` bytes.
char *ctl_json_dump_max(const json_t *json, int indent, int sort_keys, size_t max_len,
                        size_t *out_len, int *too_big);

/// Frees a buffer returned by `ctl_json_dump`.
void ctl_json_free(void *buffer);

/// Pushes `json` as a Lua value (null -> json.null, arrays/objects marked).
/// Pushes 1. May raise (memory, stack): call it under a protected call.
int ctl_json_push(lua_State *L, json_t *json);

/// `ctl_json_push` under a protected call (`ctl_pcall` on a ctlua state: counted
/// as an entry, the memory cap armed), for callers outside Lua (Swift). Returns
/// LUA_OK with the value pushed, an error status with the error value pushed, or
/// CTL_JSON_NO_STACK having pushed nothing when the stack cannot grow. The caller
/// keeps its reference to `json`. Never raises.
int ctl_json_push_protected(lua_State *L, json_t *json);

/// Returned by `ctl_json_push_protected` when nothing was pushed.
#define CTL_JSON_NO_STACK (-1)

/// Converts the Lua value at `idx` to a new json_t, with raw accesses only.
/// The tree is bounded by the memory the state's cap still allows (`ctl_memory_available`):
/// past it the conversion fails with "json: not enough memory at <path>".
/// Returns NULL and writes "json: <reason> at <path>" to `errbuf` on failure.
/// Never raises; the stack top is restored.
json_t *ctl_json_from_lua(lua_State *L, int idx, char *errbuf, size_t errlen);

/// Like `ctl_json_from_lua` with an explicit depth bound (<= 0: default).
json_t *ctl_json_from_lua_depth(lua_State *L, int idx, int max_depth, char *errbuf,
                                size_t errlen);

/// A Lua value flattened for Swift: the nodes in document order (an array's or object's
/// node, then its elements; each object member a KEY node then its value), string bytes
/// copied into `bytes` (no pointer into Lua memory survives the walk).
enum {
    CTL_JSON_NODE_NULL, CTL_JSON_NODE_FALSE, CTL_JSON_NODE_TRUE, CTL_JSON_NODE_INTEGER,
    CTL_JSON_NODE_REAL, CTL_JSON_NODE_STRING, CTL_JSON_NODE_ARRAY, CTL_JSON_NODE_OBJECT,
    CTL_JSON_NODE_KEY
};

/// One node: `length` is a STRING's or KEY's byte count, an ARRAY's or OBJECT's member count;
/// `number` is an INTEGER, a REAL's bits, or a STRING's or KEY's offset in the tape's bytes.
typedef struct ctl_json_node {
    int type;
    size_t length;
    long long number;
} ctl_json_node;

/// The nodes and bytes of one conversion; starts in the caller's buffers, moves to the heap
/// when they are full. Free with `ctl_json_tape_free`.
typedef struct ctl_json_tape {
    ctl_json_node *nodes;
    size_t count, capacity;
    char *bytes;
    size_t used, bytes_capacity;
    ctl_json_node *initial_nodes;
    char *initial_bytes;
} ctl_json_tape;

/// Starts `tape` on the caller's buffers (kept by the caller, never freed here).
void ctl_json_tape_init(ctl_json_tape *tape, ctl_json_node *nodes, size_t capacity, char *bytes,
                        size_t bytes_capacity);

/// Frees what the tape took from the heap.
void ctl_json_tape_free(ctl_json_tape *tape);

/// `ctl_json_from_lua_depth` writing the value to `tape` instead of a json_t: the same walk,
/// checks, budget and messages. Returns 1, or 0 with "json: <reason> at <path>" in `errbuf`.
/// Never raises; the stack top is restored.
int ctl_json_tape_from_lua(lua_State *L, int idx, int max_depth, ctl_json_tape *tape,
                           char *errbuf, size_t errlen);

/// A tape kept past its walk: one malloc'd block, the nodes (each
/// object's members in ascending byte order of their keys, as `JSONTapeReader` reads them),
/// then the tape's bytes at `kept + tape->count` (offsets unchanged); free it with
/// `ctl_json_kept_free`. NULL with `*status` 1
/// when a key is not ASCII (its order as a Swift string may differ from its bytes'), 2 when
/// out of memory. Never raises.
ctl_json_node *ctl_json_tape_keep(const ctl_json_tape *tape, int *status);

/// Frees a kept tape (NULL is ignored).
void ctl_json_kept_free(ctl_json_node *kept);

/// Pushes the value of a kept tape of `count` nodes as `ctl_json_push_protected` pushes the
/// same value (fresh tables, marks, `json.null`, the memory cap), under a protected call:
/// 0 with the value pushed, CTL_JSON_NO_STACK having pushed nothing, or a status with the error.
int ctl_json_push_kept_protected(lua_State *L, const ctl_json_node *kept, size_t count);

/// The `json` module: pushes its table (the `luaL_requiref` opener). Pushes 1.
int luaopen_ctlua_json(lua_State *L);

/* Pops the function on top of L and keeps it as the json module's option check: `decode` and
 * `encode` call it with (function name, argument position, options table) before reading a
 * table of options, so the declared shapes (Swift's LuaTableShape) refuse unknown keys.
 * Pops 1, pushes 0. */
void ctl_json_set_option_check(lua_State *L);

#endif
