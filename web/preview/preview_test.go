package preview

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"strings"
	"sync"
	"testing"

	"golang.org/x/image/font/opentype"

	"gaelab/web/chart"
)

// sample is a scenario of the given tokens, the last one padding.
func sample(tokens ...string) Input {
	T := len(tokens)
	in := Input{
		Title: "V(sₜ) on the boundaries, Rₜ and Aₜ on the tokens", Subtitle: "verl v0.5.0–v0.9.0",
		Chart: chart.Input{
			Tokens: tokens, Mask: make([]chart.Kind, T),
			Values: make([]float64, T), Returns: make([]float64, T), Advantages: make([]float64, T),
			Text: chart.Text{TokenAxis: "token (index)", ValueAxis: "value", Value: "V(sₜ)", Return: "Rₜ", Advantage: "Aₜ",
				Bootstrap: "V = 0 (terminal)"},
		},
	}
	for t := range T {
		in.Chart.Values[t] = 0.2 + 0.1*float64(t%7)
		in.Chart.Returns[t] = 0.5 + 0.1*float64(t%5)
		in.Chart.Advantages[t] = in.Chart.Returns[t] - in.Chart.Values[t]
	}
	in.Chart.Mask[T-1] = chart.Padding
	return in
}

func decode(t *testing.T, b []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if s := img.Bounds().Size(); s.X != Width || s.Y != Height {
		t.Errorf("size %v, want %d×%d", s, Width, Height)
	}
}

func TestPreviewPNGDecodes(t *testing.T) {
	for _, T := range []int{1, 5, 25, MaxTokens} {
		toks := make([]string, T)
		for i := range toks {
			toks[i] = []string{"是的", "，", "等于", "2😀", "δₜ", "Answer"}[i%6]
		}
		b, err := PNG(sample(toks...))
		if err != nil {
			t.Fatalf("%d tokens: %v", T, err)
		}
		decode(t, b)
	}
}

// Two inputs that differ in one Chinese token draw different images: the
// font draws the hanzi (a missing glyph would draw nothing, the same).
func TestPreviewChineseTokenDiffers(t *testing.T) {
	a, errA := PNG(sample("是的", "，", "等于", "2", "！"))
	b, errB := PNG(sample("是的", "，", "不是", "2", "！"))
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if bytes.Equal(a, b) {
		t.Error("等于 and 不是 draw the same image")
	}
}

func TestPreviewRejects(t *testing.T) {
	long := make([]string, MaxTokens+1)
	for i := range long {
		long[i] = "x"
	}
	if _, err := PNG(sample(long...)); !errors.Is(err, ErrTooLong) {
		t.Errorf("%d tokens: %v, want ErrTooLong", len(long), err)
	}
	short := sample("a", "b")
	short.Chart.Values = short.Chart.Values[:1]
	nan := sample("a", "b")
	nan.Chart.Returns[0] = math.NaN()
	inf := sample("a", "b")
	inf.Chart.Advantages[1] = math.Inf(-1)
	for name, in := range map[string]Input{"no tokens": {}, "short series": short, "NaN": nan, "−Inf": inf} {
		if _, err := PNG(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestTokenLabel(t *testing.T) {
	for _, c := range []struct {
		tok   string
		i     int
		width float64
		want  string
	}{
		{"是的", 0, 200, "是的"},
		{"δₜ", 1, 200, "δₜ"},
		{"a\nb", 2, 200, "a b"},
		{"ok😀", 3, 200, "t=3"},
		{"  ", 4, 200, "t=4"},
		{"\u0378", 5, 200, "t=5"},
		{"鿿", 6, 200, "t=6"}, // U+9FFF: outside GB 2312, so outside the font
		{strings.Repeat("长", 40), 7, 100, strings.Repeat("长", 3) + "…"},
	} {
		if got := TokenLabel(c.tok, c.i, c.width); got != c.want {
			t.Errorf("TokenLabel(%q, %d, %v) = %q, want %q", c.tok, c.i, c.width, got, c.want)
		}
	}
}

// BenchmarkPreviewPNG is the budget of issue 26: one preview ≤ 60 ms with
// the font loaded (the pages group's cache answers repeats).
func BenchmarkPreviewPNG(b *testing.B) {
	if _, err := LoadFont(); err != nil {
		b.Fatal(err)
	}
	for _, T := range []int{6, MaxTokens} {
		toks := make([]string, T)
		for i := range toks {
			toks[i] = []string{"是的", "，", "等于", "2", "！", "Answer"}[i%6]
		}
		in := sample(toks...)
		b.Run(map[int]string{6: "6tokens", MaxTokens: "64tokens"}[T], func(b *testing.B) {
			for b.Loop() {
				if _, err := PNG(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFontLoad is the one-time parse of the embedded font (LoadFont
// does it once per process).
func BenchmarkFontLoad(b *testing.B) {
	for b.Loop() {
		if _, err := opentype.Parse(fontFile); err != nil {
			b.Fatal(err)
		}
	}
}

// Previews are drawn by concurrent requests from one parsed font: the same
// input gives the same bytes whatever runs beside it.
func TestPreviewConcurrent(t *testing.T) {
	in := sample("是的", "，", "等于", "δₜ", "！")
	want, err := PNG(in)
	if err != nil {
		t.Fatal(err)
	}
	got := make([][]byte, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i], _ = PNG(in) })
	}
	wg.Wait()
	for i, b := range got {
		if !bytes.Equal(b, want) {
			t.Errorf("concurrent preview %d differs", i)
		}
	}
}
