/*
 * CSVG: librsvg behind plain C. Why this shape: librsvg reports failures through GError and its objects
 * are GObjects; both stay here, so Swift sees a status, a message and plain bytes.
 *
 * Why it declares the calls it makes instead of including <librsvg/rsvg.h>: that header pulls in glib's,
 * whose pkg-config flags carry -pthread, which SwiftPM refuses with a warning on every build (and whose
 * include folders are architecture-specific, so they cannot be named here). The dozen functions and three
 * structs below are librsvg's (2.52 and later), GLib's and cairo's stable C ABI, declared as their headers
 * declare them; the library is linked by name.
 */
#include "csvg.h"

#include <stdio.h>
#include <string.h>
#include <sys/types.h>

typedef int gboolean;
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct _RsvgHandle RsvgHandle;
typedef struct _GInputStream GInputStream;
typedef struct _GFile GFile;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct { double length; int unit; } RsvgLength;
enum { RSVG_HANDLE_FLAGS_NONE = 0, CAIRO_FORMAT_ARGB32 = 0, CAIRO_STATUS_SUCCESS = 0 };

extern GInputStream *g_memory_input_stream_new_from_data(const void *data, ssize_t length, void (*destroy)(void *));
extern GFile *g_file_new_for_path(const char *path);
extern void g_object_unref(void *object);
extern void g_error_free(GError *error);
extern RsvgHandle *rsvg_handle_new_from_stream_sync(GInputStream *stream, GFile *base, int flags, void *cancellable, GError **error);
extern void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
extern void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *has_width, RsvgLength *width, gboolean *has_height,
                                                 RsvgLength *height, gboolean *has_viewbox, RsvgRectangle *viewbox);
extern gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *width, double *height);
extern gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
extern const unsigned int rsvg_major_version, rsvg_minor_version, rsvg_micro_version;
extern cairo_surface_t *cairo_image_surface_create(int format, int width, int height);
extern int cairo_surface_status(cairo_surface_t *surface);
extern cairo_t *cairo_create(cairo_surface_t *target);
extern int cairo_status(cairo_t *cr);
extern const char *cairo_status_to_string(int status);
extern void cairo_destroy(cairo_t *cr);
extern void cairo_surface_flush(cairo_surface_t *surface);
extern unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
extern int cairo_image_surface_get_stride(cairo_surface_t *surface);
extern void cairo_surface_destroy(cairo_surface_t *surface);

static void set_message(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) snprintf(message, capacity, "%s", text);
}

static void set_error(char *message, size_t capacity, const char *what, GError *error) {
    char text[512];
    snprintf(text, sizeof text, "%s%s%s", what, error != NULL ? ": " : "", error != NULL ? error->message : "");
    /* One line: librsvg's parser messages end in a newline. */
    size_t length = strlen(text);
    while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == ' ')) text[--length] = '\0';
    for (char *c = text; *c; c++) if (*c == '\n') *c = ' ';
    set_message(message, capacity, text);
}

/* A handle for the data, with librsvg's parser limits on (no RSVG_HANDLE_FLAG_UNLIMITED) and the file's
 * own path as the base for references. NULL with the message set on failure. */
static RsvgHandle *open_handle(const uint8_t *data, size_t size, const char *base_path, char *message, size_t capacity) {
    GInputStream *stream = g_memory_input_stream_new_from_data(data, (ssize_t)size, NULL);
    if (stream == NULL) { set_message(message, capacity, "out of memory"); return NULL; }
    GFile *base = base_path != NULL ? g_file_new_for_path(base_path) : NULL;
    GError *error = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_stream_sync(stream, base, RSVG_HANDLE_FLAGS_NONE, NULL, &error);
    if (handle == NULL) set_error(message, capacity, "not a readable SVG", error);
    if (error != NULL) g_error_free(error);
    if (base != NULL) g_object_unref(base);
    g_object_unref(stream);
    if (handle != NULL) rsvg_handle_set_dpi(handle, 96.0);
    return handle;
}

