#include "png_shim.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_decode.h"

static void set_message(tc_png_thumbnail *thumbnail, const char *message) {
    snprintf(thumbnail->message, sizeof thumbnail->message, "%s", message);
}

/// Box-filter downscaling, a source row at a time: every source pixel adds to the one target
/// pixel it falls in. Colours are summed weighted by alpha (premultiplied), so transparent
/// pixels do not darken their neighbours, and divided by the summed alpha at the end.
typedef struct {
    uint32_t source_width;
    uint32_t source_height;
    uint32_t width;
    uint32_t height;
    /// CgBI rows arrive premultiplied: their colours are already weighted.
    int premultiplied;
    uint64_t *sums;  ///< width × 4: Σ colour × alpha (×255 for premultiplied input), Σ alpha
    uint64_t *counts;
    uint32_t *column; ///< source_width: the target column of each source column
    uint8_t *pixels; ///< width × height × 4, the result
    uint32_t row;    ///< the target row being summed
} downscaler;

static void flush_row(downscaler *scaler) {
    uint8_t *out = scaler->pixels + (size_t)scaler->row * scaler->width * 4;
    for (uint32_t x = 0; x < scaler->width; x++) {
        uint64_t *sum = scaler->sums + (size_t)x * 4;
        uint64_t count = scaler->counts[x];
        if (count == 0 || sum[3] == 0) {
            memset(out + (size_t)x * 4, 0, 4);
        } else {
            for (int channel = 0; channel < 3; channel++) {
                uint64_t value = (sum[channel] + sum[3] / 2) / sum[3];
                out[(size_t)x * 4 + channel] = (uint8_t)(value > 255 ? 255 : value);
            }
            out[(size_t)x * 4 + 3] = (uint8_t)((sum[3] + count / 2) / count);
        }
    }
    memset(scaler->sums, 0, (size_t)scaler->width * 4 * sizeof *scaler->sums);
    memset(scaler->counts, 0, (size_t)scaler->width * sizeof *scaler->counts);
}

static void add_row(downscaler *scaler, const uint8_t *rgba, uint32_t y) {
    if (scaler->width == scaler->source_width && scaler->height == scaler->source_height) {
        // Nothing to average: the row is the thumbnail's (with alpha divided out of CgBI colours).
        uint8_t *out = scaler->pixels + (size_t)y * scaler->width * 4;
        memcpy(out, rgba, (size_t)scaler->width * 4);
        if (scaler->premultiplied) {
            for (uint32_t x = 0; x < scaler->width; x++) {
                uint8_t *p = out + (size_t)x * 4;
                uint32_t alpha = p[3];
                for (int channel = 0; channel < 3 && alpha > 0 && alpha < 255; channel++) {
                    uint32_t value = (p[channel] * 255u + alpha / 2) / alpha;
                    p[channel] = (uint8_t)(value > 255 ? 255 : value);
                }
            }
        }
        return;
    }
    uint32_t target = (uint32_t)((uint64_t)y * scaler->height / scaler->source_height);
    if (target != scaler->row) {
        flush_row(scaler);
        scaler->row = target;
    }
    for (uint32_t x = 0; x < scaler->source_width; x++) {
        uint32_t tx = scaler->column[x];
        const uint8_t *p = rgba + (size_t)x * 4;
        uint64_t *sum = scaler->sums + (size_t)tx * 4;
        uint64_t alpha = p[3];
        for (int channel = 0; channel < 3; channel++) {
            sum[channel] += scaler->premultiplied ? (uint64_t)p[channel] * 255 : (uint64_t)p[channel] * alpha;
        }
        sum[3] += alpha;
        scaler->counts[tx] += 1;
    }
}

/// Encodes into a growing buffer.
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int failed;
} byte_buffer;

