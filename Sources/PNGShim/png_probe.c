#include "png_shim.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgbi.h"
#include "png_decode.h"
#include "source_reader.h"

/// Everything libpng's callbacks need; reached through png_get_error_ptr / png_get_io_ptr.
typedef struct {
    tc_reader reader;
    tc_png_report *report;
    char warnings[256];
    /// Set before the last row is read (libpng finishes the stream inside that read); from
    /// then on IDAT bytes are counted against `idat_allowance`.
    int rows_done;
    uint64_t idat_after_rows;
    uint64_t idat_allowance;
} probe_state;

/// How many IDAT bytes may follow the last row but one: that row's compressed data (at most
/// a little over its size), the end of the deflate stream and its Adler-32. More is data the
/// image does not need: a decompression bomb puts gigabytes of inflation there.
#define TC_IDAT_SLACK (64u * 1024u)

static void on_error(png_structp png, png_const_charp message) {
    probe_state *state = png_get_error_ptr(png);
    snprintf(state->report->message, sizeof state->report->message, "%s", message);
    png_longjmp(png, 1);
}

/// libpng explains some errors only in warnings ("Image width exceeds user limit in IHDR"
/// comes before "Invalid IHDR data"), so they are kept to go with the error.
static void on_warning(png_structp png, png_const_charp message) {
    probe_state *state = png_get_error_ptr(png);
    size_t used = strlen(state->warnings);
    if (used + 3 < sizeof state->warnings) {
        snprintf(state->warnings + used, sizeof state->warnings - used, "%s%s",
                 used > 0 ? "; " : "", message);
    }
}

static void on_read(png_structp png, png_bytep out, size_t count) {
    probe_state *state = png_get_io_ptr(png);
    if (state->rows_done && png_get_io_chunk_type(png) == 0x49444154u /* IDAT */) {
        state->idat_after_rows += count;
        if (state->idat_after_rows > state->idat_allowance) {
            png_error(png, "the compressed image data goes on past the last row (more than the image "
                           "needs: a decompression bomb or a damaged file)");
        }
    }
    if (tc_reader_read(&state->reader, out, count) == count) {
        return;
    }
    char message[256];
    if (tc_reader_shortfall(&state->reader, message, sizeof message)) {
        state->report->status = TC_PNG_IO_ERROR;
    }
    png_error(png, message);
}

/// Accepts the CgBI chunk, and every ancillary chunk, as handled, so that libpng neither
/// rejects the file nor keeps the chunks. Unknown critical chunks stay fatal.
static int on_cgbi_file_chunk(png_structp png, png_unknown_chunkp chunk) {
    (void)png;
    if (memcmp(chunk->name, "CgBI", 4) == 0) {
        return 1;
    }
    // Bit 5 of the first byte set means ancillary (PNG specification, 5.4).
    return (chunk->name[0] & 0x20) != 0 ? 1 : 0;
}

/// True when bytes 12–15 name a CgBI chunk: Apple puts it first, before IHDR.
static int starts_with_cgbi(const tc_reader *reader) {
    static const char cgbi[4] = {'C', 'g', 'B', 'I'};
    for (int i = 0; i < 4; i++) {
        if (tc_reader_byte_at(reader, 12 + (uint64_t)i) != (unsigned char)cgbi[i]) {
            return 0;
        }
    }
    return 1;
}

/// True when the bytes in hand show every chunk from the signature to the first IDAT, and each
/// is IHDR or PLTE: png_read_info then meets no chunk that the keep-unknown setting decides on,
/// and that setting, which libpng builds chunk by chunk for every file, is not needed.
static int only_ihdr_plte_before_idat(const tc_reader *reader) {
    uint64_t offset = 8;
    for (int chunk = 0; chunk < 8; chunk++) {
        unsigned char header[8];
        for (int i = 0; i < 8; i++) {
            int byte = tc_reader_byte_at(reader, offset + (uint64_t)i);
            if (byte < 0) {
                return 0;
            }
            header[i] = (unsigned char)byte;
        }
        uint32_t length = ((uint32_t)header[0] << 24) | ((uint32_t)header[1] << 16) | ((uint32_t)header[2] << 8) |
                          (uint32_t)header[3];
        if (memcmp(header + 4, "IDAT", 4) == 0) {
            return 1;
        }
        if (length > 0x7fffffffu || (memcmp(header + 4, "IHDR", 4) != 0 && memcmp(header + 4, "PLTE", 4) != 0)) {
            return 0;
        }
        offset += 12 + (uint64_t)length;
    }
    return 0;
}

/// Fills the report from the raw IHDR bytes: used when libpng refused the IHDR because it
/// claims more pixels than the limits allow, so the message can say what it claimed.
static void report_claimed_size(const tc_reader *reader, tc_png_report *report) {
    if (tc_reader_size_at(reader, report->is_cgbi ? 32 : 16, &report->width, &report->height) == 0) {
        report->has_header = 1;
    }
}

static void append_warnings(tc_png_report *report, const char *warnings) {
    size_t used = strlen(report->message);
    if (warnings[0] != '\0' && used + 4 < sizeof report->message) {
        snprintf(report->message + used, sizeof report->message - used, " (%s)", warnings);
    }
}

