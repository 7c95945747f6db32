#ifndef CJPEG2000_H
#define CJPEG2000_H
/*
 * CJPEG2000: OpenJPEG behind plain C, the only place IconForge calls it (JPEG 2000 elements of .icns files).
 * Every call returns a status and, on failure, a message.
 */
#include <stddef.h>
#include <stdint.h>

typedef enum cjpeg2000_status {
    CJPEG2000_OK = 0,
    CJPEG2000_E_CORRUPT = 1,      /* not JPEG 2000, malformed or truncated */
    CJPEG2000_E_LIMIT = 2,        /* decodes to more memory than allowed */
    CJPEG2000_E_UNSUPPORTED = 3,  /* a layout IconForge does not convert (subsampled or more than 4 components) */
    CJPEG2000_E_NOMEM = 4,
    CJPEG2000_E_ARGUMENT = 5,
} cjpeg2000_status;

typedef struct cjpeg2000_info {
    uint32_t width;
    uint32_t height;
    uint32_t components;  /* 1 grey, 2 grey and alpha, 3 RGB, 4 RGBA */
    uint32_t precision;   /* bits of the first component */
} cjpeg2000_info;

/** Reads the header (a JP2 file or a bare J2K codestream); refuses images that would take more than `max_bytes`. */
cjpeg2000_status cjpeg2000_read_info(const uint8_t *data, size_t size, uint64_t max_bytes, cjpeg2000_info *info,
                                     char *message, size_t message_capacity);

/** Decodes to straight RGBA, 8 bits a channel, into `rgba` (exactly width*height*4 bytes); a truncated stream is an error. */
cjpeg2000_status cjpeg2000_decode_rgba(const uint8_t *data, size_t size, uint64_t max_bytes, uint8_t *rgba, size_t rgba_size,
                                       char *message, size_t message_capacity);

/** The OpenJPEG version, e.g. "2.5.0". */
const char *cjpeg2000_version(void);

#endif
