#ifndef CTLUA_CJANSSON_SHIM_H
#define CTLUA_CJANSSON_SHIM_H
#include <jansson.h>

/// `json_decref` is a macro-backed inline in jansson.h; a plain function Swift can call.
static inline void ctl_json_decref(json_t *json) { json_decref(json); }
/// `json_incref` likewise.
static inline json_t *ctl_json_incref(json_t *json) { return json_incref(json); }
/// `json_typeof` is a macro.
static inline int ctl_json_typeof(const json_t *json) { return (int)json_typeof(json); }
#endif
