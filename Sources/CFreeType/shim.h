// FreeType for Swift: the headers ProgressCast's Typesetting module uses, plus the load flags and
// table tags that FreeType defines as macros Swift cannot import.
#ifndef PROGRESSCAST_CFREETYPE_SHIM_H
#define PROGRESSCAST_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_ADVANCES_H

/// FT_LOAD_NO_SCALE: advances in unscaled font units.
static const FT_Int32 kPCFTLoadNoScale = FT_LOAD_NO_SCALE;
/// FT_FACE_FLAG_SCALABLE.
static const FT_Long kPCFTFaceFlagScalable = FT_FACE_FLAG_SCALABLE;

#endif
