package preview

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"gaelab/web/chart"
)

// Lines draws per-token and numeric charts as 1200×630 PNGs; a NaN breaks
// a line rather than failing it, and the picture follows the data.
func TestLinesDraws(t *testing.T) {
	tokens := &LinesInput{Title: "Aₜ for λ", Subtitle: "verl v0.9.0", Tokens: []string{"是的", "，", "2"}, Mask: []chart.Kind{0, 0, chart.Padding},
		XAxis: "token", YAxis: "advantage", Series: []Line{
			{Label: "λ = 0", Y: []float64{0.1, 0.2, math.NaN()}, Style: chart.SeriesStyles[0]},
			{Label: "λ = 1", Y: []float64{0.5, 0.4, 0.3}, Style: chart.HighlightStyle, Thick: true},
		}}
	numeric := &LinesInput{Title: "MSE", X: []float64{0, 0.5, 1}, Series: []Line{
		{Label: "perfect", Y: []float64{0.01, 0.02, 0.2}},
		{Label: "tokens", X: []float64{0.9, 1.1}, Y: []float64{1, -1}, NoLine: true},
	}}
	var pics [][]byte
	for _, in := range []*LinesInput{tokens, numeric} {
		b, err := Lines(*in)
		if err != nil {
			t.Fatalf("%s: %v", in.Title, err)
		}
		decode(t, b)
		pics = append(pics, b)
	}
	tokens.Series[1].Y[0] = -0.5
	moved, err := Lines(*tokens)
	if err != nil || bytes.Equal(moved, pics[0]) {
		t.Errorf("a moved point draws the same picture (err %v)", err)
	}
}

func TestLinesRejects(t *testing.T) {
	long := LinesInput{Tokens: make([]string, MaxTokens+1), Series: []Line{{Y: make([]float64, MaxTokens+1)}}}
	if _, err := Lines(long); !errors.Is(err, ErrTooLong) {
		t.Errorf("%d tokens: %v, want ErrTooLong", MaxTokens+1, err)
	}
	for name, in := range map[string]LinesInput{
		"no series":    {Tokens: []string{"a"}},
		"short series": {Tokens: []string{"a", "b"}, Series: []Line{{Y: []float64{1}}}},
		"all NaN":      {X: []float64{0}, Series: []Line{{Y: []float64{math.NaN()}}}},
	} {
		if _, err := Lines(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
