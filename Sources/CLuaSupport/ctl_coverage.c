/*
 * Line coverage (see ctl_coverage.h): hit counts recorded by the hook in plain C memory, and
 * the executable lines of each chunk read from its bytecode.
 *
 * The bytecode is Lua 5.4's dump format (ldump.c), produced by the public `lua_dump` with
 * debug information kept: a header, then per function its code and line information, with
 * the nested functions (prototypes) inline. Only sizes are needed to walk it; any surprise
 * (another format, a truncated dump) abandons the walk and records nothing for the chunk.
 */
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include "ctl_coverage.h"
#include "ctl_runtime.h"

typedef struct cov_file {
    char *name;              /* chunk name without '@' */
    long long *hits;         /* hits per line (index = line) */
    unsigned char *active;   /* 1 when the line is executable */
    int size;                /* entries in hits and active */
    int loaded;              /* loaded through ctl_coverage_chunk (not a chunk a script named '@...') */
    int mapped;              /* executable lines recorded at load */
} cov_file;

struct ctl_coverage {
    cov_file *files;
    int count;
    int capacity;
    const char *last_source;   /* the source string of the last line event (a cache key) */
    int last_index;
};

ctl_coverage *ctl_coverage_new(void) {
    ctl_coverage *cov = calloc(1, sizeof *cov);
    if (cov) cov->last_index = -1;
    return cov;
}

void ctl_coverage_free(ctl_coverage *cov) {
    if (cov == NULL) return;
    for (int i = 0; i < cov->count; i++) {
        free(cov->files[i].name);
        free(cov->files[i].hits);
        free(cov->files[i].active);
    }
    free(cov->files);
    free(cov);
}

/* The file named `name`, added when new; -1 when out of memory. */
static int file_index(ctl_coverage *cov, const char *name) {
    for (int i = 0; i < cov->count; i++)
        if (strcmp(cov->files[i].name, name) == 0) return i;
    if (cov->count == cov->capacity) {
        int capacity = cov->capacity ? cov->capacity * 2 : 8;
        cov_file *files = realloc(cov->files, (size_t)capacity * sizeof *files);
        if (files == NULL) return -1;
        cov->files = files;
        cov->capacity = capacity;
    }
    char *copy = strdup(name);
    if (copy == NULL) return -1;
    cov_file *f = &cov->files[cov->count];
    memset(f, 0, sizeof *f);
    f->name = copy;
    return cov->count++;
}

/* Makes room for `line` in `f`; 0 when out of memory. */
static int reserve(cov_file *f, int line) {
    if (line < f->size) return 1;
    int size = f->size ? f->size : 64;
    while (size <= line) size *= 2;
    long long *hits = realloc(f->hits, (size_t)size * sizeof *hits);
    if (hits == NULL) return 0;
    f->hits = hits;
    unsigned char *active = realloc(f->active, (size_t)size);
    if (active == NULL) return 0;
    f->active = active;
    memset(f->hits + f->size, 0, (size_t)(size - f->size) * sizeof *hits);
    memset(f->active + f->size, 0, (size_t)(size - f->size));
    f->size = size;
    return 1;
}

void ctl_coverage_line(lua_State *L, ctl_coverage *cov, lua_Debug *ar) {
    if (ar->currentline <= 0 || !lua_getinfo(L, "S", ar) || ar->source == NULL || ar->source[0] != '@') return;
    int i = cov->last_index;
    /* The pointer is only a hint (a collected chunk's string may be reused): the name decides. */
    if (ar->source != cov->last_source || i < 0 || strcmp(cov->files[i].name, ar->source + 1) != 0) {
        i = file_index(cov, ar->source + 1);
        if (i < 0) return;
        cov->last_source = ar->source;
        cov->last_index = i;
    }
    cov_file *f = &cov->files[i];
    if (!reserve(f, ar->currentline)) return;
    f->hits[ar->currentline]++;
}

/* ---- executable lines from the dump ---- */

typedef struct {
    unsigned char *data;
    size_t length, capacity;
} dump_buffer;

