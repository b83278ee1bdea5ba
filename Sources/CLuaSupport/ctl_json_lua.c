/*
 * The Lua side of JSON: json_t -> Lua (ctl_json_push, runs protected), Lua ->
 * json_t (ctl_json_from_lua, raw accesses only, never raises), and the
 * registry entries they share with the module (ctl_json_module.c).
 *
 * Memory rule: a json_t is never alive across something that can longjmp.
 * decode pushes under lua_pcall and frees the tree before re-raising; encode
 * builds the tree with non-raising calls, prints it, frees it, and pushes the
 * printed text under lua_pcall before freeing the buffer.
 */
#include "ctl_json.h"
#include "ctl_json_internal.h"
#include "ctl_runtime.h"

#include <lauxlib.h>
#include <stdint.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Registry keys: the addresses are the keys (read-only, no mutable state). */
const char ctl_json_key_null = 'n';
const char ctl_json_key_array_mt = 'a';
const char ctl_json_key_object_mt = 'o';

static int null_tostring(lua_State *L) {
    lua_pushliteral(L, "json.null");
    return 1;
}

/* Creates the null sentinel and the two mark metatables once per state.
 * Pushes nothing. May raise (allocation). */
void ctl_json_ensure_registry(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &ctl_json_key_null) == LUA_TUSERDATA) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_newuserdatauv(L, 0, 0);
    lua_createtable(L, 0, 3);
    lua_pushliteral(L, "json.null");
    lua_setfield(L, -2, "__name");
    lua_pushcfunction(L, null_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ctl_json_key_null);

    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "array");
    lua_setfield(L, -2, "__jsontype");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ctl_json_key_array_mt);

    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "object");
    lua_setfield(L, -2, "__jsontype");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ctl_json_key_object_mt);
}

/* The mark of the table at `idx`. Never raises; stack unchanged. */
int ctl_json_table_mark(lua_State *L, int idx) {
    if (!lua_getmetatable(L, idx)) return CTL_JSON_MARK_NONE;
    int mark = CTL_JSON_MARK_NONE;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &ctl_json_key_array_mt);
    if (lua_rawequal(L, -1, -2)) mark = CTL_JSON_MARK_ARRAY;
    lua_pop(L, 1);
    if (mark == CTL_JSON_MARK_NONE) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &ctl_json_key_object_mt);
        if (lua_rawequal(L, -1, -2)) mark = CTL_JSON_MARK_OBJECT;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return mark;
}

/* ================= json_t -> Lua ================= */

/* Pushes 1. Raises on memory/stack exhaustion or excessive depth. */
/* A JSON array's or object's table of `n` members at `depth`, marked with its metatable (the
 * jansson push and the kept nodes' push make the same tables); raises past the hard depth or
 * when the stack cannot hold it and its members. */
static void push_json_table(lua_State *L, size_t n, int depth, int object) {
    if (depth >= CTL_JSON_HARD_MAX_DEPTH)
        luaL_error(L, "json: too deep (max %d)", CTL_JSON_HARD_MAX_DEPTH);
    luaL_checkstack(L, object ? 4 : 3, "json: too deep");
    int size = n > INT32_MAX ? 0 : (int)n;
    lua_createtable(L, object ? 0 : size, object ? size : 0);
    lua_rawgetp(L, LUA_REGISTRYINDEX, object ? &ctl_json_key_object_mt : &ctl_json_key_array_mt);
    lua_setmetatable(L, -2);
}

