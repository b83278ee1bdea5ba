#ifndef CTLUA_CTL_JSON_INTERNAL_H
#define CTLUA_CTL_JSON_INTERNAL_H
/* Shared between ctl_json.c and ctl_json_lua.c; not part of the public header. */
#include <stddef.h>

/// `max_depth` <= 0 -> default; capped at CTL_JSON_HARD_MAX_DEPTH.
int ctl_json_clamp_depth(int max_depth);

/// 1 when `s[0..len)` is valid UTF-8 by jansson's rules.
int ctl_json_utf8_valid(const char *s, size_t len);

/// Formats a finite double for JSON into `buf`; returns its length.
int ctl_json_format_real(char *buf, size_t size, double value);

/* ---- Lua side (ctl_json_lua.c) ---- */
#include <lua.h>

/// Registry keys (their addresses) of the null sentinel and the two marks.
extern const char ctl_json_key_null, ctl_json_key_array_mt, ctl_json_key_object_mt;

enum { CTL_JSON_MARK_NONE = 0, CTL_JSON_MARK_ARRAY = 1, CTL_JSON_MARK_OBJECT = 2 };

/// Creates the null sentinel and the mark metatables once per state. Pushes
/// nothing. May raise (allocation).
void ctl_json_ensure_registry(lua_State *L);

/// The mark of the table at `idx`. Never raises; stack unchanged.
int ctl_json_table_mark(lua_State *L, int idx);

/// `ctl_json_from_lua_depth` with an explicit bound: the estimated size of the tree may not
/// pass `budget` bytes; `*used` receives the estimate. Never raises.
json_t *ctl_json_from_lua_budget(lua_State *L, int idx, int max_depth, size_t budget, size_t *used,
                                 char *errbuf, size_t errlen);

/// Appends a node to the tape; 0 when out of memory.
int ctl_json_tape_push(ctl_json_tape *tape, int type, size_t length, long long number);

/// Copies `n` bytes to the tape's bytes, `*offset` receiving where; 0 when out of memory.
int ctl_json_tape_bytes(ctl_json_tape *tape, const char *s, size_t n, size_t *offset);

/// lua_CFunction: arg 1 is a light userdata json_t; pushes it as a Lua value.
int ctl_json_push_cfunction(lua_State *L);

#endif
