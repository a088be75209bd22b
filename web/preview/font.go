package preview

import (
	_ "embed"
	"fmt"
	"sync"
	"time"

	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
)

// fontFile is a subset of Noto Sans CJK SC (OFL; font/README.md lists what
// it keeps and font/make_font.py makes it): Latin, Greek, punctuation, math
// operators and arrows, CJK punctuation, the 6,763 hanzi of GB 2312, and the
// subscripts ₀–₉, ₜ and their kin.
//
//go:embed font/preview.otf
var fontFile []byte

// typeface names the font in gonum's font cache; it is the cache's only
// face, so every text style resolves to it.
const typeface = "Noto Sans CJK SC (preview subset)"

// loaded is the parsed font, parsed once, on first use.
var loaded = sync.OnceValue(func() loadedFont {
	start := time.Now()
	f, err := opentype.Parse(fontFile)
	lf := loadedFont{took: time.Since(start)}
	if err != nil {
		lf.err = fmt.Errorf("preview: parse font: %w", err)
		return lf
	}
	lf.otf = f
	lf.cache = font.NewCache(font.Collection{{Font: font.Font{Typeface: typeface}, Face: f}})
	return lf
})

type loadedFont struct {
	otf   *sfnt.Font
	cache *font.Cache
	took  time.Duration // how long parsing took, once
	err   error
}

// LoadFont parses the font if that has not happened yet and returns how
// long parsing took (the same duration on every call). Call it at start-up
// so that the first preview does not pay for it.
func LoadFont() (time.Duration, error) {
	lf := loaded()
	return lf.took, lf.err
}

// Covered reports whether the font has a glyph for every rune of s: only
// such text is drawn as it is (gonum/plot has no fallback font and draws a
// missing glyph as nothing).
func Covered(s string) bool {
	lf := loaded()
	if lf.err != nil {
		return false
	}
	var buf sfnt.Buffer
	for _, r := range s {
		if i, err := lf.otf.GlyphIndex(&buf, r); err != nil || i == 0 {
			return false
		}
	}
	return true
}
