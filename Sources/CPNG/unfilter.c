/*
 * PNG's row filters undone a pixel at a time. Sub, Average and Paeth depend on the pixel to the left, so a
 * byte-wise loop runs serially at one byte per step (Paeth, a fifth of a typical master's rows, most of all).
 * Working on a whole pixel in one SSE2 register does its three or four bytes at once; the arithmetic is the
 * specification's, so the bytes are the same as the plain loops (kept for other CPUs and as the reference the
 * tests compare against through whole-image decoding).
 */
#include "unfilter.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static void unfilter_plain(int kind, uint8_t *row, const uint8_t *above, size_t row_bytes, size_t bpp) {
    switch (kind) {
    case 1: for (size_t i = bpp; i < row_bytes; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]); break;
    case 3:
        for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + (above[i] >> 1));
        for (size_t i = bpp; i < row_bytes; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + above[i]) >> 1));
        break;
    case 4:
        for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + above[i]);
        for (size_t i = bpp; i < row_bytes; i++) {
            int a = row[i - bpp], b = above[i], c = above[i - bpp];
            int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
            row[i] = (uint8_t)(row[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c));
        }
        break;
    }
}

#if defined(__SSE2__)
/* One pixel's bytes in the low lanes of a register (the 4th byte of a 3-byte pixel is read but never stored). */
static inline __m128i load_pixel(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return _mm_cvtsi32_si128((int)v);
}

static inline void store_pixel(uint8_t *p, __m128i v, size_t bpp) {
    uint32_t bytes = (uint32_t)_mm_cvtsi128_si32(v);
    memcpy(p, &bytes, bpp);
}

static inline __m128i absolute16(__m128i x) { return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x)); }

/* Sub, Average and Paeth with `bpp` 3 or 4, a pixel a step; the first pixel's left neighbours are zeros. */
static void unfilter_pixels(int kind, uint8_t *row, const uint8_t *above, size_t row_bytes, size_t bpp) {
    const __m128i zero = _mm_setzero_si128();
    __m128i left = zero, upper_left = zero; /* 16-bit lanes for Average and Paeth, bytes for Sub */
    for (size_t i = 0; i < row_bytes; i += bpp) {
        __m128i x = load_pixel(row + i), out;
        if (kind == 1) {
            out = _mm_add_epi8(x, left);
            left = out;
        } else {
            __m128i b = _mm_unpacklo_epi8(load_pixel(above + i), zero);
            if (kind == 3) {
                __m128i average = _mm_srli_epi16(_mm_add_epi16(left, b), 1);
                out = _mm_add_epi8(x, _mm_packus_epi16(average, average));
            } else {
                /* Paeth (§9.4): the neighbour nearest a + b − c, ties to a, then b. */
                __m128i a = left, c = upper_left;
                __m128i pa = absolute16(_mm_sub_epi16(b, c)), pb = absolute16(_mm_sub_epi16(a, c));
                __m128i pc = absolute16(_mm_add_epi16(_mm_sub_epi16(b, c), _mm_sub_epi16(a, c)));
                __m128i not_a = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
                __m128i not_b = _mm_cmpgt_epi16(pb, pc);
                __m128i b_or_c = _mm_or_si128(_mm_and_si128(not_b, c), _mm_andnot_si128(not_b, b));
                __m128i predictor = _mm_or_si128(_mm_and_si128(not_a, b_or_c), _mm_andnot_si128(not_a, a));
                out = _mm_add_epi8(x, _mm_packus_epi16(predictor, predictor));
                upper_left = b;
            }
            left = _mm_unpacklo_epi8(out, zero);
        }
        store_pixel(row + i, out, bpp);
    }
}
#endif

int cpng_unfilter_row(int kind, uint8_t *row, const uint8_t *above, size_t row_bytes, size_t pixel_bytes) {
    switch (kind) {
    case 0: return 1;
    case 2: for (size_t i = 0; i < row_bytes; i++) row[i] = (uint8_t)(row[i] + above[i]); return 1;
    case 1: case 3: case 4:
#if defined(__SSE2__)
        if ((pixel_bytes == 3 || pixel_bytes == 4) && row_bytes % pixel_bytes == 0) {
            unfilter_pixels(kind, row, above, row_bytes, pixel_bytes);
            return 1;
        }
#endif
        unfilter_plain(kind, row, above, row_bytes, pixel_bytes);
        return 1;
    default: return 0;
    }
}

void cpng_expand_rgb(const uint8_t *rgb, uint8_t *rgba, size_t count) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* A 4-byte load per pixel (its 4th byte is the next pixel's, or slack) with the alpha byte set. */
    for (size_t x = 0; x < count; x++) {
        uint32_t v;
        memcpy(&v, rgb + 3 * x, 4);
        v |= 0xff000000u;
        memcpy(rgba + 4 * x, &v, 4);
    }
#else
    for (size_t x = 0; x < count; x++) {
        rgba[4 * x] = rgb[3 * x]; rgba[4 * x + 1] = rgb[3 * x + 1]; rgba[4 * x + 2] = rgb[3 * x + 2]; rgba[4 * x + 3] = 255;
    }
#endif
}
