#ifndef CTLUA_CLUA_SHIM_H
#define CTLUA_CLUA_SHIM_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#endif
