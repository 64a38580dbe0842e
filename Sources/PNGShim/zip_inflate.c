#include "png_shim.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

int tc_zip_inflate(int fd, uint64_t offset, uint64_t compressed, uint8_t *out, size_t capacity,
                   size_t *produced, int *ended) {
    *produced = 0;
    *ended = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit2(&stream, -15) != Z_OK) {
        return -1;
    }
    uint8_t input[65536];
    uint64_t consumed = 0;
    int status = Z_OK;
    int result = 0;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    while (status != Z_STREAM_END && stream.avail_out > 0) {
        if (stream.avail_in == 0) {
            if (consumed >= compressed) {
                break;  // the stored bytes are used up and the stream has not ended
            }
            uint64_t left = compressed - consumed;
            size_t want = left < sizeof input ? (size_t)left : sizeof input;
            ssize_t got = pread(fd, input, want, (off_t)(offset + consumed));
            if (got < 0 && errno == EINTR) {
                continue;
            }
            if (got <= 0) {
                result = got < 0 ? -2 : 0;
                break;
            }
            consumed += (uint64_t)got;
            stream.next_in = input;
            stream.avail_in = (uInt)got;
        }
        status = inflate(&stream, Z_NO_FLUSH);
        if (status == Z_NEED_DICT || status == Z_DATA_ERROR || status == Z_MEM_ERROR) {
            result = -3;
            break;
        }
        if (status == Z_BUF_ERROR && stream.avail_in > 0 && stream.avail_out > 0) {
            result = -3;
            break;
        }
    }
    *produced = capacity - stream.avail_out;
    *ended = status == Z_STREAM_END;
    inflateEnd(&stream);
    return result;
}
