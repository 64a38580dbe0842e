#ifndef TC_TEXT_SCAN_H
#define TC_TEXT_SCAN_H

#include <stddef.h>
#include <stdint.h>

/// The offset of the first byte from `index` (before `end`) that can change a Swift lexer's
/// state in code: `/`, `"`, `#`, `(`, `)` or CR; `end` when there is none. The line feeds
/// passed are added to `*line_feeds`, and `*last_line_feed` is set to the offset of the last
/// one (left alone when none was passed). Sixteen bytes at a time where SSE2 is available.
size_t tc_skip_swift_code(const uint8_t *bytes, size_t index, size_t end, size_t *line_feeds,
                          size_t *last_line_feed);

/// The offset of the first LF or CR from `index` (before `end`); `end` when there is none.
size_t tc_skip_to_line_end(const uint8_t *bytes, size_t index, size_t end);

#endif