static int dump_writer(lua_State *L, const void *p, size_t sz, void *ud) {
    (void)L;
    dump_buffer *b = ud;
    if (b->length + sz > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->length + sz) capacity *= 2;
        unsigned char *data = realloc(b->data, capacity);
        if (data == NULL) return 1;
        b->data = data;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, p, sz);
    b->length += sz;
    return 0;
}

/* lua_CFunction (function, buffer): dumps the function with its debug information. */
static int op_dump(lua_State *L) {
    dump_buffer *b = lua_touserdata(L, 2);
    lua_settop(L, 1);
    lua_pushboolean(L, lua_dump(L, dump_writer, b, 0) == 0);
    return 1;
}

typedef struct {
    const unsigned char *p, *end;
    int ok;
    int instruction, integer, number;   /* sizes from the header */
    int *lines;                         /* executable lines found (may repeat) */
    size_t count, capacity;
} reader;

static unsigned byte(reader *r) {
    if (r->p >= r->end) { r->ok = 0; return 0; }
    return *r->p++;
}

static void skip(reader *r, size_t n) {
    if ((size_t)(r->end - r->p) < n) { r->ok = 0; r->p = r->end; return; }
    r->p += n;
}

/* ldump.c's dumpSize: 7 bits per byte, most significant first, the last byte marked 0x80. */
static size_t read_size(reader *r) {
    size_t x = 0;
    for (int n = 0; r->ok; n++) {
        unsigned b = byte(r);
        if (n > 9) { r->ok = 0; break; }
        x = (x << 7) | (b & 0x7f);
        if (b & 0x80) break;
    }
    return x;
}

static void read_string(reader *r) {
    size_t n = read_size(r);
    if (n > 0) skip(r, n - 1);
}

static void add_line(reader *r, long line) {
    if (line <= 0 || line > 100000000) { r->ok = 0; return; }
    if (r->count == r->capacity) {
        size_t capacity = r->capacity ? r->capacity * 2 : 256;
        int *lines = realloc(r->lines, capacity * sizeof *lines);
        if (lines == NULL) { r->ok = 0; return; }
        r->lines = lines;
        r->capacity = capacity;
    }
    r->lines[r->count++] = (int)line;
}

/* One function (ldump.c's dumpFunction) and, inline, its nested functions. */
static void read_function(reader *r, int depth) {
    if (depth > 250) { r->ok = 0; return; }
    read_string(r);                            /* source */
    long line = (long)read_size(r);            /* linedefined */
    read_size(r);                              /* lastlinedefined */
    byte(r);                              /* numparams */
    int vararg = (int)byte(r);
    byte(r);                              /* maxstacksize */
    size_t code = read_size(r);
    if (code > (size_t)(r->end - r->p)) { r->ok = 0; return; }
    skip(r, code * (size_t)r->instruction);
    size_t n = read_size(r);                   /* constants */
    for (size_t i = 0; i < n && r->ok; i++) {
        switch (byte(r)) {
        case 0x00: case 0x01: case 0x11: break;         /* nil, false, true */
        case 0x03: skip(r, (size_t)r->integer); break;   /* integer */
        case 0x13: skip(r, (size_t)r->number); break;    /* float */
        case 0x04: case 0x14: read_string(r); break;          /* short, long string */
        default: r->ok = 0;
        }
    }
    n = read_size(r);                          /* upvalues: instack, idx, kind */
    if (n > (size_t)(r->end - r->p)) { r->ok = 0; return; }
    skip(r, n * 3);
    n = read_size(r);                          /* nested functions */
    for (size_t i = 0; i < n && r->ok; i++) read_function(r, depth + 1);
    if (!r->ok) return;
    size_t count = read_size(r);               /* lineinfo: one signed delta per instruction */
    if (count != code && count != 0) { r->ok = 0; return; }
    const unsigned char *deltas = r->p;
    skip(r, count);
    size_t absolute = read_size(r);            /* (pc, line) pairs where a delta would not fit */
    size_t used = 0;
    for (size_t pc = 0; pc < count && r->ok; pc++) {
        signed char delta = (signed char)deltas[pc];
        if (delta == -128) {              /* ABSLINEINFO: the next pair holds the line */
            if (used++ == absolute) { r->ok = 0; break; }
            if (read_size(r) != pc) { r->ok = 0; break; }
            line = (long)read_size(r);
        } else {
            line += delta;
        }
        /* Skip VARARGPREP (first of a vararg function) and the final implicit return. */
        if ((vararg && pc == 0) || pc + 1 == count) continue;
        add_line(r, line);
    }
    for (; used < absolute && r->ok; used++) { read_size(r); read_size(r); }
    n = read_size(r);                          /* local variables: name, startpc, endpc */
    for (size_t i = 0; i < n && r->ok; i++) { read_string(r); read_size(r); read_size(r); }
    n = read_size(r);                          /* upvalue names */
    for (size_t i = 0; i < n && r->ok; i++) read_string(r);
}

