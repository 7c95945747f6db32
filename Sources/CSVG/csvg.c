/*
 * CSVG: librsvg behind plain C. Why this shape: librsvg reports failures through GError and its objects
 * are GObjects; both stay here, so Swift sees a status, a message and plain bytes.
 *
 * Why librsvg is opened at run time (dlopen) and not linked: it brings some fifty libraries (cairo, pango,
 * harfbuzz, fontconfig, GIO, X11's …) whose loading and relocation were most of the time `iconforge` took to
 * start, on every run, though only a vector master needs them. They are loaded the first time an SVG is read,
 * in the parent, before any drawing process is forked (as linking loaded them before main). Without librsvg,
 * everything but SVG works and an SVG gets CSVG_E_UNAVAILABLE, naming what is missing.
 *
 * Why it declares the calls it makes instead of including <librsvg/rsvg.h>: that header pulls in glib's,
 * whose pkg-config flags carry -pthread, which SwiftPM refuses with a warning on every build (and whose
 * include folders are architecture-specific, so they cannot be named here). The dozen functions and three
 * structs below are librsvg's (2.52 and later), GLib's and cairo's stable C ABI, declared as their headers
 * declare them; every one is looked up in librsvg's library and the ones it loads.
 */
#include "csvg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The calls, as function pointers filled by load_library. */
static struct {
    GInputStream *(*g_memory_input_stream_new_from_data)(const void *data, ssize_t length, void (*destroy)(void *));
    GFile *(*g_file_new_for_path)(const char *path);
    void (*g_object_unref)(void *object);
    void (*g_error_free)(GError *error);
    RsvgHandle *(*rsvg_handle_new_from_stream_sync)(GInputStream *stream, GFile *base, int flags, void *cancellable, GError **error);
    void (*rsvg_handle_set_dpi)(RsvgHandle *handle, double dpi);
    void (*rsvg_handle_get_intrinsic_dimensions)(RsvgHandle *handle, gboolean *has_width, RsvgLength *width, gboolean *has_height,
                                                 RsvgLength *height, gboolean *has_viewbox, RsvgRectangle *viewbox);
    gboolean (*rsvg_handle_get_intrinsic_size_in_pixels)(RsvgHandle *handle, double *width, double *height);
    gboolean (*rsvg_handle_render_document)(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
    const unsigned int *rsvg_major_version, *rsvg_minor_version, *rsvg_micro_version;
    cairo_surface_t *(*cairo_image_surface_create)(int format, int width, int height);
    int (*cairo_surface_status)(cairo_surface_t *surface);
    cairo_t *(*cairo_create)(cairo_surface_t *target);
    int (*cairo_status)(cairo_t *cr);
    const char *(*cairo_status_to_string)(int status);
    void (*cairo_destroy)(cairo_t *cr);
    void (*cairo_surface_flush)(cairo_surface_t *surface);
    unsigned char *(*cairo_image_surface_get_data)(cairo_surface_t *surface);
    int (*cairo_image_surface_get_stride)(cairo_surface_t *surface);
    void (*cairo_surface_destroy)(cairo_surface_t *surface);
} api;

/* Where librsvg is: Debian's and other Linux distributions' soname; Homebrew (Apple silicon, then Intel) and
 * MacPorts on macOS, whose folders dlopen does not search by itself. */
static const char *const library_names[] = {
#ifdef __APPLE__
    "librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib", "/usr/local/lib/librsvg-2.2.dylib",
    "/opt/local/lib/librsvg-2.2.dylib",
#else
    "librsvg-2.so.2",
#endif
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_failure[400];

#define LOOK_UP(name)                                                                                  \
    do {                                                                                               \
        *(void **)&api.name = dlsym(library, #name);                                                   \
        if (api.name == NULL) {                                                                        \
            snprintf(load_failure, sizeof load_failure, "librsvg is installed but has no %s: librsvg 2.52 or later, "  \
                     "with cairo and GLib, is needed to draw SVG", #name);                             \
            return;                                                                                    \
        }                                                                                              \
    } while (0)

static void load_library(void) {
    void *library = NULL;
    const char *error = NULL;
    /* ICONFORGE_LIBRSVG names the library file where it is elsewhere (a private prefix); then only that is tried. */
    const char *chosen = getenv("ICONFORGE_LIBRSVG");
    if (chosen != NULL && chosen[0] != '\0') {
        library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) {
            snprintf(load_failure, sizeof load_failure, "librsvg, which draws SVG, cannot be loaded from ICONFORGE_LIBRSVG (%s)",
                     dlerror());
            return;
        }
    }
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && library == NULL; i++) {
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        if (library == NULL && error == NULL) error = dlerror();
    }
    if (library == NULL) {
        snprintf(load_failure, sizeof load_failure, "librsvg, which draws SVG, is not installed (%s); install librsvg2-2 "
                 "(Debian, Ubuntu) or librsvg (Homebrew), or name its file in ICONFORGE_LIBRSVG",
                 error != NULL ? error : library_names[0]);
        return;
    }
    LOOK_UP(g_memory_input_stream_new_from_data);
    LOOK_UP(g_file_new_for_path);
    LOOK_UP(g_object_unref);
    LOOK_UP(g_error_free);
    LOOK_UP(rsvg_handle_new_from_stream_sync);
    LOOK_UP(rsvg_handle_set_dpi);
    LOOK_UP(rsvg_handle_get_intrinsic_dimensions);
    LOOK_UP(rsvg_handle_get_intrinsic_size_in_pixels);
    LOOK_UP(rsvg_handle_render_document);
    LOOK_UP(rsvg_major_version);
    LOOK_UP(rsvg_minor_version);
    LOOK_UP(rsvg_micro_version);
    LOOK_UP(cairo_image_surface_create);
    LOOK_UP(cairo_surface_status);
    LOOK_UP(cairo_create);
    LOOK_UP(cairo_status);
    LOOK_UP(cairo_status_to_string);
    LOOK_UP(cairo_destroy);
    LOOK_UP(cairo_surface_flush);
    LOOK_UP(cairo_image_surface_get_data);
    LOOK_UP(cairo_image_surface_get_stride);
    LOOK_UP(cairo_surface_destroy);
    loaded = 1;
}

/* True once librsvg is loaded; otherwise the reason goes into message. */
static int ensure_loaded(char *message, size_t capacity) {
    pthread_once(&load_once, load_library);
    if (!loaded && message != NULL && capacity > 0) snprintf(message, capacity, "%s", load_failure);
    return loaded;
}

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
    GInputStream *stream = api.g_memory_input_stream_new_from_data(data, (ssize_t)size, NULL);
    if (stream == NULL) { set_message(message, capacity, "out of memory"); return NULL; }
    GFile *base = base_path != NULL ? api.g_file_new_for_path(base_path) : NULL;
    GError *error = NULL;
    RsvgHandle *handle = api.rsvg_handle_new_from_stream_sync(stream, base, RSVG_HANDLE_FLAGS_NONE, NULL, &error);
    if (handle == NULL) set_error(message, capacity, "not a readable SVG", error);
    if (error != NULL) api.g_error_free(error);
    if (base != NULL) api.g_object_unref(base);
    api.g_object_unref(stream);
    if (handle != NULL) api.rsvg_handle_set_dpi(handle, 96.0);
    return handle;
}

static void fill_info(RsvgHandle *handle, csvg_info *info) {
    gboolean has_width = 0, has_height = 0, has_viewbox = 0;
    RsvgLength width, height;
    RsvgRectangle viewbox;
    api.rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &width, &has_height, &height, &has_viewbox, &viewbox);
    info->has_viewbox = has_viewbox && viewbox.width > 0 && viewbox.height > 0;
    info->viewbox_width = info->has_viewbox ? viewbox.width : 0;
    info->viewbox_height = info->has_viewbox ? viewbox.height : 0;
    double w = 0, h = 0;
    info->has_size = api.rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) && w > 0 && h > 0;
    info->width = info->has_size ? w : 0;
    info->height = info->has_size ? h : 0;
}

