#ifndef CWEBP_H
#define CWEBP_H
/*
 * CWebP: libwebp's decoder behind plain C, the only place IconForge calls it. Every call returns a status and,
 * on failure, a message.
 */
#include <stddef.h>
#include <stdint.h>

typedef enum cwebp_status {
    CWEBP_OK = 0,
    CWEBP_E_CORRUPT = 1,   /* not a WebP, malformed or truncated */
    CWEBP_E_LIMIT = 2,     /* decodes to more memory than allowed */
    CWEBP_E_ANIMATED = 3,  /* an animation: the still decoder reads no frame of it */
    CWEBP_E_NOMEM = 4,
    CWEBP_E_ARGUMENT = 5,
} cwebp_status;

typedef struct cwebp_info {
    uint32_t width;
    uint32_t height;
    int32_t has_alpha;
    int32_t is_lossless;   /* 1 lossless (VP8L), 0 lossy (VP8) or mixed */
} cwebp_info;

/** Reads the header only; refuses images whose RGBA pixels would take more than `max_bytes`. */
cwebp_status cwebp_read_info(const uint8_t *data, size_t size, uint64_t max_bytes, cwebp_info *info,
                             char *message, size_t message_capacity);

/** Decodes to straight RGBA, 8 bits a channel, into `rgba` (exactly width*height*4 bytes, as cwebp_read_info gave). */
cwebp_status cwebp_decode_rgba(const uint8_t *data, size_t size, uint64_t max_bytes, uint8_t *rgba, size_t rgba_size,
                               char *message, size_t message_capacity);

/** The libwebp version, e.g. "1.2.4". */
void cwebp_version(char *text, size_t capacity);

#endif