static void fill_info(RsvgHandle *handle, csvg_info *info) {
    gboolean has_width = 0, has_height = 0, has_viewbox = 0;
    RsvgLength width, height;
    RsvgRectangle viewbox;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &width, &has_height, &height, &has_viewbox, &viewbox);
    info->has_viewbox = has_viewbox && viewbox.width > 0 && viewbox.height > 0;
    info->viewbox_width = info->has_viewbox ? viewbox.width : 0;
    info->viewbox_height = info->has_viewbox ? viewbox.height : 0;
    double w = 0, h = 0;
    info->has_size = rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) && w > 0 && h > 0;
    info->width = info->has_size ? w : 0;
    info->height = info->has_size ? h : 0;
}

csvg_status csvg_read_info(const uint8_t *data, size_t size, const char *base_path, csvg_info *info,
                           char *message, size_t message_capacity) {
    if (data == NULL || info == NULL) return CSVG_E_ARGUMENT;
    memset(info, 0, sizeof *info);
    RsvgHandle *handle = open_handle(data, size, base_path, message, message_capacity);
    if (handle == NULL) return CSVG_E_PARSE;
    fill_info(handle, info);
    g_object_unref(handle);
    if (!info->has_viewbox && !info->has_size) {
        set_message(message, message_capacity, "the SVG has neither a viewBox nor a width and height, so it has no size to draw at");
        return CSVG_E_SIZE;
    }
    return CSVG_OK;
}

csvg_status csvg_render_rgba(const uint8_t *data, size_t size, const char *base_path, uint32_t width, uint32_t height,
                             uint8_t *rgba, size_t rgba_size, char *message, size_t message_capacity) {
    if (data == NULL || rgba == NULL || width == 0 || height == 0 || width > 32767 || height > 32767) return CSVG_E_ARGUMENT;
    if ((size_t)width * height * 4 != rgba_size) return CSVG_E_ARGUMENT;
    RsvgHandle *handle = open_handle(data, size, base_path, message, message_capacity);
    if (handle == NULL) return CSVG_E_PARSE;
    csvg_status status = CSVG_OK;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)width, (int)height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        set_message(message, message_capacity, "out of memory for the drawing surface");
        status = CSVG_E_NOMEM;
    } else {
        cairo_t *cr = cairo_create(surface);
        RsvgRectangle viewport = {0, 0, (double)width, (double)height};
        GError *error = NULL;
        if (!rsvg_handle_render_document(handle, cr, &viewport, &error)) {
            set_error(message, message_capacity, "librsvg could not draw it", error);
            status = CSVG_E_RENDER;
        } else if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
            set_message(message, message_capacity, cairo_status_to_string(cairo_status(cr)));
            status = CSVG_E_RENDER;
        }
        if (error != NULL) g_error_free(error);
        cairo_destroy(cr);
        cairo_surface_flush(surface);
    }
    if (status == CSVG_OK) {
        /* Cairo's ARGB32 is premultiplied, one native-endian 32-bit word a pixel: unpremultiply into RGBA,
         * rounding to nearest. */
        const uint8_t *pixels = cairo_image_surface_get_data(surface);
        int stride = cairo_image_surface_get_stride(surface);
        for (uint32_t y = 0; y < height; y++) {
            const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
            uint8_t *out = rgba + (size_t)y * width * 4;
            for (uint32_t x = 0; x < width; x++) {
                uint32_t p = row[x], a = p >> 24;
                uint32_t r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
                if (a != 0 && a != 255) {
                    r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
                    if (r > 255) r = 255;
                    if (g > 255) g = 255;
                    if (b > 255) b = 255;
                }
                out[4 * x] = (uint8_t)r; out[4 * x + 1] = (uint8_t)g; out[4 * x + 2] = (uint8_t)b; out[4 * x + 3] = (uint8_t)a;
            }
        }
    }
    cairo_surface_destroy(surface);
    g_object_unref(handle);
    return status;
}

const char *csvg_version(void) {
    static char text[32];
    snprintf(text, sizeof text, "%u.%u.%u", rsvg_major_version, rsvg_minor_version, rsvg_micro_version);
    return text;
}