/// Reads every row, which makes libpng inflate the whole stream and check every CRC and the
/// Adler-32, then reads on to IEND. One row buffer: memory stays bounded by the width limit.
/// With `digest`, the rows are decoded to RGBA and fed to it on the way (not for interlaced
/// files, whose rows come pass by pass).
static void read_all_rows(png_structp png, png_infop info, png_bytep volatile *row, probe_state *state,
                          tc_row_sink *digest) {
    // The stored rows' size, before any transform: what the compressed data must hold.
    size_t stored_row_bytes = png_get_rowbytes(png, info);
    int passes = png_set_interlace_handling(png);
    if (passes > 1) {
        digest = NULL;
    }
    // An 8-bit gray file with no transparency needs no transform: its rows are hashed as they
    // are stored (they hash as their RGBA form would).
    int gray = digest != NULL && png_get_color_type(png, info) == PNG_COLOR_TYPE_GRAY &&
               png_get_bit_depth(png, info) == 8 && !png_get_valid(png, info, PNG_INFO_tRNS);
    int sixteen = 0;
    if (digest != NULL && !gray) {
        sixteen = tc_png_set_rgba(png, png_get_bit_depth(png, info), 1, 0);
    }
    png_read_update_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if (digest != NULL) {
        if (png_get_rowbytes(png, info) != (size_t)width * (gray ? 1 : sixteen ? 8 : 4)) {
            png_error(png, "unexpected row layout after conversion to RGBA");
        }
        const char *refused = gray ? tc_digest_sink_begin_gray(digest->context, width, height)
                                   : digest->begin(digest->context, width, height, sixteen, 0);
        if (refused != NULL) {
            png_error(png, refused);
        }
    }
    *row = malloc(png_get_rowbytes(png, info));
    if (*row == NULL) {
        png_error(png, "out of memory for one row");
    }
    state->idat_allowance = TC_IDAT_SLACK + 2 * (uint64_t)stored_row_bytes;
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            if (pass == passes - 1 && y == height - 1) {
                state->rows_done = 1;
            }
            png_read_row(png, *row, NULL);
            if (digest != NULL) {
                digest->row(digest->context, *row, y);
            }
        }
    }
    png_read_end(png, NULL);
    state->report->has_pixel_digest = digest != NULL;
}

void tc_png_probe(tc_png_source *source, int depth, const tc_png_limits *limits,
                  tc_png_report *report) {
    memset(report, 0, sizeof *report);
    int verify = depth == TC_PROBE_VERIFY || depth == TC_PROBE_VERIFY_DIGEST;
    // Address-taken, as `state` is, so it is in memory when a longjmp comes back; its row is
    // freed on both paths.
    tc_digest_sink digest;
    tc_row_sink digest_rows;
    tc_digest_sink_init(&digest, &digest_rows);
    probe_state state;
    memset(&state, 0, sizeof state);
    state.report = report;
    tc_reader_init(&state.reader, source);

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        report->status = TC_PNG_IO_ERROR;
        snprintf(report->message, sizeof report->message, "libpng could not start");
        return;
    }
    png_bytep volatile row = NULL;

    if (setjmp(png_jmpbuf(png))) {
        if (report->status == TC_PNG_OK) {
            report->status = strstr(state.warnings, "exceeds user limit") != NULL
                                 ? TC_PNG_OVER_LIMIT
                                 : TC_PNG_INVALID;
        }
        if (report->status == TC_PNG_OVER_LIMIT) {
            report_claimed_size(&state.reader, report);
        }
        append_warnings(report, state.warnings);
        report->has_pixel_digest = 0;
        tc_digest_sink_free(&digest);
        free(row);
        png_destroy_read_struct(&png, &info, NULL);
        return;
    }

    png_set_read_fn(png, &state, on_read);
    png_set_user_limits(png, limits->max_side, limits->max_side);
    png_set_chunk_malloc_max(png, limits->max_chunk_bytes);
    png_set_chunk_cache_max(png, 64);
    report->is_cgbi = starts_with_cgbi(&state.reader);
    // Skip every ancillary chunk: the probe needs none, and skipping them is cheaper and
    // safer (no iCCP or zTXt inflation). CRCs are still checked. A header probe of a file that
    // has none before its image data reads the same without the setting: the benchmark trees'
    // files, but only 58 of the 3,731 PNGs of eight real apps (most carry sRGB, pHYs or iCCP).
    if (verify || report->is_cgbi || !only_ihdr_plte_before_idat(&state.reader)) {
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    }
    if (verify) {
        // libpng ignores a bad CRC in an ancillary chunk by default; --verify promises every CRC.
        png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    }
    if (report->is_cgbi) {
        png_set_read_user_chunk_fn(png, NULL, on_cgbi_file_chunk);
    }

    png_read_info(png, info);

    png_uint_32 width, height;
    int bit_depth, color_type, interlace;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    report->has_header = 1;
    report->width = width;
    report->height = height;
    report->bit_depth = bit_depth;
    report->color_type = color_type;
    report->interlaced = interlace != PNG_INTERLACE_NONE;

    if ((uint64_t)width * (uint64_t)height > limits->max_pixels) {
        report->status = TC_PNG_OVER_LIMIT;
        png_error(png, "image has more pixels than the limit");
    }
    if (verify && !report->is_cgbi) {
        read_all_rows(png, info, &row, &state, depth == TC_PROBE_VERIFY_DIGEST ? &digest_rows : NULL);
    }
    if (report->has_pixel_digest) {
        tc_digest_sink_final(&digest, report->pixel_digest);
    }
    tc_digest_sink_free(&digest);
    free(row);
    png_destroy_read_struct(&png, &info, NULL);

    if (verify && report->is_cgbi) {
        tc_image_layout layout = {width, height, bit_depth, color_type, report->interlaced};
        if (tc_cgbi_verify(&state.reader, &layout, report->message, sizeof report->message) != 0) {
            report->status = state.reader.io_errno != 0 ? TC_PNG_IO_ERROR : TC_PNG_INVALID;
        }
    }
}