static void push_value(lua_State *L, json_t *json, int depth) {
    switch (json_typeof(json)) {
    case JSON_NULL: lua_rawgetp(L, LUA_REGISTRYINDEX, &ctl_json_key_null); break;
    case JSON_TRUE: lua_pushboolean(L, 1); break;
    case JSON_FALSE: lua_pushboolean(L, 0); break;
    case JSON_INTEGER: lua_pushinteger(L, (lua_Integer)json_integer_value(json)); break;
    case JSON_REAL: lua_pushnumber(L, (lua_Number)json_real_value(json)); break;
    case JSON_STRING:
        lua_pushlstring(L, json_string_value(json), json_string_length(json));
        break;
    case JSON_ARRAY: {
        size_t n = json_array_size(json);
        push_json_table(L, n, depth, 0);
        for (size_t i = 0; i < n; i++) {
            push_value(L, json_array_get(json, i), depth + 1);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    }
    case JSON_OBJECT: {
        size_t n = json_object_size(json);
        push_json_table(L, n, depth, 1);
        for (void *it = json_object_iter(json); it; it = json_object_iter_next(json, it)) {
            lua_pushlstring(L, json_object_iter_key(it), json_object_iter_key_len(it));
            push_value(L, json_object_iter_value(it), depth + 1);
            lua_rawset(L, -3);
        }
        break;
    }
    default: lua_pushnil(L); break;
    }
}

int ctl_json_push(lua_State *L, json_t *json) {
    ctl_json_ensure_registry(L);
    push_value(L, json, 0);
    return 1;
}

/* lua_CFunction form: arg 1 is a light userdata json_t. Pushes 1. */
int ctl_json_push_cfunction(lua_State *L) {
    json_t *json = lua_touserdata(L, 1);
    return ctl_json_push(L, json);
}

int ctl_json_push_protected(lua_State *L, json_t *json) {
    if (!lua_checkstack(L, 3)) return CTL_JSON_NO_STACK;
    lua_pushcfunction(L, ctl_json_push_cfunction);
    lua_pushlightuserdata(L, json);
    return ctl_pcall_any(L, 1, 1);
}

/* ================= Lua -> json_t ================= */

/* Tables nested this deep are encoded without allocating the walker's own arrays. */
#define CTL_JSON_INLINE_DEPTH 16

typedef struct {
    int is_key;
    lua_Integer index; /* 0-based JSON index */
    const char *key;   /* points into a Lua string kept on the stack */
    size_t key_len;
} segment;

typedef struct {
    lua_State *L;
    int max_depth, depth;
    const void **ancestors; /* tables on the current path, for cycles */
    segment *path;
    int path_len;
    void *null_sentinel;
    char *errbuf;
    size_t errlen;
    size_t budget;   /* bytes the tree may still take (estimated), from the memory cap */
    int capacity;    /* entries of `ancestors` and `path` */
    ctl_json_tape *tape; /* NULL: build a json_t tree; else write nodes here (handles are tokens) */
    const void *inline_ancestors[CTL_JSON_INLINE_DEPTH];
    segment inline_path[CTL_JSON_INLINE_DEPTH];
} encoder;

/* Makes room for `depth` ancestors and path segments: the inline arrays (no allocation for the
 * usual shallow values), then the heap, doubling, up to max_depth. 0 when out of memory. */
static int reserve_depth(encoder *e, int depth) {
    if (depth <= e->capacity) return 1;
    int capacity = e->capacity;
    while (capacity < depth) capacity *= 2;
    if (capacity > e->max_depth + 1) capacity = e->max_depth + 1;
    const void **ancestors = malloc(sizeof *ancestors * (size_t)capacity);
    segment *path = malloc(sizeof *path * (size_t)capacity);
    if (ancestors == NULL || path == NULL) {
        free(ancestors);
        free(path);
        return 0;
    }
    memcpy(ancestors, e->ancestors, sizeof *ancestors * (size_t)e->depth);
    memcpy(path, e->path, sizeof *path * (size_t)e->path_len);
    if (e->ancestors != e->inline_ancestors) free(e->ancestors);
    if (e->path != e->inline_path) free(e->path);
    e->ancestors = ancestors;
    e->path = path;
    e->capacity = capacity;
    return 1;
}

/* Bytes a json_t costs about, beyond its string bytes (the struct, malloc's overhead, its
 * slot in the parent's array or hash table). */
#define CTL_JSON_NODE_COST 64

/* Charges `bytes` to the budget; 0 (with the error written) once it is spent. */
static int charge(encoder *e, size_t bytes);

static void append(char *buf, size_t cap, size_t *len, const char *fmt, ...) {
    if (*len + 1 >= cap) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (n > 0) *len = (*len + (size_t)n < cap) ? *len + (size_t)n : cap - 1;
}

static int is_identifier(const char *s, size_t n) {
    if (n == 0) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        int alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return 0;
    }
    return 1;
}

