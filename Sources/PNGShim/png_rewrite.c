#include "png_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cgbi.h"

static uint32_t be32(const uint8_t *bytes) {
    return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) | ((uint32_t)bytes[2] << 8) | bytes[3];
}

static void put32(uint8_t *bytes, uint32_t value) {
    bytes[0] = (uint8_t)(value >> 24);
    bytes[1] = (uint8_t)(value >> 16);
    bytes[2] = (uint8_t)(value >> 8);
    bytes[3] = (uint8_t)value;
}

/// Deflates `data` at level 9 with `strategy` into a new buffer; its size in `size`. NULL on failure.
static uint8_t *deflate_all(const uint8_t *data, size_t count, int strategy, size_t *size) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, 9, Z_DEFLATED, 15, 9, strategy) != Z_OK) {
        return NULL;
    }
    uLong bound = deflateBound(&stream, (uLong)count);
    uint8_t *out = malloc(bound);
    if (out == NULL) {
        deflateEnd(&stream);
        return NULL;
    }
    stream.next_in = (uint8_t *)data;
    stream.avail_in = (uInt)count;
    stream.next_out = out;
    stream.avail_out = (uInt)bound;
    int status = deflate(&stream, Z_FINISH);
    *size = stream.total_out;
    deflateEnd(&stream);
    if (status != Z_STREAM_END) {
        free(out);
        return NULL;
    }
    return out;
}

/// Inflates `count` bytes of zlib data into exactly `expected` bytes; 0 when they are exactly that.
static int inflate_exactly(const uint8_t *data, size_t count, uint8_t *out, uint64_t expected) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit2(&stream, 15) != Z_OK) {
        return -1;
    }
    stream.next_in = (uint8_t *)data;
    stream.avail_in = (uInt)count;
    stream.next_out = out;
    stream.avail_out = (uInt)expected;
    int status = inflate(&stream, Z_FINISH);
    int ok = status == Z_STREAM_END && stream.total_out == expected;
    if (ok && expected > 0) {
        // Nothing more may follow within the stream.
        uint8_t extra;
        stream.next_out = &extra;
        stream.avail_out = 1;
        ok = inflate(&stream, Z_FINISH) == Z_STREAM_END && stream.avail_out == 1;
    }
    inflateEnd(&stream);
    return ok ? 0 : -1;
}

