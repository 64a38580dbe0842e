#include "png_decode.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cgbi.h"
#include "source_reader.h"

/// Everything the decoding callbacks need; reached through png_get_error_ptr / png_get_io_ptr.
typedef struct {
    tc_reader reader;
    tc_decode_result *result;
    /// libpng said the IHDR is over png_set_user_limits: its error alone says "Invalid IHDR data".
    int over_user_limit;
} decode_state;

static void set_message(tc_decode_result *result, const char *message) {
    snprintf(result->message, sizeof result->message, "%s", message);
}

static void on_decode_error(png_structp png, png_const_charp message) {
    decode_state *state = png_get_error_ptr(png);
    set_message(state->result, message);
    png_longjmp(png, 1);
}

static void on_decode_warning(png_structp png, png_const_charp message) {
    decode_state *state = png_get_error_ptr(png);
    if (strstr(message, "exceeds user limit") != NULL) {
        state->over_user_limit = 1;
    }
}

static void on_decode_read(png_structp png, png_bytep out, size_t count) {
    decode_state *state = png_get_io_ptr(png);
    if (tc_reader_read(&state->reader, out, count) == count) {
        return;
    }
    char message[256];
    if (tc_reader_shortfall(&state->reader, message, sizeof message)) {
        state->result->status = TC_PNG_IO_ERROR;
    }
    png_error(png, message);
}

int tc_png_set_rgba(void *opaque, int bit_depth, int keep_16, int cgbi) {
    png_structp png = opaque;
    // Every layout becomes RGBA: 8 bits a channel, or 16 for 16-bit images when asked.
    int sixteen = keep_16 && bit_depth == 16;
    png_set_expand(png);
    if (!sixteen) {
        png_set_scale_16(png);
    }
    png_set_gray_to_rgb(png);
    png_set_filler(png, sixteen ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    if (cgbi) {
        png_set_bgr(png);
    }
    return sixteen;
}

/// Decodes an ordinary PNG (or a CgBI file already rewritten as one, `cgbi` set) from
/// `source` into `sink`.
static void decode(tc_png_source *source, const tc_png_limits *limits, uint64_t max_decoded_bytes,
                   int cgbi, int keep_16, const tc_row_sink *sink, tc_decode_result *result) {
    decode_state state;
    memset(&state, 0, sizeof state);
    state.result = result;
    tc_reader_init(&state.reader, source);
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_decode_error,
                                             on_decode_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        result->status = TC_PNG_IO_ERROR;
        set_message(result, "libpng could not start");
        return;
    }
    // Volatile: they change between setjmp and a longjmp back to it.
    png_bytep volatile row = NULL;
    png_bytep volatile image = NULL;
    png_bytepp volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        if (state.over_user_limit) {
            result->status = TC_PNG_OVER_LIMIT;
            // IHDR's data starts at byte 16 (a CgBI file was rewritten without its CgBI chunk).
            tc_reader_size_at(&state.reader, 16, &result->width, &result->height);
            set_message(result, "over the limits an image is decoded within");
        }
        if (result->status == TC_PNG_OK) {
            result->status = TC_PNG_INVALID;
        }
        free(row);
        free(image);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return;
    }
    png_set_read_fn(png, &state, on_decode_read);
    png_set_user_limits(png, limits->max_side, limits->max_side);
    png_set_chunk_malloc_max(png, limits->max_chunk_bytes);
    png_set_chunk_cache_max(png, 64);
    // Ancillary chunks other than tRNS (transparency) change no pixel.
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_read_info(png, info);

    png_uint_32 width, height;
    int bit_depth, color_type, interlace;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    result->width = width;
    result->height = height;
    if ((uint64_t)width * (uint64_t)height > limits->max_pixels) {
        result->status = TC_PNG_OVER_LIMIT;
        png_error(png, "image has more pixels than the limit");
    }
    int sixteen = tc_png_set_rgba(png, bit_depth, keep_16, cgbi);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t pixel_bytes = sixteen ? 8 : 4;
    if (png_get_rowbytes(png, info) != (size_t)width * pixel_bytes) {
        png_error(png, "unexpected row layout after conversion to RGBA");
    }
    const char *refused =
        sink->begin(sink->context, width, height, sixteen, cgbi && (color_type & PNG_COLOR_MASK_ALPHA) != 0);
    if (refused != NULL) {
        png_error(png, refused);
    }
    png_uint_32 rows_wanted = sink->row_limit != 0 && sink->row_limit < height ? sink->row_limit : height;
    if (passes == 1) {
        row = malloc((size_t)width * pixel_bytes);
        if (row == NULL) {
            png_error(png, "out of memory for one row");
        }
        for (png_uint_32 y = 0; y < rows_wanted; y++) {
            png_read_row(png, row, NULL);
            sink->row(sink->context, row, y);
        }
    } else {
        // Adam7 delivers rows pass by pass: the whole image is needed before any row is final.
        if ((uint64_t)width * height * pixel_bytes > max_decoded_bytes) {
            result->status = TC_PNG_OVER_LIMIT;
            png_error(png, "interlaced and too large to decode whole");
        }
        image = malloc((size_t)width * height * pixel_bytes);
        rows = malloc((size_t)height * sizeof *rows);
        if (image == NULL || rows == NULL) {
            png_error(png, "out of memory for the image");
        }
        for (png_uint_32 y = 0; y < height; y++) {
            rows[y] = image + (size_t)y * width * pixel_bytes;
        }
        png_read_image(png, rows);
        for (png_uint_32 y = 0; y < rows_wanted; y++) {
            sink->row(sink->context, rows[y], y);
        }
    }
    free(row);
    free(image);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
}

