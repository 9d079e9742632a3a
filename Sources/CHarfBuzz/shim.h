// HarfBuzz for Swift: the headers ProgressCast's Typesetting module shapes text with (Debian's
// libharfbuzz-dev). Fonts are created with HarfBuzz's own OpenType functions (hb-ot), not hb-ft:
// hb-ft reads through an FT_Face, which is not thread-safe.
#ifndef PROGRESSCAST_CHARFBUZZ_SHIM_H
#define PROGRESSCAST_CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ot.h>

#endif
