#ifndef TALLCHECK_CGBI_H
#define TALLCHECK_CGBI_H

#include "source_reader.h"

/// The facts of IHDR that decide how many bytes the image data inflates to.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
} tc_image_layout;

/// The big-endian 32-bit number at `bytes` (PNG's chunk lengths, CRCs and IHDR fields).
uint32_t tc_be32(const uint8_t *bytes);

/// Whether IHDR's size is one the limits let be decoded: not zero, not over `max_side` a side
/// or `max_pixels` in all.
int tc_layout_within_limits(const tc_image_layout *layout, const tc_png_limits *limits);

/// The number of bytes a PNG's image data inflates to: for each (Adam7) pass with pixels,
/// one filter byte and the packed pixels of each row.
uint64_t tc_inflated_size(const tc_image_layout *layout);

/// Walks an Apple CgBI file from its signature to IEND: checks every chunk's CRC, inflates the
/// IDAT stream as raw deflate (CgBI has no zlib header or Adler-32), checks each row's filter
/// byte, and compares the inflated size with what IHDR implies. libpng cannot do this: it
/// refuses CgBI. Returns 0 when sound; otherwise writes the finding into `message`.
int tc_cgbi_verify(tc_reader *reader, const tc_image_layout *layout, char *message,
                   size_t message_size);

#endif
