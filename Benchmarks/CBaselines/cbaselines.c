/*
 * Baselines: what a careful C programmer would write for the same work as the
 * measured side. See Benchmarks/README.md for what each one matches.
 */
#include "cbaselines.h"

#include <jansson.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

uint64_t cb_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int cb_pcall(lua_State *L, int nargs, int nresults) { return lua_pcall(L, nargs, nresults, 0); }

/* ================= a minimal context userdata (B1, B5) ================= */

#define CTX_MT "cbase.ctx"
#define CTX_MAX 8

enum { V_NONE, V_STRING, V_INT, V_REAL, V_BOOL };

typedef struct {
    const char *key;   /* points into key_storage */
    size_t key_len;
    int type;
    const char *s;     /* points into str_storage */
    size_t s_len;
    lua_Integer i;
    lua_Number d;
    int b;
} ctx_value;

typedef struct {
    int n;
    ctx_value values[CTX_MAX];
    int presented, dismissed;
    char storage[512];   /* keys and strings of this context */
    size_t used;
} ctx_t;

static const char *ctx_copy(ctx_t *c, const char *s, size_t n) {
    if (c->used + n + 1 > sizeof c->storage) return "";
    char *p = c->storage + c->used;
    memcpy(p, s, n);
    p[n] = '\0';
    c->used += n + 1;
    return p;
}

/* The small-table lookup: linear over a handful of entries. */
static const ctx_value *ctx_lookup(const ctx_t *c, const char *k, size_t n) {
    for (int i = 0; i < c->n; i++)
        if (c->values[i].key_len == n && memcmp(c->values[i].key, k, n) == 0) return &c->values[i];
    return NULL;
}

static ctx_t *check_ctx(lua_State *L) { return (ctx_t *)luaL_checkudata(L, 1, CTX_MT); }

static int ctx_string(lua_State *L) {
    ctx_t *c = check_ctx(L);
    size_t n;
    const char *k = luaL_checklstring(L, 2, &n);
    const ctx_value *v = ctx_lookup(c, k, n);
    if (v && v->type == V_STRING) lua_pushlstring(L, v->s, v->s_len);
    else lua_pushnil(L);
    return 1;
}

static int ctx_number(lua_State *L) {
    ctx_t *c = check_ctx(L);
    size_t n;
    const char *k = luaL_checklstring(L, 2, &n);
    const ctx_value *v = ctx_lookup(c, k, n);
    if (v && v->type == V_INT) lua_pushinteger(L, v->i);
    else if (v && v->type == V_REAL) lua_pushnumber(L, v->d);
    else lua_pushnil(L);
    return 1;
}

static int ctx_integer(lua_State *L) {
    ctx_t *c = check_ctx(L);
    size_t n;
    const char *k = luaL_checklstring(L, 2, &n);
    const ctx_value *v = ctx_lookup(c, k, n);
    if (v && v->type == V_INT) lua_pushinteger(L, v->i);
    else if (v && v->type == V_REAL) lua_pushinteger(L, (lua_Integer)v->d);
    else lua_pushnil(L);
    return 1;
}

static int ctx_boolean(lua_State *L) {
    ctx_t *c = check_ctx(L);
    size_t n;
    const char *k = luaL_checklstring(L, 2, &n);
    const ctx_value *v = ctx_lookup(c, k, n);
    if (v && v->type == V_BOOL) lua_pushboolean(L, v->b);
    else lua_pushnil(L);
    return 1;
}

static int ctx_presented(lua_State *L) {
    ctx_t *c = check_ctx(L);
    if (!c->dismissed) c->presented = 1;
    return 0;
}

static int ctx_dismissed(lua_State *L) {
    ctx_t *c = check_ctx(L);
    c->dismissed = 1;
    return 0;
}

/* __index: methods (upvalue 1), then the `templateName` field, as the Swift class has. */
static int ctx_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    size_t n;
    const char *k = lua_tolstring(L, 2, &n);
    if (k && n == 12 && memcmp(k, "templateName", 12) == 0) {
        lua_pushliteral(L, "Bench");
        return 1;
    }
    lua_pushnil(L);
    return 1;
}

