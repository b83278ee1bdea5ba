#ifndef CTL_PROCESS_H
#define CTL_PROCESS_H
/* Process helpers for the scenario runner's worker processes (nothing to do with Lua). */

/// Caps this process's address space (RLIMIT_AS) at `bytes`; 0 on success, else errno.
/// Under AddressSanitizer it does nothing and returns -1 (its shadow memory alone is
/// terabytes of address space: any cap would fail every allocation).
int ctl_limit_address_space(unsigned long long bytes);

/// 1 when this process runs under AddressSanitizer (compiled in, or its runtime loaded).
int ctl_address_sanitizer_active(void);

/// Sets RLIMIT_CORE to 0: a crashing worker leaves no core file; 0 on success, else errno.
int ctl_disable_core_dumps(void);

#endif
