#ifndef TALLCHECK_PNG_DECODE_H
#define TALLCHECK_PNG_DECODE_H

#include "png_shim.h"

/// How a decode went, for whichever caller asked for the pixels.
typedef struct {
    /// TC_PNG_OK when every row reached the sink; otherwise `message` says why not.
    tc_png_status status;
    /// IHDR's size, when it was read (also for images over the limits).
    uint32_t width;
    uint32_t height;
    int is_cgbi;
    char message[512];
} tc_decode_result;

/// Where decoded rows go: RGBA, 8 bits a channel (16, big-endian, with `keep_16` for 16-bit
/// images), top row first, one call a row.
typedef struct {
    void *context;
    /// Called once IHDR passed the limits, before any row: the sink allocates what it needs.
    /// Returns NULL to go on, or why it cannot (the decode stops with that message).
    const char *(*begin)(void *context, uint32_t width, uint32_t height, int sixteen,
                         int premultiplied);
    void (*row)(void *context, const uint8_t *pixels, uint32_t y);
} tc_row_sink;

/// Decodes the PNG in `source` (Apple's CgBI variant converted: channels in RGBA order, its
/// colours still premultiplied, which `begin` is told) row by row into `sink`. Never longjmps
/// into the caller. Memory stays bounded: one row for plain images; the whole image only for
/// interlaced ones of at most `max_decoded_bytes`; a CgBI file is read whole only up to
/// `max_file_bytes`, and rewritten once (as large) after its IHDR passed the limits.
void tc_decode_png(tc_png_source *source, const tc_png_limits *limits, uint64_t max_decoded_bytes,
                   uint64_t max_file_bytes, int keep_16, const tc_row_sink *sink,
                   tc_decode_result *result);

#endif
