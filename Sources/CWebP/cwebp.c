/*
 * CWebP: libwebp's simple decoding API behind plain C.
 */
#include "cwebp.h"

#include <webp/decode.h>
#include <stdio.h>
#include <string.h>

static void set_message(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) snprintf(message, capacity, "%s", text);
}

static const char *describe(VP8StatusCode code) {
    switch (code) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "its image data is corrupt";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "it uses a feature libwebp does not support";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "it is truncated (the data ends before the image does)";
    default: return "libwebp could not read it";
    }
}

static cwebp_status header(const uint8_t *data, size_t size, uint64_t max_bytes, cwebp_info *info, char *message, size_t capacity) {
    WebPBitstreamFeatures features;
    VP8StatusCode code = WebPGetFeatures(data, size, &features);
    if (code != VP8_STATUS_OK) {
        char text[160];
        snprintf(text, sizeof text, "not a readable WebP: %s", describe(code));
        set_message(message, capacity, text);
        return code == VP8_STATUS_OUT_OF_MEMORY ? CWEBP_E_NOMEM : CWEBP_E_CORRUPT;
    }
    if (features.width <= 0 || features.height <= 0) { set_message(message, capacity, "a WebP of no pixels"); return CWEBP_E_CORRUPT; }
    info->width = (uint32_t)features.width;
    info->height = (uint32_t)features.height;
    info->has_alpha = features.has_alpha;
    info->is_lossless = features.format == 2;
    uint64_t bytes = (uint64_t)info->width * info->height * 4u;
    if (bytes > max_bytes) {
        char text[160];
        snprintf(text, sizeof text, "%ux%u decodes to %llu MiB, more than the memory limit of %llu MiB", info->width, info->height,
                 (unsigned long long)(bytes >> 20), (unsigned long long)(max_bytes >> 20));
        set_message(message, capacity, text);
        return CWEBP_E_LIMIT;
    }
    if (features.has_animation) {
        set_message(message, capacity, "an animated WebP: an icon is one still image");
        return CWEBP_E_ANIMATED;
    }
    return CWEBP_OK;
}

cwebp_status cwebp_read_info(const uint8_t *data, size_t size, uint64_t max_bytes, cwebp_info *info,
                             char *message, size_t message_capacity) {
    if (data == NULL || info == NULL) return CWEBP_E_ARGUMENT;
    memset(info, 0, sizeof *info);
    return header(data, size, max_bytes, info, message, message_capacity);
}

cwebp_status cwebp_decode_rgba(const uint8_t *data, size_t size, uint64_t max_bytes, uint8_t *rgba, size_t rgba_size,
                               char *message, size_t message_capacity) {
    if (data == NULL || rgba == NULL) return CWEBP_E_ARGUMENT;
    cwebp_info info;
    cwebp_status status = header(data, size, max_bytes, &info, message, message_capacity);
    if (status != CWEBP_OK) return status;
    if ((size_t)info.width * info.height * 4 != rgba_size || info.width > (uint32_t)(0x7fffffff / 4)) return CWEBP_E_ARGUMENT;
    /* The simple API decodes the whole file or fails: a truncated file is an error, never a partial image. */
    if (WebPDecodeRGBAInto(data, size, rgba, rgba_size, (int)info.width * 4) == NULL) {
        set_message(message, message_capacity, "its image data is corrupt or truncated (libwebp could not decode it)");
        return CWEBP_E_CORRUPT;
    }
    return CWEBP_OK;
}

void cwebp_version(char *text, size_t capacity) {
    int version = WebPGetDecoderVersion();
    if (text != NULL && capacity > 0) snprintf(text, capacity, "%d.%d.%d", (version >> 16) & 0xff, (version >> 8) & 0xff, version & 0xff);
}
