#include "text_scan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Counts the line feeds of `mask` (bit i: byte index + i) below bit `limit`.
static void count_feeds(unsigned mask, unsigned limit, size_t index, size_t *feeds, size_t *last) {
    if (limit < 32) {
        mask &= (1u << limit) - 1u;
    }
    if (mask != 0) {
        *feeds += (size_t)__builtin_popcount(mask);
        *last = index + 31u - (unsigned)__builtin_clz(mask);
    }
}

/// Code up to its first hard stop (`/`, `"`, `#`, CR, or an unmatched `)` when asked).
static size_t skip_code_run(const uint8_t *bytes, size_t index, size_t end, size_t *line_feeds,
                            size_t *last_line_feed, size_t *parentheses, int stops_at_unmatched_close) {
    size_t depth = *parentheses;
#if defined(__SSE2__)
    const __m128i slash = _mm_set1_epi8('/'), quote = _mm_set1_epi8('"'), hash = _mm_set1_epi8('#');
    const __m128i open = _mm_set1_epi8('('), close = _mm_set1_epi8(')'), cr = _mm_set1_epi8('\r');
    const __m128i lf = _mm_set1_epi8('\n');
    while (index + 16 <= end) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i hard = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, slash), _mm_cmpeq_epi8(chunk, quote)),
                                    _mm_or_si128(_mm_cmpeq_epi8(chunk, hash), _mm_cmpeq_epi8(chunk, cr)));
        unsigned hard_mask = (unsigned)_mm_movemask_epi8(hard);
        unsigned open_mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, open));
        unsigned close_mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, close));
        unsigned feed_mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, lf));
        unsigned stop = hard_mask != 0 ? (unsigned)__builtin_ctz(hard_mask) : 16u;
        // The parentheses before the first hard stop, in order: a `)` that closes none may stop.
        unsigned parens = (open_mask | close_mask) & (stop < 32 ? (1u << stop) - 1u : ~0u);
        while (parens != 0) {
            unsigned bit = (unsigned)__builtin_ctz(parens);
            parens &= parens - 1u;
            if (open_mask & (1u << bit)) {
                depth++;
            } else if (depth > 0) {
                depth--;
            } else if (stops_at_unmatched_close) {
                stop = bit;
                break;
            }
        }
        if (stop < 16u) {
            count_feeds(feed_mask, stop, index, line_feeds, last_line_feed);
            *parentheses = depth;
            return index + stop;
        }
        count_feeds(feed_mask, 32u, index, line_feeds, last_line_feed);
        index += 16;
    }
#endif
    for (; index < end; index++) {
        uint8_t byte = bytes[index];
        if (byte == '/' || byte == '"' || byte == '#' || byte == '\r') {
            break;
        }
        if (byte == '(') {
            depth++;
        } else if (byte == ')') {
            if (depth > 0) {
                depth--;
            } else if (stops_at_unmatched_close) {
                break;
            }
        } else if (byte == '\n') {
            (*line_feeds)++;
            *last_line_feed = index;
        }
    }
    *parentheses = depth;
    return index;
}

