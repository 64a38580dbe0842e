#include "png_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cgbi.h"
#include "png_decode.h"
#include "source_reader.h"

// xxHash64's primes, round and merge (Yann Collet's specification, github.com/Cyan4973/xxHash,
// doc/xxhash_spec.md): four lanes over 32-byte stripes. The tail and the finish differ from
// xxHash64: leftover words go to the lanes in turn, and two halves are folded from the lanes.
static const uint64_t prime1 = 0x9E3779B185EBCA87ULL;
static const uint64_t prime2 = 0xC2B2AE3D27D4EB4FULL;
static const uint64_t prime3 = 0x165667B19E3779F9ULL;
static const uint64_t prime4 = 0x85EBCA77C2B2AE63ULL;

static uint64_t rotl(uint64_t value, int bits) { return (value << bits) | (value >> (64 - bits)); }

static uint64_t round64(uint64_t lane, uint64_t word) {
    lane += word * prime2;
    lane = rotl(lane, 31);
    return lane * prime1;
}

static uint64_t merge(uint64_t accumulator, uint64_t lane) {
    accumulator ^= round64(0, lane);
    return accumulator * prime1 + prime4;
}

static uint64_t avalanche(uint64_t value) {
    value ^= value >> 33;
    value *= prime2;
    value ^= value >> 29;
    value *= prime3;
    value ^= value >> 32;
    return value;
}

/// Little-endian, whatever the machine: a digest in a cache means the same everywhere.
static uint64_t le64(const uint8_t *bytes) {
    uint64_t value = 0;
    for (int i = 7; i >= 0; i--) {
        value = (value << 8) | bytes[i];
    }
    return value;
}

static void hash_stripe(uint64_t lanes[4], const uint8_t *stripe) {
    lanes[0] = round64(lanes[0], le64(stripe));
    lanes[1] = round64(lanes[1], le64(stripe + 8));
    lanes[2] = round64(lanes[2], le64(stripe + 16));
    lanes[3] = round64(lanes[3], le64(stripe + 24));
}

void tc_hash_init(tc_hash *hash) {
    memset(hash, 0, sizeof *hash);
    hash->lanes[0] = prime1 + prime2;
    hash->lanes[1] = prime2;
    hash->lanes[2] = 0;
    hash->lanes[3] = 0 - prime1;
}

void tc_hash_update(tc_hash *hash, const void *bytes, size_t count) {
    const uint8_t *at = bytes;
    hash->total += count;
    if (hash->pending_length > 0) {
        size_t take = 32 - hash->pending_length;
        if (take > count) {
            take = count;
        }
        memcpy(hash->pending + hash->pending_length, at, take);
        hash->pending_length += take;
        at += take;
        count -= take;
        if (hash->pending_length < 32) {
            return;
        }
        hash_stripe(hash->lanes, hash->pending);
        hash->pending_length = 0;
    }
    uint64_t lanes[4] = {hash->lanes[0], hash->lanes[1], hash->lanes[2], hash->lanes[3]};
    for (; count >= 32; at += 32, count -= 32) {
        hash_stripe(lanes, at);
    }
    memcpy(hash->lanes, lanes, sizeof lanes);
    memcpy(hash->pending, at, count);
    hash->pending_length = count;
}

void tc_hash_final(const tc_hash *hash, uint64_t out[2]) {
    uint64_t lanes[4] = {hash->lanes[0], hash->lanes[1], hash->lanes[2], hash->lanes[3]};
    // The leftover bytes, zero-padded to words, to the lanes in turn.
    uint8_t last[32] = {0};
    memcpy(last, hash->pending, hash->pending_length);
    for (size_t word = 0; word * 8 < hash->pending_length; word++) {
        lanes[word] = round64(lanes[word], le64(last + word * 8));
    }
    // The length goes in too: "ab" and "ab\0" pad to the same words.
    uint64_t first = rotl(lanes[0], 1) + rotl(lanes[1], 7) + rotl(lanes[2], 12) + rotl(lanes[3], 18);
    uint64_t second = rotl(lanes[3], 1) + rotl(lanes[2], 7) + rotl(lanes[1], 12) + rotl(lanes[0], 18);
    for (int lane = 0; lane < 4; lane++) {
        first = merge(first, lanes[lane]);
        second = merge(second, lanes[3 - lane] ^ prime3);
    }
    out[0] = avalanche(first + hash->total);
    out[1] = avalanche((second ^ rotl(hash->total, 32)) + out[0]);
}

