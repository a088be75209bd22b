package qr

import (
	"bytes"
	"image/color"
	"net/url"
	"strings"
	"testing"

	"rsc.io/qr/coding"

	"gaelab/web/qr/qrtest"
)

// playLink is a realistic playground link of about 600 bytes (raw) or 800
// (percent-encoded): a Chinese prompt and 16 tokens with emoji, and their
// per-token lists; escape writes the prompt and token text.
func playLink(escape func(string) string) string {
	toks := strings.Fields("因为 3 加 5 等于 8 ， 所以 答案 是 8 。 🎉 对 吗 ？")
	var b strings.Builder
	b.WriteString("https://gaelab.example.org/play?v=1&p=seed-b&prompt=" + escape("小明有3个苹果，又买了5个，一共几个？🍎"))
	for _, t := range toks {
		b.WriteString("&tok=" + escape(t))
	}
	b.WriteString("&mask=1111111111111110&score=0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0")
	b.WriteString("&V=0.12,0.18,0.25,0.31,0.4,0.46,0.52,0.61,0.66,0.7,0.74,0.8,0.83,0.9,0.95,0")
	b.WriteString("&old=-1.2,-0.8,-2.1,-0.4,-1,-0.3,-0.9,-1.7,-0.6,-0.2,-1.1,-0.5,-2.4,-0.7,-0.9,-1.3")
	b.WriteString("&ref=-1.1,-0.9,-2,-0.5,-1,-0.4,-0.8,-1.5,-0.7,-0.3,-1,-0.6,-2.2,-0.7,-1,-1.2")
	b.WriteString("&gamma=1&lam=0.95&beta=0.05&kl=low_var_kl&sel=adv.3")
	return b.String()
}

func rawUTF8(s string) string { return s }

func TestQRRoundTrip(t *testing.T) {
	tests := []struct {
		name, text string
	}{
		{"short URL", "http://example.com/play?v=1&p=seed-b"},
		{"600-byte link, percent-encoded", playLink(url.QueryEscape)},
		{"600-byte link, raw UTF-8", playLink(rawUTF8)},
		{"XML specials", `https://example.com/play?a=1&b=<tag>&c="quoted"&d='x'`},
		{"numeric", "0123456789"},
		{"alphanumeric", "HTTP://EXAMPLE.COM/PLAY"},
		{"one byte", "x"},
		{"MaxLen bytes", "https://example.com/?q=" + strings.Repeat("a", MaxLen-len("https://example.com/?q="))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg, err := SVG(tt.text, Options{Title: "QR"})
			if err != nil {
				t.Fatalf("SVG(%d bytes): %v", len(tt.text), err)
			}
			got, err := qrtest.Decode(svg)
			if err != nil {
				t.Fatalf("decode SVG of %d bytes (%d bytes of SVG): %v", len(tt.text), len(svg), err)
			}
			if got != tt.text {
				t.Errorf("decoded %q,\nwant %q", got, tt.text)
			}
			t.Logf("%d bytes of text -> %d bytes of SVG", len(tt.text), len(svg))
		})
	}
}

func TestQRLinkSizes(t *testing.T) {
	if n := len(playLink(url.QueryEscape)); n < 700 || n > 1000 {
		t.Errorf("percent-encoded playLink is %d bytes, want a realistic ~800", n)
	}
	if n := len(playLink(rawUTF8)); n < 550 || n > 700 {
		t.Errorf("raw playLink is %d bytes, want a realistic ~600", n)
	}
}

