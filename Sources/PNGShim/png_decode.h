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
    /// When not 0, the decode stops after this many rows (the top ones): what a sink that needs
    /// only the start of the picture saves. An interlaced image is still decoded whole first.
    uint32_t row_limit;
} tc_row_sink;

/// Decodes the PNG in `source` (Apple's CgBI variant converted: channels in RGBA order, its
/// colours still premultiplied, which `begin` is told) row by row into `sink`. Never longjmps
/// into the caller. Memory stays bounded: one row for plain images; the whole image only for
/// interlaced ones of at most `max_decoded_bytes`; a CgBI file is read whole only up to
/// `max_file_bytes`, and rewritten once (as large) after its IHDR passed the limits.
void tc_decode_png(tc_png_source *source, const tc_png_limits *limits, uint64_t max_decoded_bytes,
                   uint64_t max_file_bytes, int keep_16, const tc_row_sink *sink,
                   tc_decode_result *result);

/// Sets libpng's transforms that turn every layout into the RGBA rows a `tc_row_sink` takes
/// (before png_read_update_info). Returns 1 when the rows keep 16 bits a channel (`keep_16` and
/// a 16-bit image), else 0.
int tc_png_set_rgba(void *png, int bit_depth, int keep_16, int cgbi);

/// The pixel digest's sink (png_digest.c), for any decode that can feed it rows: the decode
/// behind tc_png_digest_pixels, and the probe's --verify pass. Each row is hashed after a byte
/// that says its form: an 8-bit row whose every pixel is opaque gray as its gray bytes, any
/// other row as normalised RGBA (transparent pixels zero, straight alpha).
typedef struct {
    tc_hash hash;
    uint32_t width;
    int sixteen;
    int premultiplied;
    /// Rows come as 8-bit gray bytes, every pixel opaque (tc_digest_sink_begin_gray).
    int gray_rows;
    uint8_t *row;
} tc_digest_sink;

/// Begins `sink` for the rows of an 8-bit gray file with no transparency, as they are stored
/// (no transform): they hash as their RGBA form does. Returns NULL, or why it cannot.
const char *tc_digest_sink_begin_gray(tc_digest_sink *sink, uint32_t width, uint32_t height);

/// Makes `sink` ready and points `out` at it.
void tc_digest_sink_init(tc_digest_sink *sink, tc_row_sink *out);
/// The digest of the rows fed (valid only when every row was), in `out`.
void tc_digest_sink_final(const tc_digest_sink *sink, uint64_t out[2]);
/// Frees what the sink allocated; safe to call more than once.
void tc_digest_sink_free(tc_digest_sink *sink);

#endif