/// The hashing row sink.
static const char *digest_begin(void *context, uint32_t width, uint32_t height, int sixteen,
                                int premultiplied) {
    tc_digest_sink *sink = context;
    sink->width = width;
    sink->sixteen = sixteen;
    sink->premultiplied = premultiplied;
    // RGBA (8 bytes a pixel for 16 bits), and for 8 bits one more byte a pixel for the gray form.
    sink->row = malloc((size_t)width * (sixteen ? 8 : 5));
    if (sink->row == NULL) {
        return "out of memory for one row";
    }
    uint32_t header[3] = {width, height, (uint32_t)sixteen};
    tc_hash_update(&sink->hash, header, sizeof header);
    return NULL;
}

/// What each row's hash starts with: says how the row's pixels follow, so two rows hashed in
/// other forms never run together into one stream.
enum { ROW_GRAY = 'g', ROW_RGBA = 'c' };

/// Hashes one 8-bit gray row (every pixel opaque, r = g = b): its form and its gray bytes.
static void hash_gray_row(tc_hash *hash, const uint8_t *gray, uint32_t width) {
    uint8_t form = ROW_GRAY;
    tc_hash_update(hash, &form, 1);
    tc_hash_update(hash, gray, width);
}

/// Hashes one normalised 8-bit RGBA row (transparent pixels zero, straight alpha): as a gray
/// row when every pixel is opaque gray, which is what a gray file's row hashes as, so a gray
/// picture costs a quarter of the hashing whatever layout stores it; else as RGBA.
/// `scratch` holds `width` bytes.
static void hash_rgba8_row(tc_hash *hash, const uint8_t *pixels, uint32_t width, uint8_t *scratch) {
    // One pass with no branch per pixel, which the compiler vectorises.
    int colour = 0;
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = pixels + (size_t)x * 4;
        colour |= (p[0] != p[1]) | (p[1] != p[2]) | (p[3] != 255);
    }
    if (!colour) {
        for (uint32_t x = 0; x < width; x++) {
            scratch[x] = pixels[(size_t)x * 4];
        }
        hash_gray_row(hash, scratch, width);
        return;
    }
    uint8_t form = ROW_RGBA;
    tc_hash_update(hash, &form, 1);
    tc_hash_update(hash, pixels, (size_t)width * 4);
}

/// Whether any of `count` 8-bit RGBA pixels is fully transparent: one pass with no branch per
/// pixel.
static int has_transparent_pixel(const uint8_t *pixels, uint32_t count) {
    int found = 0;
    for (uint32_t x = 0; x < count; x++) {
        found |= pixels[(size_t)x * 4 + 3] == 0;
    }
    return found;
}

static void digest_row(void *context, const uint8_t *pixels, uint32_t y) {
    (void)y;
    tc_digest_sink *sink = context;
    if (sink->gray_rows) {
        hash_gray_row(&sink->hash, pixels, sink->width);
        return;
    }
    size_t pixel_bytes = sink->sixteen ? 8 : 4;
    // Nothing to normalise in an 8-bit straight-alpha row with no transparent pixel: hashed
    // as it is, with no copy.
    if (!sink->sixteen && !sink->premultiplied && !has_transparent_pixel(pixels, sink->width)) {
        hash_rgba8_row(&sink->hash, pixels, sink->width, sink->row);
        return;
    }
    memcpy(sink->row, pixels, (size_t)sink->width * pixel_bytes);
    for (uint32_t x = 0; x < sink->width; x++) {
        uint8_t *p = sink->row + (size_t)x * pixel_bytes;
        int transparent = sink->sixteen ? (p[6] == 0 && p[7] == 0) : p[3] == 0;
        if (transparent) {
            // Invisible whatever its colour: two files that differ only there look the same.
            memset(p, 0, pixel_bytes);
        } else if (sink->premultiplied && !sink->sixteen && p[3] < 255) {
            // CgBI stores colours multiplied by alpha; straight alpha is what other files hold.
            for (int channel = 0; channel < 3; channel++) {
                uint32_t value = (p[channel] * 255u + p[3] / 2) / p[3];
                p[channel] = (uint8_t)(value > 255 ? 255 : value);
            }
        }
    }
    if (!sink->sixteen) {
        // The gray form is written to the row's own tail, past what the check reads first.
        hash_rgba8_row(&sink->hash, sink->row, sink->width, sink->row + (size_t)sink->width * 4);
        return;
    }
    uint8_t form = ROW_RGBA;
    tc_hash_update(&sink->hash, &form, 1);
    tc_hash_update(&sink->hash, sink->row, (size_t)sink->width * pixel_bytes);
}

void tc_digest_sink_init(tc_digest_sink *sink, tc_row_sink *out) {
    memset(sink, 0, sizeof *sink);
    tc_hash_init(&sink->hash);
    *out = (tc_row_sink){sink, digest_begin, digest_row};
}

const char *tc_digest_sink_begin_gray(tc_digest_sink *sink, uint32_t width, uint32_t height) {
    const char *refused = digest_begin(sink, width, height, 0, 0);
    sink->gray_rows = 1;
    return refused;
}

