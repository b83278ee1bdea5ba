#ifndef CTLUA_CTL_JSON_BRIDGE_H
#define CTLUA_CTL_JSON_BRIDGE_H
#include <jansson.h>
#include <lua.h>

/// Pushes `json` as a Lua value under a protected call (so a memory error cannot
/// longjmp into the Swift caller). Pushes the value, or the error. Returns the status.
int ctl_json_push_protected(lua_State *L, json_t *json);
#endif