static void write_be32(uint8_t *bytes, uint32_t value) {
    bytes[0] = (uint8_t)(value >> 24);
    bytes[1] = (uint8_t)(value >> 16);
    bytes[2] = (uint8_t)(value >> 8);
    bytes[3] = (uint8_t)value;
}

/// Appends one chunk, with its CRC, to `out` (which has room). Returns its length.
static size_t put_chunk(uint8_t *out, const char *type, const uint8_t *data, uint32_t length) {
    write_be32(out, length);
    memcpy(out + 4, type, 4);
    if (length > 0) {
        memcpy(out + 8, data, length);
    }
    write_be32(out + 8 + length, (uint32_t)crc32(0L, out + 4, (uInt)(4 + length)));
    return 12 + (size_t)length;
}

/// Apple's CgBI files store raw deflate (no zlib header, no Adler-32), which libpng refuses.
/// Rewrites the file as an ordinary PNG in memory: IHDR, PLTE and tRNS as they are, the image
/// data wrapped in a zlib header and the Adler-32 of what it inflates to, no CgBI chunk.
/// The inflated size is checked against what IHDR implies, so a bomb stops early. Returns the
/// new file (malloc'd) or NULL with `message` set.
static uint8_t *cgbi_as_png(tc_reader *reader, const tc_png_limits *limits, uint64_t max_file_bytes,
                            size_t *out_length, tc_decode_result *result) {
    uint8_t *file = NULL;
    size_t length = 0, capacity = 0;
    for (;;) {
        if (length == capacity) {
            if (capacity >= max_file_bytes) {
                result->status = TC_PNG_OVER_LIMIT;
                set_message(result, "CgBI file too large to convert for decoding");
                free(file);
                return NULL;
            }
            size_t grown_capacity = capacity == 0 ? 65536 : capacity * 2;
            if (grown_capacity > max_file_bytes) {
                grown_capacity = (size_t)max_file_bytes;
            }
            uint8_t *grown = realloc(file, grown_capacity);
            if (grown == NULL) {
                free(file);
                set_message(result, "out of memory reading the CgBI file");
                return NULL;
            }
            file = grown;
            capacity = grown_capacity;
        }
        size_t got = tc_reader_read(reader, file + length, capacity - length);
        length += got;
        if (length < capacity) {
            // A short read: the end of the file, or an error.
            if (reader->io_errno != 0) {
                result->status = TC_PNG_IO_ERROR;
                set_message(result, strerror(reader->io_errno));
                free(file);
                return NULL;
            }
            break;
        }
    }

    const uint8_t *ihdr = NULL, *plte = NULL, *trns = NULL;
    uint32_t plte_length = 0, trns_length = 0;
    size_t idat_total = 0;
    int ended = 0;
    // First pass: find the chunks and the IDAT total.
    for (size_t at = 8; at + 12 <= length;) {
        uint32_t chunk_length = tc_be32(file + at);
        if (chunk_length > length - at - 12) {
            break;
        }
        const uint8_t *type = file + at + 4;
        const uint8_t *data = file + at + 8;
        if (memcmp(type, "IHDR", 4) == 0 && chunk_length == 13) {
            ihdr = data;
        } else if (memcmp(type, "PLTE", 4) == 0) {
            plte = data;
            plte_length = chunk_length;
        } else if (memcmp(type, "tRNS", 4) == 0) {
            trns = data;
            trns_length = chunk_length;
        } else if (memcmp(type, "IDAT", 4) == 0) {
            idat_total += chunk_length;
        } else if (memcmp(type, "IEND", 4) == 0) {
            ended = 1;
            break;
        }
        at += 12 + (size_t)chunk_length;
    }
    if (ihdr == NULL || idat_total == 0) {
        set_message(result, ihdr == NULL ? "no IHDR chunk" : "no image data");
        free(file);
        return NULL;
    }
    (void)ended;
    tc_image_layout layout = {tc_be32(ihdr), tc_be32(ihdr + 4), ihdr[8], ihdr[9], ihdr[12] != 0};
    // The limits decoding applies, checked before any inflating: IHDR decides how much work the
    // stream may make (and tc_inflated_size stays far from overflowing).
    if (!tc_layout_within_limits(&layout, limits)) {
        result->status = TC_PNG_OVER_LIMIT;
        result->width = layout.width;
        result->height = layout.height;
        set_message(result, "over the limits an image is decoded within");
        free(file);
        return NULL;
    }
    uint64_t expected = tc_inflated_size(&layout);

    // Second pass: inflate the raw stream, for its Adler-32 and to check its size.
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit2(&stream, -15) != Z_OK) {
        set_message(result, "zlib could not start");
        free(file);
        return NULL;
    }
    uint8_t scratch[16384];
    uLong adler = adler32(0L, Z_NULL, 0);
    uint64_t inflated = 0;
    int status = Z_OK;
    for (size_t at = 8; at + 12 <= length && status != Z_STREAM_END;) {
        uint32_t chunk_length = tc_be32(file + at);
        if (chunk_length > length - at - 12) {
            break;
        }
        if (memcmp(file + at + 4, "IDAT", 4) == 0) {
            stream.next_in = file + at + 8;
            stream.avail_in = chunk_length;
            // Until the input is used up and zlib has room left over (a full buffer may leave
            // output pending after the last input byte).
            while (status == Z_OK || status == Z_BUF_ERROR) {
                stream.next_out = scratch;
                stream.avail_out = sizeof scratch;
                status = inflate(&stream, Z_NO_FLUSH);
                size_t produced = sizeof scratch - stream.avail_out;
                adler = adler32(adler, scratch, (uInt)produced);
                inflated += produced;
                if (inflated > expected) {
                    status = Z_DATA_ERROR;
                }
                if (stream.avail_in == 0 && stream.avail_out != 0) {
                    break;
                }
            }
            if (status == Z_BUF_ERROR) {
                status = Z_OK;
            }
        } else if (memcmp(file + at + 4, "IEND", 4) == 0) {
            break;
        }
        at += 12 + (size_t)chunk_length;
    }
    // Only the deflate stream itself goes into the new IDAT: bytes after its end would be read
    // as the Adler-32.
    size_t deflated = (size_t)stream.total_in;
    inflateEnd(&stream);
    if (status != Z_STREAM_END || inflated != expected) {
        set_message(result, inflated > expected
                                   ? "the CgBI image data inflates to more than the image needs"
                                   : "the CgBI image data is damaged or ends early");
        free(file);
        return NULL;
    }

    size_t out_capacity = 8 + (12 + 13) + (12 + (size_t)plte_length) + (12 + (size_t)trns_length) +
                          (12 + 2 + deflated + 4) + 12;
    uint8_t *out = malloc(out_capacity);
    if (out == NULL) {
        free(file);
        set_message(result, "out of memory converting the CgBI file");
        return NULL;
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    // A zlib header for a 32 KiB window (what PNG's deflate streams use), no preset dictionary.
    static const uint8_t zlib_header[2] = {0x78, 0x01};
    size_t at = 0;
    memcpy(out, signature, 8);
    at += 8;
    at += put_chunk(out + at, "IHDR", ihdr, 13);
    if (plte != NULL) {
        at += put_chunk(out + at, "PLTE", plte, plte_length);
    }
    if (trns != NULL) {
        at += put_chunk(out + at, "tRNS", trns, trns_length);
    }
    // IDAT: the zlib header, the deflate stream gathered from the IDAT chunks, its Adler-32.
    size_t idat_start = at;
    write_be32(out + at, (uint32_t)(2 + deflated + 4));
    memcpy(out + at + 4, "IDAT", 4);
    memcpy(out + at + 8, zlib_header, 2);
    size_t gathered = 0;
    for (size_t chunk = 8; chunk + 12 <= length && gathered < deflated;) {
        uint32_t chunk_length = tc_be32(file + chunk);
        if (chunk_length > length - chunk - 12) {
            break;
        }
        if (memcmp(file + chunk + 4, "IDAT", 4) == 0) {
            size_t take = chunk_length < deflated - gathered ? chunk_length : deflated - gathered;
            memcpy(out + at + 10 + gathered, file + chunk + 8, take);
            gathered += take;
        }
        chunk += 12 + (size_t)chunk_length;
    }
    write_be32(out + at + 10 + deflated, (uint32_t)adler);
    at += 8 + 2 + deflated + 4;
    write_be32(out + at, (uint32_t)crc32(0L, out + idat_start + 4, (uInt)(at - idat_start - 4)));
    at += 4;
    at += put_chunk(out + at, "IEND", NULL, 0);
    free(file);
    *out_length = at;
    return out;
}

