package preview

import (
	"bytes"
	"image/png"
	"os"
	"testing"

	"gaelab/web/chart"
)

// sample is a five-token scenario with Chinese, an emoji and a padding token.
func sample(tokens ...string) Input {
	return Input{
		Title: "V(sₜ) on the boundaries, Rₜ and Aₜ on the tokens", Subtitle: "verl v0.5.0–v0.9.0",
		Chart: chart.Input{
			Tokens: tokens, Base: 0,
			Mask:       []chart.Kind{chart.Valid, chart.Valid, chart.Valid, chart.Valid, chart.Padding},
			Values:     []float64{0.3, 0.4, 0.5, 0.6, 0},
			Returns:    []float64{0.5, 0.7, 0.9, 1, 0},
			Advantages: []float64{0.2, 0.3, 0.4, 0.4, 0},
			Text: chart.Text{TokenAxis: "token (index)", ValueAxis: "value", Value: "V(sₜ)", Return: "Rₜ", Advantage: "Aₜ",
				Bootstrap: "V = 0 (terminal)"},
		},
	}
}

func TestPreviewPNGSize(t *testing.T) {
	b, err := PNG(sample("是的", "，", "等于", "2😀", "<pad>"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if s := img.Bounds().Size(); s.X != Width || s.Y != Height {
		t.Errorf("size %v, want %dx%d", s, Width, Height)
	}
	if f := os.Getenv("PREVIEW_OUT"); f != "" {
		os.WriteFile(f, b, 0o644)
	}
}
