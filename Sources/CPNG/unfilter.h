/* PNG's row filters undone (PNG specification §9), for cpng.c's fast decoding path. Private to CPNG. */
#ifndef CPNG_UNFILTER_H
#define CPNG_UNFILTER_H

#include <stddef.h>
#include <stdint.h>

/* Bytes the unfiltering and expanding loops may read past a row's last byte (whole 4-byte pixels at a time,
 * for 3-byte pixels too): buffers handed to them need this much slack after their last row. */
#define CPNG_UNFILTER_SLACK 16

/*
 * Undoes filter `kind` (0 none … 4 Paeth) on `row` in place. `above` is the row above, already unfiltered
 * (zeros for the first row); `pixel_bytes` is 3 or 4. Returns 0 for an unknown filter type.
 */
int cpng_unfilter_row(int kind, uint8_t *row, const uint8_t *above, size_t row_bytes, size_t pixel_bytes);

/* `count` RGB pixels to RGBA with opaque alpha. `rgb` must have CPNG_UNFILTER_SLACK readable bytes after its last. */
void cpng_expand_rgb(const uint8_t *rgb, uint8_t *rgba, size_t count);

#endif
