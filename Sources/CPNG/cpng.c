/*
 * CPNG: libpng behind setjmp, reading from and writing to caller-owned memory.
 *
 * Why this shape: libpng reports errors by longjmp. A longjmp must never cross Swift frames, and any
 * local written after setjmp is indeterminate once it returns. So each public function owns a small
 * state struct on its own stack, hands its address to a static `run_*` function that calls setjmp and
 * libpng, and cleans up afterwards whatever happened. Callbacks only touch that struct.
 */
#include "cpng.h"
#include "unfilter.h"

#include <png.h>
#include <zlib.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define CPNG_ZBUF_SIZE (256u * 1024u)
/* Filtered rows handed over at a time: small enough to stay in cache until zlib has read them. */
#define CPNG_STRIP_SIZE (64u * 1024u)

typedef struct cpng_state {
    png_structp png;
    png_infop info;
    /* reading */
    const uint8_t *data;
    size_t size;
    size_t pos;
    /* when set, bytes come from here (data holds only the file's first bytes, size is the whole file's) */
    cpng_byte_source source;
    void *source_context;
    int hit_end;
    /* IDAT bytes handed to libpng, the most any encoding of the image can need, and whether rows of the
     * last pass are being read (so that stopping there leaves every pixel decoded) */
    uint64_t idat_read;
    uint64_t idat_bound;
    int last_pass;
    int stopped_trailing;
    /* writing */
    uint8_t *out;
    size_t out_capacity;
    size_t out_pos;
    int overflowed;
    /* reporting */
    char *message;
    size_t message_capacity;
    char warning[160];
    /* encoding: zlib's stream and its output buffer, released by the caller of run_encode */
    z_stream zstream;
    int zstream_open;
    uint8_t *zbuf;
    uint8_t *strip;
} cpng_state;

static void set_message(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) {
        snprintf(message, capacity, "%s", text);
    }
}

