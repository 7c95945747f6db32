/*
 * CJPEG: TurboJPEG behind plain C. Each call opens its own decompressor and closes it whatever happened.
 */
#include "cjpeg.h"

#include <turbojpeg.h>
#if __has_include(<jconfig.h>)
#include <stdio.h>
#include <jconfig.h>
#endif
#include <stdio.h>
#include <string.h>

static void set_message(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) snprintf(message, capacity, "%s", text);
}

static cjpeg_status header(tjhandle handle, const uint8_t *data, size_t size, uint64_t max_bytes, cjpeg_info *info,
                           char *message, size_t capacity) {
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
    if (size > (size_t)0xffffffffu) { set_message(message, capacity, "file too large"); return CJPEG_E_LIMIT; }
    if (tjDecompressHeader3(handle, data, (unsigned long)size, &width, &height, &subsampling, &colorspace) != 0) {
        char text[256];
        snprintf(text, sizeof text, "not a readable JPEG: %s", tjGetErrorStr2(handle));
        set_message(message, capacity, text);
        return CJPEG_E_CORRUPT;
    }
    info->width = (uint32_t)width;
    info->height = (uint32_t)height;
    info->colorspace = colorspace;
    info->subsampling = subsampling;
    uint64_t bytes = (uint64_t)info->width * info->height * 4u;
    if (bytes > max_bytes) {
        char text[160];
        snprintf(text, sizeof text, "%ux%u decodes to %llu MiB, more than the memory limit of %llu MiB", info->width, info->height,
                 (unsigned long long)(bytes >> 20), (unsigned long long)(max_bytes >> 20));
        set_message(message, capacity, text);
        return CJPEG_E_LIMIT;
    }
    if (colorspace == TJCS_CMYK || colorspace == TJCS_YCCK) {
        set_message(message, capacity, "a CMYK JPEG (made for print): its colours need its print profile to convert; "
                                       "export it as an sRGB JPEG or PNG");
        return CJPEG_E_CMYK;
    }
    return CJPEG_OK;
}

cjpeg_status cjpeg_read_info(const uint8_t *data, size_t size, uint64_t max_bytes, cjpeg_info *info,
                             char *message, size_t message_capacity) {
    if (data == NULL || info == NULL) return CJPEG_E_ARGUMENT;
    memset(info, 0, sizeof *info);
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) { set_message(message, message_capacity, "out of memory creating the JPEG reader"); return CJPEG_E_NOMEM; }
    cjpeg_status status = header(handle, data, size, max_bytes, info, message, message_capacity);
    tjDestroy(handle);
    return status;
}

cjpeg_status cjpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_bytes, uint8_t *rgba, size_t rgba_size,
                               char *message, size_t message_capacity) {
    if (data == NULL || rgba == NULL) return CJPEG_E_ARGUMENT;
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) { set_message(message, message_capacity, "out of memory creating the JPEG reader"); return CJPEG_E_NOMEM; }
    cjpeg_info info;
    cjpeg_status status = header(handle, data, size, max_bytes, &info, message, message_capacity);
    if (status == CJPEG_OK && (size_t)info.width * info.height * 4 != rgba_size) status = CJPEG_E_ARGUMENT;
    if (status == CJPEG_OK) {
        /* Accurate DCT (the default fast one rounds visibly on smooth gradients); any warning is an error, so a
         * truncated file is refused rather than decoded with a grey tail; at most 500 progressive scans. */
        int flags = TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS;
        if (tjDecompress2(handle, data, (unsigned long)size, rgba, (int)info.width, 0, (int)info.height, TJPF_RGBA, flags) != 0) {
            char text[256];
            snprintf(text, sizeof text, "%s", tjGetErrorStr2(handle));
            set_message(message, message_capacity, text);
            status = CJPEG_E_CORRUPT;
        }
    }
    tjDestroy(handle);
    return status;
}

const char *cjpeg_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
#define CJPEG_STRING2(x) #x
#define CJPEG_STRING(x) CJPEG_STRING2(x)
    return CJPEG_STRING(LIBJPEG_TURBO_VERSION);
#else
    return "2.x";
#endif
}
