/*
 * Test support: Lua states with the `json` module for Tests/JSONTests, which
 * run without LuaRuntime. Not used by the product.
 */
#include "ctl_json_test.h"
#include "ctl_json.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>

static int test_open(lua_State *L) {
    luaL_openlibs(L);
    luaL_requiref(L, "json", luaopen_ctlua_json, 1);
    lua_pop(L, 1);
    return 0;
}

/* A counting allocator for tests of the memory-error paths; `ud` is malloc'd
 * and freed by ctl_json_test_close. */
typedef struct {
    size_t used, limit;
} test_allocator;

static void *test_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    test_allocator *a = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        a->used -= old;
        return NULL;
    }
    if (nsize > old && a->used - old + nsize > a->limit) return NULL;
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    a->used = a->used - old + nsize;
    return p;
}

static lua_State *test_open_state(lua_State *L);

lua_State *ctl_json_test_newstate_limited(size_t limit) {
    test_allocator *a = malloc(sizeof *a);
    if (a == NULL) return NULL;
    a->used = 0;
    a->limit = (size_t)-1;
    lua_State *L = lua_newstate(test_alloc, a);
    if (L == NULL) {
        free(a);
        return NULL;
    }
    L = test_open_state(L);
    if (L == NULL) {
        free(a);
        return NULL;
    }
    a->limit = a->used + limit;
    return L;
}

void ctl_json_test_close(lua_State *L) {
    void *ud = NULL;
    int limited = lua_getallocf(L, &ud) == test_alloc;
    lua_close(L);
    if (limited) free(ud);
}

lua_State *ctl_json_test_newstate(void) {
    lua_State *L = luaL_newstate();
    if (L == NULL) return NULL;
    return test_open_state(L);
}

static lua_State *test_open_state(lua_State *L) {
    lua_pushcfunction(L, test_open);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_close(L);
        return NULL;
    }
    return L;
}

static int test_eval_inner(lua_State *L) {
    const char *chunk = lua_touserdata(L, 1);
    if (luaL_loadstring(L, chunk) != LUA_OK) return lua_error(L);
    lua_call(L, 0, 1);
    luaL_tolstring(L, -1, NULL);
    return 1;
}

int ctl_json_test_eval(lua_State *L, const char *chunk, char *out, size_t cap,
                       size_t *out_len) {
    int top = lua_gettop(L);
    lua_pushcfunction(L, test_eval_inner);
    lua_pushlightuserdata(L, (void *)chunk);
    int status = lua_pcall(L, 1, 1, 0);
    size_t len = 0;
    const char *s = "(error object is not a string)";
    if (lua_type(L, -1) == LUA_TSTRING) s = lua_tolstring(L, -1, &len);
    else len = strlen(s);
    if (len > cap) len = cap;
    memcpy(out, s, len);
    *out_len = len;
    lua_settop(L, top);
    return status == LUA_OK;
}