static void on_error(png_structp png, png_const_charp text) {
    cpng_state *state = (cpng_state *)png_get_error_ptr(png);
    set_message(state->message, state->message_capacity, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    cpng_state *state = (cpng_state *)png_get_error_ptr(png);
    if (state->warning[0] == '\0') {
        snprintf(state->warning, sizeof state->warning, "%s", text);
    }
}

static void read_from_memory(png_structp png, png_bytep out, size_t count) {
    cpng_state *state = (cpng_state *)png_get_io_ptr(png);
    if (state->idat_bound > 0 && png_get_io_chunk_type(png) == 0x49444154u /* IDAT */
        && (png_get_io_state(png) & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_DATA) {
        /* Checked before this read: libpng asks for IDAT data in pieces of up to 8 KB, and the piece that
         * crosses the bound still holds data the image needs. */
        int past = state->idat_read > state->idat_bound;
        state->idat_read += count;
        if (past) {
            /* More compressed data than the image can need: libpng would inflate all of it to find the
             * stream's end. Stop; past the last pass every row is already in the caller's buffer. */
            state->stopped_trailing = 1;
            png_error(png, "more compressed data than the image needs");
        }
    }
    if (count > state->size - state->pos) {
        state->hit_end = 1;
        png_error(png, "unexpected end of data");
    }
    if (state->source != NULL) {
        /* A file that shrinks while it is read ends early, as a truncated one does. */
        if (state->source(state->source_context, (uint64_t)state->pos, out, count) != count) {
            state->hit_end = 1;
            png_error(png, "unexpected end of data");
        }
    } else {
        memcpy(out, state->data + state->pos, count);
    }
    state->pos += count;
}

static void write_to_memory(png_structp png, png_bytep bytes, size_t count) {
    cpng_state *state = (cpng_state *)png_get_io_ptr(png);
    if (count > state->out_capacity - state->out_pos) {
        state->overflowed = 1;
        png_error(png, "encoded data exceeds the output buffer");
    }
    memcpy(state->out + state->out_pos, bytes, count);
    state->out_pos += count;
}

static void flush_memory(png_structp png) { (void)png; }

static uint32_t load_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

/* Names the place where the data ran out, from libpng's own I/O state. */
static void describe_truncation(cpng_state *state) {
    png_uint_32 io = png_get_io_state(state->png);
    png_uint_32 chunk = png_get_io_chunk_type(state->png);
    char name[5] = {(char)(chunk >> 24), (char)(chunk >> 16), (char)(chunk >> 8), (char)chunk, 0};
    for (int i = 0; i < 4; i++) {
        if (name[i] < 'A' || (name[i] > 'Z' && name[i] < 'a') || name[i] > 'z') name[i] = '?';
    }
    char text[96];
    if ((io & PNG_IO_MASK_LOC) == PNG_IO_SIGNATURE) {
        snprintf(text, sizeof text, "truncated: file ends inside the signature");
    } else if (chunk == 0) {
        snprintf(text, sizeof text, "truncated: file ends before the IHDR chunk");
    } else if ((io & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_DATA || (io & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_CRC) {
        snprintf(text, sizeof text, "truncated: file ends inside %s", name);
    } else {
        snprintf(text, sizeof text, "truncated: file ends after %s, before IEND", name);
    }
    set_message(state->message, state->message_capacity, text);
}

/*
 * Checks the signature, refuses Apple's CgBI variant, and applies the size limits to the IHDR fields
 * before libpng allocates anything. Returns CPNG_OK or a failure with its message set.
 */
static cpng_status precheck(const uint8_t *data, size_t size, const cpng_limits *limits,
                            char *message, size_t capacity) {
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        set_message(message, capacity, "not a PNG file (bad signature)");
        return CPNG_E_SIGNATURE;
    }
    if (size >= 16 && memcmp(data + 12, "CgBI", 4) == 0) {
        set_message(message, capacity, "Apple-optimised (CgBI) PNG");
        return CPNG_E_CGBI;
    }
    if (size >= 24 && memcmp(data + 12, "IHDR", 4) == 0) {
        uint32_t width = load_be32(data + 16), height = load_be32(data + 20);
        char text[128];
        if (width > limits->max_width || height > limits->max_height) {
            snprintf(text, sizeof text, "%ux%u exceeds the %ux%u limit", width, height,
                     limits->max_width, limits->max_height);
            set_message(message, capacity, text);
            return CPNG_E_LIMIT;
        }
        int bit_depth = size >= 25 ? data[24] : 8;
        uint64_t decoded = (uint64_t)width * height * (bit_depth == 16 ? 8u : 4u);
        if (limits->max_decoded_bytes > 0 && decoded > limits->max_decoded_bytes) {
            snprintf(text, sizeof text, "%ux%u %d-bit decodes to %llu MiB, more than the memory limit of %llu MiB",
                     width, height, bit_depth, (unsigned long long)(decoded >> 20),
                     (unsigned long long)(limits->max_decoded_bytes >> 20));
            set_message(message, capacity, text);
            return CPNG_E_LIMIT;
        }
        if ((uint64_t)width * (uint64_t)height > limits->max_pixels) {
            snprintf(text, sizeof text, "%ux%u is %llu pixels, more than the limit of %llu", width, height,
                     (unsigned long long)width * height, (unsigned long long)limits->max_pixels);
            set_message(message, capacity, text);
            return CPNG_E_LIMIT;
        }
    }
    return CPNG_OK;
}

/*
 * The most compressed bytes any valid encoding of the image can take: its filtered rows (Adam7 adds a
 * filter byte per pass row) in stored DEFLATE blocks (5 bytes per 65535), the zlib header and checksum,
 * and 1 KiB of slack. 0 when the header cannot be read.
 */
static uint64_t idat_bound(const uint8_t *data, size_t size) {
    if (size < 33 || memcmp(data + 12, "IHDR", 4) != 0) return 0;
    uint64_t width = load_be32(data + 16), height = load_be32(data + 20);
    unsigned depth = data[24], type = data[25], interlace = data[28];
    unsigned channels = type == 2 ? 3 : type == 4 ? 2 : type == 6 ? 4 : 1;
    uint64_t row = (width * channels * depth + 7) / 8 + 1;
    uint64_t raw = row * height + (interlace ? 7 * (height + 8) : 0);
    return raw + 5 * (raw / 65535 + 1) + 6 + 1024;
}

/* Marks the colour chunks that are really in the file (png_get_valid also reports synthesised ones),
 * reads cHRM's values, and notes IDAT data beyond what the image can need. */
static void scan_chunks(const uint8_t *data, size_t size, cpng_info *info) {
    size_t pos = 8;
    uint64_t idat = 0;
    while (pos <= size && size - pos >= 12) {
        uint32_t length = load_be32(data + pos);
        const uint8_t *type = data + pos + 4;
        if (memcmp(type, "IEND", 4) == 0) break;
        int fits = (uint64_t)length + 12 <= (uint64_t)(size - pos);
        if (memcmp(type, "IDAT", 4) == 0) idat += length;
        else if (idat > 0) { /* colour chunks count only before the image data, as libpng reads them */ }
        else if (memcmp(type, "tRNS", 4) == 0) info->has_trns = 1;
        else if (memcmp(type, "gAMA", 4) == 0) info->has_gama = 1;
        else if (memcmp(type, "sRGB", 4) == 0) info->has_srgb = 1;
        else if (memcmp(type, "iCCP", 4) == 0) info->has_iccp = 1;
        else if (memcmp(type, "cHRM", 4) == 0) {
            info->has_chrm = 1;
            if (length == 32 && fits) {
                for (int i = 0; i < 8; i++) info->chrm[i] = load_be32(data + pos + 8 + 4 * i);
            }
        }
        if (!fits) break;
        pos += (size_t)length + 12;
    }
    uint64_t bound = idat_bound(data, size);
    info->trailing_data = bound > 0 && idat > bound;
}

/* Creates the read struct with our callbacks and limits. Needs no setjmp: it does not call png_error. */
static int open_reader(cpng_state *state, const cpng_limits *limits, int keep_iccp) {
    state->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, state, on_error, on_warning);
    if (state->png == NULL) return 0;
    state->info = png_create_info_struct(state->png);
    if (state->info == NULL) return 0;
    png_set_read_fn(state->png, state, read_from_memory);
    png_set_user_limits(state->png, limits->max_width, limits->max_height);
    png_set_chunk_cache_max(state->png, limits->chunk_cache_max);
    png_set_chunk_malloc_max(state->png, (png_alloc_size_t)limits->chunk_malloc_max);
    /* Text and metadata chunks are never needed: treat them as unknown and drop them unread. */
    static const png_byte skipped[] = "tEXt\0zTXt\0iTXt\0eXIf\0sPLT\0hIST\0tIME\0pCAL\0sCAL\0";
    png_set_keep_unknown_chunks(state->png, PNG_HANDLE_CHUNK_NEVER, skipped, 9);
    if (!keep_iccp) {
        static const png_byte iccp[] = "iCCP\0";
        png_set_keep_unknown_chunks(state->png, PNG_HANDLE_CHUNK_NEVER, iccp, 1);
    }
    return 1;
}

static cpng_status failure(cpng_state *state) {
    if (state->hit_end) {
        describe_truncation(state);
        return CPNG_E_TRUNCATED;
    }
    return CPNG_E_CORRUPT;
}

static cpng_status run_read_info(cpng_state *state, cpng_info *info, uint8_t *icc, size_t icc_capacity) {
    if (setjmp(png_jmpbuf(state->png))) return failure(state);
    png_read_info(state->png, state->info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(state->png, state->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    info->width = width;
    info->height = height;
    info->bit_depth = bit_depth;
    info->color_type = color_type;
    info->interlace_method = interlace;
    png_fixed_point gamma = 0;
    if (info->has_gama && png_get_gAMA_fixed(state->png, state->info, &gamma)) info->gama = (uint32_t)gamma;
    int intent = 0;
    info->srgb_intent = (info->has_srgb && png_get_sRGB(state->png, state->info, &intent)) ? intent : -1;
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(state->png, state->info, &name, &compression, &profile, &profile_length)) {
        info->iccp_length = profile_length;
        snprintf(info->iccp_name, sizeof info->iccp_name, "%s", name != NULL ? name : "");
        if (icc != NULL && profile != NULL) {
            memcpy(icc, profile, profile_length < icc_capacity ? profile_length : icc_capacity);
        }
    }
    return CPNG_OK;
}

cpng_status cpng_read_info(const uint8_t *data, size_t size, const cpng_limits *limits,
                           cpng_info *info, uint8_t *icc, size_t icc_capacity,
                           char *message, size_t message_capacity) {
    if (data == NULL || limits == NULL || info == NULL) return CPNG_E_ARGUMENT;
    memset(info, 0, sizeof *info);
    info->srgb_intent = -1;
    cpng_status status = precheck(data, size, limits, message, message_capacity);
    if (status != CPNG_OK) return status;
    scan_chunks(data, size, info);

    cpng_state state;
    memset(&state, 0, sizeof state);
    state.data = data;
    state.size = size;
    state.message = message;
    state.message_capacity = message_capacity;
    if (!open_reader(&state, limits, 1)) {
        set_message(message, message_capacity, "out of memory creating the PNG reader");
        status = CPNG_E_NOMEM;
    } else {
        status = run_read_info(&state, info, icc, icc_capacity);
    }
    snprintf(info->warning, sizeof info->warning, "%s", state.warning);
    png_destroy_read_struct(&state.png, &state.info, NULL);
    return status;
}

static cpng_status run_decode(cpng_state *state, uint8_t *pixels, size_t pixels_size, int verify_checksum) {
    if (setjmp(png_jmpbuf(state->png))) {
        if (state->stopped_trailing && state->last_pass) return CPNG_OK;
        return failure(state);
    }
    png_structp png = state->png;
    png_infop info = state->info;
#ifdef PNG_IGNORE_ADLER32
    /* Chunk CRCs still guard the compressed data; this skips zlib's checksum of the inflated bytes. */
    if (!verify_checksum) png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#else
    (void)verify_checksum;
#endif
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int color_type = png_get_color_type(png, info);

    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        png_set_add_alpha(png, bit_depth == 16 ? 0xffff : 0xff, PNG_FILLER_AFTER);
    }
    const uint16_t probe = 1;
    if (bit_depth == 16 && *(const uint8_t *)&probe == 1) png_set_swap(png);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    size_t channel_bytes = bit_depth == 16 ? 2 : 1;
    size_t stride = (size_t)width * 4 * channel_bytes;
    if (png_get_rowbytes(png, info) != stride || stride * height != pixels_size) {
        set_message(state->message, state->message_capacity, "pixel buffer does not match the image size");
        return CPNG_E_ARGUMENT;
    }
    /* Row by row into the caller's buffer: no row-pointer array, and for Adam7 each pass fills in
     * its pixels of rows that earlier passes started. */
    for (int pass = 0; pass < passes; pass++) {
        state->last_pass = pass == passes - 1;
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, pixels + (size_t)y * stride, NULL);
        }
    }
    png_read_end(png, NULL);
    return CPNG_OK;
}