static void on_encode_write(png_structp png, png_bytep bytes, size_t count) {
    byte_buffer *buffer = png_get_io_ptr(png);
    if (buffer->length + count > buffer->capacity) {
        size_t capacity = buffer->capacity == 0 ? 4096 : buffer->capacity;
        while (capacity < buffer->length + count) {
            capacity *= 2;
        }
        uint8_t *grown = realloc(buffer->data, capacity);
        if (grown == NULL) {
            buffer->failed = 1;
            png_error(png, "out of memory for the thumbnail");
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, count);
    buffer->length += count;
}

static void on_encode_flush(png_structp png) { (void)png; }

static void on_encode_error(png_structp png, png_const_charp message) {
    tc_png_thumbnail *thumbnail = png_get_error_ptr(png);
    set_message(thumbnail, message);
    png_longjmp(png, 1);
}

static void on_quiet_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Writes `pixels` (RGBA, 8 bits) as a PNG into the thumbnail. Returns 0 on success.
static int encode(tc_png_thumbnail *thumbnail, const uint8_t *pixels, uint32_t width, uint32_t height) {
    byte_buffer buffer = {NULL, 0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, thumbnail, on_encode_error,
                                              on_quiet_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        set_message(thumbnail, "libpng could not start writing");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(buffer.data);
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, &buffer, on_encode_write, on_encode_flush);
    png_set_compression_level(png, 6);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * width * 4));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    thumbnail->png = buffer.data;
    thumbnail->png_length = buffer.length;
    return 0;
}

/// The thumbnail's sides: the image's, scaled so the longer is at most `max_side`.
static void fit(uint32_t width, uint32_t height, uint32_t max_side, uint32_t *out_width,
                uint32_t *out_height) {
    uint32_t longer = width > height ? width : height;
    if (longer <= max_side) {
        *out_width = width;
        *out_height = height;
        return;
    }
    uint64_t w = ((uint64_t)width * max_side + longer / 2) / longer;
    uint64_t h = ((uint64_t)height * max_side + longer / 2) / longer;
    *out_width = w == 0 ? 1 : (uint32_t)w;
    *out_height = h == 0 ? 1 : (uint32_t)h;
}

/// The downscaler as a row sink: `begin` sizes and allocates it once IHDR is known.
typedef struct {
    downscaler scaler;
    uint32_t max_side;
} thumbnail_sink;

static const char *thumbnail_begin(void *context, uint32_t width, uint32_t height, int sixteen,
                                   int premultiplied) {
    (void)sixteen;
    thumbnail_sink *sink = context;
    downscaler *scaler = &sink->scaler;
    scaler->source_width = width;
    scaler->source_height = height;
    scaler->premultiplied = premultiplied;
    fit(width, height, sink->max_side, &scaler->width, &scaler->height);
    scaler->sums = calloc((size_t)scaler->width * 4, sizeof *scaler->sums);
    scaler->counts = calloc(scaler->width, sizeof *scaler->counts);
    scaler->pixels = malloc((size_t)scaler->width * scaler->height * 4);
    scaler->column = malloc((size_t)width * sizeof *scaler->column);
    if (scaler->sums == NULL || scaler->counts == NULL || scaler->pixels == NULL ||
        scaler->column == NULL) {
        return "out of memory for the thumbnail";
    }
    for (uint32_t x = 0; x < width; x++) {
        scaler->column[x] = (uint32_t)((uint64_t)x * scaler->width / width);
    }
    return NULL;
}

static void thumbnail_row(void *context, const uint8_t *pixels, uint32_t y) {
    add_row(&((thumbnail_sink *)context)->scaler, pixels, y);
}

void tc_png_make_thumbnail(tc_png_source *source, const tc_png_limits *limits, uint32_t max_side,
                           uint64_t max_decoded_bytes, uint64_t max_file_bytes,
                           tc_png_thumbnail *thumbnail) {
    memset(thumbnail, 0, sizeof *thumbnail);
    thumbnail_sink context;
    memset(&context, 0, sizeof context);
    context.max_side = max_side == 0 ? 1 : max_side;
    tc_row_sink sink = {&context, thumbnail_begin, thumbnail_row};
    tc_decode_result result;
    tc_decode_png(source, limits, max_decoded_bytes, max_file_bytes, 0, &sink, &result);
    downscaler *scaler = &context.scaler;
    thumbnail->status = result.status;
    thumbnail->source_width = result.width;
    thumbnail->source_height = result.height;
    thumbnail->is_cgbi = result.is_cgbi;
    snprintf(thumbnail->message, sizeof thumbnail->message, "%s", result.message);
    if (result.status == TC_PNG_OK) {
        if (scaler->width != scaler->source_width || scaler->height != scaler->source_height) {
            flush_row(scaler);
        }
        thumbnail->width = scaler->width;
        thumbnail->height = scaler->height;
        if (encode(thumbnail, scaler->pixels, scaler->width, scaler->height) != 0) {
            thumbnail->status = TC_PNG_INVALID;
        }
    }
    free(scaler->sums);
    free(scaler->counts);
    free(scaler->pixels);
    free(scaler->column);
}

void tc_png_free(void *pointer) { free(pointer); }
