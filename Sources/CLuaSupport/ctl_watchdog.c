/*
 * The wall-clock backstop of `--timeout` for `ctlua run`, `-e` and standard input.
 *
 * The limit hook cannot see everything under the full policy: Lua runs `__gc` finalizers
 * with hooks off (also while the state closes at exit), and a script may remove the hook
 * with `debug.sethook()`. The watchdog is a thread that knows one thing: the deadline of
 * the outermost entry into Lua now running (or of the close), plus a grace period. When
 * that passes, the process ends with `ctlua: timeout` and exit status 1, as `lua5.4` under
 * an external `timeout` would, but with ctlua's message. It never touches the Lua state.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "ctl_runtime.h"

struct ctl_watchdog {
    _Atomic long long deadline_ns;   /* monotonic; 0 = disarmed */
    _Atomic int stop;
    long long grace_ns;
    int exit_code;
    char message[240];
};

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void *watch(void *arg) {
    ctl_watchdog *wd = (ctl_watchdog *)arg;
    const struct timespec tick = {0, 20 * 1000 * 1000};
    while (!atomic_load(&wd->stop)) {
        long long deadline = atomic_load(&wd->deadline_ns);
        if (deadline > 0 && now_ns() > deadline + wd->grace_ns) {
            fflush(stdout);
            size_t n = strlen(wd->message);
            ssize_t written = write(STDERR_FILENO, wd->message, n);
            (void)written;
            _exit(wd->exit_code);
        }
        nanosleep(&tick, NULL);
    }
    free(wd);
    return NULL;
}

ctl_watchdog *ctl_watchdog_start(double grace, int exit_code, const char *message) {
    ctl_watchdog *wd = calloc(1, sizeof *wd);
    if (wd == NULL) return NULL;
    wd->grace_ns = (long long)(grace * 1e9);
    wd->exit_code = exit_code;
    snprintf(wd->message, sizeof wd->message, "%s", message);
    pthread_t thread;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) { free(wd); return NULL; }
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    int failed = pthread_create(&thread, &attr, watch, wd);
    pthread_attr_destroy(&attr);
    if (failed) { free(wd); return NULL; }
    return wd;
}

void ctl_watchdog_arm(ctl_watchdog *wd, double deadline) {
    if (wd == NULL) return;
    atomic_store(&wd->deadline_ns, deadline > 0 ? (long long)(deadline * 1e9) : 0);
}

void ctl_watchdog_stop(ctl_watchdog *wd) {
    if (wd == NULL) return;
    atomic_store(&wd->deadline_ns, 0);
    atomic_store(&wd->stop, 1);   /* the thread frees it */
}