void tc_digest_sink_final(const tc_digest_sink *sink, uint64_t out[2]) { tc_hash_final(&sink->hash, out); }

void tc_digest_sink_free(tc_digest_sink *sink) {
    free(sink->row);
    sink->row = NULL;
}

void tc_png_digest_pixels(tc_png_source *source, const tc_png_limits *limits,
                          uint64_t max_decoded_bytes, uint64_t max_file_bytes, uint32_t rows,
                          tc_png_pixel_digest *digest) {
    memset(digest, 0, sizeof *digest);
    tc_digest_sink context;
    tc_row_sink sink;
    tc_digest_sink_init(&context, &sink);
    if (rows != 0) {
        sink.row_limit = rows;
        tc_hash_update(&context.hash, &rows, sizeof rows);
    }
    tc_decode_result result;
    tc_decode_png(source, limits, max_decoded_bytes, max_file_bytes, 1, &sink, &result);
    tc_digest_sink_free(&context);
    digest->status = result.status;
    digest->width = result.width;
    digest->height = result.height;
    snprintf(digest->message, sizeof digest->message, "%s", result.message);
    if (result.status == TC_PNG_OK) {
        tc_digest_sink_final(&context, digest->digest);
    }
}

/// Inflates what arrives and deflates it again, counting what comes out.
typedef struct {
    z_stream inflater;
    z_stream deflater;
    uint64_t expected;
    uint64_t inflated;
    uint64_t recompressed;
    int ended;
} recompressor;

/// Deflates `count` inflated bytes (`finish`: and ends the stream). Returns 0 or -1.
static int deflate_some(recompressor *state, uint8_t *bytes, size_t count, int finish) {
    uint8_t scratch[16384];
    state->deflater.next_in = bytes;
    state->deflater.avail_in = (uInt)count;
    for (;;) {
        state->deflater.next_out = scratch;
        state->deflater.avail_out = sizeof scratch;
        int status = deflate(&state->deflater, finish ? Z_FINISH : Z_NO_FLUSH);
        if (status == Z_STREAM_ERROR) {
            return -1;
        }
        state->recompressed += sizeof scratch - state->deflater.avail_out;
        if (finish ? status == Z_STREAM_END : state->deflater.avail_out != 0) {
            return 0;
        }
    }
}

/// Feeds one IDAT chunk's data through. Returns 0, or -1 with `message` set.
static int recompress_some(recompressor *state, const uint8_t *bytes, size_t count, char *message,
                           size_t message_size) {
    uint8_t scratch[16384];
    state->inflater.next_in = (uint8_t *)bytes;
    state->inflater.avail_in = (uInt)count;
    while (!state->ended) {
        state->inflater.next_out = scratch;
        state->inflater.avail_out = sizeof scratch;
        int status = inflate(&state->inflater, Z_NO_FLUSH);
        size_t produced = sizeof scratch - state->inflater.avail_out;
        state->inflated += produced;
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            snprintf(message, message_size, "the image data does not inflate: %s",
                     state->inflater.msg != NULL ? state->inflater.msg : "zlib error");
            return -1;
        }
        if (state->inflated > state->expected) {
            snprintf(message, message_size, "the image data inflates to more than the image needs");
            return -1;
        }
        if (deflate_some(state, scratch, produced, 0) != 0) {
            snprintf(message, message_size, "zlib could not deflate");
            return -1;
        }
        state->ended = status == Z_STREAM_END;
        if (state->inflater.avail_in == 0 && state->inflater.avail_out != 0) {
            break;
        }
    }
    return 0;
}

