#include "source_reader.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void tc_reader_init(tc_reader *reader, tc_png_source *source) {
    reader->source = source;
    reader->position = 0;
    reader->buffer_offset = 0;
    reader->io_errno = 0;
}

uint64_t tc_reader_offset(const tc_reader *reader) {
    return reader->buffer_offset + reader->position;
}

/// Replaces the consumed buffer with the next bytes of the file. Returns how many it read.
static size_t refill(tc_reader *reader) {
    tc_png_source *source = reader->source;
    if (reader->io_errno != 0) {
        return 0;
    }
    size_t want = source->refill;
    if (want == 0 || want > source->capacity) {
        want = source->capacity;
    }
    if (source->fd < 0) {
        // Bytes in memory only: their end is the file's, and they stay where they are, so that
        // a rewind finds them again.
        return 0;
    }
    reader->buffer_offset += source->length;
    reader->position = 0;
    source->length = 0;
    for (;;) {
        ssize_t got = read(source->fd, source->buffer, want);
        if (got >= 0) {
            source->length = (size_t)got;
            return (size_t)got;
        }
        if (errno != EINTR) {
            reader->io_errno = errno;
            return 0;
        }
    }
}

size_t tc_reader_next(tc_reader *reader, const uint8_t **bytes, size_t max) {
    tc_png_source *source = reader->source;
    if (reader->position == source->length && refill(reader) == 0) {
        return 0;
    }
    size_t available = source->length - reader->position;
    size_t count = available < max ? available : max;
    *bytes = source->buffer + reader->position;
    reader->position += count;
    return count;
}

size_t tc_reader_read(tc_reader *reader, uint8_t *out, size_t count) {
    size_t copied = 0;
    while (copied < count) {
        const uint8_t *bytes;
        size_t got = tc_reader_next(reader, &bytes, count - copied);
        if (got == 0) {
            break;
        }
        memcpy(out + copied, bytes, got);
        copied += got;
    }
    return copied;
}

int tc_reader_rewind(tc_reader *reader) {
    if (reader->buffer_offset == 0) {
        reader->position = 0;
        return 0;
    }
    if (lseek(reader->source->fd, 0, SEEK_SET) != 0) {
        reader->io_errno = errno;
        return -1;
    }
    reader->buffer_offset = 0;
    reader->position = 0;
    reader->source->length = 0;
    return 0;
}

int tc_reader_byte_at(const tc_reader *reader, uint64_t offset) {
    if (offset < reader->buffer_offset || offset >= reader->buffer_offset + reader->source->length) {
        return -1;
    }
    return reader->source->buffer[offset - reader->buffer_offset];
}

int tc_reader_size_at(const tc_reader *reader, uint64_t offset, uint32_t *width, uint32_t *height) {
    uint32_t values[2] = {0, 0};
    for (int field = 0; field < 2; field++) {
        for (int i = 0; i < 4; i++) {
            int byte = tc_reader_byte_at(reader, offset + (uint64_t)(field * 4 + i));
            if (byte < 0) {
                return -1;
            }
            values[field] = (values[field] << 8) | (uint32_t)byte;
        }
    }
    *width = values[0];
    *height = values[1];
    return 0;
}

int tc_reader_shortfall(const tc_reader *reader, char *message, size_t message_size) {
    if (reader->io_errno != 0) {
        snprintf(message, message_size, "%s", strerror(reader->io_errno));
        return 1;
    }
    snprintf(message, message_size, "file ends early at byte %llu (truncated)",
             (unsigned long long)tc_reader_offset(reader));
    return 0;
}
