#ifndef CTLUA_CREADLINE_SHIM_H
#define CTLUA_CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

/// `ioctl` is variadic (Swift cannot call it): the terminal's width in columns, or 0 when unknown.
static inline int ctl_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}

/// `FD_ZERO`/`FD_SET` are macros: waits until `fd` is readable; returns select's result (-1 with EINTR on a signal).
static inline int ctl_wait_readable(int fd) {
    fd_set set;
    FD_ZERO(&set);
    FD_SET(fd, &set);
    return select(fd + 1, &set, NULL, NULL, NULL);
}

/* readline is configured through global variables, which Swift 6 refuses to touch
 * (shared mutable state): these setters and getters are the only way in. */

/// Sets the program name, leaves SIGINT to the host, installs word breaks and the completion entry,
/// and keeps multi-line entries whole in the history file (each entry after a `#time` line, as bash does).
static inline void ctl_rl_setup(const char *name, const char *word_breaks, rl_completion_func_t *complete) {
    rl_readline_name = name;
    history_comment_char = '#';
    history_write_timestamps = 1;
    history_multiline_entries = 1;
    rl_catch_signals = 0;
    rl_completer_word_break_characters = word_breaks;
    rl_attempted_completion_function = complete;
}

/// Inside a completion entry: no character appended after a match; `over` stops the file-name fallback.
static inline void ctl_rl_completion_options(int over) {
    rl_completion_append_character = '\0';
    rl_attempted_completion_over = over;
}

/// The line being edited and its length in bytes (`rl_end`).
static inline const char *ctl_rl_line(int *length) {
    *length = rl_end;
    return rl_line_buffer;
}

/// The newest history entry's text, or NULL.
static inline const char *ctl_history_last(void) {
    HIST_ENTRY *entry = history_get(history_base + history_length - 1);
    return entry ? entry->line : NULL;
}

#endif