static void ctx_metatable(lua_State *L) {
    static const luaL_Reg methods[] = {
        {"string", ctx_string}, {"number", ctx_number}, {"integer", ctx_integer},
        {"boolean", ctx_boolean}, {"presented", ctx_presented}, {"dismissed", ctx_dismissed},
        {NULL, NULL},
    };
    if (luaL_newmetatable(L, CTX_MT)) {
        luaL_newlib(L, methods);
        lua_pushcclosure(L, ctx_index, 1);
        lua_setfield(L, -2, "__index");
    }
}

static ctx_t *ctx_new(lua_State *L) {
    ctx_t *c = (ctx_t *)lua_newuserdatauv(L, sizeof(ctx_t), 0);
    c->n = 0;
    c->presented = c->dismissed = 0;
    c->used = 0;
    luaL_setmetatable(L, CTX_MT);
    return c;
}

static ctx_value *ctx_add(ctx_t *c, const char *k, size_t n) {
    if (c->n >= CTX_MAX) return NULL;
    ctx_value *v = &c->values[c->n++];
    memset(v, 0, sizeof *v);
    v->key = ctx_copy(c, k, n);
    v->key_len = n;
    return v;
}

/* cbase.newctx{k = v}: string, integer, float and boolean values. */
static int l_newctx(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    ctx_t *c = ctx_new(L);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        size_t kn;
        const char *k = lua_tolstring(L, -2, &kn);
        ctx_value *v = ctx_add(c, k, kn);
        if (v) {
            switch (lua_type(L, -1)) {
            case LUA_TSTRING: {
                size_t sn;
                const char *s = lua_tolstring(L, -1, &sn);
                v->type = V_STRING;
                v->s = ctx_copy(c, s, sn);
                v->s_len = sn;
                break;
            }
            case LUA_TNUMBER:
                if (lua_isinteger(L, -1)) { v->type = V_INT; v->i = lua_tointeger(L, -1); }
                else { v->type = V_REAL; v->d = lua_tonumber(L, -1); }
                break;
            case LUA_TBOOLEAN: v->type = V_BOOL; v->b = lua_toboolean(L, -1); break;
            default: v->type = V_NONE;
            }
        }
        lua_pop(L, 1);
    }
    return 1;
}

/* cbase.presentloop(p, n, title, count, enabled): per in-app a fresh minimal context
 * holding the 3 values, then p(ctx) under lua_pcall. Returns how many were dismissed. */
static int l_presentloop(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_Integer n = luaL_checkinteger(L, 2);
    size_t tn;
    const char *title = luaL_checklstring(L, 3, &tn);
    lua_Integer count = luaL_checkinteger(L, 4);
    int enabled = lua_toboolean(L, 5);
    lua_Integer dismissed = 0;
    for (lua_Integer i = 0; i < n; i++) {
        lua_pushvalue(L, 1);
        ctx_t *c = ctx_new(L);
        ctx_value *v = ctx_add(c, "title", 5);
        v->type = V_STRING;
        v->s = ctx_copy(c, title, tn);
        v->s_len = tn;
        v = ctx_add(c, "count", 5);
        v->type = V_INT;
        v->i = count;
        v = ctx_add(c, "enabled", 7);
        v->type = V_BOOL;
        v->b = enabled;
        if (lua_pcall(L, 1, 0, 0) != LUA_OK) return lua_error(L);
        dismissed += c->dismissed;   /* nothing allocates between the return and this read */
    }
    lua_pushinteger(L, dismissed);
    return 1;
}

/* ================= B2: pcall loop ================= */

/* cbase.callloop(f, n): n x (f from the registry, 1 integer arg, lua_pcall, read 1 result). */
static int l_callloop(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_pushvalue(L, 1);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_Integer sum = 0;
    for (lua_Integer i = 0; i < n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        lua_pushinteger(L, i);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) return lua_error(L);
        sum += lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
    lua_pushinteger(L, sum);
    return 1;
}

/* ================= B3: decode ================= */

static const char key_amt = 'a', key_omt = 'o', key_null = 'n';

/* cbase.setmarks(array_mt, object_mt, null) */
static int l_setmarks(lua_State *L) {
    lua_settop(L, 3);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &key_null);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &key_omt);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &key_amt);
    return 0;
}

