#ifndef CTLUA_SUPPORT_H
#define CTLUA_SUPPORT_H
#include "ctl_runtime.h"
#include "ctl_json.h"
#include "ctl_process.h"
#include "ctl_coverage.h"
#endif