/*
 * The common case without libpng: an 8-bit, non-interlaced RGB or RGBA file in memory whose chunks are all
 * well formed. libdeflate inflates the image data in one call and checks its Adler-32 several times faster than
 * zlib's byte-wise inflate and checksum (they were two thirds of validating 1,000 icons), and the rows are
 * unfiltered straight into RGBA. Images up to 32 MiB of rows only. Anything unusual (another format, a bad CRC, a tRNS or unknown critical chunk,
 * image data longer or shorter than the image, trailing data) returns FAST_DECLINED and libpng decodes the file,
 * so every error, warning and edge case is still libpng's.
 */
enum { FAST_DONE = 0, FAST_DECLINED = 1 };

/* Asks for 2 MiB pages over a large buffer nothing has touched yet (see Raster's HugePages: each fresh 4 KiB page is
   a fault, and Linux gives huge pages only to memory that asks). Advice only; a refusal changes nothing. */
static void advise_huge_pages(void *buffer, size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t page = (uintptr_t)2 << 20;
    if (buffer == NULL || size < 2 * page) return;
    uintptr_t first = ((uintptr_t)buffer + page - 1) & ~(page - 1), end = ((uintptr_t)buffer + size) & ~(page - 1);
    if (end > first) (void)madvise((void *)first, end - first, MADV_HUGEPAGE);
#else
    (void)buffer; (void)size;
#endif
}

