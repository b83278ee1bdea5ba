/*
 * libFuzzer target: the Lua `json` module on arbitrary bytes (scripts/fuzz builds and runs it).
 *
 * Each input is decoded with `json.decode` in a Lua state whose memory is capped (64 MiB).
 * A decode must either succeed or fail with a `json:` error or `not enough memory`, never
 * crash (AddressSanitizer and UndefinedBehaviorSanitizer watch the C walkers, the depth
 * pre-scan and the printer). A decoded value must encode, and the encoded text must be a
 * fixed point: decode then encode gives back the same bytes (sorted keys). Any other
 * outcome aborts with the message, which libFuzzer reports with the input.
 */
#include <lauxlib.h>
#include <lua.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl_json.h"
#include "ctl_json_test.h"

static const char driver[] =
    "local text = ...\n"
    "local ok, value = pcall(json.decode, text)\n"
    "if not ok then\n"
    "  local message = tostring(value)\n"
    "  if message:find('^json: ') or message:find('not enough memory', 1, true) then return end\n"
    "  error('decode failed without a json error: ' .. message, 0)\n"
    "end\n"
    "local ok1, first = pcall(json.encode, value, {sort = true})\n"
    "if not ok1 then\n"
    "  if tostring(first):find('not enough memory', 1, true) then return end\n"
    "  error('a decoded value does not encode: ' .. tostring(first), 0)\n"
    "end\n"
    "local ok2, again = pcall(json.decode, first)\n"
    "if not ok2 then\n"
    "  if tostring(again):find('not enough memory', 1, true) then return end\n"
    "  error('encoded text does not decode: ' .. tostring(again) .. ' text: ' .. first, 0)\n"
    "end\n"
    "local ok3, second = pcall(json.encode, again, {sort = true})\n"
    "if ok3 and second ~= first then error('not a fixed point: ' .. first .. ' then ' .. second, 0) end\n";

static lua_State *state;

static lua_State *fresh_state(void) {
    lua_State *L = ctl_json_test_newstate_limited((size_t)64 << 20);
    if (L == NULL) abort();
    if (luaL_loadbufferx(L, driver, sizeof driver - 1, "=fuzz", "t") != LUA_OK) {
        fprintf(stderr, "fuzz driver: %s\n", lua_tostring(L, -1));
        abort();
    }
    lua_setfield(L, LUA_REGISTRYINDEX, "fuzz.driver");
    return L;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (state == NULL) state = fresh_state();
    lua_State *L = state;
    lua_getfield(L, LUA_REGISTRYINDEX, "fuzz.driver");
    lua_pushlstring(L, (const char *)data, size);
    int status = lua_pcall(L, 1, 0, 0);
    if (status != LUA_OK) {
        const char *message = lua_tostring(L, -1);
        if (status == LUA_ERRMEM || (message && strstr(message, "not enough memory"))) {
            lua_settop(L, 0);
        } else {
            fprintf(stderr, "json fuzz: %s\n", message ? message : "(error object is not a string)");
            abort();
        }
    }
    lua_settop(L, 0);
    lua_gc(L, LUA_GCCOLLECT);
    return 0;
}