static void build(lua_State *L, json_t *j) {
    switch (json_typeof(j)) {
    case JSON_NULL: lua_rawgetp(L, LUA_REGISTRYINDEX, &key_null); break;
    case JSON_TRUE: lua_pushboolean(L, 1); break;
    case JSON_FALSE: lua_pushboolean(L, 0); break;
    case JSON_INTEGER: lua_pushinteger(L, (lua_Integer)json_integer_value(j)); break;
    case JSON_REAL: lua_pushnumber(L, json_real_value(j)); break;
    case JSON_STRING: lua_pushlstring(L, json_string_value(j), json_string_length(j)); break;
    case JSON_ARRAY: {
        luaL_checkstack(L, 3, "too deep");
        size_t n = json_array_size(j);
        lua_createtable(L, (int)n, 0);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &key_amt);
        lua_setmetatable(L, -2);
        for (size_t i = 0; i < n; i++) {
            build(L, json_array_get(j, i));
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    }
    case JSON_OBJECT: {
        luaL_checkstack(L, 4, "too deep");
        lua_createtable(L, 0, (int)json_object_size(j));
        lua_rawgetp(L, LUA_REGISTRYINDEX, &key_omt);
        lua_setmetatable(L, -2);
        for (void *it = json_object_iter(j); it; it = json_object_iter_next(j, it)) {
            lua_pushlstring(L, json_object_iter_key(it), json_object_iter_key_len(it));
            build(L, json_object_iter_value(it));
            lua_rawset(L, -3);
        }
        break;
    }
    default: lua_pushnil(L);
    }
}

static int build_protected(lua_State *L) {
    build(L, (json_t *)lua_touserdata(L, 1));
    return 1;
}

/* cbase.decode(text): json_loadb, then the tables under lua_pcall so the tree is freed on error. */
static int l_decode(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    json_error_t err;
    json_t *root = json_loadb(text, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &err);
    if (root == NULL) return luaL_error(L, "json: line %d column %d: %s", err.line, err.column, err.text);
    lua_pushcfunction(L, build_protected);
    lua_pushlightuserdata(L, root);
    int status = lua_pcall(L, 1, 1, 0);
    json_decref(root);
    if (status != LUA_OK) return lua_error(L);
    return 1;
}

/* ================= B4: encode ================= */

static json_t *to_json(lua_State *L, int idx, int depth);

static int is_mark(lua_State *L, int idx, const void *key) {
    /* metatable on top */
    lua_rawgetp(L, LUA_REGISTRYINDEX, key);
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 1);
    (void)idx;
    return same;
}

static json_t *table_to_json(lua_State *L, int idx, int depth) {
    if (depth > 512 || !lua_checkstack(L, 4)) return NULL;
    int as_array;
    if (lua_getmetatable(L, idx)) {
        if (is_mark(L, idx, &key_amt)) as_array = 1;
        else if (is_mark(L, idx, &key_omt)) as_array = 0;
        else as_array = lua_rawlen(L, idx) > 0;
        lua_pop(L, 1);
    } else {
        as_array = lua_rawlen(L, idx) > 0;
    }
    if (as_array) {
        lua_Unsigned n = lua_rawlen(L, idx);
        json_t *a = json_array();
        if (!a) return NULL;
        for (lua_Unsigned i = 1; i <= n; i++) {
            lua_rawgeti(L, idx, (lua_Integer)i);
            json_t *v = to_json(L, lua_gettop(L), depth + 1);
            lua_pop(L, 1);
            if (!v || json_array_append_new(a, v) != 0) { json_decref(a); return NULL; }
        }
        return a;
    }
    json_t *o = json_object();
    if (!o) return NULL;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) != LUA_TSTRING) { lua_pop(L, 2); json_decref(o); return NULL; }
        size_t kn;
        const char *k = lua_tolstring(L, -2, &kn);
        json_t *v = to_json(L, lua_gettop(L), depth + 1);
        lua_pop(L, 1);
        /* json_object_setn_new validates the key's UTF-8, as the measured side does */
        if (!v || json_object_setn_new(o, k, kn, v) != 0) { lua_pop(L, 1); json_decref(o); return NULL; }
    }
    return o;
}

