// Cairo for Swift: the image surface, path and text API ProgressCast's Raster module draws with,
// and cairo-ft to draw glyphs of the FreeType faces the server measures text with.
#ifndef PROGRESSCAST_CCAIRO_SHIM_H
#define PROGRESSCAST_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-ft.h>

#endif
