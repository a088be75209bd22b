#!/usr/bin/python3
"""Build preview.otf, the font of the link-preview PNGs, from Noto Sans CJK SC.

Run from anywhere with Debian's fontTools (python3-fonttools 4.38; the pyenv
python3 on PATH has no fontTools, hence /usr/bin/python3):

    /usr/bin/python3 web/preview/font/make_font.py

It reads the SC face of Debian's fonts-noto-cjk collection
(/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc), keeps the
characters listed in README.md (Latin, Greek, punctuation, arrows, math
operators, shapes, CJK punctuation, full-width forms and the 6,763 hanzi of
GB 2312), drops hinting and layout tables, and adds the subscripts
U+2080-209C and U+1D62-1D6A, which Noto Sans CJK lacks, drawn from the font's
own base letters (the Unicode <sub> decomposition) at 60 % and lowered. The
outlines stay CFF (CID-keyed), which golang.org/x/image/font/sfnt reads.
"""
import os
import sys
import unicodedata

from fontTools import subset
from fontTools.misc.transform import Transform
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FACE = "Noto Sans CJK SC"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "preview.otf")

# Ranges kept besides the hanzi of GB 2312 (README.md says why).
RANGES = [
    (0x0020, 0x007E), (0x00A0, 0x017F),  # ASCII, Latin-1, Latin Extended-A
    (0x0391, 0x03A9), (0x03B1, 0x03C9),  # Greek
    (0x2010, 0x205E),  # general punctuation: dashes, quotes, …, ′
    (0x2190, 0x21FF), (0x2200, 0x22FF),  # arrows, mathematical operators
    (0x25A0, 0x25FF),  # geometric shapes: ● ○ ■ □ ▲
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0xFF01, 0xFF5E), (0xFFE0, 0xFFE6),  # full-width forms
]
SUBSCRIPTS = list(range(0x2080, 0x209D)) + list(range(0x1D62, 0x1D6B))
SCALE, DROP = 0.6, -0.12  # a subscript's size and baseline shift, in em


def gb2312_hanzi():
    """The 6,763 hanzi of GB 2312 (rows 16-87): levels 1 and 2."""
    out = []
    for hi in range(0xB0, 0xF8):
        for lo in range(0xA1, 0xFF):
            try:
                out.append(ord(bytes([hi, lo]).decode("gb2312")))
            except UnicodeDecodeError:
                pass
    return out


def face_number():
    from fontTools.ttLib import TTCollection
    for i, f in enumerate(TTCollection(SOURCE).fonts):
        if f["name"].getDebugName(4) == FACE:
            return i
    sys.exit(f"{FACE} not in {SOURCE}")


def add_subscripts(font):
    """Add a glyph for every subscript whose base the font has."""
    cmap = font.getBestCmap()
    top = font["CFF "].cff.topDictIndex[0]
    cs = top.CharStrings
    glyphs = font.getGlyphSet()
    upm = font["head"].unitsPerEm
    order = font.getGlyphOrder()
    hmtx = font["hmtx"].metrics
    next_cid = max(int(n[3:]) for n in order if n.startswith("cid")) + 1
    added = {}
    for u in SUBSCRIPTS:
        dec = unicodedata.decomposition(chr(u)).split()
        if len(dec) != 2 or dec[0] != "<sub>" or int(dec[1], 16) not in cmap or u in cmap:
            continue
        base = cmap[int(dec[1], 16)]
        adv = round(hmtx[base][0] * SCALE)
        pen = T2CharStringPen(None, glyphs)
        glyphs[base].draw(TransformPen(pen, Transform(SCALE, 0, 0, SCALE, 0, DROP * upm)))
        fd = top.FDSelect[order.index(base)]
        private = top.FDArray[fd].Private
        charstring = pen.getCharString(private=private, globalSubrs=top.GlobalSubrs)
        name = "cid%05d" % next_cid
        next_cid += 1
        cs.charStringsIndex.items.append(charstring)
        cs.charStrings[name] = len(cs.charStringsIndex.items) - 1
        top.charset.append(name)
        top.FDSelect.gidArray.append(fd)
        order.append(name)
        hmtx[name] = (adv, round(hmtx[base][1] * SCALE))
        added[u] = name
    font.setGlyphOrder(order)
    font["maxp"].numGlyphs = len(order)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap.update({u: n for u, n in added.items() if table.format != 4 or u <= 0xFFFF})
    return added


def main():
    opts = subset.Options()
    opts.font_number = face_number()
    opts.hinting = False
    opts.desubroutinize = True
    opts.layout_features = []
    opts.name_IDs = ["*"]
    opts.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx", "DSIG"]
    font = subset.load_font(SOURCE, opts, lazy=False)
    unicodes = {u for lo, hi in RANGES for u in range(lo, hi + 1)} | set(gb2312_hanzi())
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=unicodes)
    sub.subset(font)
    added = add_subscripts(font)
    font.recalcTimestamp = False  # the same input gives the same bytes
    font.save(OUT)
    print(f"{OUT}: {os.path.getsize(OUT):,} bytes, {len(font.getGlyphOrder()):,} glyphs, "
          f"{len(font.getBestCmap()):,} characters ({len(added)} subscripts added)")


if __name__ == "__main__":
    main()