/* Writes "json: <reason> at <path>" to the error buffer; returns NULL. */
static json_t *fail(encoder *e, const char *fmt, ...) {
    if (e->errbuf == NULL || e->errlen == 0) return NULL;
    size_t len = 0;
    char reason[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    e->errbuf[0] = '\0';
    append(e->errbuf, e->errlen, &len, "json: %s at $", reason);
    for (int i = 0; i < e->path_len; i++) {
        segment *s = &e->path[i];
        if (!s->is_key) {
            append(e->errbuf, e->errlen, &len, "[%lld]", (long long)s->index);
        } else if (is_identifier(s->key, s->key_len)) {
            append(e->errbuf, e->errlen, &len, ".%.*s", (int)s->key_len, s->key);
        } else {
            append(e->errbuf, e->errlen, &len, "[\"");
            for (size_t k = 0; k < s->key_len; k++) {
                unsigned char c = (unsigned char)s->key[k];
                if (c == '"' || c == '\\') append(e->errbuf, e->errlen, &len, "\\%c", c);
                else if (c < 0x20) append(e->errbuf, e->errlen, &len, "\\u%04x", c);
                else append(e->errbuf, e->errlen, &len, "%c", c);
            }
            append(e->errbuf, e->errlen, &len, "\"]");
        }
    }
    return NULL;
}

/* ---- what the walk builds: json_t nodes, or tape nodes (ctl_json_tape.c) ---- */

/* The handle of a node written to the tape (never dereferenced; non-NULL means success). */
static const char tape_token = 't';
#define TAPE_OK ((json_t *)(void *)&tape_token)

static json_t *tape_node(encoder *e, int type, size_t length, long long number) {
    if (!ctl_json_tape_push(e->tape, type, length, number)) return fail(e, "not enough memory");
    return TAPE_OK;
}

static json_t *tape_string(encoder *e, int type, const char *s, size_t n) {
    size_t offset;
    if (!ctl_json_tape_bytes(e->tape, s, n, &offset)) return fail(e, "not enough memory");
    return tape_node(e, type, n, (long long)offset);
}

static void drop(encoder *e, json_t *node) {
    if (e->tape == NULL) json_decref(node);
}

static json_t *encode_value(encoder *e, int idx);

static json_t *encode_table(encoder *e, int idx) {
    lua_State *L = e->L;
    if (e->depth >= e->max_depth) return fail(e, "too deep (max %d)", e->max_depth);
    const void *self = lua_topointer(L, idx);
    for (int i = 0; i < e->depth; i++)
        if (e->ancestors[i] == self) return fail(e, "cannot encode a cycle");
    if (!lua_checkstack(L, 6)) return fail(e, "stack overflow");

    int mark = ctl_json_table_mark(L, idx);
    lua_Integer count = 0, n_int = 0, n_str = 0, max_int = 0, n_bad_int = 0;
    int other_type = LUA_TNONE, float_key = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        count++;
        int kt = lua_type(L, -2);
        if (kt == LUA_TNUMBER && lua_isinteger(L, -2)) {
            lua_Integer k = lua_tointeger(L, -2);
            n_int++;
            if (k < 1) n_bad_int++;
            else if (k > max_int) max_int = k;
        } else if (kt == LUA_TSTRING) {
            n_str++;
        } else if (other_type == LUA_TNONE) {
            other_type = kt;
            float_key = (kt == LUA_TNUMBER);
        }
        lua_pop(L, 1);
    }
    if (other_type != LUA_TNONE)
        return fail(e, float_key ? "cannot encode non-integer key" : "cannot encode %s key",
                    lua_typename(L, other_type));

    int as_array;
    if (mark == CTL_JSON_MARK_ARRAY) {
        if (n_str > 0) return fail(e, "cannot encode string key in array");
        as_array = 1;
    } else if (mark == CTL_JSON_MARK_OBJECT) {
        if (n_int > 0) return fail(e, "cannot encode non-string key in object");
        as_array = 0;
    } else {
        if (n_int > 0 && n_str > 0) return fail(e, "cannot encode table with mixed keys");
        as_array = n_int > 0;
    }
    if (as_array && (n_bad_int > 0 || max_int != n_int))
        return fail(e, "cannot encode sparse array");

    if (!reserve_depth(e, e->depth + 1)) return fail(e, "not enough memory");
    e->ancestors[e->depth++] = self;
    json_t *result;
    if (as_array) {
        result = e->tape ? tape_node(e, CTL_JSON_NODE_ARRAY, (size_t)n_int, 0) : json_array();
        for (lua_Integer i = 1; result && i <= n_int; i++) {
            lua_rawgeti(L, idx, i);
            e->path[e->path_len++] = (segment){0, i - 1, NULL, 0};
            json_t *child = encode_value(e, lua_gettop(L));
            e->path_len--;
            lua_pop(L, 1);
            if (child == NULL) { drop(e, result); result = NULL; break; }
            if (e->tape == NULL && json_array_append_new(result, child) != 0) {
                json_decref(result);
                result = fail(e, "not enough memory");
            }
        }
        if (result == NULL && e->errbuf && e->errbuf[0] == '\0') fail(e, "not enough memory");
    } else {
        /* The members written are counted again: an emergency collection (lua_checkstack under
         * the memory cap) may clear a weak table's entries between the two traversals. */
        size_t header = e->tape ? e->tape->count : 0, members = 0;
        result = e->tape ? tape_node(e, CTL_JSON_NODE_OBJECT, (size_t)n_str, 0) : json_object();
        if (result == NULL) fail(e, "not enough memory");
        lua_pushnil(L);
        while (result && lua_next(L, idx)) {
            size_t klen;
            const char *key = lua_tolstring(L, -2, &klen); /* a string: no conversion */
            if (!ctl_json_utf8_valid(key, klen)) {
                lua_pop(L, 2);
                drop(e, result);
                result = fail(e, "invalid UTF-8 in object key");
                break;
            }
            if (memchr(key, '\0', klen) != NULL) {
                /* jansson cannot read such a key back: refuse it rather than write what decode rejects. */
                e->path[e->path_len++] = (segment){1, 0, key, klen};
                lua_pop(L, 2);
                drop(e, result);
                result = fail(e, "cannot encode an object key containing NUL");
                e->path_len--;
                break;
            }
            e->path[e->path_len++] = (segment){1, 0, key, klen};
            if (e->tape && tape_string(e, CTL_JSON_NODE_KEY, key, klen) == NULL) {
                e->path_len--;
                lua_pop(L, 2);
                result = NULL;
                break;
            }
            json_t *child = encode_value(e, lua_gettop(L));
            e->path_len--;
            lua_pop(L, 1);
            if (child == NULL) {
                lua_pop(L, 1);
                drop(e, result);
                result = NULL;
                break;
            }
            members++;
            if (e->tape == NULL && json_object_setn_new_nocheck(result, key, klen, child) != 0) {
                lua_pop(L, 1);
                json_decref(result);
                result = fail(e, "not enough memory");
            }
        }
        if (e->tape && result) e->tape->nodes[header].length = members;
    }
    e->depth--;
    return result;
}