csvg_status csvg_read_info(const uint8_t *data, size_t size, const char *base_path, csvg_info *info,
                           char *message, size_t message_capacity) {
    if (data == NULL || info == NULL) return CSVG_E_ARGUMENT;
    memset(info, 0, sizeof *info);
    if (!ensure_loaded(message, message_capacity)) return CSVG_E_UNAVAILABLE;
    RsvgHandle *handle = open_handle(data, size, base_path, message, message_capacity);
    if (handle == NULL) return CSVG_E_PARSE;
    fill_info(handle, info);
    api.g_object_unref(handle);
    if (!info->has_viewbox && !info->has_size) {
        set_message(message, message_capacity, "the SVG has neither a viewBox nor a width and height, so it has no size to draw at");
        return CSVG_E_SIZE;
    }
    return CSVG_OK;
}

/* The band's rows are valid: within the drawing, at least one. */
static int valid_band(uint32_t width, uint32_t height, uint32_t first_row, uint32_t rows, size_t rgba_size) {
    if (width == 0 || height == 0 || width > 32767 || height > 32767) return 0;
    if (rows == 0 || first_row >= height || rows > height - first_row) return 0;
    return (size_t)width * rows * 4 == rgba_size;
}

csvg_status csvg_render_rgba(const uint8_t *data, size_t size, const char *base_path, uint32_t width, uint32_t height,
                             uint32_t first_row, uint32_t rows, uint8_t *rgba, size_t rgba_size, char *message,
                             size_t message_capacity) {
    if (data == NULL || rgba == NULL || !valid_band(width, height, first_row, rows, rgba_size)) return CSVG_E_ARGUMENT;
    if (!ensure_loaded(message, message_capacity)) return CSVG_E_UNAVAILABLE;
    RsvgHandle *handle = open_handle(data, size, base_path, message, message_capacity);
    if (handle == NULL) return CSVG_E_PARSE;
    csvg_status status = CSVG_OK;
    uint32_t height_drawn = rows;
    cairo_surface_t *surface = api.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)width, (int)rows);
    if (api.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        set_message(message, message_capacity, "out of memory for the drawing surface");
        status = CSVG_E_NOMEM;
    } else {
        cairo_t *cr = api.cairo_create(surface);
        /* The whole drawing's viewport, moved up by the band's first row: whole pixels, so each pixel is
         * sampled exactly where the whole drawing samples it. */
        RsvgRectangle viewport = {0, -(double)first_row, (double)width, (double)height};
        GError *error = NULL;
        if (!api.rsvg_handle_render_document(handle, cr, &viewport, &error)) {
            set_error(message, message_capacity, "librsvg could not draw it", error);
            status = CSVG_E_RENDER;
        } else if (api.cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
            set_message(message, message_capacity, api.cairo_status_to_string(api.cairo_status(cr)));
            status = CSVG_E_RENDER;
        }
        if (error != NULL) api.g_error_free(error);
        api.cairo_destroy(cr);
        api.cairo_surface_flush(surface);
    }
    if (status == CSVG_OK) {
        /* Cairo's ARGB32 is premultiplied, one native-endian 32-bit word a pixel: unpremultiply into RGBA,
         * rounding to nearest. */
        const uint8_t *pixels = api.cairo_image_surface_get_data(surface);
        int stride = api.cairo_image_surface_get_stride(surface);
        for (uint32_t y = 0; y < height_drawn; y++) {
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
    api.cairo_surface_destroy(surface);
    api.g_object_unref(handle);
    return status;
}

const char *csvg_version(void) {
    static char text[32];
    if (!ensure_loaded(NULL, 0)) return "not installed";
    snprintf(text, sizeof text, "%u.%u.%u", *api.rsvg_major_version, *api.rsvg_minor_version, *api.rsvg_micro_version);
    return text;
}

/* ---- Isolation: each call in a child process ------------------------------------------------------------------
 * Why fork and not threads: a Rust panic inside librsvg aborts the whole process, and a render stuck in a filter
 * cannot be cancelled from outside; only a process can be killed and limited (setrlimit) on its own. The child
 * runs nothing but the C below and librsvg (the parent never calls librsvg itself, so no GLib lock can be held at
 * fork time), writes its result into memory shared with the parent, and leaves with _exit. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct shared_result {
    int32_t status;
    csvg_info info;
    char message[600];
} shared_result;

#define CSVG_MAX_CHILDREN 256
static pthread_mutex_t children_lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t children[CSVG_MAX_CHILDREN];
static int stopped_by_request[CSVG_MAX_CHILDREN];

static void track_child(pid_t pid) {
    pthread_mutex_lock(&children_lock);
    for (int i = 0; i < CSVG_MAX_CHILDREN; i++) {
        if (children[i] == 0) { children[i] = pid; stopped_by_request[i] = 0; break; }
    }
    pthread_mutex_unlock(&children_lock);
}

/* Forgets a child; true when csvg_stop_all killed it. */
static int untrack_child(pid_t pid) {
    int stopped = 0;
    pthread_mutex_lock(&children_lock);
    for (int i = 0; i < CSVG_MAX_CHILDREN; i++) {
        if (children[i] == pid) { children[i] = 0; stopped = stopped_by_request[i]; break; }
    }
    pthread_mutex_unlock(&children_lock);
    return stopped;
}

void csvg_stop_all(void) {
    pthread_mutex_lock(&children_lock);
    for (int i = 0; i < CSVG_MAX_CHILDREN; i++) {
        if (children[i] > 0) { stopped_by_request[i] = 1; kill(children[i], SIGKILL); }
    }
    pthread_mutex_unlock(&children_lock);
}

/* The child's address space now, in bytes (Linux: /proc/self/statm), or 0 when unknown. */
static uint64_t current_address_space(void) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[128];
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0) return 0;
    text[got] = '\0';
    return (uint64_t)strtoull(text, NULL, 10) * (uint64_t)sysconf(_SC_PAGESIZE);
}

