#ifndef TC_TEXT_SCAN_H
#define TC_TEXT_SCAN_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

/// The offset of the first byte from `index` (before `end`) that can change a Swift lexer's
/// state in code: `/`, `"`, `#` or CR, or a `)` that closes no `(` passed when
/// `stops_at_unmatched_close` (the end of an interpolation); `end` when there is none. The
/// parentheses opened and closed on the way update `*parentheses` (never below 0). The line
/// feeds passed are added to `*line_feeds`, and `*last_line_feed` is set to the offset of the
/// last one (left alone when none was passed). Sixteen bytes at a time where SSE2 is available.
size_t tc_skip_swift_code(const uint8_t *bytes, size_t index, size_t end, size_t *line_feeds,
                          size_t *last_line_feed, size_t *parentheses, int stops_at_unmatched_close);

/// The offset of the first byte from `index` (before `end`) that can end or escape a Swift
/// string's text: a backslash, `"`, CR, and in a single-line string LF; `end` when there is
/// none. In a multi-line string the line feeds passed are counted as in `tc_skip_swift_code`.
size_t tc_skip_swift_string(const uint8_t *bytes, size_t index, size_t end, int multiline, size_t *line_feeds,
                            size_t *last_line_feed);

/// The offset of the first byte from `index` (before `end`) that a reader of a Swift file's
/// names must look at, in code outside a `case` list: `/`, `"`, `#`, `.`, the `c` that starts
/// the word `case`, and `(` or `)` when `stops_at_parentheses` (inside an interpolation); `end`
/// when there is none. Every other byte (names, spaces, operators) is passed; the line feeds
/// passed are added to `*line_feeds`. Sixteen bytes at a time where SSE2 is available.
size_t tc_skip_swift_names_code(const uint8_t *bytes, size_t index, size_t end, size_t *line_feeds,
                                int stops_at_parentheses);

/// One string of a data file: its bytes' range, and whether it holds a backslash.
typedef struct {
    uint32_t start;
    uint32_t end;
    uint8_t has_backslash;
} tc_data_span;

/// The strings of JSON or `.strings` text from `index` towards `end`, as `DataNamesInput` reads
/// them: each `"…"` (to its closing quote or the end of its line; a backslash passes the byte
/// after it) and each `<string>…` up to the next `<`. Writes at most `capacity` spans to `spans`,
/// sets `*written`, and returns the offset to go on from (`end` when all was read). Sixteen bytes
/// at a time where SSE2 is available.
size_t tc_data_strings(const uint8_t *bytes, size_t index, size_t end, tc_data_span *spans, size_t capacity,
                       size_t *written);

/// The offset of the first LF or CR from `index` (before `end`); `end` when there is none.
size_t tc_skip_to_line_end(const uint8_t *bytes, size_t index, size_t end);

/// The length of the run of bytes from the start of `bytes` that a JSON string holds as they
/// are: up to the first control byte (below 0x20, or 0x7F), `"` or backslash; `count` when
/// there is none. Sixteen bytes at a time where SSE2 is available.
size_t tc_json_plain_prefix(const uint8_t *bytes, size_t count);

/// One Objective-C token: a byte range and its kind (laid out as `ObjectiveCTokens.Token`).
typedef struct {
    uint32_t start;
    uint32_t end;
    uint8_t kind;
} tc_objc_token;

enum { TC_OBJC_IDENTIFIER = 0, TC_OBJC_STRING = 1, TC_OBJC_PUNCTUATION = 2 };

/// Tokenizes Objective-C from `index` (between tokens) towards `end` into `tokens`, at most
/// `capacity` of them, as `ObjectiveCTokens` reads the language: names, `"…"` and `@"…"`
/// strings, and every other byte outside whitespace, comments and character literals as
/// punctuation. Sets `*written` to the tokens written and returns the offset it stopped at:
/// `end`, or the start of the first token there was no room for (a token takes at least one
/// byte, so `end - index` tokens of room always reach the end).
size_t tc_objc_tokenize(const uint8_t *bytes, size_t index, size_t end, tc_objc_token *tokens, size_t capacity,
                        size_t *written);

/// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong form, no surrogate,
/// nothing past U+10FFFF), sixteen ASCII bytes at a time where SSE2 is there.
bool tc_utf8_valid(const uint8_t *bytes, size_t count);

/// The offset of the first `first` followed by `second` at or after `index`, or `count`: sixteen
/// positions at a time where SSE2 is there.
size_t tc_find_pair(const uint8_t *bytes, size_t index, size_t count, uint8_t first, uint8_t second);

#endif
