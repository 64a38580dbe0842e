#include "png_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cgbi.h"
#include "png_decode.h"
#include "source_reader.h"

// xxHash64's primes and round (Yann Collet's specification, github.com/Cyan4973/xxHash,
// doc/xxhash_spec.md): one accumulator per lane instead of four, which is all a digest that
// only has to tell files apart needs.
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

static uint64_t avalanche(uint64_t value) {
    value ^= value >> 33;
    value *= prime2;
    value ^= value >> 29;
    value *= prime3;
    value ^= value >> 32;
    return value;
}

static uint64_t le64(const uint8_t *bytes) {
    uint64_t value = 0;
    for (int i = 7; i >= 0; i--) {
        value = (value << 8) | bytes[i];
    }
    return value;
}

static void hash_word(tc_hash *hash, uint64_t word) {
    hash->lanes[0] = round64(hash->lanes[0], word);
    // The second lane sees each word rotated: the two lanes are not one hash twice.
    hash->lanes[1] = round64(hash->lanes[1], rotl(word, 29) ^ prime4);
}

void tc_hash_init(tc_hash *hash) {
    memset(hash, 0, sizeof *hash);
    hash->lanes[0] = prime1 + prime2;
    hash->lanes[1] = prime3 ^ prime4;
}

void tc_hash_update(tc_hash *hash, const void *bytes, size_t count) {
    const uint8_t *at = bytes;
    hash->total += count;
    if (hash->pending_length > 0) {
        while (count > 0 && hash->pending_length < 8) {
            hash->pending[hash->pending_length++] = *at++;
            count--;
        }
        if (hash->pending_length < 8) {
            return;
        }
        hash_word(hash, le64(hash->pending));
        hash->pending_length = 0;
    }
    for (; count >= 8; at += 8, count -= 8) {
        hash_word(hash, le64(at));
    }
    memcpy(hash->pending, at, count);
    hash->pending_length = count;
}

void tc_hash_final(const tc_hash *hash, uint64_t out[2]) {
    tc_hash copy = *hash;
    if (copy.pending_length > 0) {
        uint8_t last[8] = {0};
        memcpy(last, copy.pending, copy.pending_length);
        hash_word(&copy, le64(last));
    }
    // The length goes in last: "ab" and "ab\0" pad to the same word.
    hash_word(&copy, copy.total);
    out[0] = avalanche(copy.lanes[0]);
    out[1] = avalanche(copy.lanes[1] ^ rotl(copy.lanes[0], 17));
}

/// The hashing row sink.
typedef struct {
    tc_hash hash;
    uint32_t width;
    int sixteen;
    int premultiplied;
    uint8_t *row;
} digest_sink;

static const char *digest_begin(void *context, uint32_t width, uint32_t height, int sixteen,
                                int premultiplied) {
    digest_sink *sink = context;
    sink->width = width;
    sink->sixteen = sixteen;
    sink->premultiplied = premultiplied;
    sink->row = malloc((size_t)width * (sixteen ? 8 : 4));
    if (sink->row == NULL) {
        return "out of memory for one row";
    }
    uint32_t header[3] = {width, height, (uint32_t)sixteen};
    tc_hash_update(&sink->hash, header, sizeof header);
    return NULL;
}

static void digest_row(void *context, const uint8_t *pixels, uint32_t y) {
    (void)y;
    digest_sink *sink = context;
    size_t pixel_bytes = sink->sixteen ? 8 : 4;
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
    tc_hash_update(&sink->hash, sink->row, (size_t)sink->width * pixel_bytes);
}

void tc_png_digest_pixels(tc_png_source *source, const tc_png_limits *limits,
                          uint64_t max_decoded_bytes, uint64_t max_file_bytes,
                          tc_png_pixel_digest *digest) {
    memset(digest, 0, sizeof *digest);
    digest_sink context;
    memset(&context, 0, sizeof context);
    tc_hash_init(&context.hash);
    tc_row_sink sink = {&context, digest_begin, digest_row};
    tc_decode_result result;
    tc_decode_png(source, limits, max_decoded_bytes, max_file_bytes, 1, &sink, &result);
    free(context.row);
    digest->status = result.status;
    digest->width = result.width;
    digest->height = result.height;
    snprintf(digest->message, sizeof digest->message, "%s", result.message);
    if (result.status == TC_PNG_OK) {
        tc_hash_final(&context.hash, digest->digest);
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
