#ifndef CTLUA_SUPPORT_H
#define CTLUA_SUPPORT_H
#endif
