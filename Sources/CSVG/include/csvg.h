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
 * Renders the whole document fitted into `width` x `height` pixels (its aspect kept, as preserveAspectRatio
 * says) and writes straight-alpha RGBA, 8 bits a channel, into `rgba` (exactly width*height*4 bytes).
 */
csvg_status csvg_render_rgba(const uint8_t *data, size_t size, const char *base_path, uint32_t width, uint32_t height,
                             uint8_t *rgba, size_t rgba_size, char *message, size_t message_capacity);

/** The librsvg version this was built with, e.g. "2.54.7". */
const char *csvg_version(void);

#endif