static void apply_limits(const csvg_limits *limits) {
    struct rlimit cpu = {limits->cpu_seconds, limits->cpu_seconds + 1};
    if (limits->cpu_seconds > 0) setrlimit(RLIMIT_CPU, &cpu);
#ifdef __linux__
    uint64_t now = current_address_space();
    if (limits->memory_bytes > 0 && now > 0) {
        struct rlimit memory = {(rlim_t)(now + limits->memory_bytes), (rlim_t)(now + limits->memory_bytes)};
        setrlimit(RLIMIT_AS, &memory);
    }
#endif
    /* librsvg's panics and GLib's warnings would land on the user's terminal: the parent says what happened. */
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null >= 0) { dup2(null, STDERR_FILENO); close(null); }
}

typedef csvg_status (*isolated_work)(void *context, shared_result *result, uint8_t *pixels);

static double seconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

static csvg_status run_isolated(const csvg_limits *limits, size_t pixel_bytes, isolated_work work, void *context,
                                shared_result *out, uint8_t *pixels_out, char *message, size_t capacity) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t header = (sizeof(shared_result) + page - 1) / page * page;
    size_t total = header + pixel_bytes;
    void *region = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) { set_message(message, capacity, "out of memory for the drawing"); return CSVG_E_NOMEM; }
    shared_result *result = (shared_result *)region;
    uint8_t *pixels = (uint8_t *)region + header;
    result->status = CSVG_E_CRASHED;
    int ends[2];
    if (pipe(ends) != 0) { munmap(region, total); set_message(message, capacity, strerror(errno)); return CSVG_E_RENDER; }
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        close(ends[0]); close(ends[1]); munmap(region, total);
        set_message(message, capacity, "cannot start the SVG renderer's process");
        return CSVG_E_RENDER;
    }
    if (pid == 0) {
        close(ends[0]);
        apply_limits(limits);
        result->status = work(context, result, pixels);
        _exit(0); /* the pipe's write end closes with the process: the parent's poll wakes */
    }
    close(ends[1]);
    track_child(pid);
    int timed_out = 0;
    for (;;) {
        double left = limits->wall_seconds - seconds_since(&start);
        if (left <= 0) { timed_out = 1; break; }
        struct pollfd wait_for = {ends[0], POLLIN, 0};
        int ready = poll(&wait_for, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready != 0) break; /* closed: the child has ended */
    }
    if (timed_out) kill(pid, SIGKILL);
    int process_status = 0;
    while (waitpid(pid, &process_status, 0) < 0 && errno == EINTR) {}
    int stopped = untrack_child(pid);
    close(ends[0]);
    double elapsed = seconds_since(&start);
    char text[256];
    csvg_status status;
    if (WIFEXITED(process_status) && WEXITSTATUS(process_status) == 0 && result->status != CSVG_E_CRASHED) {
        status = (csvg_status)result->status;
        if (out != NULL) *out = *result;
        set_message(message, capacity, result->message);
        if (status == CSVG_OK && pixels_out != NULL) memcpy(pixels_out, pixels, pixel_bytes);
    } else if (timed_out) {
        snprintf(text, sizeof text, "rendering stopped after %.0f s (the limit for one SVG)", limits->wall_seconds);
        set_message(message, capacity, text);
        status = CSVG_E_LIMIT;
    } else if (WIFSIGNALED(process_status) && (WTERMSIG(process_status) == SIGXCPU || WTERMSIG(process_status) == SIGKILL)) {
        if (stopped) snprintf(text, sizeof text, "rendering stopped: IconForge is stopping");
        else snprintf(text, sizeof text, "rendering stopped after %u s of processor time (the limit for one SVG)", limits->cpu_seconds);
        set_message(message, capacity, text);
        status = CSVG_E_LIMIT;
    } else {
        int signal_number = WIFSIGNALED(process_status) ? WTERMSIG(process_status) : 0;
        snprintf(text, sizeof text, "librsvg failed while drawing it (%s after %.1f s); the SVG uses more than the %llu MiB "
                 "one drawing may take, or something librsvg cannot handle",
                 signal_number == SIGABRT ? "it aborted" : signal_number != 0 ? "it crashed" : "it exited", elapsed,
                 (unsigned long long)(limits->memory_bytes >> 20));
        set_message(message, capacity, text);
        status = CSVG_E_CRASHED;
    }
    munmap(region, total);
    return status;
}

