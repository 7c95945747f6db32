/*
 * CJPEG2000: OpenJPEG behind plain C. Each call opens its own decoder over the bytes in memory and closes it
 * whatever happened; OpenJPEG's error callback text becomes the message.
 */
#include "cjpeg2000.h"

#include <openjpeg.h>
#include <stdio.h>
#include <string.h>

typedef struct reader {
    const uint8_t *data;
    size_t size;
    size_t offset;
    char error[256];
} reader;

static void set_message(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) snprintf(message, capacity, "%s", text);
}

static OPJ_SIZE_T read_bytes(void *buffer, OPJ_SIZE_T count, void *user) {
    reader *r = user;
    size_t left = r->size - r->offset;
    if (left == 0) return (OPJ_SIZE_T)-1;
    size_t n = count < left ? count : left;
    memcpy(buffer, r->data + r->offset, n);
    r->offset += n;
    return n;
}

static OPJ_OFF_T skip_bytes(OPJ_OFF_T count, void *user) {
    reader *r = user;
    if (count < 0) {
        if ((size_t)(-count) > r->offset) return -1;
        r->offset -= (size_t)(-count);
        return count;
    }
    size_t left = r->size - r->offset;
    size_t n = (uint64_t)count < left ? (size_t)count : left;
    r->offset += n;
    return (OPJ_OFF_T)n;
}

static OPJ_BOOL seek_bytes(OPJ_OFF_T offset, void *user) {
    reader *r = user;
    if (offset < 0 || (uint64_t)offset > r->size) return OPJ_FALSE;
    r->offset = (size_t)offset;
    return OPJ_TRUE;
}

/* The first error OpenJPEG reports is the one that says what is wrong; later ones follow from it. */
static void on_error(const char *text, void *user) {
    reader *r = user;
    if (r->error[0] != 0 || text == NULL) return;
    snprintf(r->error, sizeof r->error, "%s", text);
    size_t length = strlen(r->error);
    while (length > 0 && (r->error[length - 1] == '\n' || r->error[length - 1] == ' ')) r->error[--length] = 0;
}

static void quiet(const char *text, void *user) { (void)text; (void)user; }

typedef struct session {
    reader input;
    opj_codec_t *codec;
    opj_stream_t *stream;
    opj_image_t *image;
} session;

static void close_session(session *s) {
    if (s->image != NULL) opj_image_destroy(s->image);
    if (s->stream != NULL) opj_stream_destroy(s->stream);
    if (s->codec != NULL) opj_destroy_codec(s->codec);
}

static cjpeg2000_status fail(session *s, char *message, size_t capacity, const char *what) {
    char text[400];
    if (s->input.error[0] != 0) snprintf(text, sizeof text, "%s: %s", what, s->input.error);
    else snprintf(text, sizeof text, "%s", what);
    set_message(message, capacity, text);
    return CJPEG2000_E_CORRUPT;
}

/* Opens the decoder and reads the header; on success s->image holds the header's description. */
static cjpeg2000_status open_session(session *s, const uint8_t *data, size_t size, uint64_t max_bytes, cjpeg2000_info *info,
                                     char *message, size_t capacity) {
    static const uint8_t jp2[12] = {0, 0, 0, 0x0C, 'j', 'P', ' ', ' ', 0x0D, 0x0A, 0x87, 0x0A};
    static const uint8_t j2k[4] = {0xFF, 0x4F, 0xFF, 0x51};
    memset(s, 0, sizeof *s);
    s->input.data = data;
    s->input.size = size;
    OPJ_CODEC_FORMAT format;
    if (size >= sizeof jp2 && memcmp(data, jp2, sizeof jp2) == 0) format = OPJ_CODEC_JP2;
    else if (size >= sizeof j2k && memcmp(data, j2k, sizeof j2k) == 0) format = OPJ_CODEC_J2K;
    else { set_message(message, capacity, "not JPEG 2000 (neither a JP2 signature nor a codestream)"); return CJPEG2000_E_CORRUPT; }

    s->codec = opj_create_decompress(format);
    if (s->codec == NULL) { set_message(message, capacity, "out of memory creating the JPEG 2000 reader"); return CJPEG2000_E_NOMEM; }
    if (!opj_set_error_handler(s->codec, on_error, &s->input) || !opj_set_warning_handler(s->codec, quiet, NULL)
        || !opj_set_info_handler(s->codec, quiet, NULL)) {
        set_message(message, capacity, "could not set up the JPEG 2000 reader");
        return CJPEG2000_E_NOMEM;
    }
    opj_dparameters_t parameters;
    opj_set_default_decoder_parameters(&parameters);
    if (!opj_setup_decoder(s->codec, &parameters)) return fail(s, message, capacity, "could not set up the JPEG 2000 reader");
    /* Strict: a codestream that ends early is an error, not an image with missing tiles. */
    if (!opj_decoder_set_strict_mode(s->codec, OPJ_TRUE)) return fail(s, message, capacity, "could not set up the JPEG 2000 reader");

    s->stream = opj_stream_create(OPJ_J2K_STREAM_CHUNK_SIZE, OPJ_TRUE);
    if (s->stream == NULL) { set_message(message, capacity, "out of memory creating the JPEG 2000 stream"); return CJPEG2000_E_NOMEM; }
    opj_stream_set_user_data(s->stream, &s->input, NULL);
    opj_stream_set_user_data_length(s->stream, (OPJ_UINT64)size);
    opj_stream_set_read_function(s->stream, read_bytes);
    opj_stream_set_skip_function(s->stream, skip_bytes);
    opj_stream_set_seek_function(s->stream, seek_bytes);

    if (!opj_read_header(s->stream, s->codec, &s->image) || s->image == NULL) {
        return fail(s, message, capacity, "not a readable JPEG 2000 header");
    }
    opj_image_t *image = s->image;
    if (image->x1 <= image->x0 || image->y1 <= image->y0 || image->numcomps == 0) {
        set_message(message, capacity, "a JPEG 2000 image of no pixels");
        return CJPEG2000_E_CORRUPT;
    }
    info->width = image->x1 - image->x0;
    info->height = image->y1 - image->y0;
    info->components = image->numcomps;
    info->precision = image->comps[0].prec;
    /* OpenJPEG holds each component as 32-bit integers while decoding, and the RGBA result comes on top. */
    uint64_t pixels = (uint64_t)info->width * info->height;
    uint64_t bytes = pixels * 4u * (image->numcomps < 4 ? 4u : image->numcomps) + pixels * 4u;
    if (bytes > max_bytes) {
        char text[200];
        snprintf(text, sizeof text, "%ux%u JPEG 2000 decodes to %llu MiB, more than the memory limit of %llu MiB", info->width,
                 info->height, (unsigned long long)(bytes >> 20), (unsigned long long)(max_bytes >> 20));
        set_message(message, capacity, text);
        return CJPEG2000_E_LIMIT;
    }
    if (image->numcomps > 4) {
        set_message(message, capacity, "a JPEG 2000 image of more than 4 components");
        return CJPEG2000_E_UNSUPPORTED;
    }
    for (OPJ_UINT32 c = 0; c < image->numcomps; c++) {
        if (image->comps[c].dx != 1 || image->comps[c].dy != 1 || image->comps[c].prec == 0 || image->comps[c].prec > 16) {
            set_message(message, capacity, "a JPEG 2000 image with subsampled components or over 16 bits (not converted)");
            return CJPEG2000_E_UNSUPPORTED;
        }
    }
    return CJPEG2000_OK;
}

