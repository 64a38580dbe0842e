#ifndef TALLCHECK_PNG_SHIM_H
#define TALLCHECK_PNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// How the probe ended.
typedef enum {
    /// The file is a PNG whose checked parts are all sound.
    TC_PNG_OK = 0,
    /// libpng (or the CgBI check) rejected the file; `message` says why.
    TC_PNG_INVALID = 1,
    /// The IHDR is sound but claims more pixels than the limits allow.
    TC_PNG_OVER_LIMIT = 2,
    /// Reading the file failed (an I/O error, not a malformed file).
    TC_PNG_IO_ERROR = 3,
} tc_png_status;

/// Caps that keep a hostile header from making the probe allocate much.
typedef struct {
    uint32_t max_side;          ///< widest and tallest image accepted, in pixels
    uint64_t max_pixels;        ///< width × height accepted
    uint32_t max_chunk_bytes;   ///< largest ancillary chunk libpng may allocate
} tc_png_limits;

/// Where the bytes come from: an open file and a buffer the caller owns, whose first
/// `length` bytes were already read from the start of the file. The shim refills the buffer
/// from `fd` in `refill` sized reads (at most `capacity`). With `fd` < 0 the bytes are in
/// memory only: the buffer's `length` bytes are the whole file, never refilled or moved, so a
/// rewind finds them again.
typedef struct {
    int fd;
    uint8_t *buffer;
    size_t capacity;
    size_t length;
    size_t refill;
} tc_png_source;

typedef struct {
    tc_png_status status;
    /// 1 when IHDR was read and the fields below hold its values.
    int has_header;
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
    /// 1 when the file is Apple's CgBI variant (a CgBI chunk before IHDR).
    int is_cgbi;
    /// 1 when `pixel_digest` holds tc_png_digest_pixels's digest of the file, taken in the
    /// verify pass (TC_PROBE_VERIFY_DIGEST, a sound ordinary PNG that is not interlaced).
    int has_pixel_digest;
    uint64_t pixel_digest[2];
    /// libpng's error, followed by its warnings, or the CgBI check's finding.
    char message[512];
} tc_png_report;

/// How much of a PNG tc_png_probe reads.
enum {
    /// The chunks up to the first IDAT.
    TC_PROBE_HEADER = 0,
    /// The whole file: every row inflated, every CRC checked.
    TC_PROBE_VERIFY = 1,
    /// As TC_PROBE_VERIFY, and the rows decoded to RGBA on the way and hashed as
    /// tc_png_digest_pixels hashes them, so that the duplicate search need not decode the
    /// file again. CgBI and interlaced files are verified without a digest.
    TC_PROBE_VERIFY_DIGEST = 2,
};

/// Reads a PNG as `depth` (a TC_PROBE_ value) says. Never longjmps into the caller, and never
/// allocates more than the limits allow.
void tc_png_probe(tc_png_source *source, int depth, const tc_png_limits *limits,
                  tc_png_report *report);


/// A small picture of a PNG for a report: its pixels decoded by libpng (Apple's CgBI variant
/// converted: channels in RGBA order, alpha no longer premultiplied), averaged down to at most
/// `max_side` pixels a side, and encoded again as an ordinary 8-bit RGBA PNG.
typedef struct {
    /// TC_PNG_OK with `png` set; otherwise `message` says why there is no thumbnail.
    tc_png_status status;
    uint32_t source_width;
    uint32_t source_height;
    uint32_t width;
    uint32_t height;
    int is_cgbi;
    /// The encoded thumbnail (malloc'd; release with tc_png_free), or NULL.
    uint8_t *png;
    size_t png_length;
    char message[512];
} tc_png_thumbnail;

/// Makes `thumbnail` from the PNG in `source`. Never longjmps into the caller. Memory stays
/// bounded: one row for plain images; the whole image only for interlaced ones of at most
/// `max_decoded_bytes` (RGBA); a CgBI file is read whole only up to `max_file_bytes`, and
/// rewritten once (as large) after its IHDR passed the limits.
void tc_png_make_thumbnail(tc_png_source *source, const tc_png_limits *limits, uint32_t max_side,
                           uint64_t max_decoded_bytes, uint64_t max_file_bytes,
                           tc_png_thumbnail *thumbnail);

/// Frees what tc_png_make_thumbnail allocated.
void tc_png_free(void *pointer);

/// A 128-bit hash, fed in pieces: xxHash64's four lanes over 32-byte stripes (each lane takes
/// every fourth 8-byte word, so the four run side by side), folded into two 64-bit halves, each
/// finished with xxHash64's avalanche. Not cryptographic: it tells apart files and pixels that
/// differ by chance, not ones made to collide.
typedef struct {
    uint64_t lanes[4];
    uint64_t total;
    uint8_t pending[32];
    size_t pending_length;
} tc_hash;

