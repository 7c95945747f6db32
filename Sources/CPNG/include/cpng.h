/*
 * CPNG: the only code in IconForge that touches libpng or zlib.
 *
 * Every entry point sets up its own setjmp, reads from or writes to caller-owned memory, and returns
 * a status code plus libpng's message. No libpng error ever longjmps out of this file, no callback
 * ever reaches Swift, and nothing here prints or aborts.
 */
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Outcome of a CPNG call. Anything but CPNG_OK comes with a message. */
typedef enum cpng_status {
    CPNG_OK = 0,
    CPNG_E_SIGNATURE = 1, /* not a PNG file */
    CPNG_E_CGBI = 2,      /* Apple's CgBI variant, which libpng cannot read */
    CPNG_E_LIMIT = 3,     /* dimensions exceed the caller's limits */
    CPNG_E_TRUNCATED = 4, /* the data ended early */
    CPNG_E_CORRUPT = 5,   /* libpng rejected the data */
    CPNG_E_NOMEM = 6,     /* an allocation failed */
    CPNG_E_ARGUMENT = 7,  /* the caller passed inconsistent sizes */
    CPNG_E_OVERFLOW = 8   /* the encoder's output did not fit the caller's buffer */
} cpng_status;

/** Limits checked against the header before any image memory is allocated. */
typedef struct cpng_limits {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
    uint64_t max_decoded_bytes; /* width * height * 4 (8 for 16-bit samples): the decoded image's size */
    uint32_t chunk_cache_max;   /* how many ancillary chunks libpng may keep */
    uint64_t chunk_malloc_max;  /* the largest single chunk (after decompression) libpng may allocate */
} cpng_limits;

/** Header facts and the colour chunks present in the file (from the chunk list itself). */
typedef struct cpng_info {
    uint32_t width;
    uint32_t height;
    int32_t bit_depth;
    int32_t color_type;
    int32_t interlace_method;
    int32_t has_trns;
    int32_t has_gama;
    int32_t has_srgb;
    int32_t has_iccp;
    int32_t has_chrm;
    uint32_t chrm[8];       /* cHRM white x,y, red x,y, green x,y, blue x,y times 100000; 0 when absent */
    int32_t trailing_data;  /* the IDAT chunks hold more compressed data than any encoding of the image needs */
    uint32_t gama;          /* gAMA value times 100000, 0 when absent or unreadable */
    int32_t srgb_intent;    /* -1 when there is no sRGB chunk */
    uint32_t iccp_length;   /* decompressed profile length; 0 when absent or discarded */
    char iccp_name[80];
    char warning[160];      /* libpng's first warning, if any */
} cpng_info;

/**
 * Reads the header and colour chunks. `icc` (may be NULL) receives up to `icc_capacity` bytes of the
 * decompressed ICC profile.
 */
/** The versions of libpng and zlib IconForge runs with (not those it was built against). */
const char *cpng_libpng_version(void);
const char *cpng_zlib_version(void);

cpng_status cpng_read_info(const uint8_t *data, size_t size, const cpng_limits *limits,
                           cpng_info *info, uint8_t *icc, size_t icc_capacity,
                           char *message, size_t message_capacity);

/**
 * Decodes the whole image to RGBA, 8 bits per channel, or 16 bits per channel in native byte order
 * when the source has 16-bit samples. `pixels` must hold exactly width*height*4*(bit_depth==16?2:1)
 * bytes, as cpng_read_info reported them. With `verify_checksum` 0 the zlib stream's Adler-32 is not
 * checked (chunk CRCs still are). Compressed data beyond what any encoding of the image needs is not
 * inflated (a 1x1 image with gigabytes of deflated zeros after it costs nothing): `trailing_data`
 * (may be NULL) is set to 1 and the pixels are returned.
 */
cpng_status cpng_decode_rgba(const uint8_t *data, size_t size, const cpng_limits *limits,
                             uint8_t *pixels, size_t pixels_size, int32_t verify_checksum,
                             int32_t *trailing_data, char *message, size_t message_capacity);

/**
 * Supplies `wanted` bytes of the file starting at `offset` into `buffer` and returns how many it wrote;
 * anything but `wanted` reads as the file ending there.
 */