void tc_png_recompress(tc_png_source *source, const tc_png_limits *limits, int level,
                       tc_png_recompression *out) {
    memset(out, 0, sizeof *out);
    tc_reader reader;
    tc_reader_init(&reader, source);
    uint8_t signature[8];
    static const uint8_t expected_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (tc_reader_read(&reader, signature, 8) != 8 || memcmp(signature, expected_signature, 8) != 0) {
        out->status = TC_PNG_INVALID;
        snprintf(out->message, sizeof out->message, "not a PNG");
        return;
    }
    recompressor state;
    memset(&state, 0, sizeof state);
    int cgbi = 0, started = 0, failed = 0;
    tc_image_layout layout;
    memset(&layout, 0, sizeof layout);
    while (!failed) {
        uint8_t head[8];
        if (tc_reader_read(&reader, head, 8) != 8) {
            break;
        }
        uint32_t length = tc_be32(head);
        const uint8_t *type = head + 4;
        if (memcmp(type, "CgBI", 4) == 0) {
            cgbi = 1;
        }
        if (memcmp(type, "IHDR", 4) == 0 && length == 13 && !started && layout.width == 0) {
            uint8_t ihdr[13];
            if (tc_reader_read(&reader, ihdr, 13) != 13) {
                break;
            }
            layout = (tc_image_layout){tc_be32(ihdr), tc_be32(ihdr + 4), ihdr[8], ihdr[9], ihdr[12] != 0};
            if (!tc_layout_within_limits(&layout, limits)) {
                out->status = TC_PNG_OVER_LIMIT;
                snprintf(out->message, sizeof out->message, "over the limits an image is decoded within");
                return;
            }
            length = 0;  // read already; its CRC follows
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (layout.width == 0) {
                break;
            }
            if (!started) {
                // zlib's own header and Adler-32 for ordinary PNGs, raw deflate for CgBI.
                int window = cgbi ? -15 : 15;
                if (inflateInit2(&state.inflater, window) != Z_OK) {
                    snprintf(out->message, sizeof out->message, "zlib could not start");
                    out->status = TC_PNG_INVALID;
                    return;
                }
                if (deflateInit2(&state.deflater, level, Z_DEFLATED, window, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
                    inflateEnd(&state.inflater);
                    snprintf(out->message, sizeof out->message, "zlib could not start");
                    out->status = TC_PNG_INVALID;
                    return;
                }
                state.expected = tc_inflated_size(&layout);
                started = 1;
            }
            out->stored_bytes += length;
            while (length > 0 && !failed) {
                const uint8_t *bytes;
                size_t got = tc_reader_next(&reader, &bytes, length);
                if (got == 0) {
                    failed = 1;
                    break;
                }
                length -= (uint32_t)got;
                if (recompress_some(&state, bytes, got, out->message, sizeof out->message) != 0) {
                    failed = 2;
                }
            }
            if (failed) {
                break;
            }
        } else if (memcmp(type, "IEND", 4) == 0) {
            break;
        }
        // Skip the rest of the chunk's data and its CRC.
        uint64_t skip = (uint64_t)length + 4;
        while (skip > 0) {
            const uint8_t *bytes;
            size_t got = tc_reader_next(&reader, &bytes, skip > 65536 ? 65536 : (size_t)skip);
            if (got == 0) {
                break;
            }
            skip -= got;
        }
        if (skip > 0) {
            break;
        }
    }
    if (started) {
        if (failed == 0 && state.ended && state.inflated == state.expected &&
            deflate_some(&state, NULL, 0, 1) == 0) {
            out->recompressed_bytes = state.recompressed;
            out->status = TC_PNG_OK;
        } else {
            out->status = TC_PNG_INVALID;
            if (failed != 2) {
                snprintf(out->message, sizeof out->message,
                         reader.io_errno != 0 ? "cannot read the image data"
                                              : "the image data is damaged or ends early");
            }
            if (reader.io_errno != 0) {
                out->status = TC_PNG_IO_ERROR;
            }
        }
        inflateEnd(&state.inflater);
        deflateEnd(&state.deflater);
    } else {
        out->status = TC_PNG_INVALID;
        snprintf(out->message, sizeof out->message, "no image data");
    }
}

/// Keeps the lowest alpha of the rows it is fed (8-bit rows; a 16-bit row's high byte).
typedef struct {
    int sixteen;
    uint32_t width;
    uint8_t lowest;
} alpha_sink;

static const char *alpha_begin(void *context, uint32_t width, uint32_t height, int sixteen,
                               int premultiplied) {
    (void)height;
    (void)premultiplied;
    alpha_sink *sink = context;
    sink->width = width;
    sink->sixteen = sixteen;
    sink->lowest = 255;
    return NULL;
}

static void alpha_row(void *context, const uint8_t *pixels, uint32_t y) {
    (void)y;
    alpha_sink *sink = context;
    size_t pixel_bytes = sink->sixteen ? 8 : 4;
    size_t alpha = sink->sixteen ? 6 : 3;
    uint8_t lowest = sink->lowest;
    for (uint32_t x = 0; x < sink->width; x++) {
        uint8_t value = pixels[(size_t)x * pixel_bytes + alpha];
        lowest = value < lowest ? value : lowest;
    }
    sink->lowest = lowest;
}

void tc_png_lowest_alpha(tc_png_source *source, const tc_png_limits *limits,
                         uint64_t max_decoded_bytes, uint64_t max_file_bytes,
                         tc_png_alpha *alpha) {
    memset(alpha, 0, sizeof *alpha);
    alpha_sink context;
    memset(&context, 0, sizeof context);
    tc_row_sink sink = {&context, alpha_begin, alpha_row, 0};
    tc_decode_result result;
    tc_decode_png(source, limits, max_decoded_bytes, max_file_bytes, 0, &sink, &result);
    alpha->status = result.status;
    alpha->lowest = context.lowest;
    snprintf(alpha->message, sizeof alpha->message, "%s", result.message);
}
