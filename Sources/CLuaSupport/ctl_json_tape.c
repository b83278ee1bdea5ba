/*
 * The tape a Lua value is flattened to for Swift (ctl_json_tape_from_lua in
 * ctl_json_lua.c walks; this file only grows and frees the buffers). Never raises.
 */
#include "ctl_json.h"
#include "ctl_json_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void ctl_json_tape_init(ctl_json_tape *tape, ctl_json_node *nodes, size_t capacity, char *bytes,
                        size_t bytes_capacity) {
    tape->nodes = tape->initial_nodes = nodes;
    tape->count = 0;
    tape->capacity = nodes ? capacity : 0;
    tape->bytes = tape->initial_bytes = bytes;
    tape->used = 0;
    tape->bytes_capacity = bytes ? bytes_capacity : 0;
}

void ctl_json_tape_free(ctl_json_tape *tape) {
    if (tape->nodes != tape->initial_nodes) free(tape->nodes);
    if (tape->bytes != tape->initial_bytes) free(tape->bytes);
    tape->nodes = tape->initial_nodes;
    tape->bytes = tape->initial_bytes;
    tape->count = tape->used = 0;
}

/* Grows a buffer to hold `needed` items of `size` bytes (doubling; the first heap copy takes
 * the caller's contents). 0 when out of memory or the size overflows. */
static int grow(void **buffer, size_t *capacity, const void *initial, size_t in_use, size_t needed,
                size_t size) {
    if (needed <= *capacity) return 1;
    size_t capacity2 = *capacity < 16 ? 16 : *capacity;
    while (capacity2 < needed) {
        if (capacity2 > SIZE_MAX / 2 / size) return 0;
        capacity2 *= 2;
    }
    void *grown;
    if (*buffer == initial) {
        grown = malloc(capacity2 * size);
        if (grown && in_use) memcpy(grown, *buffer, in_use * size);
    } else {
        grown = realloc(*buffer, capacity2 * size);
    }
    if (grown == NULL) return 0;
    *buffer = grown;
    *capacity = capacity2;
    return 1;
}

int ctl_json_tape_push(ctl_json_tape *tape, int type, size_t length, long long number) {
    if (tape->count == tape->capacity) {
        void *nodes = tape->nodes;
        if (!grow(&nodes, &tape->capacity, tape->initial_nodes, tape->count, tape->count + 1,
                  sizeof *tape->nodes))
            return 0;
        tape->nodes = nodes;
    }
    tape->nodes[tape->count++] = (ctl_json_node){type, length, number};
    return 1;
}

int ctl_json_tape_bytes(ctl_json_tape *tape, const char *s, size_t n, size_t *offset) {
    if (n > SIZE_MAX - tape->used) return 0;
    if (tape->used + n > tape->bytes_capacity) {
        void *bytes = tape->bytes;
        if (!grow(&bytes, &tape->bytes_capacity, tape->initial_bytes, tape->used, tape->used + n, 1))
            return 0;
        tape->bytes = bytes;
    }
    if (n) memcpy(tape->bytes + tape->used, s, n);
    *offset = tape->used;
    tape->used += n;
    return 1;
}