/// Past a comment or a plain string that starts at `index` and ends before `end`, as the Swift
/// lexer would pass it: a line comment to its line end (left unread), a block comment (nested)
/// without CR to its `*/`, a single-line string to its closing quote, with its escapes and its
/// interpolations of code without parentheses, strings or comments. Returns `index` when the
/// construct is another (`"""`, an interpolation of more, a line break) or reaches `end`: the
/// caller's lexer reads it.
static size_t pass_comment_or_string(const uint8_t *bytes, size_t index, size_t end, size_t *line_feeds,
                                     size_t *last_line_feed) {
    if (index + 1 >= end) {
        return index;
    }
    uint8_t byte = bytes[index], next = bytes[index + 1];
    if (byte == '/' && next == '/') {
        size_t stop = tc_skip_to_line_end(bytes, index + 2, end);
        return stop < end ? stop : index;
    }
    if (byte == '/' && next == '*') {
        size_t depth = 1, feeds = 0, last = 0, at = index + 2;
        while (at < end) {
            uint8_t current = bytes[at];
            if (current == '\r') {
                return index;
            }
            if (at + 1 < end && current == '*' && bytes[at + 1] == '/') {
                at += 2;
                if (--depth == 0) {
                    if (feeds > 0) {
                        *line_feeds += feeds;
                        *last_line_feed = last;
                    }
                    return at;
                }
            } else if (at + 1 < end && current == '/' && bytes[at + 1] == '*') {
                depth++;
                at += 2;
            } else {
                if (current == '\n') {
                    feeds++;
                    last = at;
                }
                at++;
            }
        }
        return index;
    }
    if (byte == '"') {
        // `"""` opens a multi-line string: seen only when the third byte is before `end`.
        if (index + 2 >= end || (next == '"' && bytes[index + 2] == '"')) {
            return index;
        }
        size_t at = index + 1;
        while (at < end) {
            uint8_t current = bytes[at];
            if (current == '"') {
                return at + 1;
            }
            if (current == '\n' || current == '\r' || (current == '\\' && at + 1 >= end)) {
                return index;
            }
            if (current != '\\') {
                at++;
                continue;
            }
            uint8_t escaped = bytes[at + 1];
            if (escaped == '\n' || escaped == '\r') {
                return index;
            }
            if (escaped != '(') {
                at += 2;  // An escape: the escaped byte is text.
                continue;
            }
            // An interpolation of code with no parenthesis, string, comment, `#` or line break
            // in it (`\(index)`, `\(item.name)`): its first `)` closes it.
            at += 2;
            while (at < end && bytes[at] != ')') {
                uint8_t code = bytes[at];
                if (code == '"' || code == '\\' || code == '/' || code == '#' || code == '(' || code == '\n' ||
                    code == '\r') {
                    return index;
                }
                at++;
            }
            if (at >= end) {
                return index;
            }
            at++;
        }
    }
    return index;
}

size_t tc_skip_swift_code(const uint8_t *bytes, size_t index, size_t end, size_t *line_feeds,
                          size_t *last_line_feed, size_t *parentheses, int stops_at_unmatched_close) {
    for (;;) {
        size_t stop =
            skip_code_run(bytes, index, end, line_feeds, last_line_feed, parentheses, stops_at_unmatched_close);
        if (stop >= end || bytes[stop] == '#' || bytes[stop] == '\r' || bytes[stop] == ')') {
            return stop;
        }
        size_t passed = pass_comment_or_string(bytes, stop, end, line_feeds, last_line_feed);
        if (passed == stop) {
            return stop;
        }
        index = passed;
    }
}

size_t tc_skip_swift_string(const uint8_t *bytes, size_t index, size_t end, int multiline, size_t *line_feeds,
                            size_t *last_line_feed) {
#if defined(__SSE2__)
    const __m128i backslash = _mm_set1_epi8('\\'), quote = _mm_set1_epi8('"'), cr = _mm_set1_epi8('\r');
    const __m128i lf = _mm_set1_epi8('\n');
    while (index + 16 <= end) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i feeds = _mm_cmpeq_epi8(chunk, lf);
        __m128i stops = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, backslash), _mm_cmpeq_epi8(chunk, quote)),
                                     _mm_cmpeq_epi8(chunk, cr));
        if (!multiline) {
            stops = _mm_or_si128(stops, feeds);
        }
        unsigned stop_mask = (unsigned)_mm_movemask_epi8(stops);
        unsigned feed_mask = multiline ? (unsigned)_mm_movemask_epi8(feeds) : 0u;
        if (stop_mask != 0) {
            unsigned stop = (unsigned)__builtin_ctz(stop_mask);
            count_feeds(feed_mask, stop, index, line_feeds, last_line_feed);
            return index + stop;
        }
        count_feeds(feed_mask, 32u, index, line_feeds, last_line_feed);
        index += 16;
    }
#endif
    for (; index < end; index++) {
        uint8_t byte = bytes[index];
        if (byte == '\\' || byte == '"' || byte == '\r' || (!multiline && byte == '\n')) {
            break;
        }
        if (byte == '\n') {
            (*line_feeds)++;
            *last_line_feed = index;
        }
    }
    return index;
}

