package chart

import (
	"image/color"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"gonum.org/v1/plot/font"

	"gaelab/web/svg"
)

// ellipsis ends truncated labels and stands for left-out items.
const ellipsis = "…"

// oneLine turns a free text (title, legend entry) into one line.
func oneLine(s string) string {
	s = svg.Safe(s)
	return strings.Join(strings.Fields(s), " ")
}

// tokenLabel makes a token's text visible on one line: newlines become ↵,
// tabs ⇥, other control characters U+FFFD, and a token of spaces only shows
// one ␣ per space (SVG would otherwise collapse it to nothing).
func tokenLabel(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	allSpace := strings.Trim(s, " ") == "" && s != ""
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '\r' && i < len(s) && s[i] == '\n':
			continue // \r\n is one ↵
		case r == '\n' || r == '\r':
			b.WriteRune('↵')
		case r == '\t':
			b.WriteRune('⇥')
		case r == ' ' && allSpace:
			b.WriteRune('␣')
		case unicode.IsControl(r) || !svg.Char(r):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The measurer estimates how wide a browser draws a string in FontFamily:
// Liberation Sans advances (from gonum's embedded font) for the characters
// it has, one em for wide characters (CJK, Hangul, full-width forms, emoji),
// which Liberation lacks and gonum would measure as .notdef.
var (
	measureOnce sync.Once
	measureFace font.Face
	advCache    sync.Map // rune below maxCachedRune -> float64 (advance at size 1)
)

// maxCachedRune bounds advCache: the runes below it (Latin, Greek,
// Cyrillic, punctuation, subscripts, arrows and math: what labels are made
// of) are kept, at most 12,288 entries (about 1.5 MB), whatever text a
// learner types; rarer ones are measured each time.
const maxCachedRune = 0x3000

func sansFont() font.Font {
	return font.Font{Typeface: "Liberation", Variant: "Sans"}
}

func advance(r rune) float64 {
	if wide(r) {
		return 1
	}
	if v, ok := advCache.Load(r); ok {
		return v.(float64)
	}
	measureOnce.Do(func() { // package plot's init put Liberation into DefaultCache
		measureFace = font.DefaultCache.Lookup(sansFont(), 1)
	})
	w := measureFace.Width(string(r)).Points()
	if w <= 0 && !unicode.Is(unicode.Mn, r) {
		w = 0.6
	}
	if r < maxCachedRune {
		advCache.Store(r, w)
	}
	return w
}

// textWidth estimates the width in px of s drawn at size px.
func textWidth(s string, size float64) float64 {
	w := 0.0
	for _, r := range s {
		w += advance(r)
	}
	return w * size
}

func wide(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115F, // Hangul Jamo
		r >= 0x2E80 && r <= 0x303E, // CJK radicals, punctuation
		r >= 0x3041 && r <= 0x33FF, // kana, CJK symbols
		r >= 0x3400 && r <= 0x4DBF, // CJK ext. A
		r >= 0x4E00 && r <= 0x9FFF, // CJK unified
		r >= 0xA000 && r <= 0xA4CF, // Yi
		r >= 0xAC00 && r <= 0xD7A3, // Hangul
		r >= 0xF900 && r <= 0xFAFF, // CJK compatibility
		r >= 0xFE30 && r <= 0xFE4F, // CJK compatibility forms
		r >= 0xFF00 && r <= 0xFF60, // full-width forms
		r >= 0xFFE0 && r <= 0xFFE6,
		r >= 0x2600 && r <= 0x27BF,   // symbols, dingbats
		r >= 0x1F000 && r <= 0x1FAFF, // emoji
		r >= 0x20000 && r <= 0x3FFFD: // CJK ext. B…
		return true
	}
	return false
}

// fit returns s, or its longest prefix plus "…" that fits in max px.
func fit(s string, size, max float64) string {
	if textWidth(s, size) <= max {
		return s
	}
	room := max - textWidth(ellipsis, size)
	w := 0.0
	for i, r := range s {
		w += advance(r) * size
		if w > room {
			return s[:i] + ellipsis
		}
	}
	return s + ellipsis
}

// wrap breaks s into lines no wider than max px, at spaces where it can and
// between any two characters where it must (CJK text has no spaces).
func wrap(s string, size, max float64) []string {
	s = oneLine(s)
	var lines []string
	for s != "" {
		if textWidth(s, size) <= max {
			lines = append(lines, s)
			break
		}
		w, cut, space := 0.0, 0, -1
		for i, r := range s {
			w += advance(r) * size
			if w > max {
				break
			}
			if r == ' ' {
				space = i
			}
			cut = i + utf8.RuneLen(r)
		}
		if cut == 0 { // not even one character fits
			_, cut = utf8.DecodeRuneInString(s)
		}
		if space > 0 && cut < len(s) && s[cut] != ' ' {
			cut = space
		}
		lines = append(lines, strings.TrimRight(s[:cut], " "))
		s = strings.TrimLeft(s[cut:], " ")
	}
	return lines
}

// num formats a size, stroke width or opacity: at most 2 decimals, no
// trailing zeros, no "-0". Coordinates have one decimal (coord).
func num(v float64) string {
	var a [24]byte
	return string(appendNum(a[:0], v))
}

// val formats a data value for <desc>: 2 decimals, no "-0.00".
func val(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	if s == "-0.00" {
		return "0.00"
	}
	return s
}

// parseHex parses "#RRGGBB".
func parseHex(s string) (color.RGBA, error) {
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, errBadColor(s)
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.RGBA{}, errBadColor(s)
	}
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}, nil
}

type errBadColor string

func (e errBadColor) Error() string {
	return strconv.Quote(string(e)) + " is not a colour of the form #RRGGBB"
}

// rgb parses a colour already checked by Theme.resolve or taken from Styles.
func rgb(s string) color.RGBA {
	c, err := parseHex(s)
	if err != nil {
		panic("chart: " + err.Error())
	}
	return c
}

// alpha returns c with opacity a (non-premultiplied in, premultiplied out).
func alpha(c color.RGBA, a float64) color.Color {
	return color.NRGBA{R: c.R, G: c.G, B: c.B, A: uint8(a*255 + 0.5)}
}
