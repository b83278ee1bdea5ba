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

#endif