void tc_decode_png(tc_png_source *source, const tc_png_limits *limits, uint64_t max_decoded_bytes,
                   uint64_t max_file_bytes, int keep_16, const tc_row_sink *sink,
                   tc_decode_result *result) {
    memset(result, 0, sizeof *result);
    tc_reader reader;
    tc_reader_init(&reader, source);
    // The CgBI chunk comes first, at bytes 12–15.
    uint8_t head[16];
    size_t got = tc_reader_read(&reader, head, sizeof head);
    result->is_cgbi = got == sizeof head && memcmp(head + 12, "CgBI", 4) == 0;
    if (tc_reader_rewind(&reader) != 0) {
        result->status = TC_PNG_IO_ERROR;
        set_message(result, strerror(reader.io_errno));
        return;
    }
    if (!result->is_cgbi) {
        decode(source, limits, max_decoded_bytes, 0, keep_16, sink, result);
        return;
    }
    size_t length = 0;
    uint8_t *converted = cgbi_as_png(&reader, limits, max_file_bytes, &length, result);
    if (converted == NULL) {
        if (result->status == TC_PNG_OK) {
            result->status = TC_PNG_INVALID;
        }
        return;
    }
    tc_png_source memory = {-1, converted, length, length, length};
    decode(&memory, limits, max_decoded_bytes, 1, keep_16, sink, result);
    result->is_cgbi = 1;
    free(converted);
}
