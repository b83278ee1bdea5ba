/* Swift-facing entry to the jansson -> Lua walker: always under a protected call. */
#include <lua.h>
#include "ctl_json.h"
#include "ctl_runtime.h"
#include "ctl_json_bridge.h"

static int push_body(lua_State *L) {
    json_t *json = (json_t *)lua_touserdata(L, 1);
    return ctl_json_push(L, json);
}

int ctl_json_push_protected(lua_State *L, json_t *json) {
    lua_pushcfunction(L, push_body);
    lua_pushlightuserdata(L, json);
    return ctl_pcall(L, 1, 1);
}