void tc_png_rewrite(const uint8_t *bytes, size_t count, const tc_png_limits *limits, tc_png_rewritten *out) {
    memset(out, 0, sizeof *out);
    out->status = TC_PNG_INVALID;
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (count < 8 || memcmp(bytes, signature, 8) != 0) {
        snprintf(out->message, sizeof out->message, "not a PNG");
        return;
    }
    // First pass: the chunks, checked, and where the image data lies.
    tc_image_layout layout;
    memset(&layout, 0, sizeof layout);
    size_t first_idat = 0, after_idat = 0, idat_bytes = 0, position = 8;
    int seen_end = 0;
    while (position + 12 <= count && !seen_end) {
        uint32_t length = be32(bytes + position);
        const uint8_t *type = bytes + position + 4;
        if (length > count - position - 12) {
            snprintf(out->message, sizeof out->message, "a chunk runs past the end of the file");
            return;
        }
        uint32_t crc = (uint32_t)crc32(0, type, length + 4);
        if (crc != be32(bytes + position + 8 + length)) {
            snprintf(out->message, sizeof out->message, "a chunk's CRC is wrong");
            return;
        }
        if (memcmp(type, "CgBI", 4) == 0) {
            snprintf(out->message, sizeof out->message, "an Apple CgBI PNG: never rewritten");
            return;
        }
        if (memcmp(type, "IHDR", 4) == 0 && length == 13 && layout.width == 0) {
            const uint8_t *ihdr = type + 4;
            layout = (tc_image_layout){be32(ihdr), be32(ihdr + 4), ihdr[8], ihdr[9], ihdr[12] != 0};
            if (!tc_layout_within_limits(&layout, limits)) {
                snprintf(out->message, sizeof out->message, "over the limits an image is decoded within");
                return;
            }
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (after_idat != 0 && after_idat != position) {
                snprintf(out->message, sizeof out->message, "image data chunks that are not consecutive");
                return;
            }
            if (first_idat == 0) {
                first_idat = position;
            }
            idat_bytes += length;
            after_idat = position + 12 + length;
        } else if (memcmp(type, "IEND", 4) == 0) {
            seen_end = 1;
        }
        position += 12 + (size_t)length;
    }
    if (!seen_end || layout.width == 0 || first_idat == 0) {
        snprintf(out->message, sizeof out->message, "not a whole PNG (no IHDR, image data or IEND)");
        return;
    }
    uint64_t expected = tc_inflated_size(&layout);
    // Held twice in memory (the rows and their check): at most 256 MiB each.
    if (expected > ((uint64_t)1 << 28)) {
        snprintf(out->message, sizeof out->message, "too large to rewrite in memory");
        return;
    }
    uint8_t *stream = malloc(idat_bytes > 0 ? idat_bytes : 1);
    uint8_t *filtered = malloc(expected > 0 ? (size_t)expected : 1);
    uint8_t *check = malloc(expected > 0 ? (size_t)expected : 1);
    uint8_t *best = NULL;
    if (stream == NULL || filtered == NULL || check == NULL) {
        snprintf(out->message, sizeof out->message, "out of memory");
        goto done;
    }
    size_t gathered = 0;
    for (size_t at = first_idat; at < after_idat;) {
        uint32_t length = be32(bytes + at);
        memcpy(stream + gathered, bytes + at + 8, length);
        gathered += length;
        at += 12 + (size_t)length;
    }
    if (inflate_exactly(stream, gathered, filtered, expected) != 0) {
        snprintf(out->message, sizeof out->message, "the image data does not inflate to what the header implies");
        goto done;
    }
    // Level 9, two strategies: the smaller stream wins.
    size_t best_size = 0;
    int strategies[2] = {Z_DEFAULT_STRATEGY, Z_FILTERED};
    for (int index = 0; index < 2; index++) {
        size_t size = 0;
        uint8_t *candidate = deflate_all(filtered, (size_t)expected, strategies[index], &size);
        if (candidate != NULL && (best == NULL || size < best_size)) {
            free(best);
            best = candidate;
            best_size = size;
        } else {
            free(candidate);
        }
    }
    if (best == NULL) {
        snprintf(out->message, sizeof out->message, "zlib could not deflate");
        goto done;
    }
    // The new stream must inflate to the very same filtered rows.
    if (inflate_exactly(best, best_size, check, expected) != 0 || memcmp(check, filtered, (size_t)expected) != 0) {
        snprintf(out->message, sizeof out->message, "the new image data does not inflate to the same rows");
        goto done;
    }
    // The file: every chunk as it was, the image data as new IDAT chunks of at most 1 MiB.
    const size_t piece = 1 << 20;
    size_t chunks = best_size / piece + 1;
    size_t size = first_idat + chunks * 12 + best_size + (count - after_idat);
    if (size >= count) {
        out->status = TC_PNG_OK;
        out->size = count;
        snprintf(out->message, sizeof out->message, "already as small");
        goto done;
    }
    uint8_t *file = malloc(size);
    if (file == NULL) {
        snprintf(out->message, sizeof out->message, "out of memory");
        goto done;
    }
    memcpy(file, bytes, first_idat);
    size_t written = first_idat;
    for (size_t offset = 0; offset < best_size || offset == 0; offset += piece) {
        size_t length = best_size - offset < piece ? best_size - offset : piece;
        put32(file + written, (uint32_t)length);
        memcpy(file + written + 4, "IDAT", 4);
        memcpy(file + written + 8, best + offset, length);
        put32(file + written + 8 + length, (uint32_t)crc32(0, file + written + 4, (uInt)length + 4));
        written += 12 + length;
        if (offset + length >= best_size) {
            break;
        }
    }
    memcpy(file + written, bytes + after_idat, count - after_idat);
    written += count - after_idat;
    out->bytes = file;
    out->size = written;
    out->status = TC_PNG_OK;
done:
    free(stream);
    free(filtered);
    free(check);
    free(best);
}

void tc_png_rewritten_free(tc_png_rewritten *rewritten) {
    free(rewritten->bytes);
    rewritten->bytes = NULL;
}
