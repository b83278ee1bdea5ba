/*
 * JSON text <-> json_t: the depth pre-scan in front of jansson's parser and the
 * printer. No Lua here; nothing in this file raises.
 */
#include "ctl_json.h"
#include "ctl_json_internal.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ctl_json_error_text(const ctl_json_error *err) { return err->text; }

int ctl_json_clamp_depth(int max_depth) {
    if (max_depth <= 0) return CTL_JSON_DEFAULT_MAX_DEPTH;
    if (max_depth > CTL_JSON_HARD_MAX_DEPTH) return CTL_JSON_HARD_MAX_DEPTH;
    return max_depth;
}

/* ---- decode ---- */

/* True at a `-0` number token outside strings (`-` then `0`, not an exponent's sign, and not
 * followed by digits, a fraction or an exponent): JSON's -0.0, which jansson reads as the integer 0. */
static int is_negative_zero(const char *buf, size_t len, size_t i) {
    if (buf[i] != '-' || i + 1 >= len || buf[i + 1] != '0') return 0;
    if (i > 0 && (buf[i - 1] == 'e' || buf[i - 1] == 'E')) return 0;
    return i + 2 >= len || buf[i + 2] == 0 || strchr("0123456789.eE", buf[i + 2]) == NULL;
}

/* The one lexer of the pre-scan: walks the text, telling strings from the rest. It counts bracket
 * nesting and fills `err` at the first bracket that goes deeper than `max_depth` (or at a NUL
 * byte); line/column follow jansson: columns count code points (UTF-8 lead bytes), position counts
 * bytes read. It counts the values (for the memory bound) and the `-0` tokens; with `copy` (room
 * for `len + 2 * negative zeros` bytes) it also writes the text with each `-0` rewritten as
 * `-0.0`, recording in `starts` where each rewritten token begins and in `*copy_len` the length. */
static int scan(const char *buf, size_t len, int max_depth, ctl_json_error *err, size_t *values,
                size_t *negative_zeros, char *copy, size_t *starts, size_t *copy_len) {
    int depth = 0, in_string = 0, escaped = 0, line = 1, column = 0;
    size_t count = 1, out = 0;
    *negative_zeros = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (copy) copy[out++] = (char)c;
        if (c == 0) {
            /* A NUL byte is never JSON text (in a string it must be written \u0000); jansson
             * would stop reading at it and accept what came before. */
            err->line = line;
            err->column = column + 1;
            err->position = i + 1;
            err->code = -1;
            snprintf(err->text, sizeof err->text, "NUL byte in JSON text");
            return 1;
        }
        if (c == '\n') {
            line++;
            column = 0;
        } else if ((c & 0xC0) != 0x80) {
            column++;
        }
        if (in_string) {
            if (escaped) escaped = 0;
            else if (c == '\\') escaped = 1;
            else if (c == '"') in_string = 0;
            continue;
        }
        if (c == '"') {
            in_string = 1;
        } else if (is_negative_zero(buf, len, i)) {
            /* `-0`: a float (-0.0), which jansson would read as the integer 0 */
            if (copy) {
                starts[*negative_zeros] = out - 1;
                memcpy(copy + out, "0.0", 3);
                out += 3;
                i++;
                column++;
            }
            (*negative_zeros)++;
        } else if (c == ',' || c == ':') {
            count++;
        } else if (c == '[' || c == '{') {
            count += 4;   /* a container costs a few values (arrays and hash tables) */
            if (++depth > max_depth) {
                err->line = line;
                err->column = column;
                err->position = i + 1;
                err->too_deep = 1;
                err->limit = max_depth;
                err->code = -1;
                snprintf(err->text, sizeof err->text, "too deep (max %d)", max_depth);
                return 1;
            }
        } else if (c == ']' || c == '}') {
            if (depth > 0) depth--;
        }
    }
    *values = count;
    if (copy_len) *copy_len = out;
    return 0;
}

/* Fills `err` for a document refused by the memory bound (or a failed allocation of ours). */
static json_t *refuse_too_big(ctl_json_error *err) {
    err->line = 1;
    err->column = 1;
    err->too_big = 1;
    err->code = -1;
    snprintf(err->text, sizeof err->text, "not enough memory");
    return NULL;
}

/* Bytes jansson spends per value, about (a json_t, its allocation, its slot in the parent). */
#define CTL_JSON_VALUE_COST 64

json_t *ctl_json_decode(const char *buf, size_t len, int reject_duplicates, int max_depth,
                        ctl_json_error *err) {
    return ctl_json_decode_max(buf, len, reject_duplicates, max_depth, (size_t)-1, err);
}