/* Walks a whole dump; r->lines gets every executable line. */
static void walk(reader *r) {
    static const unsigned char header[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n";
    if ((size_t)(r->end - r->p) < sizeof header - 1 || memcmp(r->p, header, sizeof header - 1) != 0) { r->ok = 0; return; }
    skip(r, sizeof header - 1);
    r->instruction = (int)byte(r);
    r->integer = (int)byte(r);
    r->number = (int)byte(r);
    if (r->instruction != 4 || r->integer < 1 || r->integer > 16 || r->number < 1 || r->number > 16) { r->ok = 0; return; }
    skip(r, (size_t)r->integer + (size_t)r->number);   /* LUAC_INT, LUAC_NUM */
    byte(r);                                             /* upvalues of the main closure */
    read_function(r, 0);
    if (r->p != r->end) r->ok = 0;
}

int ctl_coverage_chunk(lua_State *L, int idx) {
    ctl_runtime *rt = ctl_getruntime(L);
    ctl_coverage *cov = rt->coverage;
    if (cov == NULL || lua_type(L, idx) != LUA_TFUNCTION || lua_iscfunction(L, idx)) return 0;
    idx = lua_absindex(L, idx);
    lua_Debug ar;
    lua_pushvalue(L, idx);
    if (!lua_getinfo(L, ">S", &ar) || ar.source == NULL || ar.source[0] != '@') return 0;
    if (!lua_checkstack(L, 3)) return 0;
    dump_buffer buffer = {0};
    lua_pushcfunction(L, op_dump);
    lua_pushvalue(L, idx);
    lua_pushlightuserdata(L, &buffer);
    int dumped = lua_pcall(L, 2, 1, 0) == LUA_OK && lua_toboolean(L, -1);
    lua_pop(L, 1);
    int recorded = 0;
    int i = file_index(cov, ar.source + 1);
    if (i >= 0) cov->files[i].loaded = 1;
    if (dumped && i >= 0) {
        reader r = {buffer.data, buffer.data + buffer.length, 1, 0, 0, 0, NULL, 0, 0};
        walk(&r);
        if (r.ok) {
            cov_file *f = &cov->files[i];
            recorded = 1;
            for (size_t k = 0; k < r.count && recorded; k++) {
                if (!reserve(f, r.lines[k])) recorded = 0;
                else f->active[r.lines[k]] = 1;
            }
            if (recorded) f->mapped = 1;
        }
        free(r.lines);
    }
    free(buffer.data);
    return recorded;
}

/* ---- reading ---- */

int ctl_coverage_count(const ctl_coverage *cov) { return cov ? cov->count : 0; }

const char *ctl_coverage_name(const ctl_coverage *cov, int i) { return cov->files[i].name; }

int ctl_coverage_lines(const ctl_coverage *cov, int i) {
    const cov_file *f = &cov->files[i];
    for (int line = f->size - 1; line > 0; line--)
        if (f->hits[line] || f->active[line]) return line;
    return 0;
}

int ctl_coverage_mapped(const ctl_coverage *cov, int i) {
    const cov_file *f = &cov->files[i];
    return f->mapped ? 2 : f->loaded ? 1 : 0;
}

int ctl_coverage_get(const ctl_coverage *cov, int i, int line, long long *hits) {
    const cov_file *f = &cov->files[i];
    if (line <= 0 || line >= f->size) { *hits = 0; return 0; }
    *hits = f->hits[line];
    return f->active[line];
}