/* Never inlined: its caller also holds libpng's setjmp, beside which the compiler keeps every local in memory
 * (the unfiltering loops ran at a third of their speed). */
__attribute__((noinline))
static int fast_decode(const uint8_t *data, size_t size, uint8_t *pixels, size_t pixels_size, int verify_checksum) {
    if (size < 8 + 25 || memcmp(data + 12, "IHDR", 4) != 0 || load_be32(data + 8) != 13) return FAST_DECLINED;
    uint32_t width = load_be32(data + 16), height = load_be32(data + 20);
    int bit_depth = data[24], color_type = data[25];
    if (width == 0 || height == 0 || bit_depth != 8 || (color_type != 2 && color_type != 6)) return FAST_DECLINED;
    if (data[26] != 0 || data[27] != 0 || data[28] != 0) return FAST_DECLINED; /* compression, filter, interlace */
    size_t channels = color_type == 6 ? 4 : 3;
    size_t row_bytes = (size_t)width * channels;
    if ((size_t)width * 4 * height != pixels_size) return FAST_DECLINED;
    /* The inflated rows are held whole, beside the pixels: only up to 32 MiB (a 2896² RGBA image), so that a large
     * image, which libpng decodes a row at a time, never needs twice its size. */
    size_t filtered_size = (row_bytes + 1) * height;
    if (filtered_size > ((size_t)32 << 20)) return FAST_DECLINED;

    /* Every chunk's bounds and CRC, and how many bytes of image data there are. */
    size_t position = 8, compressed = 0, first_data = 0;
    int ended = 0, headers = 0, data_runs = 0, in_data = 0;
    while (!ended) {
        if (size - position < 12) return FAST_DECLINED;
        uint32_t length = load_be32(data + position);
        const uint8_t *type = data + position + 4;
        if (length > 0x7fffffffu || size - position - 12 < length) return FAST_DECLINED;
        if (libdeflate_crc32(0, type, (size_t)length + 4) != load_be32(type + 4 + length)) return FAST_DECLINED;
        int is_data = memcmp(type, "IDAT", 4) == 0;
        /* Image data split by another chunk, or a second header: libpng's to judge. */
        if (is_data && !in_data) {
            if (++data_runs > 1) return FAST_DECLINED;
            first_data = position;
        }
        in_data = is_data;
        if (is_data) compressed += length;
        else if (memcmp(type, "IHDR", 4) == 0) { if (++headers > 1) return FAST_DECLINED; }
        else if (memcmp(type, "IEND", 4) == 0) ended = 1;
        else if (memcmp(type, "tRNS", 4) == 0) return FAST_DECLINED;
        else if ((type[0] & 0x20) == 0 && memcmp(type, "PLTE", 4) != 0) return FAST_DECLINED; /* unknown critical */
        position += (size_t)length + 12;
    }
    if (compressed < 6) return FAST_DECLINED;

    uint8_t *joined = malloc(compressed);
    /* Slack after the rows and the zero row: the unfiltering reads whole 4-byte pixels (see unfilter.h). */
    uint8_t *filtered = malloc(filtered_size + CPNG_UNFILTER_SLACK);
    advise_huge_pages(filtered, filtered_size);
    uint8_t *previous = calloc(row_bytes + CPNG_UNFILTER_SLACK, 1);
    struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
    int result = FAST_DECLINED;
    if (joined == NULL || filtered == NULL || previous == NULL || inflater == NULL) goto done;
    /* The image data is one run of IDAT chunks (checked above): joined from its first. */
    for (size_t at = 0, chunk = first_data; at < compressed;) {
        uint32_t length = load_be32(data + chunk);
        memcpy(joined + at, data + chunk + 8, length);
        at += length;
        chunk += (size_t)length + 12;
    }
    size_t used = 0, produced = 0;
    enum libdeflate_result inflated;
    if (verify_checksum) {
        inflated = libdeflate_zlib_decompress_ex(inflater, joined, compressed, filtered, filtered_size, &used, &produced);
        if (inflated != LIBDEFLATE_SUCCESS || used != compressed || produced != filtered_size) goto done;
    } else {
        /* The zlib header's two bytes checked as zlib would, then the raw stream; the Adler-32 after it is not read. */
        if ((joined[0] & 0x0f) != 8 || (joined[0] >> 4) > 7 || (joined[1] & 0x20) != 0 || ((joined[0] << 8) | joined[1]) % 31 != 0) goto done;
        inflated = libdeflate_deflate_decompress_ex(inflater, joined + 2, compressed - 2, filtered, filtered_size, &used, &produced);
        if (inflated != LIBDEFLATE_SUCCESS || used + 6 != compressed || produced != filtered_size) goto done;
    }
    /* Unfiltered in place: each row's predictor is the row before it, already unfiltered; the first row's is zeros. */
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = filtered + (size_t)y * (row_bytes + 1) + 1;
        const uint8_t *above = y == 0 ? previous : row - (row_bytes + 1);
        if (!cpng_unfilter_row(row[-1], row, above, row_bytes, channels)) goto done; /* an unknown filter type: libpng says so */
        uint8_t *out = pixels + (size_t)y * width * 4;
        if (channels == 4) memcpy(out, row, row_bytes);
        else cpng_expand_rgb(row, out, width);
    }
    result = FAST_DONE;