json_t *ctl_json_decode_max(const char *buf, size_t len, int reject_duplicates, int max_depth,
                            size_t max_bytes, ctl_json_error *err) {
    memset(err, 0, sizeof *err);
    max_depth = ctl_json_clamp_depth(max_depth);
    err->limit = max_depth;
    if (buf == NULL) {
        buf = "";
        len = 0;
    }
    size_t values = 0, negative_zeros = 0;
    if (scan(buf, len, max_depth, err, &values, &negative_zeros, NULL, NULL, NULL)) return NULL;
    if (max_bytes != (size_t)-1 &&
        (values > max_bytes / CTL_JSON_VALUE_COST || len > max_bytes - values * CTL_JSON_VALUE_COST)) {
        return refuse_too_big(err);
    }
    size_t flags = JSON_DECODE_ANY | JSON_ALLOW_NUL;
    if (reject_duplicates) flags |= JSON_REJECT_DUPLICATES;
    json_error_t jerr;
    /* `-0` tokens are read as `-0.0` (a copy with each one rewritten); error positions are then
     * mapped back to the text as given. */
    char *copy = NULL;
    size_t *starts = NULL;
    if (negative_zeros > 0) {
        copy = malloc(len + 2 * negative_zeros);
        starts = malloc(negative_zeros * sizeof *starts);
        if (copy == NULL || starts == NULL) {
            free(copy);
            free(starts);
            return refuse_too_big(err);
        }
        size_t out = 0, again = 0;
        scan(buf, len, max_depth, err, &values, &again, copy, starts, &out);
        buf = copy;
        len = out;
    }
    json_t *root = json_loadb(buf, len, flags, &jerr);
    if (root == NULL && copy != NULL) {
        /* Each rewritten token before the error made the text 2 bytes longer (and 2 columns, on its line). */
        size_t before = 0, on_line = 0;
        size_t line_start = (size_t)jerr.position;
        while (line_start > 0 && buf[line_start - 1] != '\n') line_start--;
        for (size_t k = 0; k < negative_zeros; k++) {
            if (starts[k] + 4 <= (size_t)jerr.position) {
                before++;
                if (starts[k] >= line_start) on_line++;
            }
        }
        jerr.position -= (int)(2 * before);
        jerr.column -= (int)(2 * on_line);
    }
    free(copy);
    free(starts);
    if (root == NULL) {
        err->line = jerr.line;
        err->column = jerr.column;
        err->position = (size_t)jerr.position;
        err->code = (int)json_error_code(&jerr);
        snprintf(err->text, sizeof err->text, "%s", jerr.text);
    }
    return root;
}

/* ---- UTF-8 (the same acceptance as jansson: no overlongs, surrogates, > U+10FFFF) ---- */

int ctl_json_utf8_valid(const char *s, size_t len) {
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        unsigned char c = *p;
        if (c < 0x80) { p++; continue; }
        size_t n;
        unsigned cp;
        if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07; }
        else return 0;
        if ((size_t)(end - p) < n) return 0;
        for (size_t i = 1; i < n; i++) {
            if ((p[i] & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000)) return 0; /* overlong */
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
        p += n;
    }
    return 1;
}

/* ---- printer ---- */

typedef struct {
    char *data;
    size_t len, cap, max;
    int failed, too_big;
    int indent, sort;
} outbuf;

static void put(outbuf *b, const char *s, size_t n) {
    if (b->failed) return;
    if (n > b->max - b->len) { b->failed = b->too_big = 1; return; }
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->len + n + 1 > cap) cap *= 2;
        char *data = realloc(b->data, cap);
        if (data == NULL) { b->failed = 1; return; }
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

static void put_char(outbuf *b, char c) { put(b, &c, 1); }

static void put_newline(outbuf *b, int depth) {
    if (b->indent <= 0) return;
    put_char(b, '\n');
    for (int i = 0; i < depth * b->indent; i++) put_char(b, ' ');
}

static void put_string(outbuf *b, const char *s, size_t n) {
    put_char(b, '"');
    size_t run = 0; /* start of the pending run of bytes that need no escape */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *esc = NULL;
        char ubuf[8];
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        default:
            if (c < 0x20) {
                snprintf(ubuf, sizeof ubuf, "\\u%04x", c);
                esc = ubuf;
            }
        }
        if (esc) {
            put(b, s + run, i - run);
            put(b, esc, strlen(esc));
            run = i + 1;
        }
    }
    put(b, s + run, n - run);
    put_char(b, '"');
}

