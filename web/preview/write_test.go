package preview_test

import (
	"bytes"
	"image/png"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/web/chart"
	"gaelab/web/i18n"
	"gaelab/web/preview"
)

// WritePreview answers a state whose numbers cannot be drawn (a NaN,
// series of the wrong length) with a 200 PNG of 1200×630 that says so,
// different in each language (issue 35: a chat app shows nothing for a
// 422); past preview.MaxTokens tokens it stays 422, since those pages
// write no og:image.
func TestWritePreviewUndrawable(t *testing.T) {
	tx := chart.Text{TokenAxis: "t", ValueAxis: "v"}
	for _, c := range []struct {
		name string
		in   chart.Input
	}{
		{"NaN", chart.Input{Tokens: []string{"a", "b"}, Values: []float64{0.1, math.NaN()}, Returns: []float64{1, 1}, Advantages: []float64{1, 1}, Text: tx}},
		{"mismatched shapes", chart.Input{Tokens: []string{"a", "b", "c"}, Values: []float64{0.1, 0.2}, Returns: []float64{1}, Advantages: []float64{1, 1, 1}, Text: tx}},
	} {
		var sums []string
		for _, l := range []i18n.Lang{i18n.En, i18n.Zh} {
			rec := httptest.NewRecorder()
			preview.WritePreview(rec, httptest.NewRequest("GET", "/play/preview.png", nil), preview.Input{Title: "title", Subtitle: "verl", Chart: c.in}, l.T)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
				t.Fatalf("%s (%s): %d %q %.100s, want 200 image/png", c.name, l, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
			}
			im, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
			if err != nil {
				t.Fatalf("%s (%s): %v", c.name, l, err)
			}
			if s := im.Bounds().Size(); s.X != preview.Width || s.Y != preview.Height {
				t.Errorf("%s (%s): %v, want %d×%d", c.name, l, s, preview.Width, preview.Height)
			}
			sums = append(sums, rec.Body.String())
		}
		if sums[0] == sums[1] {
			t.Errorf("%s: the English and Chinese notices are the same picture", c.name)
		}
	}
	long := make([]string, preview.MaxTokens+1)
	rec := httptest.NewRecorder()
	preview.WritePreview(rec, httptest.NewRequest("GET", "/play/preview.png", nil), preview.Input{Chart: chart.Input{Tokens: long}}, i18n.En.T)
	if want := i18n.En.T("preview.too_long", preview.MaxTokens, len(long)); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), want) {
		t.Errorf("%d tokens: %d %q, want 422 %q", len(long), rec.Code, rec.Body, want)
	}
}
