// ICU's line break iterator for Swift (UAX #14, the rules Chromium and CoreText break lines
// with), from Debian's libicu-dev. Only this function is exposed: ICU's own headers stay in
// line_break.c, because the Swift toolchain's Foundation brings a different ICU's headers
// (_FoundationICU) that clash with the system's in one Swift module, and because ICU's C
// functions carry the library version in their names (ubrk_open_72) through macros.
#ifndef PROGRESSCAST_CICULINEBREAK_H
#define PROGRESSCAST_CICULINEBREAK_H

#include <stdint.h>

/// The line break opportunities of `text` (UTF-16, `length` units): the offsets where a line may
/// start, after ICU's line break rules for `locale`, in increasing order, 0 and `length` included.
/// Writes at most `capacity` of them to `out` and returns how many there are (more than
/// `capacity` means call again with more room), or -1 when ICU fails.
int32_t pc_line_break_offsets(const uint16_t *text, int32_t length, const char *locale, int32_t *out,
                              int32_t capacity);

#endif
