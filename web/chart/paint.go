package chart

import (
	"image/color"

	"gonum.org/v1/plot/vg"
)

// strokeAttrs returns ` fill="none" stroke=…` for a line of colour c,
// width w and the given dashes.
func strokeAttrs(c color.Color, w float64, dashes []vg.Length, offs vg.Length) string {
	b := make([]byte, 0, 96)
	b = append(b, ` fill="none" stroke="`...)
	b = append(b, paint(c, "stroke-opacity")...)
	if w != 1 { // SVG's default
		b = append(b, ` stroke-width="`...)
		b = appendNum(b, w)
		b = append(b, '"')
	}
	if len(dashes) > 0 {
		b = append(b, ` stroke-dasharray="`...)
		for i, d := range dashes {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendNum(b, float64(d))
		}
		b = append(b, '"')
		if offs != 0 {
			b = append(b, ` stroke-dashoffset="`...)
			b = appendNum(b, float64(offs))
			b = append(b, '"')
		}
	}
	return string(b)
}

// paint returns a colour's hex value and closing quote, followed by its
// opacity attribute when it is not opaque: `#0072B2"` or
// `#222222" stroke-opacity="0.6"`.
func paint(c color.Color, opacityAttr string) string {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	b := make([]byte, 0, 40)
	b = appendHex(b, n)
	b = append(b, '"')
	if n.A != 255 {
		b = append(b, ' ')
		b = append(b, opacityAttr...)
		b = append(b, `="`...)
		b = appendNum(b, float64(n.A)/255)
		b = append(b, '"')
	}
	return string(b)
}

// hex returns c as "#RRGGBB", ignoring its opacity.
func hex(c color.Color) string {
	return string(appendHex(nil, color.NRGBAModel.Convert(c).(color.NRGBA)))
}

func appendHex(b []byte, n color.NRGBA) []byte {
	const digits = "0123456789ABCDEF"
	return append(b, '#', digits[n.R>>4], digits[n.R&15], digits[n.G>>4], digits[n.G&15], digits[n.B>>4], digits[n.B&15])
}

func opaque(c color.Color) bool {
	_, _, _, a := c.RGBA()
	return a == 0xffff
}
