#ifndef CTLUA_CTL_JSON_TEST_H
#define CTLUA_CTL_JSON_TEST_H
/*
 * Test support for Tests/JSONTests (a test-only target, not linked into the product): Lua
 * states with the `json` module, without LuaRuntime.
 */
#include <stddef.h>
#include <lua.h>

/// A fresh state with the standard libraries and `json` as a global, or NULL.
/// Close it with `lua_close`. Never raises.
lua_State *ctl_json_test_newstate(void);

/// Like `ctl_json_test_newstate`, with a counting allocator that fails once
/// more than `limit` bytes beyond the opened libraries are in use.
lua_State *ctl_json_test_newstate_limited(size_t limit);

/// Closes a state from either test constructor (and frees its allocator).
void ctl_json_test_close(lua_State *L);

/// Runs `chunk` under lua_pcall and copies `tostring` of its first result (or
/// of the error) into `out` (at most `cap` bytes, `*out_len` set). Returns 1 on
/// success, 0 on error. Restores the stack top. Never raises.
int ctl_json_test_eval(lua_State *L, const char *chunk, char *out, size_t cap,
                       size_t *out_len);

#endif
