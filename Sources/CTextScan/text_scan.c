#include "text_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static int is_code_stop(uint8_t byte) {
    return byte == '/' || byte == '"' || byte == '#' || byte == '(' || byte == ')' || byte == '\r';
}

size_t tc_skip_swift_code(const uint8_t *bytes, size_t index, size_t end, size_t *line_feeds,
                          size_t *last_line_feed) {
    size_t feeds = 0;
#if defined(__SSE2__)
    const __m128i slash = _mm_set1_epi8('/'), quote = _mm_set1_epi8('"'), hash = _mm_set1_epi8('#');
    const __m128i open = _mm_set1_epi8('('), close = _mm_set1_epi8(')'), cr = _mm_set1_epi8('\r');
    const __m128i lf = _mm_set1_epi8('\n');
    while (index + 16 <= end) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i stops = _mm_or_si128(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, slash), _mm_cmpeq_epi8(chunk, quote)),
                         _mm_or_si128(_mm_cmpeq_epi8(chunk, hash), _mm_cmpeq_epi8(chunk, open))),
            _mm_or_si128(_mm_cmpeq_epi8(chunk, close), _mm_cmpeq_epi8(chunk, cr)));
        unsigned stop_mask = (unsigned)_mm_movemask_epi8(stops);
        unsigned feed_mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, lf));
        if (stop_mask != 0) {
            unsigned first = (unsigned)__builtin_ctz(stop_mask);
            feed_mask &= (1u << first) - 1u;
            if (feed_mask != 0) {
                feeds += (size_t)__builtin_popcount(feed_mask);
                *last_line_feed = index + 31u - (unsigned)__builtin_clz(feed_mask);
            }
            *line_feeds += feeds;
            return index + first;
        }
        if (feed_mask != 0) {
            feeds += (size_t)__builtin_popcount(feed_mask);
            *last_line_feed = index + 31u - (unsigned)__builtin_clz(feed_mask);
        }
        index += 16;
    }
#endif
    for (; index < end; index++) {
        uint8_t byte = bytes[index];
        if (is_code_stop(byte)) {
            break;
        }
        if (byte == '\n') {
            feeds++;
            *last_line_feed = index;
        }
    }
    *line_feeds += feeds;
    return index;
}

size_t tc_skip_to_line_end(const uint8_t *bytes, size_t index, size_t end) {
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    while (index + 16 <= end) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(chunk, lf), _mm_cmpeq_epi8(chunk, cr)));
        if (mask != 0) {
            return index + (unsigned)__builtin_ctz(mask);
        }
        index += 16;
    }
#endif
    for (; index < end; index++) {
        if (bytes[index] == '\n' || bytes[index] == '\r') {
            break;
        }
    }
    return index;
}
