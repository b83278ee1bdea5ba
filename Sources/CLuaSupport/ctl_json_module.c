/*
 * The Lua `json` module: decode, encode, null, array, object, isarray.
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

/* Reads an optional field of the options table at `idx` (may run __index:
 * fine here, nothing is held yet). */
static int opt_integer(lua_State *L, int idx, const char *name, int def) {
    if (lua_type(L, idx) != LUA_TTABLE) return def;
    lua_getfield(L, idx, name);
    int isnum;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    int absent = lua_isnil(L, -1);
    lua_pop(L, 1);
    if (absent) return def;
    if (!isnum) luaL_error(L, "json: option '%s' must be an integer", name);
    if (v < 0) v = 0;
    if (v > INT32_MAX) v = INT32_MAX;
    return (int)v;
}

static int opt_boolean(lua_State *L, int idx, const char *name) {
    if (lua_type(L, idx) != LUA_TTABLE) return 0;
    lua_getfield(L, idx, name);
    int v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

static const char option_check_key = 'o';

void ctl_json_set_option_check(lua_State *L) {
    lua_rawsetp(L, LUA_REGISTRYINDEX, &option_check_key);
}

/* The options argument at `idx` of `fname`: nil, or a table whose keys the option check
 * (set by the host, ctl_json_set_option_check) accepts; it raises for an unknown key. */
static void check_options(lua_State *L, int idx, const char *fname) {
    int t = lua_type(L, idx);
    if (t != LUA_TNONE && t != LUA_TNIL && t != LUA_TTABLE) luaL_typeerror(L, idx, "table");
    if (t != LUA_TTABLE) return;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &option_check_key) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        return;
    }
    lua_pushstring(L, fname);
    lua_pushinteger(L, idx);
    lua_pushvalue(L, idx);
    lua_call(L, 3, 0);
}

/* json.decode(text [, {rejectDuplicates = bool, maxDepth = n}]) */
static int json_decode_l(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    check_options(L, 2, "decode");
    int reject = opt_boolean(L, 2, "rejectDuplicates");
    int max_depth = opt_integer(L, 2, "maxDepth", CTL_JSON_DEFAULT_MAX_DEPTH);
    ctl_json_error err;
    /* jansson's tree lives outside the Lua allocator: bounded by what the cap still allows */
    json_t *root = ctl_json_decode_max(text, len, reject, max_depth, ctl_memory_available(L), &err);
    if (root == NULL && err.too_big)
        return luaL_error(L, "json: not enough memory (a document of %d bytes)", (int)(len > INT32_MAX ? INT32_MAX : len));
    if (root == NULL)
        return luaL_error(L, "json: line %d column %d: %s", err.line, err.column, err.text);
    lua_pushcfunction(L, ctl_json_push_cfunction);
    lua_pushlightuserdata(L, root);
    int status = lua_pcall(L, 1, 1, 0);
    json_decref(root);
    if (status != LUA_OK) return lua_error(L);
    return 1;
}

/* lua_CFunction form: arg 1 light userdata buffer, arg 2 length. Pushes 1. */
static int push_buffer(lua_State *L) {
    const char *buffer = lua_touserdata(L, 1);
    lua_pushlstring(L, buffer, (size_t)lua_tointeger(L, 2));
    return 1;
}

/* json.encode(value [, {indent = n, sort = bool, maxDepth = n}]) */
static int json_encode_l(lua_State *L) {
    luaL_checkany(L, 1);
    check_options(L, 2, "encode");
    int indent = opt_integer(L, 2, "indent", 0);
    int sort = opt_boolean(L, 2, "sort");
    int max_depth = opt_integer(L, 2, "maxDepth", CTL_JSON_DEFAULT_MAX_DEPTH);
    char errbuf[256];
    /* The tree and the text live outside the Lua allocator: together bounded by the cap */
    size_t budget = ctl_memory_available(L), used = 0;
    json_t *json = ctl_json_from_lua_budget(L, 1, max_depth, budget, &used, errbuf, sizeof errbuf);
    if (json == NULL) return luaL_error(L, "%s", errbuf);
    size_t len;
    int too_big = 0;
    size_t max_len = budget == (size_t)-1 ? (size_t)-2 : budget - used;
    char *text = ctl_json_dump_max(json, indent, sort, max_len, &len, &too_big);
    json_decref(json);
    if (text == NULL) return luaL_error(L, "json: not enough memory");
    lua_pushcfunction(L, push_buffer);
    lua_pushlightuserdata(L, text);
    lua_pushinteger(L, (lua_Integer)len);
    int status = lua_pcall(L, 2, 1, 0);
    ctl_json_free(text);
    if (status != LUA_OK) return lua_error(L);
    return 1;
}

/* Marks the table at 1 (a new one when absent) with the metatable at `key`. */
static int mark_table(lua_State *L, const char *key, const char *fname) {
    if (lua_isnoneornil(L, 1)) {
        lua_settop(L, 0);
        lua_newtable(L);
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    if (lua_getmetatable(L, 1)) {
        if (ctl_json_table_mark(L, 1) == CTL_JSON_MARK_NONE)
            return luaL_error(L, "json: %s: table already has a metatable", fname);
        lua_pop(L, 1);
    }
    lua_rawgetp(L, LUA_REGISTRYINDEX, key);
    lua_setmetatable(L, 1);
    return 1;
}

static int json_array_l(lua_State *L) { return mark_table(L, &ctl_json_key_array_mt, "array"); }
static int json_object_l(lua_State *L) { return mark_table(L, &ctl_json_key_object_mt, "object"); }

/* json.isarray(t): true when `t` would encode as a JSON array. */
static int json_isarray_l(lua_State *L) {
    int result = 0;
    if (lua_type(L, 1) == LUA_TTABLE) {
        int mark = ctl_json_table_mark(L, 1);
        if (mark != CTL_JSON_MARK_NONE) {
            result = mark == CTL_JSON_MARK_ARRAY;
        } else {
            lua_Integer count = 0, max_int = 0;
            int ok = 1;
            lua_settop(L, 1);
            lua_pushnil(L);
            while (lua_next(L, 1)) {
                lua_pop(L, 1);
                count++;
                if (lua_type(L, -1) == LUA_TNUMBER && lua_isinteger(L, -1) &&
                    lua_tointeger(L, -1) >= 1) {
                    if (lua_tointeger(L, -1) > max_int) max_int = lua_tointeger(L, -1);
                } else {
                    ok = 0;
                }
            }
            result = ok && count > 0 && max_int == count;
        }
    }
    lua_pushboolean(L, result);
    return 1;
}

int luaopen_ctlua_json(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"decode", json_decode_l}, {"encode", json_encode_l}, {"array", json_array_l},
        {"object", json_object_l}, {"isarray", json_isarray_l}, {NULL, NULL},
    };
    ctl_json_ensure_registry(L);
    luaL_newlib(L, functions);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &ctl_json_key_null);
    lua_setfield(L, -2, "null");
    return 1;
}
