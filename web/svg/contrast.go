package svg

import (
	"image/color"
	"math"
)

// Luminance is the WCAG 2 relative luminance of c's colour (its opacity is
// ignored): 0 for black, 1 for white.
func Luminance(c color.Color) float64 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(n.R) + 0.7152*lin(n.G) + 0.0722*lin(n.B)
}

// Contrast is the WCAG 2 contrast ratio of two colours, from 1 (the same
// luminance) to 21 (black on white), whichever is the lighter.
func Contrast(a, b color.Color) float64 {
	la, lb := Luminance(a), Luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Ink is the text colour, black or white, with the better contrast on
// background c.
func Ink(c color.Color) color.Color {
	if Contrast(c, color.Black) >= Contrast(c, color.White) {
		return color.Black
	}
	return color.White
}