static int is_identifier_byte(uint8_t byte) {
    return (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') ||
           byte == '_' || byte == '$' || byte >= 0x80;
}

/// Whether the `c` at `index` starts the word `case`.
static int starts_case(const uint8_t *bytes, size_t index, size_t end) {
    return index + 4 <= end && bytes[index + 1] == 'a' && bytes[index + 2] == 's' && bytes[index + 3] == 'e' &&
           (index == 0 || !is_identifier_byte(bytes[index - 1])) &&
           (index + 4 == end || !is_identifier_byte(bytes[index + 4]));
}

static int is_names_stop(uint8_t byte, int stops_at_parentheses) {
    return byte == '/' || byte == '"' || byte == '#' || byte == '.' ||
           (stops_at_parentheses && (byte == '(' || byte == ')'));
}

size_t tc_skip_swift_names_code(const uint8_t *bytes, size_t index, size_t end, size_t *line_feeds,
                                int stops_at_parentheses) {
#if defined(__SSE2__)
    const __m128i slash = _mm_set1_epi8('/'), quote = _mm_set1_epi8('"'), hash = _mm_set1_epi8('#');
    const __m128i dot = _mm_set1_epi8('.'), c = _mm_set1_epi8('c'), lf = _mm_set1_epi8('\n');
    const __m128i open = _mm_set1_epi8('('), close = _mm_set1_epi8(')');
    while (index + 16 <= end) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i stops = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, slash), _mm_cmpeq_epi8(chunk, quote)),
                                     _mm_or_si128(_mm_cmpeq_epi8(chunk, hash), _mm_cmpeq_epi8(chunk, dot)));
        if (stops_at_parentheses) {
            stops = _mm_or_si128(stops, _mm_or_si128(_mm_cmpeq_epi8(chunk, open), _mm_cmpeq_epi8(chunk, close)));
        }
        unsigned stop_mask = (unsigned)_mm_movemask_epi8(stops);
        unsigned case_mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, c));
        unsigned feed_mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, lf));
        // A `c` stops only where it starts `case`: the rest are dropped from the mask.
        while (case_mask != 0) {
            unsigned bit = (unsigned)__builtin_ctz(case_mask);
            case_mask &= case_mask - 1u;
            if (stop_mask != 0 && (unsigned)__builtin_ctz(stop_mask) < bit) {
                break;
            }
            if (starts_case(bytes, index + bit, end)) {
                stop_mask |= 1u << bit;
                break;
            }
        }
        if (stop_mask != 0) {
            unsigned stop = (unsigned)__builtin_ctz(stop_mask);
            feed_mask &= (1u << stop) - 1u;
            *line_feeds += (size_t)__builtin_popcount(feed_mask);
            return index + stop;
        }
        *line_feeds += (size_t)__builtin_popcount(feed_mask);
        index += 16;
    }
#endif
    for (; index < end; index++) {
        uint8_t byte = bytes[index];
        if (is_names_stop(byte, stops_at_parentheses) || (byte == 'c' && starts_case(bytes, index, end))) {
            break;
        }
        if (byte == '\n') {
            (*line_feeds)++;
        }
    }
    return index;
}

/// The first of two bytes from `index`, `end` when neither is there.
static size_t find_either(const uint8_t *bytes, size_t index, size_t end, uint8_t a, uint8_t b) {
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8((char)a), vb = _mm_set1_epi8((char)b);
    while (index + 16 <= end) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        unsigned mask =
            (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(chunk, va), _mm_cmpeq_epi8(chunk, vb)));
        if (mask != 0) {
            return index + (unsigned)__builtin_ctz(mask);
        }
        index += 16;
    }
#endif
    while (index < end && bytes[index] != a && bytes[index] != b) {
        index++;
    }
    return index;
}

/// The first quote, backslash or LF from `index`, `end` when there is none.
static size_t find_string_stop(const uint8_t *bytes, size_t index, size_t end) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), lf = _mm_set1_epi8('\n');
    while (index + 16 <= end) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i stops = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)),
                                     _mm_cmpeq_epi8(chunk, lf));
        unsigned mask = (unsigned)_mm_movemask_epi8(stops);
        if (mask != 0) {
            return index + (unsigned)__builtin_ctz(mask);
        }
        index += 16;
    }