static json_t *to_json(lua_State *L, int idx, int depth) {
    switch (lua_type(L, idx)) {
    case LUA_TNIL: return json_null();
    case LUA_TBOOLEAN: return json_boolean(lua_toboolean(L, idx));
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) return json_integer((json_int_t)lua_tointeger(L, idx));
        return json_real(lua_tonumber(L, idx));   /* NULL for NaN/inf */
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        return json_stringn(s, n);   /* validates UTF-8 */
    }
    case LUA_TUSERDATA: {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &key_null);
        int is_null = lua_rawequal(L, -1, idx);
        lua_pop(L, 1);
        return is_null ? json_null() : NULL;
    }
    case LUA_TTABLE: return table_to_json(L, idx, depth);
    default: return NULL;
    }
}

static size_t dump_hint = 4096;

static int push_text(lua_State *L) {
    lua_pushlstring(L, (const char *)lua_touserdata(L, 1), (size_t)lua_tointeger(L, 2));
    return 1;
}

/* cbase.encode(t): tables -> json_t -> json_dumpb (compact) -> string. One malloc'd
 * buffer per call, sized from the previous output; a second dump only if it grew. */
static int l_encode(lua_State *L) {
    luaL_checkany(L, 1);
    json_t *j = to_json(L, 1, 0);
    if (!j) return luaL_error(L, "json: cannot encode");
    size_t flags = JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(17);
    size_t cap = dump_hint;
    char *buf = malloc(cap);
    size_t n = buf ? json_dumpb(j, buf, cap, flags) : 0;
    if (buf && n > cap) {
        free(buf);
        cap = n;
        buf = malloc(cap);
        n = buf ? json_dumpb(j, buf, cap, flags) : 0;
    }
    json_decref(j);
    if (!buf) return luaL_error(L, "json: not enough memory");
    dump_hint = n + n / 8 + 64;
    lua_pushcfunction(L, push_text);
    lua_pushlightuserdata(L, buf);
    lua_pushinteger(L, (lua_Integer)n);
    int status = lua_pcall(L, 2, 1, 0);
    free(buf);
    if (status != LUA_OK) return lua_error(L);
    return 1;
}

/* ================= install ================= */

static int install(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"newctx", l_newctx}, {"decode", l_decode}, {"setmarks", l_setmarks},
        {"encode", l_encode}, {"callloop", l_callloop}, {"presentloop", l_presentloop},
        {NULL, NULL},
    };
    ctx_metatable(L);
    lua_pop(L, 1);
    luaL_newlib(L, functions);
    return 1;
}

int cb_install(lua_State *L) {
    lua_pushcfunction(L, install);
    return lua_pcall(L, 0, 1, 0);   /* leaves the table (or the error) on top */
}

void cb_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }

/* ================= B8: bare state memory ================= */

static void *count_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    size_t *used = (size_t *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        *used -= old;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p) *used = *used - old + nsize;
    return p;
}

size_t cb_bare_state_memory(void) {
    size_t used = 0;
    lua_State *L = lua_newstate(count_alloc, &used);
    if (!L) return 0;
    luaL_openlibs(L);
    lua_gc(L, LUA_GCCOLLECT);
    size_t result = used;
    lua_close(L);
    return result;
}

/* ---- B9: campaign trigger and limit matching ---- */

typedef struct {
    json_t *inapps;
    json_t *props;
    long *triggers;
    size_t count;
} cb_campaigns;

void *cb_campaigns_load(const char *inapps_json, const char *props_json) {
    cb_campaigns *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->inapps = json_loads(inapps_json, 0, NULL);
    c->props = json_loads(props_json, 0, NULL);
    c->count = c->inapps ? json_array_size(c->inapps) : 0;
    c->triggers = calloc(c->count ? c->count : 1, sizeof(long));
    return c;
}

void cb_campaigns_free(void *state) {
    cb_campaigns *c = state;
    if (!c) return;
    json_decref(c->inapps);
    json_decref(c->props);
    free(c->triggers);
    free(c);
}

/* spaces removed, ASCII lowercased */
static void cb_normalize(const char *s, char *out, size_t cap) {
    size_t n = 0;
    for (; *s && n + 1 < cap; s++) {
        if (*s == ' ') continue;
        out[n++] = (char)((*s >= 'A' && *s <= 'Z') ? *s + 32 : *s);
    }
    out[n] = 0;
}

