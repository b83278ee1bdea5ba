#include "ctlua_support.h"
