#ifndef TALLCHECK_SOURCE_READER_H
#define TALLCHECK_SOURCE_READER_H

#include "png_shim.h"

/// A forward reader over a `tc_png_source`: serves the bytes already in the buffer, then
/// refills it from the file descriptor.
typedef struct {
    tc_png_source *source;
    size_t position;        ///< next unread byte in source->buffer
    uint64_t buffer_offset; ///< file offset of source->buffer[0]
    int io_errno;           ///< set when read(2) failed
} tc_reader;

void tc_reader_init(tc_reader *reader, tc_png_source *source);

/// The file offset of the next byte to be read.
uint64_t tc_reader_offset(const tc_reader *reader);

/// Copies up to `count` bytes into `out`; returns how many it copied (fewer at end of file or
/// on an I/O error, which sets `io_errno`).
size_t tc_reader_read(tc_reader *reader, uint8_t *out, size_t count);

/// Points `*bytes` at up to `max` unread bytes in the buffer, refilling it when empty, and
/// consumes them. Returns how many (0 at end of file or on an I/O error).
size_t tc_reader_next(tc_reader *reader, const uint8_t **bytes, size_t max);

/// Goes back to the start of the file. Returns 0 on success.
int tc_reader_rewind(tc_reader *reader);

/// The byte at file offset `offset` if it is still in the buffer, else -1.
int tc_reader_byte_at(const tc_reader *reader, uint64_t offset);

/// Reads the big-endian width and height at file offset `offset` (IHDR's data) from the bytes
/// still in the buffer. Returns 0 when both were there.
int tc_reader_size_at(const tc_reader *reader, uint64_t offset, uint32_t *width, uint32_t *height);

/// Says why a read came up short: 1 for an I/O error (its words in `message`), 0 when the file
/// ended (where, in `message`).
int tc_reader_shortfall(const tc_reader *reader, char *message, size_t message_size);

#endif
