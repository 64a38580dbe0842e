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
/// from `fd` in `refill` sized reads (at most `capacity`).
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
    /// libpng's error, followed by its warnings, or the CgBI check's finding.
    char message[512];
} tc_png_report;

/// Reads a PNG's chunks up to the first IDAT (`verify` = 0), or the whole file, inflating
/// every row and checking every CRC (`verify` = 1). Never longjmps into the caller, and never
/// allocates more than the limits allow.
void tc_png_probe(tc_png_source *source, int verify, const tc_png_limits *limits,
                  tc_png_report *report);

#endif