int ctl_json_format_real(char *buf, size_t size, double value) {
    /* Below DBL_MIN fewer digits are significant: search from 1 there. */
    int first = (value != 0 && fabs(value) < DBL_MIN) ? 1 : 15;
    for (int precision = first; precision <= 17; precision++) {
        snprintf(buf, size, "%.*g", precision, value);
        if (strtod(buf, NULL) == value) break;
    }
    /* Keep it a real when read back: "1" -> "1.0". */
    if (strpbrk(buf, ".eE") == NULL) {
        size_t n = strlen(buf);
        if (n + 3 <= size) memcpy(buf + n, ".0", 3);
    }
    /* Tidy exponents like jansson: "1e+16" -> "1e16", "1e-05" -> "1e-5". */
    char *e = strchr(buf, 'e');
    if (e) {
        char *src = e + 1, *dst = e + 1;
        if (*src == '+') src++;
        else if (*src == '-') *dst++ = *src++;
        while (*src == '0' && src[1] != '\0') src++;
        memmove(dst, src, strlen(src) + 1);
    }
    return (int)strlen(buf);
}

typedef struct {
    const char *key;
    size_t len;
    json_t *value;
} member;

static int member_cmp(const void *a, const void *b) {
    const member *x = a, *y = b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->key, y->key, n);
    if (c != 0) return c;
    return (x->len > y->len) - (x->len < y->len);
}

static void dump_value(outbuf *b, const json_t *json, int depth);

static void dump_object(outbuf *b, const json_t *json, int depth) {
    size_t n = json_object_size(json);
    if (n == 0) { put(b, "{}", 2); return; }
    member *members = malloc(n * sizeof *members);
    if (members == NULL) { b->failed = 1; return; }
    size_t count = 0;
    for (void *it = json_object_iter((json_t *)json); it && count < n;
         it = json_object_iter_next((json_t *)json, it)) {
        members[count].key = json_object_iter_key(it);
        members[count].len = json_object_iter_key_len(it);
        members[count].value = json_object_iter_value(it);
        count++;
    }
    if (b->sort) qsort(members, count, sizeof *members, member_cmp);
    put_char(b, '{');
    for (size_t i = 0; i < count; i++) {
        if (i > 0) put_char(b, ',');
        put_newline(b, depth + 1);
        put_string(b, members[i].key, members[i].len);
        if (b->indent > 0) put(b, ": ", 2);
        else put_char(b, ':');
        dump_value(b, members[i].value, depth + 1);
    }
    free(members);
    put_newline(b, depth);
    put_char(b, '}');
}

static void dump_value(outbuf *b, const json_t *json, int depth) {
    char num[64];
    if (b->failed) return;
    if (depth > CTL_JSON_HARD_MAX_DEPTH) { b->failed = 1; return; }
    switch (json_typeof(json)) {
    case JSON_NULL: put(b, "null", 4); break;
    case JSON_TRUE: put(b, "true", 4); break;
    case JSON_FALSE: put(b, "false", 5); break;
    case JSON_INTEGER: {
        int n = snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT, json_integer_value(json));
        put(b, num, (size_t)n);
        break;
    }
    case JSON_REAL: {
        int n = ctl_json_format_real(num, sizeof num, json_real_value(json));
        put(b, num, (size_t)n);
        break;
    }
    case JSON_STRING:
        put_string(b, json_string_value(json), json_string_length(json));
        break;
    case JSON_ARRAY: {
        size_t n = json_array_size(json);
        if (n == 0) { put(b, "[]", 2); break; }
        put_char(b, '[');
        for (size_t i = 0; i < n; i++) {
            if (i > 0) put_char(b, ',');
            put_newline(b, depth + 1);
            dump_value(b, json_array_get(json, i), depth + 1);
        }
        put_newline(b, depth);
        put_char(b, ']');
        break;
    }
    case JSON_OBJECT: dump_object(b, json, depth); break;
    }
}

char *ctl_json_dump(const json_t *json, int indent, int sort_keys, size_t *out_len) {
    int too_big;
    return ctl_json_dump_max(json, indent, sort_keys, (size_t)-1 - 1, out_len, &too_big);
}

char *ctl_json_dump_max(const json_t *json, int indent, int sort_keys, size_t max_len,
                        size_t *out_len, int *too_big) {
    outbuf b = {NULL, 0, 0, max_len, 0, 0, indent < 0 ? 0 : (indent > 31 ? 31 : indent), sort_keys};
    dump_value(&b, json, 0);
    put(&b, "", 0);
    *too_big = b.too_big;
    if (b.failed || b.data == NULL) {
        free(b.data);
        *out_len = 0;
        return NULL;
    }
    b.data[b.len] = '\0';
    *out_len = b.len;
    return b.data;
}

void ctl_json_free(void *buffer) { free(buffer); }