done:
    if (inflater != NULL) libdeflate_free_decompressor(inflater);
    free(joined); free(filtered); free(previous);
    return result;
}

/* The decoder behind both entry points: `data` is the whole file, or with a `source` its first `head` bytes. */
static cpng_status decode_rgba(const uint8_t *data, size_t head, size_t size, cpng_byte_source source, void *context,
                               const cpng_limits *limits, uint8_t *pixels, size_t pixels_size, int32_t verify_checksum,
                               int32_t *trailing_data, char *message, size_t message_capacity) {
    if (data == NULL || limits == NULL || pixels == NULL) return CPNG_E_ARGUMENT;
    cpng_status status = precheck(data, head, limits, message, message_capacity);
    if (status != CPNG_OK) return status;
    if (source == NULL && fast_decode(data, size, pixels, pixels_size, verify_checksum) == FAST_DONE) {
        if (trailing_data != NULL) *trailing_data = 0;
        return CPNG_OK;
    }

    cpng_state state;
    memset(&state, 0, sizeof state);
    state.idat_bound = idat_bound(data, head);
    state.data = data;
    state.size = size;
    state.source = source;
    state.source_context = context;
    state.message = message;
    state.message_capacity = message_capacity;
    if (!open_reader(&state, limits, 0)) {
        set_message(message, message_capacity, "out of memory creating the PNG reader");
        status = CPNG_E_NOMEM;
    } else {
        status = run_decode(&state, pixels, pixels_size, verify_checksum);
    }
    if (trailing_data != NULL) *trailing_data = state.stopped_trailing;
    png_destroy_read_struct(&state.png, &state.info, NULL);
    return status;
}

cpng_status cpng_decode_rgba(const uint8_t *data, size_t size, const cpng_limits *limits,
                             uint8_t *pixels, size_t pixels_size, int32_t verify_checksum,
                             int32_t *trailing_data, char *message, size_t message_capacity) {
    return decode_rgba(data, size, size, NULL, NULL, limits, pixels, pixels_size, verify_checksum, trailing_data,
                       message, message_capacity);
}

cpng_status cpng_decode_rgba_from(const uint8_t *head, size_t head_size, uint64_t file_size,
                                  cpng_byte_source source, void *context, const cpng_limits *limits,
                                  uint8_t *pixels, size_t pixels_size, int32_t verify_checksum,
                                  int32_t *trailing_data, char *message, size_t message_capacity) {
    if (source == NULL || head_size > file_size || file_size > SIZE_MAX) return CPNG_E_ARGUMENT;
    return decode_rgba(head, head_size, (size_t)file_size, source, context, limits, pixels, pixels_size, verify_checksum,
                       trailing_data, message, message_capacity);
}