// TestQREveryMask checks that each of the eight masks the encoder may pick
// decodes, not only the ones the inputs above happen to get.
func TestQREveryMask(t *testing.T) {
	text := "http://example.com/play?v=1&p=seed-b"
	segs := segments(text)
	v, err := version(segs)
	if err != nil {
		t.Fatal(err)
	}
	for m := coding.Mask(0); m < 8; m++ {
		p, err := coding.NewPlan(v, Level, m)
		if err != nil {
			t.Fatal(err)
		}
		c, err := p.Encode(segs...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := qrtest.Decode(draw(c, "t", "#000", "#fff"))
		if err != nil || got != text {
			t.Errorf("mask %d: decoded %q, %v; want %q", m, got, err, text)
		}
	}
}

func TestQRDocument(t *testing.T) {
	title := `Scan <me> & "open" it`
	svg, err := SVG("https://example.com/x", Options{Title: title})
	if err != nil {
		t.Fatal(err)
	}
	doc, n, err := qrtest.Parse(svg)
	if err != nil {
		t.Fatalf("%v\n%s", err, svg)
	}
	if doc.Title != title {
		t.Errorf("title = %q, want %q", doc.Title, title)
	}
	if bytes.Contains(svg, []byte("<me>")) {
		t.Errorf("title not escaped: %s", svg)
	}
	if doc.Role != "img" || doc.Shape != "crispEdges" {
		t.Errorf("role=%q shape-rendering=%q, want img and crispEdges", doc.Role, doc.Shape)
	}
	if doc.Rects[0].Fill != "#fff" || doc.Paths[0].Fill != "#000" {
		t.Errorf("fills: background %q, modules %q; want #fff and #000", doc.Rects[0].Fill, doc.Paths[0].Fill)
	}
	// Version 2 (25 modules) holds 21 bytes at level M, plus the quiet zone.
	if want := 25 + 2*QuietZone; n != want {
		t.Errorf("viewBox is %d modules, want %d", n, want)
	}
	for _, banned := range []string{"<style", "<script", "style=", "href", "<image"} {
		if bytes.Contains(svg, []byte(banned)) {
			t.Errorf("SVG contains %q: %s", banned, svg)
		}
	}
	if !strings.HasPrefix(doc.Paths[0].D, "M4 4h7v1h-7z") {
		t.Errorf("path starts %.30q, want the top-left finder's row at the quiet zone, M4 4h7v1h-7z", doc.Paths[0].D)
	}
	again, _ := SVG("https://example.com/x", Options{Title: title})
	if !bytes.Equal(svg, again) {
		t.Error("two calls with the same input gave different SVG")
	}
}

func TestQRTitle(t *testing.T) {
	tests := []struct{ title, want string }{
		{"", "QR code"},
		{"二维码 🎉", "二维码 🎉"},
		{"a\x00b\x1bc\xffd", "a\uFFFDb\uFFFDc\uFFFDd"},
		{"line\nbreak\ttab", "line\nbreak\ttab"},
	}
	for _, tt := range tests {
		svg, err := SVG("x", Options{Title: tt.title})
		if err != nil {
			t.Fatal(err)
		}
		doc, _, err := qrtest.Parse(svg)
		if err != nil {
			t.Fatalf("title %q: %v", tt.title, err)
		}
		if doc.Title != tt.want {
			t.Errorf("title %q: got %q, want %q", tt.title, doc.Title, tt.want)
		}
	}
}

func TestQRColours(t *testing.T) {
	tests := []struct {
		name        string
		opt         Options
		dark, light string
		wantErr     string // substring of the error; "" for none
	}{
		{name: "default", dark: "#000", light: "#fff"},
		{name: "slate on paper", opt: Options{Dark: color.RGBA{0x0f, 0x17, 0x2a, 0xff}, Light: color.RGBA{0xf8, 0xfa, 0xfc, 0xff}},
			dark: "#0f172a", light: "#f8fafc"},
		{name: "inverted for a dark theme", opt: Options{Dark: color.White, Light: color.Black}, wantErr: "dark modules on a light square"},
		{name: "low contrast", opt: Options{Dark: color.Gray{0x77}}, wantErr: "contrast"},
		{name: "transparent", opt: Options{Light: color.Transparent}, wantErr: "opaque"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg, err := SVG("https://example.com/", tt.opt)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "qr: ") {
					t.Errorf("err = %v, want a qr: error about %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			doc, _, err := qrtest.Parse(svg)
			if err != nil {
				t.Fatal(err)
			}
			if doc.Paths[0].Fill != tt.dark || doc.Rects[0].Fill != tt.light {
				t.Errorf("modules %q on %q, want %q on %q", doc.Paths[0].Fill, doc.Rects[0].Fill, tt.dark, tt.light)
			}
		})
	}
}

func TestQRErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "empty"},
		{"one byte over MaxLen", strings.Repeat("a", MaxLen+1), "2001 bytes"},
		{"far too long", strings.Repeat("é", 5000), "10000 bytes"},
		{"invalid UTF-8", "http://example.com/\xff", "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svg, err := SVG(tt.text, Options{})
			if err == nil {
				t.Fatalf("SVG returned %d bytes, want an error", len(svg))
			}
			if !strings.HasPrefix(err.Error(), "qr: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %q, want a \"qr: \" error mentioning %q", err, tt.want)
			}
		})
	}
}

func FuzzSVG(f *testing.F) {
	f.Add("http://example.com/play?v=1&p=seed-b", "QR")
	f.Add(playLink(rawUTF8), `<t>&"`)
	f.Add("0123", "")
	f.Add("HTTP://X/", "\x00")
	f.Fuzz(func(t *testing.T, text, title string) {
		svg, err := SVG(text, Options{Title: title})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "qr: ") {
				t.Errorf("error %q lacks the qr: prefix", err)
			}
			if svg != nil {
				t.Error("SVG returned output with an error")
			}
			return
		}
		got, err := qrtest.Decode(svg)
		if err != nil {
			t.Fatalf("decode SVG of %q: %v", text, err)
		}
		if got != text {
			t.Errorf("decoded %q, want %q", got, text)
		}
	})
}

func BenchmarkSVG(b *testing.B) {
	text := playLink(rawUTF8)
	for b.Loop() {
		if _, err := SVG(text, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