/* encode_value's switch writing to the tape (the same cases, checks and messages). */
static json_t *tape_value(encoder *e, int idx) {
    lua_State *L = e->L;
    switch (lua_type(L, idx)) {
    case LUA_TNIL: return tape_node(e, CTL_JSON_NODE_NULL, 0, 0);
    case LUA_TBOOLEAN:
        return tape_node(e, lua_toboolean(L, idx) ? CTL_JSON_NODE_TRUE : CTL_JSON_NODE_FALSE, 0, 0);
    case LUA_TNUMBER: {
        if (lua_isinteger(L, idx)) return tape_node(e, CTL_JSON_NODE_INTEGER, 0, (long long)lua_tointeger(L, idx));
        double d = (double)lua_tonumber(L, idx);
        if (isnan(d)) return fail(e, "cannot encode NaN");
        if (isinf(d)) return fail(e, d > 0 ? "cannot encode inf" : "cannot encode -inf");
        long long bits;
        memcpy(&bits, &d, sizeof bits);
        return tape_node(e, CTL_JSON_NODE_REAL, 0, bits);
    }
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        if (!ctl_json_utf8_valid(s, n)) return fail(e, "invalid UTF-8 in string");
        return tape_string(e, CTL_JSON_NODE_STRING, s, n);
    }
    case LUA_TUSERDATA:
        if (e->null_sentinel && lua_touserdata(L, idx) == e->null_sentinel)
            return tape_node(e, CTL_JSON_NODE_NULL, 0, 0);
        return fail(e, "cannot encode userdata");
    case LUA_TTABLE: return encode_table(e, idx);
    default: return fail(e, "cannot encode %s", lua_typename(L, lua_type(L, idx)));
    }
}