size_t cpng_encode_bound(uint32_t width, uint32_t height, int32_t keep_alpha) {
    size_t raw = ((size_t)width * (keep_alpha ? 4 : 3) + 1) * (size_t)height;
    /* zlib's deflateBound for stored blocks, plus chunk framing of every IDAT and the fixed chunks. */
    size_t deflated = raw + (raw >> 12) + (raw >> 14) + (raw >> 25) + 13 + 6;
    return deflated + 12 * (deflated / CPNG_ZBUF_SIZE + 2) + 8 + 25 + 13 + 12 + 1024;
}

/* A writer into the caller's buffer, in `state` (on the caller's stack); CPNG_E_NOMEM if libpng cannot start. */
static cpng_status open_writer(cpng_state *state, uint8_t *out, size_t out_capacity,
                               char *message, size_t message_capacity) {
    memset(state, 0, sizeof *state);
    state->out = out;
    state->out_capacity = out_capacity;
    state->message = message;
    state->message_capacity = message_capacity;
    state->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state, on_error, on_warning);
    state->info = state->png != NULL ? png_create_info_struct(state->png) : NULL;
    if (state->png == NULL || state->info == NULL) {
        set_message(message, message_capacity, "out of memory creating the PNG writer");
        png_destroy_write_struct(&state->png, &state->info);
        return CPNG_E_NOMEM;
    }
    return CPNG_OK;
}

/* Reports the bytes written (none unless `status` is CPNG_OK) and frees libpng's structs. */
static cpng_status close_writer(cpng_state *state, cpng_status status, size_t *out_size) {
    *out_size = status == CPNG_OK ? state->out_pos : 0;
    png_destroy_write_struct(&state->png, &state->info);
    return status;
}

