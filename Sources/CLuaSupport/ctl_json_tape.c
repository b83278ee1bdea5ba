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

/* ---- a tape kept past its walk (ctl_json_tape_keep) ---- */

/* The index just past the value starting at nodes[i]. */
static size_t skip_value(const ctl_json_node *nodes, size_t i) {
    size_t remaining = 1;
    while (remaining) {
        const ctl_json_node *node = &nodes[i++];
        remaining--;
        if (node->type == CTL_JSON_NODE_ARRAY) remaining += node->length;
        else if (node->type == CTL_JSON_NODE_OBJECT) remaining += 2 * node->length;
    }
    return i;
}

typedef struct {
    size_t start, end; /* the member's KEY node, and just past its value */
    const char *key;
    size_t key_len;
} kept_member;

static int compare_members(const void *a, const void *b) {
    const kept_member *x = a, *y = b;
    size_t n = x->key_len < y->key_len ? x->key_len : y->key_len;
    int c = n ? memcmp(x->key, y->key, n) : 0;
    if (c) return c;
    return x->key_len < y->key_len ? -1 : x->key_len > y->key_len;
}

/* Copies the value at src[i] to dst[*o...], members sorted; the index past it, or 0 (a key
 * that is not ASCII: *status 1; out of memory: *status 2). */
static size_t copy_sorted(const ctl_json_node *src, size_t i, ctl_json_node *dst, size_t *o,
                          const char *bytes, int *status) {
    const ctl_json_node *node = &src[i];
    dst[(*o)++] = *node;
    i++;
    if (node->type == CTL_JSON_NODE_ARRAY) {
        for (size_t k = 0; k < node->length; k++)
            if ((i = copy_sorted(src, i, dst, o, bytes, status)) == 0) return 0;
        return i;
    }
    if (node->type != CTL_JSON_NODE_OBJECT) return i;
    size_t n = node->length;
    kept_member inline_members[8];
    kept_member *members = n <= 8 ? inline_members : malloc(n * sizeof *members);
    if (members == NULL) {
        *status = 2;
        return 0;
    }
    for (size_t k = 0; k < n; k++) {
        const ctl_json_node *key = &src[i];
        const char *s = bytes + key->number;
        for (size_t b = 0; b < key->length; b++)
            if ((unsigned char)s[b] >= 0x80) {
                if (members != inline_members) free(members);
                *status = 1;
                return 0;
            }
        members[k] = (kept_member){i, skip_value(src, i + 1), s, key->length};
        i = members[k].end;
    }
    if (n > 1) qsort(members, n, sizeof *members, compare_members);
    for (size_t k = 0; k < n; k++) {
        dst[(*o)++] = src[members[k].start];
        if (copy_sorted(src, members[k].start + 1, dst, o, bytes, status) == 0) {
            if (members != inline_members) free(members);
            return 0;
        }
    }
    if (members != inline_members) free(members);
    return i;
}

ctl_json_node *ctl_json_tape_keep(const ctl_json_tape *tape, int *status) {
    *status = 0;
    if (tape->count == 0 || tape->count > (SIZE_MAX - tape->used) / sizeof(ctl_json_node)) {
        *status = 2;
        return NULL;
    }
    ctl_json_node *kept = malloc(tape->count * sizeof *kept + tape->used);
    if (kept == NULL) {
        *status = 2;
        return NULL;
    }
    size_t o = 0;
    if (copy_sorted(tape->nodes, 0, kept, &o, tape->bytes, status) == 0) {
        free(kept);
        return NULL;
    }
    if (tape->used) memcpy((char *)(kept + tape->count), tape->bytes, tape->used);
    return kept;
}

void ctl_json_kept_free(ctl_json_node *kept) { free(kept); }
