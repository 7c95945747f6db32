#ifndef CSVG_H
#define CSVG_H
/*
 * CSVG: librsvg (with cairo) behind plain C, the only place IconForge calls it. Every call returns a status
 * and, on failure, a message; nothing here keeps state between calls.
 */
#include <stddef.h>
#include <stdint.h>

typedef enum csvg_status {
    CSVG_OK = 0,
    CSVG_E_PARSE = 1,    /* not SVG, malformed, or refused by librsvg's limits */
    CSVG_E_SIZE = 2,     /* no usable size: neither a viewBox nor a width and height */
    CSVG_E_RENDER = 3,   /* cairo or librsvg failed while drawing */
    CSVG_E_NOMEM = 4,
    CSVG_E_ARGUMENT = 5,
    CSVG_E_LIMIT = 6,    /* an isolated call was stopped by its time limit (or csvg_stop_all) */
    CSVG_E_CRASHED = 7,  /* an isolated call's process died: librsvg aborted, crashed or ran out of its memory */
    CSVG_E_UNAVAILABLE = 8, /* librsvg (or a call this needs) is not installed: the message names what is missing */
} csvg_status;

/** What an SVG says about its size: the viewBox (when present) and the intrinsic size in CSS pixels at 96 dpi. */
typedef struct csvg_info {
    int32_t has_viewbox;
    double viewbox_width;
    double viewbox_height;
    int32_t has_size;     /* width and height convert to pixels (not percentages) */
    double width;
    double height;
} csvg_info;

/**
 * Parses `size` bytes of SVG. `base_path` (may be NULL) is the file's own path: images it references are
 * resolved against it, and librsvg loads only files in that folder or below it, never from the network.
 */
csvg_status csvg_read_info(const uint8_t *data, size_t size, const char *base_path, csvg_info *info,
                           char *message, size_t message_capacity);

/**
 * Renders the document fitted into `width` x `height` pixels (its aspect kept, as preserveAspectRatio says) and
 * writes rows `first_row` ..< `first_row + rows` of it as straight-alpha RGBA, 8 bits a channel, into `rgba`
 * (exactly width*rows*4 bytes). A band is drawn as the whole drawing would be, shifted by whole pixels, so bands
 * side by side are the whole drawing, except where a filter effect reads pixels beyond its band.
 */
csvg_status csvg_render_rgba(const uint8_t *data, size_t size, const char *base_path, uint32_t width, uint32_t height,
                             uint32_t first_row, uint32_t rows, uint8_t *rgba, size_t rgba_size, char *message,
                             size_t message_capacity);

/**
 * What one isolated call may use. librsvg can abort the process (a Rust panic on some feConvolveMatrix input),
 * loop for minutes (feTurbulence with a huge numOctaves, long <text>) or take gigabytes (nested group opacity),
 * so the isolated calls below run it in a child process under these limits: a crash or a limit ends only that
 * child, and the call returns CSVG_E_LIMIT or CSVG_E_CRASHED with one line saying which.
 */
typedef struct csvg_limits {
    double wall_seconds;       /* the child is killed after this long */
    uint32_t cpu_seconds;      /* RLIMIT_CPU */
    uint64_t memory_bytes;     /* address space the child may add to what it inherits (RLIMIT_AS, Linux) */
} csvg_limits;

/** csvg_read_info in a child process under `limits`. */
csvg_status csvg_read_info_isolated(const uint8_t *data, size_t size, const char *base_path, const csvg_limits *limits,
                                    csvg_info *info, char *message, size_t message_capacity);

/** csvg_render_rgba in a child process under `limits`; the pixels come back through shared memory. */
csvg_status csvg_render_rgba_isolated(const uint8_t *data, size_t size, const char *base_path, uint32_t width, uint32_t height,
                                      uint32_t first_row, uint32_t rows, const csvg_limits *limits, uint8_t *rgba,
                                      size_t rgba_size, char *message, size_t message_capacity);

/** Kills every isolated call in progress (they return CSVG_E_LIMIT, "IconForge is stopping"): a daemon stopping
 * does not wait for them. Calls started afterwards run as usual. */
void csvg_stop_all(void);

/** The librsvg version this was built with, e.g. "2.54.7". */
const char *csvg_version(void);

#endif
