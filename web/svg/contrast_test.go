package svg

import (
	"image/color"
	"math"
	"testing"
)

func TestContrast(t *testing.T) {
	white, black := color.White, color.Black
	grey := color.RGBA{0x77, 0x77, 0x77, 0xff}
	for _, c := range []struct {
		a, b color.Color
		want float64
	}{
		{black, white, 21},
		{white, black, 21},
		{white, white, 1},
		{grey, white, 4.48}, // WCAG's classic "#777 on white fails AA"
	} {
		if got := Contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("Contrast(%v, %v) = %.3f, want %.2f", c.a, c.b, got, c.want)
		}
	}
	if l := Luminance(color.RGBA{0xff, 0, 0, 0xff}); math.Abs(l-0.2126) > 1e-9 {
		t.Errorf("Luminance(red) = %v, want 0.2126", l)
	}
	if Ink(color.RGBA{0x21, 0x66, 0xAC, 0xff}) != color.White || Ink(color.RGBA{0xF7, 0xF7, 0xF7, 0xff}) != color.Black {
		t.Error("Ink: want white on dark blue and black on near-white")
	}
}
