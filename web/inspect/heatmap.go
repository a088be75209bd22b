package inspect

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
)

// MaxHeatWidth is the widest heat map in pixels: longer responses are
// binned, several tokens per pixel column.
const MaxHeatWidth = 1024

// HeatMap is one quantity drawn B rows × T tokens.
type HeatMap struct {
	PNG []byte
	// Scale is S of the diverging scale −S … 0 … +S: the largest |x| over
	// the valid tokens drawn (0 when there is none).
	Scale float64
	// Bin is how many tokens one pixel column holds (1: no binning); a
	// binned column shows the value of largest |x| among its valid tokens.
	Bin           int
	Width, Height int
	RowPx, ColPx  int
	Rows, Tokens  int
}

// heatColours are the ends and middle of the diverging scale (ColorBrewer
// RdBu, colour-blind safe): blue for −S, white for 0, red for +S.
var (
	heatNeg    = color.NRGBA{0x21, 0x66, 0xac, 0xff}
	heatZero   = color.NRGBA{0xf7, 0xf7, 0xf7, 0xff}
	heatPos    = color.NRGBA{0xb2, 0x18, 0x2b, 0xff}
	heatMasked = color.NRGBA{0xcc, 0xcc, 0xcc, 0xff}
	maskValid  = color.NRGBA{0x44, 0x44, 0x44, 0xff}
	maskObs    = color.NRGBA{0x99, 0x99, 0x99, 0xff}
	maskPad    = color.NRGBA{0xee, 0xee, 0xee, 0xff}
	maskEOS    = color.NRGBA{0xe6, 0x61, 0x00, 0xff}
)

// layout picks the bin size and pixel sizes for B rows of R tokens.
func layout(B, R int) (bin, cols, rowPx, colPx int) {
	bin = (R + MaxHeatWidth - 1) / MaxHeatWidth
	cols = (R + bin - 1) / bin
	colPx = max(1, min(16, 512/cols))
	rowPx = max(1, min(12, 512/max(B, 1)))
	return
}

// Geometry is the bin size and the pixel size of a heat map of rows × R.
func Geometry(rows, R int) (bin, width, height int) {
	bin, cols, rowPx, colPx := layout(rows, R)
	return bin, cols * colPx, rows * rowPx
}

// DrawHeatMap draws x ([B][R]) for the rows in order (indices into x),
// masked tokens grey, on a diverging scale centred on 0.
func DrawHeatMap(x, mask [][]float64, order []int) HeatMap {
	R := 0
	if len(x) > 0 {
		R = len(x[0])
	}
	bin, cols, rowPx, colPx := layout(len(order), R)
	h := HeatMap{Bin: bin, Width: cols * colPx, Height: len(order) * rowPx, RowPx: rowPx, ColPx: colPx, Rows: len(order), Tokens: R}
	for _, i := range order {
		for t, v := range x[i] {
			if mask[i][t] == 1 {
				h.Scale = max(h.Scale, math.Abs(v))
			}
		}
	}
	img := image.NewNRGBA(image.Rect(0, 0, max(h.Width, 1), max(h.Height, 1)))
	for y, i := range order {
		for c := range cols {
			best, any := 0.0, false
			for t := c * bin; t < min(R, (c+1)*bin); t++ {
				if mask[i][t] == 1 && (!any || math.Abs(x[i][t]) > math.Abs(best)) {
					best, any = x[i][t], true
				}
			}
			col := heatMasked
			if any {
				col = diverging(best, h.Scale)
			}
			fill(img, c*colPx, y*rowPx, colPx, rowPx, col)
		}
	}
	h.PNG = encodePNG(img)
	return h
}

// DrawMask draws the mask: valid tokens dark, observation tokens (mask 0
// before the last valid token) mid grey, padding light, and each row's
// EOS (its last valid token) orange. A binned column takes the strongest
// mark among its tokens: EOS, valid, observation, padding.
func DrawMask(mask [][]float64, order []int) HeatMap {
	R := 0
	if len(mask) > 0 {
		R = len(mask[0])
	}
	bin, cols, rowPx, colPx := layout(len(order), R)
	h := HeatMap{Bin: bin, Width: cols * colPx, Height: len(order) * rowPx, RowPx: rowPx, ColPx: colPx, Rows: len(order), Tokens: R}
	img := image.NewNRGBA(image.Rect(0, 0, max(h.Width, 1), max(h.Height, 1)))
	for y, i := range order {
		eos := eosOf(mask[i])
		for c := range cols {
			rank := 0 // 0 pad, 1 observation, 2 valid, 3 EOS
			for t := c * bin; t < min(R, (c+1)*bin); t++ {
				switch {
				case t == eos:
					rank = 3
				case mask[i][t] == 1:
					rank = max(rank, 2)
				case t < eos:
					rank = max(rank, 1)
				}
			}
			fill(img, c*colPx, y*rowPx, colPx, rowPx, []color.NRGBA{maskPad, maskObs, maskValid, maskEOS}[rank])
		}
	}
	h.PNG = encodePNG(img)
	return h
}

// Legend draws the diverging scale as a 256 × 12 bar, −S on the left.
func Legend() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 256, 12))
	for px := range 256 {
		fill(img, px, 0, 1, 12, diverging(float64(px)/255*2-1, 1))
	}
	return encodePNG(img)
}

// eosOf is the index of the row's last valid token, −1 if none.
func eosOf(row []float64) int {
	for t := len(row) - 1; t >= 0; t-- {
		if row[t] == 1 {
			return t
		}
	}
	return -1
}

// diverging maps x ∈ [−s, s] to blue … white … red.
func diverging(x, s float64) color.NRGBA {
	if s == 0 {
		return heatZero
	}
	f := math.Max(-1, math.Min(1, x/s))
	end := heatPos
	if f < 0 {
		end, f = heatNeg, -f
	}
	mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a) + (float64(b)-float64(a))*f)) }
	return color.NRGBA{mix(heatZero.R, end.R), mix(heatZero.G, end.G), mix(heatZero.B, end.B), 0xff}
}

func fill(img *image.NRGBA, x, y, w, h int, c color.NRGBA) {
	for yy := y; yy < y+h; yy++ {
		for xx := x; xx < x+w; xx++ {
			img.SetNRGBA(xx, yy, c)
		}
	}
}

func encodePNG(img image.Image) []byte {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	enc.Encode(&buf, img)
	return buf.Bytes()
}