/* The signature, IHDR (8-bit, non-interlaced RGB or RGBA) and, on request, sRGB. Called under the caller's setjmp. */
static void write_header(cpng_state *state, uint32_t width, uint32_t height, int keep_alpha, int srgb_chunk) {
    png_set_write_fn(state->png, state, write_to_memory, flush_memory);
    png_set_IHDR(state->png, state->info, width, height, 8,
                 keep_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (srgb_chunk) png_set_sRGB(state->png, state->info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(state->png, state->info);
}

/*
 * The two bytes of a zlib header (RFC 1950) as libpng and zlib write them: the smallest window that holds
 * `total` bytes of rows (at least 256, at most 2^max_bits), which is all a reader needs to allocate.
 */
static unsigned zlib_header(size_t total, int max_bits, unsigned level_flags) {
    int bits = 8;
    while (bits < max_bits && ((size_t)1 << bits) < total) bits++;
    unsigned header = ((unsigned)(bits - 8) << 12 | 8u << 8) | level_flags << 6;
    return header + 31 - header % 31;
}

/*
 * The rows come filtered already, a strip at a time from the caller's `source` (IconForge's own SIMD
 * filters: libpng's filter a byte at a time, plus its pass to drop the alpha byte, were a fifth of
 * encoding a launch image). A strip is compressed while it is still in cache, and no filtered copy of the
 * whole image is ever held. libpng writes the signature, the header, the IDAT chunks and IEND; zlib
 * deflates the rows in one stream. `source` runs between libpng calls, never inside one, so a libpng
 * error never jumps across the caller's frames.
 */
static cpng_status run_encode(cpng_state *state, cpng_row_source source, void *context, uint32_t width, uint32_t height,
                              int keep_alpha, int level, int strategy, int srgb_chunk) {
    if (setjmp(png_jmpbuf(state->png))) return state->overflowed ? CPNG_E_OVERFLOW : CPNG_E_ARGUMENT;
    png_structp png = state->png;
    write_header(state, width, height, keep_alpha, srgb_chunk);
    size_t row_bytes = (size_t)width * (keep_alpha ? 4 : 3) + 1, total = row_bytes * height;
    /* Windows chosen as libpng chooses them. zlib compresses with a window that holds the image and its
     * 262-byte lookahead (smaller would shorten matches), and the header then names the smallest window
     * that holds the image, which is all a reader needs: less memory for readers of small images. */
    int window_bits = 15;
    if (total <= 16384) {
        size_t half_window = (size_t)1 << (window_bits - 1);
        while (total + 262 <= half_window) {
            half_window >>= 1;
            window_bits--;
        }
    }
    /* A raw deflate stream inside a zlib header and checksum written here (RFC 1950), the header as zlib
     * writes it; the caller's source supplies the checksum. memLevel 8 is zlib's default; 9 measured
     * larger and slower here. */
    if (deflateInit2(&state->zstream, level, Z_DEFLATED, -window_bits, 8, strategy) != Z_OK) {
        set_message(state->message, state->message_capacity, "zlib could not start a stream (out of memory)");
        return CPNG_E_NOMEM;
    }
    state->zstream_open = 1;
    size_t strip = CPNG_STRIP_SIZE / row_bytes > 0 ? CPNG_STRIP_SIZE / row_bytes * row_bytes : row_bytes;
    state->zbuf = (uint8_t *)malloc(CPNG_ZBUF_SIZE);
    state->strip = (uint8_t *)malloc(strip);
    if (state->zbuf == NULL || state->strip == NULL) {
        set_message(state->message, state->message_capacity, "out of memory for the rows being compressed");
        return CPNG_E_NOMEM;
    }
    z_stream *z = &state->zstream;
    unsigned level_flags = strategy >= Z_HUFFMAN_ONLY || level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    unsigned header = zlib_header(total, window_bits, level_flags);
    state->zbuf[0] = (uint8_t)(header >> 8);
    state->zbuf[1] = (uint8_t)header;
    z->next_out = state->zbuf + 2;
    z->avail_out = CPNG_ZBUF_SIZE - 2;
    uint32_t checksum = 1;
    size_t done = 0;
    int result = Z_OK;
    while (result != Z_STREAM_END) {
        if (z->avail_in == 0 && done < total) {
            size_t wanted = total - done < strip ? total - done : strip;
            size_t given = source(context, state->strip, wanted, &checksum);
            if (given != wanted) {
                set_message(state->message, state->message_capacity, "the row source ended early");
                return CPNG_E_ARGUMENT;
            }
            for (size_t row = 0; row < given; row += row_bytes) {
                if (state->strip[row] > 4) {
                    set_message(state->message, state->message_capacity, "a row has an unknown filter type");
                    return CPNG_E_ARGUMENT;
                }
            }
            z->next_in = state->strip;
            z->avail_in = (uInt)given;
            done += given;
        }
        result = deflate(z, done == total ? Z_FINISH : Z_NO_FLUSH);
        if (result != Z_OK && result != Z_STREAM_END && result != Z_BUF_ERROR) {
            set_message(state->message, state->message_capacity, "zlib failed while compressing the rows");
            return CPNG_E_ARGUMENT;
        }
        /* One IDAT per full buffer (and the rest, with the checksum, at the end), not one per strip. */
        for (int byte = 0; byte < (result == Z_STREAM_END ? 4 : 0); byte++) {
            if (z->avail_out == 0) {
                png_write_chunk(png, (png_const_bytep)"IDAT", state->zbuf, CPNG_ZBUF_SIZE);
                z->next_out = state->zbuf;
                z->avail_out = CPNG_ZBUF_SIZE;
            }
            *z->next_out++ = (uint8_t)(checksum >> (24 - 8 * byte));
            z->avail_out--;
        }
        size_t produced = CPNG_ZBUF_SIZE - z->avail_out;
        if (produced > 0 && (z->avail_out == 0 || result == Z_STREAM_END)) {
            png_write_chunk(png, (png_const_bytep)"IDAT", state->zbuf, produced);
            z->next_out = state->zbuf;
            z->avail_out = CPNG_ZBUF_SIZE;
        }
    }
    png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
    return CPNG_OK;
}

cpng_status cpng_encode_filtered(cpng_row_source source, void *context, uint32_t width, uint32_t height,
                                 int32_t keep_alpha, int32_t level, int32_t strategy, int32_t srgb_chunk,
                                 uint8_t *out, size_t out_capacity, size_t *out_size,
                                 char *message, size_t message_capacity) {
    int valid = source != NULL && out != NULL && out_size != NULL && width > 0 && height > 0 &&
        width <= 0x7fffffffu && height <= 0x7fffffffu && level >= 0 && level <= 9 &&
        (strategy == CPNG_STRATEGY_DEFAULT || strategy == CPNG_STRATEGY_FILTERED || strategy == CPNG_STRATEGY_RLE);
    if (!valid) {
        set_message(message, message_capacity, "invalid arguments to the PNG encoder");
        if (out_size != NULL) *out_size = 0;
        return CPNG_E_ARGUMENT;
    }
    cpng_state state;
    cpng_status status = open_writer(&state, out, out_capacity, message, message_capacity);
    if (status == CPNG_OK) {
        status = run_encode(&state, source, context, width, height, keep_alpha, level, strategy, srgb_chunk);
    }
    if (state.zstream_open) deflateEnd(&state.zstream);
    free(state.zbuf);
    free(state.strip);
    return close_writer(&state, status, out_size);
}

/*
 * The same file around rows the caller deflated itself (IconForge's own DEFLATE compressor): libpng writes
 * the signature, the header, the zlib stream — header, `deflated`, checksum — as one IDAT chunk per
 * CPNG_ZBUF_SIZE bytes, and IEND.
 */
static cpng_status run_write(cpng_state *state, uint32_t width, uint32_t height, int keep_alpha, int srgb_chunk,
                             const uint8_t *deflated, size_t deflated_size, uint32_t checksum) {
    if (setjmp(png_jmpbuf(state->png))) return state->overflowed ? CPNG_E_OVERFLOW : CPNG_E_ARGUMENT;
    png_structp png = state->png;
    write_header(state, width, height, keep_alpha, srgb_chunk);
    size_t total = ((size_t)width * (keep_alpha ? 4 : 3) + 1) * height;
    unsigned header = zlib_header(total, 15, 2);
    uint8_t head[2] = {(uint8_t)(header >> 8), (uint8_t)header};
    uint8_t tail[4] = {(uint8_t)(checksum >> 24), (uint8_t)(checksum >> 16), (uint8_t)(checksum >> 8), (uint8_t)checksum};
    const uint8_t *parts[3] = {head, deflated, tail};
    size_t sizes[3] = {2, deflated_size, 4}, stream_size = deflated_size + 6;
    int part = 0;
    size_t offset = 0; /* within parts[part] */
    for (size_t done = 0; done < stream_size;) {
        size_t piece = stream_size - done < CPNG_ZBUF_SIZE ? stream_size - done : CPNG_ZBUF_SIZE;
        png_write_chunk_start(png, (png_const_bytep)"IDAT", (png_uint_32)piece);
        for (size_t left = piece; left > 0;) {
            size_t take = sizes[part] - offset < left ? sizes[part] - offset : left;
            png_write_chunk_data(png, parts[part] + offset, take);
            left -= take;
            offset += take;
            if (offset == sizes[part]) { part++; offset = 0; }
        }
        png_write_chunk_end(png);
        done += piece;
    }
    png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
    return CPNG_OK;
}

size_t cpng_write_bound(size_t deflated_size) {
    size_t stream_size = deflated_size + 6;
    return stream_size + 12 * (stream_size / CPNG_ZBUF_SIZE + 1) + 8 + 25 + 13 + 12 + 1024;
}

cpng_status cpng_write_png(uint32_t width, uint32_t height, int32_t keep_alpha, int32_t srgb_chunk,
                           const uint8_t *deflated, size_t deflated_size, uint32_t checksum,
                           uint8_t *out, size_t out_capacity, size_t *out_size,
                           char *message, size_t message_capacity) {
    int valid = deflated != NULL && deflated_size > 0 && out != NULL && out_size != NULL && width > 0 && height > 0 &&
        width <= 0x7fffffffu && height <= 0x7fffffffu;
    if (!valid) {
        set_message(message, message_capacity, "invalid arguments to the PNG writer");
        if (out_size != NULL) *out_size = 0;
        return CPNG_E_ARGUMENT;
    }
    cpng_state state;
    cpng_status status = open_writer(&state, out, out_capacity, message, message_capacity);
    if (status == CPNG_OK) {
        status = run_write(&state, width, height, keep_alpha, srgb_chunk, deflated, deflated_size, checksum);
    }
    return close_writer(&state, status, out_size);
}

const char *cpng_libpng_version(void) { return png_get_libpng_ver(NULL); }

const char *cpng_zlib_version(void) { return zlibVersion(); }

size_t cpng_deflate_bound(size_t size) { return libdeflate_deflate_compress_bound(NULL, size); }

/* One compressor per level per thread, made on first use and freed when the thread ends: a compressor
 * is hundreds of KB whose allocation and page faults cost more than compressing a small icon (an icon set
 * encodes some 60 images and samples). */
static pthread_key_t compressors_key;
static pthread_once_t compressors_once = PTHREAD_ONCE_INIT;

static void free_compressors(void *value) {
    struct libdeflate_compressor **compressors = value;
    for (int level = 0; level <= 12; level++) {
        if (compressors[level] != NULL) libdeflate_free_compressor(compressors[level]);
    }
    free(compressors);
}

static void make_compressors_key(void) { (void)pthread_key_create(&compressors_key, free_compressors); }

static struct libdeflate_compressor *compressor_for(int level) {
    if (pthread_once(&compressors_once, make_compressors_key) != 0) return NULL;
    struct libdeflate_compressor **compressors = pthread_getspecific(compressors_key);
    if (compressors == NULL) {
        compressors = calloc(13, sizeof *compressors);
        if (compressors == NULL) return NULL;
        if (pthread_setspecific(compressors_key, compressors) != 0) { free(compressors); return NULL; }
    }
    if (compressors[level] == NULL) compressors[level] = libdeflate_alloc_compressor(level);
    return compressors[level];
}

cpng_status cpng_deflate(const uint8_t *in, size_t size, int32_t level, uint8_t *out, size_t out_capacity, size_t *out_size,
                         char *message, size_t message_capacity) {
    if (in == NULL || out == NULL || out_size == NULL || level < 1 || level > 12) return CPNG_E_ARGUMENT;
    struct libdeflate_compressor *compressor = compressor_for(level);
    if (compressor == NULL) {
        set_message(message, message_capacity, "out of memory for the DEFLATE compressor");
        return CPNG_E_NOMEM;
    }
    size_t written = libdeflate_deflate_compress(compressor, in, size, out, out_capacity);
    if (written == 0) {
        set_message(message, message_capacity, "the compressed data did not fit the output buffer");
        return CPNG_E_ARGUMENT;
    }
    *out_size = written;
    return CPNG_OK;
}

const char *cpng_libdeflate_version(void) { return LIBDEFLATE_VERSION_STRING; }
