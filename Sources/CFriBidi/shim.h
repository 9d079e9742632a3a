// GNU FriBidi for Swift: the Unicode bidirectional algorithm (UAX #9) that Typesetting resolves
// embedding levels with (Debian's libfribidi-dev).
#ifndef PROGRESSCAST_CFRIBIDI_SHIM_H
#define PROGRESSCAST_CFRIBIDI_SHIM_H

#include <fribidi.h>

/// FRIBIDI_PAR_ON: the paragraph direction comes from the first strong character (rules P2, P3).
static const FriBidiParType kPCFriBidiParON = FRIBIDI_PAR_ON;
/// FRIBIDI_PAR_LTR and FRIBIDI_PAR_RTL.
static const FriBidiParType kPCFriBidiParLTR = FRIBIDI_PAR_LTR;
static const FriBidiParType kPCFriBidiParRTL = FRIBIDI_PAR_RTL;

#endif
