#!/usr/bin/env python3
"""Writes Public/css/last-resort.ttf: a font in which every code point that none of the page's fonts
has is one box glyph as wide as DejaVu Sans's missing-glyph box (1229 of 2048 units, regular and
bold alike).

The page draws text with `"ProgressCast Sans", "ProgressCast CJK", "ProgressCast LastResort"`.
The server measures a character that neither of the first two fonts has as the first font's
missing-glyph box (docs/protocol.md section 5); without a last font in the list, a browser draws
such a character (an emoji, a mathematical letter) with whatever system font has it, at another
width, and the text no longer fits what the server laid out. With this font last, the browser
draws the box at the measured width instead. One cmap subtable of format 13 (many code points to
one glyph) maps every code point the fonts lack but the surrogates.

Needs fontTools (`pip install fonttools`) only to regenerate the file, which is committed.
"""
import sys
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

UNITS_PER_EM = 2048
ADVANCE = 1229  # DejaVu Sans's .notdef advance, regular and bold
ASCENT, DESCENT = 1901, -483  # DejaVu Sans's hhea, so line metrics agree
# The page's fonts (Public/css/fonts.css, served from these files): the box covers only what none
# of them has. Covering more would change how a browser draws a cluster that one of them has in
# part (a letter with a mark the fonts lack): with a font that covers the whole cluster later in
# the list, the browser draws the letter as a box too, where the server keeps the first font.
FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
         "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"]


def box():
    """A hollow rectangle, the usual drawing of a missing glyph."""
    pen = TTGlyphPen(None)
    for outer, points in ((True, [(102, -362), (102, 1444), (1126, 1444), (1126, -362)]),
                          (False, [(217, -248), (1012, -248), (1012, 1329), (217, 1329)])):
        pen.moveTo(points[0])
        for point in points[1:]:
            pen.lineTo(point)
        pen.closePath()
    return pen.glyph()


def build(path):
    fb = FontBuilder(UNITS_PER_EM, isTTF=True)
    fb.setupGlyphOrder([".notdef", "box"])
    fb.setupCharacterMap({0x41: "box"})  # replaced below by the format 13 subtable
    fb.setupGlyf({".notdef": box(), "box": box()})
    fb.setupHorizontalMetrics({".notdef": (ADVANCE, 102), "box": (ADVANCE, 102)})
    fb.setupHorizontalHeader(ascent=ASCENT, descent=DESCENT)
    fb.setupNameTable({"familyName": "ProgressCast LastResort", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=1556, sTypoDescender=-492, usWinAscent=ASCENT, usWinDescent=-DESCENT)
    fb.setupPost()
    table = CmapSubtable.newSubtable(13)
    table.platformID, table.platEncID, table.language = 3, 10, 0
    covered = set()
    for font in FONTS:
        covered.update(TTFont(font).getBestCmap())
    table.cmap = {cp: "box" for cp in range(0x20, 0x110000)
                  if cp not in covered and not 0xD800 <= cp <= 0xDFFF}
    fb.font["cmap"].tables = [table]
    fb.save(path)


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "Public/css/last-resort.ttf"
    build(str(out))
    print(f"{out}: {out.stat().st_size} bytes")
