#ifndef CJPEG_H
#define CJPEG_H
/*
 * CJPEG: libjpeg-turbo's TurboJPEG API behind plain C, the only place IconForge calls it. Every call
 * returns a status and, on failure, a message.
 */
#include <stddef.h>
#include <stdint.h>

typedef enum cjpeg_status {
    CJPEG_OK = 0,
    CJPEG_E_CORRUPT = 1,   /* not a JPEG, malformed or truncated (any libjpeg warning counts) */
    CJPEG_E_LIMIT = 2,     /* decodes to more memory than allowed */
    CJPEG_E_CMYK = 3,      /* CMYK or YCCK: colours need the file's print profile to convert */
    CJPEG_E_NOMEM = 4,
    CJPEG_E_ARGUMENT = 5,
} cjpeg_status;

typedef struct cjpeg_info {
    uint32_t width;
    uint32_t height;
    int32_t colorspace;    /* 0 RGB, 1 YCbCr, 2 grey, 3 CMYK, 4 YCCK (TurboJPEG's TJCS) */
    int32_t subsampling;   /* TurboJPEG's TJSAMP */
} cjpeg_info;

/** Reads the header only; refuses images whose RGBA pixels would take more than `max_bytes`. */
cjpeg_status cjpeg_read_info(const uint8_t *data, size_t size, uint64_t max_bytes, cjpeg_info *info,
                             char *message, size_t message_capacity);

/**
 * Decodes to RGBA, 8 bits a channel, into `rgba` (exactly width*height*4 bytes, as cjpeg_read_info gave).
 * Progressive files with absurd numbers of scans are refused; a truncated file is an error, not a grey tail.
 */
cjpeg_status cjpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_bytes, uint8_t *rgba, size_t rgba_size,
                               char *message, size_t message_capacity);

/** The libjpeg-turbo version this was built with, e.g. "2.1.5". */
const char *cjpeg_version(void);

#endif