typedef struct info_context { const uint8_t *data; size_t size; const char *base_path; } info_context;

static csvg_status info_work(void *context, shared_result *result, uint8_t *pixels) {
    (void)pixels;
    info_context *c = context;
    return csvg_read_info(c->data, c->size, c->base_path, &result->info, result->message, sizeof result->message);
}

csvg_status csvg_read_info_isolated(const uint8_t *data, size_t size, const char *base_path, const csvg_limits *limits,
                                    csvg_info *info, char *message, size_t message_capacity) {
    if (data == NULL || info == NULL || limits == NULL) return CSVG_E_ARGUMENT;
    /* Loaded here, in the parent, so each drawing process starts with it (and so does the next one). */
    if (!ensure_loaded(message, message_capacity)) return CSVG_E_UNAVAILABLE;
    info_context context = {data, size, base_path};
    shared_result result;
    memset(&result, 0, sizeof result);
    csvg_status status = run_isolated(limits, 0, info_work, &context, &result, NULL, message, message_capacity);
    *info = result.info;
    return status;
}

typedef struct render_context {
    const uint8_t *data; size_t size; const char *base_path; uint32_t width, height, first_row, rows; size_t rgba_size;
} render_context;

static csvg_status render_work(void *context, shared_result *result, uint8_t *pixels) {
    render_context *c = context;
    return csvg_render_rgba(c->data, c->size, c->base_path, c->width, c->height, c->first_row, c->rows, pixels, c->rgba_size,
                            result->message, sizeof result->message);
}

csvg_status csvg_render_rgba_isolated(const uint8_t *data, size_t size, const char *base_path, uint32_t width, uint32_t height,
                                      uint32_t first_row, uint32_t rows, const csvg_limits *limits, uint8_t *rgba,
                                      size_t rgba_size, char *message, size_t message_capacity) {
    if (data == NULL || rgba == NULL || limits == NULL || !valid_band(width, height, first_row, rows, rgba_size)) return CSVG_E_ARGUMENT;
    if (!ensure_loaded(message, message_capacity)) return CSVG_E_UNAVAILABLE;
    render_context context = {data, size, base_path, width, height, first_row, rows, rgba_size};
    return run_isolated(limits, rgba_size, render_work, &context, NULL, rgba, message, message_capacity);
}