#endif
    while (index < end && bytes[index] != '"' && bytes[index] != '\\' && bytes[index] != '\n') {
        index++;
    }
    return index;
}

size_t tc_data_strings(const uint8_t *bytes, size_t index, size_t end, tc_data_span *spans, size_t capacity,
                       size_t *written) {
    static const char open[] = "<string>";
    size_t count = 0;
    while (count < capacity) {
        index = find_either(bytes, index, end, '"', '<');
        if (index >= end) {
            break;
        }
        if (bytes[index] == '"') {
            size_t stop = index + 1;
            uint8_t backslash = 0;
            for (;;) {
                stop = find_string_stop(bytes, stop, end);
                if (stop < end && bytes[stop] == '\\') {
                    backslash = 1;
                    stop += 2;
                    continue;
                }
                break;
            }
            size_t last = stop < end ? stop : end;
            spans[count].start = (uint32_t)(index + 1);
            spans[count].end = (uint32_t)(last > index + 1 ? last : index + 1);
            spans[count].has_backslash = backslash;
            count++;
            index = stop + 1;
        } else if (end - index >= 8 && memcmp(bytes + index, open, 8) == 0) {
            size_t start = index + 8;
            size_t stop = start;
            while (stop < end && bytes[stop] != '<') {
                stop++;
            }
            uint8_t backslash = memchr(bytes + start, '\\', stop - start) != NULL;
            spans[count].start = (uint32_t)start;
            spans[count].end = (uint32_t)stop;
            spans[count].has_backslash = backslash;
            count++;
            index = stop;
        } else {
            index++;
        }
    }
    *written = count;
    return index < end ? index : end;
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

/// Past the closing quote of an Objective-C string or character literal that opened before
/// `index`: a backslash escapes the next byte, and an unterminated literal ends before its
/// line feed (as `TextCursor.quoted` reads one).
static size_t objc_string_end(const uint8_t *bytes, size_t index, size_t end, uint8_t quote) {
    while (index < end) {
        uint8_t byte = bytes[index];
        if (byte == quote) {
            return index + 1;
        }
        if (byte == '\\') {
            index = index + 2 < end ? index + 2 : end;
            continue;
        }
        if (byte == '\n') {
            return index;
        }
        index++;
    }
    return index;
}

/// Each byte's class for the Objective-C tokenizer: whitespace (1), a name's first byte (2),
/// a name's later byte (4). Letters, `_` and every byte from 0x80 start a name; digits continue one.
static const uint8_t objc_classes[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0,
    0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0, 6,
    0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0, 0,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
};

enum { OBJC_SPACE = 1, OBJC_STARTS_NAME = 2, OBJC_CONTINUES_NAME = 4 };

size_t tc_objc_tokenize(const uint8_t *bytes, size_t index, size_t end, tc_objc_token *tokens, size_t capacity,
                        size_t *written) {
    size_t count = 0;
    while (index < end && count < capacity) {
        uint8_t byte = bytes[index];
        size_t start = index;
        if (objc_classes[byte] & OBJC_SPACE) {
            index++;
            while (index < end && (objc_classes[bytes[index]] & OBJC_SPACE)) {
                index++;
            }
            continue;
        }
        if (byte == '/' && index + 1 < end && bytes[index + 1] == '/') {
            index = tc_skip_to_line_end(bytes, index, end);
            continue;
        }
        if (byte == '/' && index + 1 < end && bytes[index + 1] == '*') {
            // Past the first `*/` after the opening two bytes, or to the end.
            index += 2;
            while (index < end) {
                const uint8_t *star = memchr(bytes + index, '*', end - index);
                if (star == NULL) {
                    index = end;
                    break;
                }
                index = (size_t)(star - bytes);
                if (index + 1 < end && bytes[index + 1] == '/') {
                    break;
                }
                index++;
            }
            index = index + 2 < end ? index + 2 : end;
            continue;
        }
        uint8_t kind;
        if (byte == '"') {
            index = objc_string_end(bytes, index + 1, end, '"');
            kind = TC_OBJC_STRING;
        } else if (byte == '\'') {
            index = objc_string_end(bytes, index + 1, end, '\'');
            continue;
        } else if (byte == '@' && index + 1 < end && bytes[index + 1] == '"') {
            index = objc_string_end(bytes, index + 2, end, '"');
            kind = TC_OBJC_STRING;
        } else if (objc_classes[byte] & OBJC_STARTS_NAME) {
            index++;
            while (index < end && (objc_classes[bytes[index]] & OBJC_CONTINUES_NAME)) {
                index++;
            }
            kind = TC_OBJC_IDENTIFIER;
        } else {
            index++;
            kind = TC_OBJC_PUNCTUATION;
        }
        tokens[count].start = (uint32_t)start;
        tokens[count].end = (uint32_t)index;
        tokens[count].kind = kind;
        count++;
    }
    *written = count;
    return index;
}

size_t tc_json_plain_prefix(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i control_top = _mm_set1_epi8(0x1F), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    const __m128i delete = _mm_set1_epi8(0x7F);
    while (index + 16 <= count) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        // A byte at most 0x1F (unsigned) is the same after max(byte, 0x1F).
        __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(chunk, control_top), control_top);
        __m128i stops = _mm_or_si128(_mm_or_si128(control, _mm_cmpeq_epi8(chunk, quote)),
                                     _mm_or_si128(_mm_cmpeq_epi8(chunk, backslash), _mm_cmpeq_epi8(chunk, delete)));
        unsigned mask = (unsigned)_mm_movemask_epi8(stops);
        if (mask != 0) {
            return index + (unsigned)__builtin_ctz(mask);
        }
        index += 16;
    }
