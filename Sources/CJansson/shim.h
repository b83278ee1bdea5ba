#ifndef CTLUA_CJANSSON_SHIM_H
#define CTLUA_CJANSSON_SHIM_H
#include <jansson.h>

/// `json_decref` is a macro-backed inline in jansson.h; a plain function Swift can call.
static inline void ctl_json_decref(json_t *json) { json_decref(json); }
/// `json_incref` as a plain function: a new reference to the same tree.
static inline json_t *ctl_json_incref(json_t *json) { return json_incref(json); }
#endif
