// GNU FriBidi for Swift: the Unicode bidirectional algorithm (UAX #9) that Typesetting resolves
// embedding levels with (Debian's libfribidi-dev).
#ifndef PROGRESSCAST_CFRIBIDI_SHIM_H
#define PROGRESSCAST_CFRIBIDI_SHIM_H

#include <fribidi.h>

/// FRIBIDI_PAR_LTR and FRIBIDI_PAR_RTL: the paragraph directions.
static const FriBidiParType kPCFriBidiParLTR = FRIBIDI_PAR_LTR;
static const FriBidiParType kPCFriBidiParRTL = FRIBIDI_PAR_RTL;

/// The bidi types the paragraph direction is found from (rules P2, P3).
static const FriBidiCharType kPCFriBidiTypeL = FRIBIDI_TYPE_LTR;
static const FriBidiCharType kPCFriBidiTypeR = FRIBIDI_TYPE_RTL;
static const FriBidiCharType kPCFriBidiTypeAL = FRIBIDI_TYPE_AL;
static const FriBidiCharType kPCFriBidiTypeLRI = FRIBIDI_TYPE_LRI;
static const FriBidiCharType kPCFriBidiTypeRLI = FRIBIDI_TYPE_RLI;
static const FriBidiCharType kPCFriBidiTypeFSI = FRIBIDI_TYPE_FSI;
static const FriBidiCharType kPCFriBidiTypePDI = FRIBIDI_TYPE_PDI;

#endif