typedef size_t (*cpng_byte_source)(void *context, uint64_t offset, uint8_t *buffer, size_t wanted);

/**
 * cpng_decode_rgba for a file that is not in memory whole: `head` holds its first `head_size` bytes (at least
 * the signature and IHDR), `source` supplies any of its `file_size` bytes as the decoder reads them, so only
 * the pixels need memory of the image's size.
 */
cpng_status cpng_decode_rgba_from(const uint8_t *head, size_t head_size, uint64_t file_size,
                                  cpng_byte_source source, void *context, const cpng_limits *limits,
                                  uint8_t *pixels, size_t pixels_size, int32_t verify_checksum,
                                  int32_t *trailing_data, char *message, size_t message_capacity);

/** The largest number of bytes cpng_encode_filtered can produce for such an image. */
size_t cpng_encode_bound(uint32_t width, uint32_t height, int32_t keep_alpha);

/**
 * Supplies the next `wanted` bytes of filtered rows (always whole rows) into `buffer`, sets `*checksum` to
 * the Adler-32 (RFC 1950) of all the rows supplied so far, and returns how many bytes it wrote; anything
 * but `wanted` stops the encoder with an error. (The caller computes the checksum: zlib's adds a byte at
 * a time.)
 */
typedef size_t (*cpng_row_source)(void *context, uint8_t *buffer, size_t wanted, uint32_t *checksum);

/**
 * Writes an 8-bit, non-interlaced PNG from rows already filtered, which `source` supplies a strip at a
 * time: `height` rows of one filter-type byte (0-4) and `width` pixels of 3 bytes (colour type 2) or 4
 * with `keep_alpha` (colour type 6). `level` is a zlib level 0-9, `strategy` one of CPNG_STRATEGY_*;
 * `srgb_chunk` adds an sRGB chunk.
 */
cpng_status cpng_encode_filtered(cpng_row_source source, void *context, uint32_t width, uint32_t height,
                                 int32_t keep_alpha, int32_t level, int32_t strategy, int32_t srgb_chunk,
                                 uint8_t *out, size_t out_capacity, size_t *out_size,
                                 char *message, size_t message_capacity);

/** The most bytes cpng_deflate can produce from `size` bytes of input (libdeflate's bound). */
size_t cpng_deflate_bound(size_t size);

/**
 * Compresses `size` bytes into a raw DEFLATE stream (RFC 1951) with libdeflate at `level` (1 fastest … 12
 * smallest), writing at most `out_capacity` bytes (cpng_deflate_bound of the input always suffices).
 */
cpng_status cpng_deflate(const uint8_t *in, size_t size, int32_t level, uint8_t *out, size_t out_capacity, size_t *out_size,
                         char *message, size_t message_capacity);

/** The libdeflate version IconForge was built with. */
const char *cpng_libdeflate_version(void);

/** The largest number of bytes cpng_write_png can produce around `deflated_size` bytes of DEFLATE data. */
size_t cpng_write_bound(size_t deflated_size);

/**
 * Writes an 8-bit, non-interlaced PNG (colour type 2, or 6 with `keep_alpha`) whose image data is
 * `deflated`: a raw DEFLATE stream (RFC 1951) of `height` filtered rows, compressed by the caller, whose
 * Adler-32 is `checksum`. The zlib header and trailer around it are written here, as for
 * cpng_encode_filtered. `srgb_chunk` adds an sRGB chunk.
 */
cpng_status cpng_write_png(uint32_t width, uint32_t height, int32_t keep_alpha, int32_t srgb_chunk,
                           const uint8_t *deflated, size_t deflated_size, uint32_t checksum,
                           uint8_t *out, size_t out_capacity, size_t *out_size,
                           char *message, size_t message_capacity);

/** zlib strategies for cpng_encode_filtered (zlib's Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE). */
enum {
    CPNG_STRATEGY_DEFAULT = 0,
    CPNG_STRATEGY_FILTERED = 1,
    CPNG_STRATEGY_RLE = 3
};

#ifdef __cplusplus
}
#endif

#endif