static int cb_number(json_t *v, double *d) {
    if (json_is_number(v)) { *d = json_number_value(v); return 1; }
    if (json_is_string(v)) {
        char *end;
        const char *s = json_string_value(v);
        *d = strtod(s, &end);
        return end != s && *end == 0;
    }
    return 0;
}

static int cb_condition(json_t *props, json_t *cond) {
    const char *name = json_string_value(json_object_get(cond, "propertyName"));
    json_t *expected = json_object_get(cond, "propertyValue");
    json_t *op = json_object_get(cond, "operator");
    int o = json_is_integer(op) ? (int)json_integer_value(op) : 1;
    json_t *actual = name ? json_object_get(props, name) : NULL;
    if (!actual) return 0;
    double a, e;
    switch (o) {
    case 0: return json_is_number(expected) && cb_number(actual, &a) && a > json_number_value(expected);
    case 2: return json_is_number(expected) && cb_number(actual, &a) && a < json_number_value(expected);
    case 1:
        if (json_is_string(expected) && json_is_string(actual)) {
            char x[256], y[256];
            cb_normalize(json_string_value(expected), x, sizeof x);
            cb_normalize(json_string_value(actual), y, sizeof y);
            return strcmp(x, y) == 0;
        }
        return cb_number(expected, &e) && cb_number(actual, &a) && a == e;
    default: return 0;
    }
}

static int cb_limits(json_t *limits, long triggers) {
    size_t i;
    json_t *limit;
    json_array_foreach(limits, i, limit) {
        if (json_object_size(limit) == 0) continue;
        const char *type = json_string_value(json_object_get(limit, "type"));
        long l = (long)json_integer_value(json_object_get(limit, "limit"));
        if (type && strcmp(type, "onEvery") == 0) { if (l == 0 ? triggers != 0 : triggers % l != 0) return 0; }
        else if (type && strcmp(type, "onExactly") == 0) { if (triggers != l) return 0; }
        else if (0 >= l) return 0; /* ever: no impressions */
    }
    return 1;
}

int cb_campaigns_evaluate(void *state, const char *event_name) {
    cb_campaigns *c = state;
    char event[256];
    cb_normalize(event_name, event, sizeof event);
    int eligible = 0;
    size_t i, j, k;
    json_t *inapp, *trigger, *cond;
    json_array_foreach(c->inapps, i, inapp) {
        if (!json_object_get(inapp, "ti")) continue;
        int matched = 0;
        json_array_foreach(json_object_get(inapp, "whenTriggers"), j, trigger) {
            const char *name = json_string_value(json_object_get(trigger, "eventName"));
            char normalized[256];
            if (!name) continue;
            cb_normalize(name, normalized, sizeof normalized);
            if (strcmp(normalized, event) != 0) continue;
            int all = 1;
            json_array_foreach(json_object_get(trigger, "eventProperties"), k, cond) {
                if (!cb_condition(c->props, cond)) { all = 0; break; }
            }
            if (all) { matched = 1; break; }
        }
        if (!matched) continue;
        c->triggers[i] += 1;
        if (cb_limits(json_object_get(inapp, "frequencyLimits"), c->triggers[i])
            && cb_limits(json_object_get(inapp, "occurrenceLimits"), c->triggers[i])) eligible++;
    }
    return eligible;
}

int cb_durable_write(const char *dir, const char *name, const void *bytes, size_t len) {
    char target[4096], temp[4096];
    if (snprintf(target, sizeof target, "%s/%s", dir, name) >= (int)sizeof target) return -1;
    if (snprintf(temp, sizeof temp, "%s.tmp", target) >= (int)sizeof temp) return -1;
    int fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return -1;
    const char *p = bytes;
    size_t left = len;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0) { close(fd); return -1; }
        p += n;
        left -= (size_t)n;
    }
    if (fsync(fd) != 0) { close(fd); return -1; }
    close(fd);
    if (rename(temp, target) != 0) return -1;
    int dfd = open(dir, O_RDONLY);
    if (dfd < 0) return -1;
    int status = fsync(dfd);
    close(dfd);
    return status;
}