static json_t *encode_value(encoder *e, int idx) {
    lua_State *L = e->L;
    size_t cost = CTL_JSON_NODE_COST;
    if (lua_type(L, idx) == LUA_TSTRING) cost += lua_rawlen(L, idx);
    if (!charge(e, cost)) return NULL;
    if (e->tape) return tape_value(e, idx);
    switch (lua_type(L, idx)) {
    case LUA_TNIL: return json_null();
    case LUA_TBOOLEAN: return json_boolean(lua_toboolean(L, idx));
    case LUA_TNUMBER: {
        if (lua_isinteger(L, idx)) return json_integer((json_int_t)lua_tointeger(L, idx));
        double d = (double)lua_tonumber(L, idx);
        if (isnan(d)) return fail(e, "cannot encode NaN");
        if (isinf(d)) return fail(e, d > 0 ? "cannot encode inf" : "cannot encode -inf");
        json_t *real = json_real(d);
        return real ? real : fail(e, "not enough memory");
    }
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        if (!ctl_json_utf8_valid(s, n)) return fail(e, "invalid UTF-8 in string");
        json_t *str = json_stringn_nocheck(s, n);
        return str ? str : fail(e, "not enough memory");
    }
    case LUA_TUSERDATA:
        if (e->null_sentinel && lua_touserdata(L, idx) == e->null_sentinel) return json_null();
        return fail(e, "cannot encode userdata");
    case LUA_TTABLE: return encode_table(e, idx);
    default: return fail(e, "cannot encode %s", lua_typename(L, lua_type(L, idx)));
    }
}

static int charge(encoder *e, size_t bytes) {
    if (bytes > e->budget) {
        fail(e, "not enough memory");
        return 0;
    }
    e->budget -= bytes;
    return 1;
}

json_t *ctl_json_from_lua_depth(lua_State *L, int idx, int max_depth, char *errbuf,
                                size_t errlen) {
    size_t used;
    return ctl_json_from_lua_budget(L, idx, max_depth, ctl_memory_available(L), &used, errbuf, errlen);
}

/* The walk of both forms: a json_t (tape NULL) or TAPE_OK, NULL on failure. */
static json_t *walk(lua_State *L, int idx, int max_depth, size_t budget, size_t *used,
                    ctl_json_tape *tape, char *errbuf, size_t errlen) {
    if (errbuf && errlen) errbuf[0] = '\0';
    int top = lua_gettop(L);
    idx = lua_absindex(L, idx);
    encoder e = {L, ctl_json_clamp_depth(max_depth), 0, NULL, NULL, 0, NULL, errbuf, errlen, budget,
                 CTL_JSON_INLINE_DEPTH, tape, {0}, {{0}}};
    e.ancestors = e.inline_ancestors;
    e.path = e.inline_path;
    json_t *result = NULL;
    if (!lua_checkstack(L, 2)) {
        fail(&e, "not enough memory");
    } else {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &ctl_json_key_null);
        e.null_sentinel = lua_touserdata(L, -1); /* NULL when the module was never opened */
        lua_pop(L, 1);
        result = encode_value(&e, idx);
        if (result == NULL && errbuf && errlen && errbuf[0] == '\0')
            fail(&e, "not enough memory");
    }
    if (e.ancestors != e.inline_ancestors) free(e.ancestors);
    if (e.path != e.inline_path) free(e.path);
    lua_settop(L, top);
    *used = budget - e.budget;
    return result;
}

