#include "cgbi.h"

#include <stdio.h>
#include <string.h>
#include <zlib.h>

/// Adam7 passes as (x0, y0, dx, dy), from the PNG specification, section 8.2.
static const uint32_t adam7[7][4] = {
    {0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
    {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2},
};

static int channels(int color_type) {
    switch (color_type) {
    case 0: return 1; // gray
    case 2: return 3; // RGB
    case 3: return 1; // palette
    case 4: return 2; // gray + alpha
    case 6: return 4; // RGBA
    default: return 0;
    }
}

/// Walks the rows of the inflated stream: where each row's filter byte is, pass by pass.
typedef struct {
    const tc_image_layout *layout;
    int pass;             ///< 0…6 for Adam7, 0 for a plain image
    uint32_t rows_left;   ///< rows still to come in this pass
    uint64_t row_length;  ///< filter byte + packed pixels
    uint64_t next_filter; ///< stream offset of the next filter byte, or UINT64_MAX when done
} row_cursor;

static uint64_t row_length(const tc_image_layout *layout, uint32_t width) {
    uint64_t bits = (uint64_t)width * (uint64_t)channels(layout->color_type) *
                    (uint64_t)layout->bit_depth;
    return 1 + (bits + 7) / 8;
}

/// Width and height of pass `pass`; the whole image when not interlaced.
static void pass_size(const tc_image_layout *layout, int pass, uint32_t *width,
                      uint32_t *height) {
    if (!layout->interlaced) {
        *width = layout->width;
        *height = layout->height;
        return;
    }
    const uint32_t *p = adam7[pass];
    *width = layout->width > p[0] ? (layout->width - p[0] + p[2] - 1) / p[2] : 0;
    *height = layout->height > p[1] ? (layout->height - p[1] + p[3] - 1) / p[3] : 0;
}

/// Moves the cursor to the first row of the first non-empty pass from `pass` on.
static void cursor_enter_pass(row_cursor *cursor, int pass, uint64_t offset) {
    int passes = cursor->layout->interlaced ? 7 : 1;
    for (; pass < passes; pass++) {
        uint32_t width, height;
        pass_size(cursor->layout, pass, &width, &height);
        if (width > 0 && height > 0) {
            cursor->pass = pass;
            cursor->rows_left = height;
            cursor->row_length = row_length(cursor->layout, width);
            cursor->next_filter = offset;
            return;
        }
    }
    cursor->next_filter = UINT64_MAX;
}

static void cursor_advance(row_cursor *cursor) {
    uint64_t next = cursor->next_filter + cursor->row_length;
    if (--cursor->rows_left > 0) {
        cursor->next_filter = next;
    } else {
        cursor_enter_pass(cursor, cursor->pass + 1, next);
    }
}

uint64_t tc_inflated_size(const tc_image_layout *layout) {
    uint64_t total = 0;
    int passes = layout->interlaced ? 7 : 1;
    for (int pass = 0; pass < passes; pass++) {
        uint32_t width, height;
        pass_size(layout, pass, &width, &height);
        if (width > 0) {
            total += (uint64_t)height * row_length(layout, width);
        }
    }
    return total;
}

int tc_layout_within_limits(const tc_image_layout *layout, const tc_png_limits *limits) {
    return layout->width != 0 && layout->height != 0 && layout->width <= limits->max_side &&
           layout->height <= limits->max_side &&
           (uint64_t)layout->width * layout->height <= limits->max_pixels;
}

uint32_t tc_be32(const uint8_t *bytes) {
    return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) | ((uint32_t)bytes[2] << 8) |
           (uint32_t)bytes[3];
}

typedef struct {
    z_stream stream;
    row_cursor cursor;
    uint64_t expected;
    uint64_t inflated;
    int ended;
    char *message;
    size_t message_size;
} cgbi_state;

/// Checks the filter bytes that fall inside `out[0 ..< count]`, the inflated bytes that
/// start at stream offset `state->inflated`.
static int check_filters(cgbi_state *state, const uint8_t *out, size_t count) {
    uint64_t end = state->inflated + count;
    while (state->cursor.next_filter < end) {
        uint8_t filter = out[state->cursor.next_filter - state->inflated];
        if (filter > 4) {
            snprintf(state->message, state->message_size,
                     "CgBI image data has invalid filter type %u at inflated byte %llu",
                     (unsigned)filter, (unsigned long long)state->cursor.next_filter);
            return -1;
        }
        cursor_advance(&state->cursor);
    }
    state->inflated = end;
    return 0;
}

