package qr

import (
	"fmt"
	"image/color"

	"gaelab/web/svg"
)

// colours returns opt's colours as SVG fill values, checking that the
// modules are darker than the square behind them by at least MinContrast.
func colours(opt Options) (dark, light string, err error) {
	d, l := opt.Dark, opt.Light
	if d == nil {
		d = color.Black
	}
	if l == nil {
		l = color.White
	}
	dn, ln := color.NRGBAModel.Convert(d).(color.NRGBA), color.NRGBAModel.Convert(l).(color.NRGBA)
	if dn.A != 0xff || ln.A != 0xff {
		return "", "", fmt.Errorf("qr: colours must be opaque, have dark alpha %d and light alpha %d", dn.A, ln.A)
	}
	if ratio := svg.Contrast(dn, ln); ratio < MinContrast || svg.Luminance(dn) > svg.Luminance(ln) {
		return "", "", fmt.Errorf("qr: dark %s on light %s has contrast %.1f:1, want dark modules on a light square with at least %.0f:1",
			hex(dn), hex(ln), ratio, MinContrast)
	}
	return hex(dn), hex(ln), nil
}

// hex writes c as #rgb when that is exact, else #rrggbb.
func hex(c color.NRGBA) string {
	if c.R%17 == 0 && c.G%17 == 0 && c.B%17 == 0 {
		return fmt.Sprintf("#%x%x%x", c.R/17, c.G/17, c.B/17)
	}
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}