json_t *ctl_json_from_lua_budget(lua_State *L, int idx, int max_depth, size_t budget, size_t *used,
                                 char *errbuf, size_t errlen) {
    return walk(L, idx, max_depth, budget, used, NULL, errbuf, errlen);
}

int ctl_json_tape_from_lua(lua_State *L, int idx, int max_depth, ctl_json_tape *tape,
                           char *errbuf, size_t errlen) {
    size_t used;
    return walk(L, idx, max_depth, ctl_memory_available(L), &used, tape, errbuf, errlen) != NULL;
}

json_t *ctl_json_from_lua(lua_State *L, int idx, char *errbuf, size_t errlen) {
    return ctl_json_from_lua_depth(L, idx, 0, errbuf, errlen);
}

/* ================= a kept tape -> Lua ================= */

typedef struct {
    const ctl_json_node *nodes;
    const char *bytes;
    size_t next;
} tape_cursor;

/* Pushes 1: the tables ctl_json_push makes from the same value (sizes, marks, members in
 * the tape's order). Raises on memory/stack exhaustion or excessive depth. */
static void push_tape_value(lua_State *L, tape_cursor *c, int depth) {
    const ctl_json_node *node = &c->nodes[c->next++];
    switch (node->type) {
    case CTL_JSON_NODE_NULL: lua_rawgetp(L, LUA_REGISTRYINDEX, &ctl_json_key_null); break;
    case CTL_JSON_NODE_TRUE: lua_pushboolean(L, 1); break;
    case CTL_JSON_NODE_FALSE: lua_pushboolean(L, 0); break;
    case CTL_JSON_NODE_INTEGER: lua_pushinteger(L, (lua_Integer)node->number); break;
    case CTL_JSON_NODE_REAL: {
        double d;
        long long bits = node->number;
        memcpy(&d, &bits, sizeof d);
        lua_pushnumber(L, (lua_Number)d);
        break;
    }
    case CTL_JSON_NODE_STRING: lua_pushlstring(L, c->bytes + node->number, node->length); break;
    case CTL_JSON_NODE_ARRAY: {
        size_t n = node->length;
        push_json_table(L, n, depth, 0);
        for (size_t i = 0; i < n; i++) {
            push_tape_value(L, c, depth + 1);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    }
    case CTL_JSON_NODE_OBJECT: {
        size_t n = node->length;
        push_json_table(L, n, depth, 1);
        for (size_t i = 0; i < n; i++) {
            const ctl_json_node *key = &c->nodes[c->next++];
            lua_pushlstring(L, c->bytes + key->number, key->length);
            push_tape_value(L, c, depth + 1);
            lua_rawset(L, -3);
        }
        break;
    }
    default: lua_pushnil(L); break;
    }
}

static int push_tape_cfunction(lua_State *L) {
    tape_cursor *c = lua_touserdata(L, 1);
    ctl_json_ensure_registry(L);
    push_tape_value(L, c, 0);
    return 1;
}

int ctl_json_push_kept_protected(lua_State *L, const ctl_json_node *kept, size_t count) {
    if (!lua_checkstack(L, 3)) return CTL_JSON_NO_STACK;
    tape_cursor cursor = {kept, (const char *)(kept + count), 0};
    lua_pushcfunction(L, push_tape_cfunction);
    lua_pushlightuserdata(L, &cursor);
    return ctl_pcall_any(L, 1, 1);
}