/// Feeds one piece of IDAT data to the raw inflater.
static int inflate_piece(cgbi_state *state, const uint8_t *bytes, size_t count) {
    uint8_t out[16384];
    state->stream.next_in = (Bytef *)bytes;
    state->stream.avail_in = (uInt)count;
    // Until the input is used up and zlib has room left over: with the output buffer full, zlib
    // may hold more output although it has read all the input (the end of the stream included).
    while (!state->ended) {
        state->stream.next_out = out;
        state->stream.avail_out = sizeof out;
        int status = inflate(&state->stream, Z_NO_FLUSH);
        size_t produced = sizeof out - state->stream.avail_out;
        if (state->inflated + produced > state->expected) {
            snprintf(state->message, state->message_size,
                     "CgBI image data inflates to more than the %llu bytes IHDR implies",
                     (unsigned long long)state->expected);
            return -1;
        }
        if (check_filters(state, out, produced) != 0) {
            return -1;
        }
        if (status == Z_STREAM_END) {
            state->ended = 1;
        } else if (status != Z_OK && status != Z_BUF_ERROR) {
            snprintf(state->message, state->message_size,
                     "CgBI image data is not a valid raw deflate stream (zlib: %s)",
                     state->stream.msg ? state->stream.msg : "error");
            return -1;
        }
        if (state->stream.avail_in == 0 && state->stream.avail_out != 0) {
            break;
        }
    }
    return 0;
}

/// Reads `length` bytes of chunk data, adding them to the CRC and, for IDAT, to the inflater.
static int consume_chunk_data(tc_reader *reader, cgbi_state *state, uint32_t length,
                              int is_idat, uLong *crc) {
    uint32_t left = length;
    while (left > 0) {
        const uint8_t *bytes;
        size_t got = tc_reader_next(reader, &bytes, left);
        if (got == 0) {
            return -1;
        }
        *crc = crc32(*crc, bytes, (uInt)got);
        if (is_idat && inflate_piece(state, bytes, got) != 0) {
            return -2;
        }
        left -= (uint32_t)got;
    }
    return 0;
}

static void report_truncation(tc_reader *reader, cgbi_state *state) {
    snprintf(state->message, state->message_size, "file ends early at byte %llu (truncated)",
             (unsigned long long)tc_reader_offset(reader));
}

static int walk_chunks(tc_reader *reader, cgbi_state *state) {
    uint8_t signature[8];
    if (tc_reader_read(reader, signature, sizeof signature) != sizeof signature) {
        report_truncation(reader, state);
        return -1;
    }
    for (;;) {
        uint8_t header[8];
        if (tc_reader_read(reader, header, sizeof header) != sizeof header) {
            report_truncation(reader, state);
            return -1;
        }
        uint32_t length = tc_be32(header);
        const uint8_t *type = header + 4;
        char name[5] = {0};
        memcpy(name, type, 4);
        if (length > 0x7fffffffu) {
            snprintf(state->message, state->message_size,
                     "chunk %s claims %u bytes, over the PNG maximum of 2^31-1", name, length);
            return -1;
        }
        int is_idat = memcmp(type, "IDAT", 4) == 0;
        uLong crc = crc32(0L, type, 4);
        int consumed = consume_chunk_data(reader, state, length, is_idat, &crc);
        if (consumed == -1) {
            report_truncation(reader, state);
        }
        if (consumed != 0) {
            return -1;
        }
        uint8_t stored[4];
        if (tc_reader_read(reader, stored, sizeof stored) != sizeof stored) {
            report_truncation(reader, state);
            return -1;
        }
        if (tc_be32(stored) != (uint32_t)crc) {
            snprintf(state->message, state->message_size, "%s: CRC error", name);
            return -1;
        }
        if (memcmp(type, "IEND", 4) == 0) {
            return 0;
        }
    }
}

int tc_cgbi_verify(tc_reader *reader, const tc_image_layout *layout, char *message,
                   size_t message_size) {
    if (tc_reader_rewind(reader) != 0) {
        snprintf(message, message_size, "cannot go back to the start of the file");
        return -1;
    }
    cgbi_state state;
    memset(&state, 0, sizeof state);
    state.cursor.layout = layout;
    state.expected = tc_inflated_size(layout);
    state.message = message;
    state.message_size = message_size;
    cursor_enter_pass(&state.cursor, 0, 0);
    // A negative window size selects raw deflate: no zlib header, no Adler-32.
    if (inflateInit2(&state.stream, -15) != Z_OK) {
        snprintf(message, message_size, "zlib could not start inflating");
        return -1;
    }
    int result = walk_chunks(reader, &state);
    inflateEnd(&state.stream);
    if (result != 0) {
        return -1;
    }
    if (state.inflated == state.expected && !state.ended) {
        snprintf(message, message_size, "CgBI image data has no final deflate block");
        return -1;
    }
    if (state.inflated != state.expected) {
        snprintf(message, message_size,
                 "CgBI image data inflates to %llu bytes; IHDR (%ux%u) implies %llu",
                 (unsigned long long)state.inflated, layout->width, layout->height,
                 (unsigned long long)state.expected);
        return -1;
    }
    return 0;
}
