#include "CICULineBreak.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t pc_line_break_offsets(const uint16_t *text, int32_t length, const char *locale, int32_t *out,
                              int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    int32_t count = 0;
    for (int32_t offset = ubrk_first(iterator); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
        if (count < capacity) out[count] = offset;
        count += 1;
    }
    ubrk_close(iterator);
    return count;
}
