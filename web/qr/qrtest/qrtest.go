// Package qrtest reads back the SVG that package qr draws, for tests: it
// checks the document, rasterises the path and decodes the code with
// gozxing, an independent QR reader (a port of ZXing).
package qrtest

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"io"
	"strconv"
	"strings"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// scale is how many pixels of the image Decode reads one module covers.
const scale = 4

// Doc is what Parse reads back from qr.SVG's output.
type Doc struct {
	XMLName xml.Name `xml:"svg"`
	ViewBox string   `xml:"viewBox,attr"`
	Role    string   `xml:"role,attr"`
	Shape   string   `xml:"shape-rendering,attr"`
	Title   string   `xml:"title"`
	Rects   []struct {
		Width  string `xml:"width,attr"`
		Height string `xml:"height,attr"`
		Fill   string `xml:"fill,attr"`
	} `xml:"rect"`
	Paths []struct {
		Fill string `xml:"fill,attr"`
		D    string `xml:"d,attr"`
	} `xml:"path"`
}

// Parse checks that svg is well-formed XML of the shape qr.SVG draws and
// returns it with its size in modules, quiet zone included.
func Parse(svg []byte) (Doc, int, error) {
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			return Doc{}, 0, fmt.Errorf("not well-formed XML: %w", err)
		}
	}
	var doc Doc
	if err := xml.Unmarshal(svg, &doc); err != nil {
		return doc, 0, err
	}
	f := strings.Fields(doc.ViewBox)
	if len(f) != 4 || f[0] != "0" || f[1] != "0" || f[2] != f[3] {
		return doc, 0, fmt.Errorf("viewBox = %q, want a square from 0 0", doc.ViewBox)
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return doc, 0, fmt.Errorf("viewBox = %q: %w", doc.ViewBox, err)
	}
	if len(doc.Rects) != 1 || len(doc.Paths) != 1 {
		return doc, 0, fmt.Errorf("got %d rects and %d paths, want one of each", len(doc.Rects), len(doc.Paths))
	}
	if doc.Rects[0].Width != f[2] || doc.Rects[0].Height != f[2] {
		return doc, 0, fmt.Errorf("background %sx%s, want it to cover the viewBox %s", doc.Rects[0].Width, doc.Rects[0].Height, doc.ViewBox)
	}
	return doc, n, nil
}

// rasterize draws the path's modules black on a white n×n-module image,
// scale pixels a module. The path must be qr.SVG's: closed rectangles "M x y"
// or "m dx dy" followed by "h{w}v1h-{w}z".
func rasterize(d string, n int) (*image.Gray, error) {
	img := image.NewGray(image.Rect(0, 0, n*scale, n*scale))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	x, y := 0, 0 // start of the current subpath, in modules
	for s := d; s != ""; {
		var cmd byte
		var dx, dy, w, w2 int
		var rest string
		cmd, s = s[0], s[1:]
		switch cmd {
		case 'M', 'm':
			var err error
			dx, dy, rest, err = pair(s)
			if err != nil {
				return nil, err
			}
			if cmd == 'M' {
				x, y = dx, dy
			} else {
				x, y = x+dx, y+dy
			}
			s = rest
		default:
			return nil, fmt.Errorf("path: unexpected %q at %q", cmd, s)
		}
		if _, err := fmt.Sscanf(s, "h%dv1h%dz", &w, &w2); err != nil || w <= 0 || w2 != -w {
			return nil, fmt.Errorf("path: want a run h{w}v1h-{w}z at %.20q (%v)", s, err)
		}
		s = s[len(fmt.Sprintf("h%dv1h%dz", w, w2)):]
		if x < 0 || y < 0 || x+w > n || y+1 > n {
			return nil, fmt.Errorf("path: run %d wide at (%d,%d) outside %d×%d", w, x, y, n, n)
		}
		for py := y * scale; py < (y+1)*scale; py++ {
			for px := x * scale; px < (x+w)*scale; px++ {
				img.SetGray(px, py, color.Gray{0})
			}
		}
	}
	return img, nil
}

// pair reads "{int} {int}" from the front of s.
func pair(s string) (a, b int, rest string, err error) {
	num := func(s string) (int, string, error) {
		i := 0
		if i < len(s) && s[i] == '-' {
			i++
		}
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		v, err := strconv.Atoi(s[:i])
		return v, s[i:], err
	}
	if a, s, err = num(s); err != nil {
		return
	}
	if s == "" || s[0] != ' ' {
		return 0, 0, s, fmt.Errorf("path: want a space at %.20q", s)
	}
	b, s, err = num(s[1:])
	return a, b, s, err
}

// Decode reads the code qr.SVG drew back into text: it draws the path at
// scale pixels a module and decodes that with gozxing as a pure barcode
// (the module grid read straight from the image, as qr.SVG draws it).
// gozxing's finder-pattern detector misreads some flawless synthetic codes
// (masks 3, 5 and 7 of the version-8 code in testdata/fuzz/FuzzSVG), whose
// every bit, format word and error-correction block is right; the pure
// reading still checks all of those.
func Decode(svg []byte) (string, error) {
	doc, n, err := Parse(svg)
	if err != nil {
		return "", err
	}
	img, err := rasterize(doc.Paths[0].D, n)
	if err != nil {
		return "", err
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_PURE_BARCODE: true})
	if err != nil {
		return "", fmt.Errorf("gozxing: %w", err)
	}
	return res.GetText(), nil
}
