// Package qr draws a link as a QR code in SVG, so that students can open on
// their phones the page a teacher projects.
//
// The encoding is rsc.io/qr's; this package picks the version, the mode and
// the mask, and draws the modules as one compact, deterministic <path>.
package qr

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"strconv"
	"sync"
	"unicode/utf8"

	"rsc.io/qr/coding"

	"gaelab/web/svg"
)

// MaxLen is the longest text, in bytes, that SVG encodes. A version 40 code
// at level M holds 2,331 bytes, but a code that dense is hard to scan from
// the back of a classroom; a playground link with 16 tokens is ~600 bytes.
const MaxLen = 2000

// Level is the error-correction level: M restores up to ~15% of damaged
// codewords, enough for a projector's glare and moiré, keystone blur or a
// finger over the lens. For a 600-byte link, L (~7%) would save little (85
// modules a side instead of 93), while Q (109) and H (121) would make each
// module 15-25% smaller on the screen, so harder, not easier, to scan from a
// seat; H's 30% is meant for logos printed over a code.
const Level = coding.M

// QuietZone is the light margin around the symbol, in modules, that the
// standard asks for: readers find the code by its edge against it.
const QuietZone = 4

// MinContrast is the lowest WCAG contrast ratio SVG accepts between Light
// and Dark. Readers binarise the image, and a projector washes colours out.
const MinContrast = 7.0

// Options say how SVG draws a code. The zero value draws black modules on
// white with the title "QR code".
type Options struct {
	// Title is the SVG's accessible name, drawn as its <title>; SVG escapes it.
	Title string
	// Dark colours the modules and Light the square behind them, quiet zone
	// included; nil means black and white. They must be opaque, and Dark must
	// be darker than Light: readers expect dark modules on a light square, so
	// a dark theme should pass them unchanged, not inverted.
	Dark, Light color.Color
}

// SVG encodes text (a URL) as a QR code at level M and draws it: a light
// square with the quiet zone, and one <path> of horizontal runs for the dark
// modules. The viewBox is in modules, so the caller sizes it with CSS; the
// output has no width, height, style or script, and the same input always
// gives the same bytes.
//
// Text must be valid UTF-8, not empty, and at most MaxLen bytes. ASCII text
// is stored as is; other text gets an ECI designator saying UTF-8, so that
// readers do not guess Shift_JIS for Chinese.
func SVG(text string, opt Options) (svg []byte, err error) {
	defer func() {
		// rsc.io/qr panics on internal inconsistencies; a request must
		// not bring the server down with it.
		if r := recover(); r != nil {
			svg, err = nil, fmt.Errorf("qr: internal error encoding %d bytes: %v", len(text), r)
		}
	}()
	dark, light, err := colours(opt)
	if err != nil {
		return nil, err
	}
	code, err := encode(text)
	if err != nil {
		return nil, err
	}
	title := opt.Title
	if title == "" {
		title = "QR code"
	}
	return draw(code, title, dark, light), nil
}

// encode picks the smallest version that holds text at Level, and the mask
// with the lowest penalty (ISO/IEC 18004 §7.8.3).
func encode(text string) (*coding.Code, error) {
	switch {
	case text == "":
		return nil, errors.New("qr: empty text")
	case len(text) > MaxLen:
		return nil, fmt.Errorf("qr: text is %d bytes, more than the %d a code can hold", len(text), MaxLen)
	case !utf8.ValidString(text):
		return nil, errors.New("qr: text is not valid UTF-8")
	}
	segs := segments(text)
	v, err := version(segs)
	if err != nil {
		return nil, err
	}
	var best *coding.Code
	bestScore := 0
	for m := coding.Mask(0); m < 8; m++ {
		p, err := plan(v, m)
		if err != nil {
			return nil, fmt.Errorf("qr: plan version %d: %w", v, err)
		}
		c, err := p.Encode(segs...)
		if err != nil {
			return nil, fmt.Errorf("qr: encode version %d: %w", v, err)
		}
		if s := penalty(c); best == nil || s < bestScore {
			best, bestScore = c, s
		}
	}
	return best, nil
}

// plans holds the plans made so far, by version and mask: making one costs
// more than encoding with it, and Plan.Encode only reads its plan. A memo of
// a pure function, bounded by its keys: at most 40 versions × 8 masks.
var plans sync.Map // planKey → *coding.Plan

type planKey struct {
	v coding.Version
	m coding.Mask
}

// plan is coding.NewPlan(v, Level, m), made once.
func plan(v coding.Version, m coding.Mask) (*coding.Plan, error) {
	if p, ok := plans.Load(planKey{v, m}); ok {
		return p.(*coding.Plan), nil
	}
	p, err := coding.NewPlan(v, Level, m)
	if err != nil {
		return nil, err
	}
	plans.Store(planKey{v, m}, p)
	return p, nil
}

// version returns the smallest version that holds segs at Level.
func version(segs []coding.Encoding) (coding.Version, error) {
	for v := coding.Version(coding.MinVersion); v <= coding.MaxVersion; v++ {
		bits := 0
		for _, s := range segs {
			bits += s.Bits(v)
		}
		if bits <= v.DataBytes(Level)*8 {
			return v, nil
		}
	}
	return 0, errors.New("qr: text too long for a QR code at level M")
}

// segments chooses the densest single mode that holds text: numeric,
// alphanumeric (upper case only, so rarely a URL), or bytes.
func segments(text string) []coding.Encoding {
	switch {
	case coding.Num(text).Check() == nil:
		return []coding.Encoding{coding.Num(text)}
	case coding.Alpha(text).Check() == nil:
		return []coding.Encoding{coding.Alpha(text)}
	}
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return []coding.Encoding{eciUTF8{}, coding.String(text)}
		}
	}
	return []coding.Encoding{coding.String(text)}
}

// eciUTF8 is the ECI designator 26 (UTF-8) that precedes non-ASCII bytes.
type eciUTF8 struct{}

func (eciUTF8) Check() error                            { return nil }
func (eciUTF8) Bits(coding.Version) int                 { return 4 + 8 }
func (eciUTF8) Encode(b *coding.Bits, _ coding.Version) { b.Write(0b0111, 4); b.Write(26, 8) }

// draw writes the SVG. Each run of dark modules in a row is one closed
// subpath "h{n}v1h-{n}z"; after z the pen is back at the run's start, so the
// next run moves there relatively with "m{dx} {dy}".
func draw(c *coding.Code, title, dark, light string) []byte {
	n := c.Size + 2*QuietZone
	ns := strconv.Itoa(n)
	var b bytes.Buffer
	b.Grow(64 + len(title) + c.Size*c.Size)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + ns + " " + ns +
		`" role="img" shape-rendering="crispEdges"><title>`)
	b.WriteString(svg.Escape(title))
	b.WriteString(`</title><rect width="` + ns + `" height="` + ns + `" fill="` + light +
		`"/><path fill="` + dark + `" d="`)
	px, py := 0, 0 // the pen, in modules of the symbol
	first := true
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; {
			if !c.Black(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < c.Size && c.Black(x+run, y) {
				run++
			}
			if first {
				move(&b, 'M', x+QuietZone, y+QuietZone)
				first = false
			} else {
				move(&b, 'm', x-px, y-py)
			}
			r := strconv.Itoa(run)
			b.WriteString("h" + r + "v1h-" + r + "z")
			px, py = x, y
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}

// move writes the path command cmd ('M' or 'm') to x, y.
func move(b *bytes.Buffer, cmd byte, x, y int) {
	b.WriteByte(cmd)
	b.WriteString(strconv.Itoa(x))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(y))
}