#endif
    for (; index < count; index++) {
        uint8_t byte = bytes[index];
        if (byte < 0x20 || byte == '"' || byte == '\\' || byte == 0x7F) {
            break;
        }
    }
    return index;
}

bool tc_utf8_valid(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (index < count) {
#if defined(__SSE2__)
        // Sixteen ASCII bytes at a time: most data files are ASCII but for their translations.
        while (index + 16 <= count) {
            __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
            if (_mm_movemask_epi8(chunk) != 0) {
                break;
            }
            index += 16;
        }
#endif
        if (index >= count) {
            break;
        }
        uint8_t lead = bytes[index];
        if (lead < 0x80) {
            index += 1;
            continue;
        }
        // Unicode 15, table 3-7: the well-formed sequences (no overlong form, no surrogate,
        // nothing past U+10FFFF).
        size_t length;
        uint8_t low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            if (lead == 0xE0) low = 0xA0;
            if (lead == 0xED) high = 0x9F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            if (lead == 0xF0) low = 0x90;
            if (lead == 0xF4) high = 0x8F;
        } else {
            return false;
        }
        if (count - index < length) {
            return false;
        }
        uint8_t second = bytes[index + 1];
        if (second < low || second > high) {
            return false;
        }
        for (size_t offset = 2; offset < length; offset++) {
            if ((bytes[index + offset] & 0xC0) != 0x80) {
                return false;
            }
        }
        index += length;
    }
    return true;
}

size_t tc_find_pair(const uint8_t *bytes, size_t index, size_t count, uint8_t first, uint8_t second) {
    if (count < 2) {
        return count;
    }
#if defined(__SSE2__)
    const __m128i wanted_first = _mm_set1_epi8((char)first), wanted_second = _mm_set1_epi8((char)second);
    while (index + 17 <= count) {
        __m128i here = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i next = _mm_loadu_si128((const __m128i *)(bytes + index + 1));
        unsigned mask = (unsigned)_mm_movemask_epi8(
            _mm_and_si128(_mm_cmpeq_epi8(here, wanted_first), _mm_cmpeq_epi8(next, wanted_second)));
        if (mask != 0) {
            return index + (unsigned)__builtin_ctz(mask);
        }
        index += 16;
    }
#endif
    for (; index + 1 < count; index++) {
        if (bytes[index] == first && bytes[index + 1] == second) {
            return index;
        }
    }
    return count;
}