void tc_hash_init(tc_hash *hash);
void tc_hash_update(tc_hash *hash, const void *bytes, size_t count);
/// The hash of everything fed so far, in `out[0]` and `out[1]`.
void tc_hash_final(const tc_hash *hash, uint64_t out[2]);

/// The hash of a PNG's pixels, whatever their encoding: decoded by libpng to RGBA (8 bits a
/// channel, 16 for 16-bit images; CgBI converted back to straight alpha), fully transparent
/// pixels counted as (0, 0, 0, 0), hashed with the size. Two files with the same digest
/// show the same picture.
typedef struct {
    /// TC_PNG_OK with `digest` set; otherwise `message` says why not.
    tc_png_status status;
    uint32_t width;
    uint32_t height;
    uint64_t digest[2];
    char message[512];
} tc_png_pixel_digest;

/// Fills `digest` from the PNG in `source`, within the limits and memory bounds of
/// tc_png_make_thumbnail.
///
/// With `rows` not 0, of the top `rows` rows only (decoding stops there), with `rows` hashed
/// in: two files whose digests of the same rows differ show different pictures; equal ones
/// may still differ below.
void tc_png_digest_pixels(tc_png_source *source, const tc_png_limits *limits,
                          uint64_t max_decoded_bytes, uint64_t max_file_bytes, uint32_t rows,
                          tc_png_pixel_digest *digest);

/// The lowest alpha of a PNG's pixels, decoded as tc_png_digest_pixels decodes them (255 for an
/// image without transparency; a 16-bit alpha's high byte).
typedef struct {
    /// TC_PNG_OK with `lowest` set; otherwise `message` says why not.
    tc_png_status status;
    uint8_t lowest;
    char message[512];
} tc_png_alpha;

/// Fills `alpha` from the PNG in `source`, within the limits and memory bounds of
/// tc_png_make_thumbnail.
void tc_png_lowest_alpha(tc_png_source *source, const tc_png_limits *limits,
                         uint64_t max_decoded_bytes, uint64_t max_file_bytes, tc_png_alpha *alpha);

/// What a PNG's image data would weigh compressed again: the same filtered rows inflated and
/// deflated at `level` (9: zlib's best), streamed (no buffer of the image), the inflated size
/// capped by what IHDR implies.
typedef struct {
    /// TC_PNG_OK with the sizes set; otherwise `message` says why not.
    tc_png_status status;
    /// The bytes of every IDAT chunk's data, as stored.
    uint64_t stored_bytes;
    /// The same stream deflated at `level`, with zlib's header and checksum (raw for CgBI).
    uint64_t recompressed_bytes;
    char message[512];
} tc_png_recompression;

void tc_png_recompress(tc_png_source *source, const tc_png_limits *limits, int level,
                       tc_png_recompression *recompression);

/// A PNG written again with its image data deflated at zlib's level 9 (the smaller of the
/// default and filtered strategies), every other chunk byte for byte as it was. Lossless by
/// construction: the filtered rows are the same, and the new stream is inflated again and
/// compared with them before the file is made. CgBI files, files whose CRCs are wrong, and
/// files whose image data chunks are not consecutive are refused.
typedef struct {
    /// TC_PNG_OK when the file was read: `bytes` is the smaller file, or NULL when the new one
    /// would be no smaller (`size` is then the old size). Otherwise `message` says why not.
    tc_png_status status;
    uint8_t *bytes;
    size_t size;
    char message[256];
} tc_png_rewritten;

/// Rewrites the PNG in `bytes` within `limits`; free the result with tc_png_rewritten_free.
void tc_png_rewrite(const uint8_t *bytes, size_t count, const tc_png_limits *limits, tc_png_rewritten *rewritten);
void tc_png_rewritten_free(tc_png_rewritten *rewritten);

/// Inflates a zip entry's raw deflate data: `compressed` bytes from `offset` in `fd` (read with
/// pread, so many threads may share the descriptor), into `out`, at most `capacity` bytes.
/// Never reads past the stored bytes, so a stream that does not end stops with them. Sets
/// `produced` and `ended` (the stream finished). Returns 0, -1 (zlib could not start), -2 (a
/// read failed: errno) or -3 (the data is not deflate).
int tc_zip_inflate(int fd, uint64_t offset, uint64_t compressed, uint8_t *out, size_t capacity,
                   size_t *produced, int *ended);
#endif