cjpeg2000_status cjpeg2000_read_info(const uint8_t *data, size_t size, uint64_t max_bytes, cjpeg2000_info *info,
                                     char *message, size_t message_capacity) {
    if (data == NULL || info == NULL) return CJPEG2000_E_ARGUMENT;
    memset(info, 0, sizeof *info);
    session s;
    cjpeg2000_status status = open_session(&s, data, size, max_bytes, info, message, message_capacity);
    close_session(&s);
    return status;
}

static uint8_t sample(const opj_image_comp_t *comp, size_t index) {
    int32_t value = comp->data[index];
    if (comp->sgnd) value += 1 << (comp->prec - 1);
    int32_t top = (int32_t)((1u << comp->prec) - 1);
    if (value < 0) value = 0;
    if (value > top) value = top;
    return (uint8_t)(((int64_t)value * 255 + top / 2) / top);
}

cjpeg2000_status cjpeg2000_decode_rgba(const uint8_t *data, size_t size, uint64_t max_bytes, uint8_t *rgba, size_t rgba_size,
                                       char *message, size_t message_capacity) {
    if (data == NULL || rgba == NULL) return CJPEG2000_E_ARGUMENT;
    session s;
    cjpeg2000_info info;
    cjpeg2000_status status = open_session(&s, data, size, max_bytes, &info, message, message_capacity);
    if (status == CJPEG2000_OK && (size_t)info.width * info.height * 4 != rgba_size) status = CJPEG2000_E_ARGUMENT;
    if (status == CJPEG2000_OK) {
        if (!opj_decode(s.codec, s.stream, s.image) || !opj_end_decompress(s.codec, s.stream)) {
            status = fail(&s, message, message_capacity, "its JPEG 2000 data is corrupt or truncated");
        }
    }
    if (status == CJPEG2000_OK) {
        opj_image_t *image = s.image;
        for (OPJ_UINT32 c = 0; c < image->numcomps; c++) {
            if (image->comps[c].data == NULL || image->comps[c].w != info.width || image->comps[c].h != info.height) {
                status = fail(&s, message, message_capacity, "its JPEG 2000 data did not decode to the whole image");
                break;
            }
        }
        if (status == CJPEG2000_OK) {
            size_t pixels = (size_t)info.width * info.height;
            OPJ_UINT32 n = image->numcomps;
            /* 1: grey; 2: grey and alpha; 3: RGB; 4: RGBA. */
            for (size_t i = 0; i < pixels; i++) {
                uint8_t *out = rgba + i * 4;
                if (n <= 2) {
                    out[0] = out[1] = out[2] = sample(&image->comps[0], i);
                    out[3] = n == 2 ? sample(&image->comps[1], i) : 255;
                } else {
                    out[0] = sample(&image->comps[0], i);
                    out[1] = sample(&image->comps[1], i);
                    out[2] = sample(&image->comps[2], i);
                    out[3] = n == 4 ? sample(&image->comps[3], i) : 255;
                }
            }
        }
    }
    close_session(&s);
    return status;
}

const char *cjpeg2000_version(void) { return opj_version(); }
