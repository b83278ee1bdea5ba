/* Process helpers for the scenario runner's workers: the address-space cap and core dumps off.
   Here because sanitizer detection needs the compiler (and RLIMIT_* are awkward from Swift). */
#define _GNU_SOURCE
#include "ctl_process.h"
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <sys/resource.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CTL_ASAN_COMPILED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(CTL_ASAN_COMPILED)
#define CTL_ASAN_COMPILED 1
#endif

int ctl_address_sanitizer_active(void) {
#ifdef CTL_ASAN_COMPILED
    return 1;
#else
    return dlsym(RTLD_DEFAULT, "__asan_init") != NULL;
#endif
}

int ctl_limit_address_space(unsigned long long bytes) {
    if (ctl_address_sanitizer_active()) return -1;
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0) return errno;
    rlim_t wanted = (rlim_t)bytes;
    if (limit.rlim_max != RLIM_INFINITY && wanted > limit.rlim_max) wanted = limit.rlim_max;
    limit.rlim_cur = wanted;
    if (setrlimit(RLIMIT_AS, &limit) != 0) return errno;
    return 0;
}

int ctl_disable_core_dumps(void) {
    struct rlimit limit = {0, 0};
    if (getrlimit(RLIMIT_CORE, &limit) != 0) return errno;
    limit.rlim_cur = 0;
    return setrlimit(RLIMIT_CORE, &limit) == 0 ? 0 : errno;
}

