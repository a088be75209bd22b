package chart

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// layer adapts a function to gonum's plot.Plotter.
type layer func(c draw.Canvas, p *plot.Plot)

func (l layer) Plot(c draw.Canvas, p *plot.Plot) { l(c, p) }

// maskLayer shades the columns of mask-0 tokens, one hatched rect per run
// of equal kinds: padding with rising hatches, observations with falling.
func (f *frame) maskLayer() {
	y0, y1 := float64(f.dc.Min.Y), float64(f.dc.Max.Y)
	for _, r := range kindRuns(f.T, f.in.kind) {
		f.swatch(f.under, r.k, f.X(float64(r.from)-0.5), y0, f.X(float64(r.to)-0.5), y1)
	}
}

// swatch fills a rectangle the way mask kind k is shaded.
func (f *frame) swatch(m *markCanvas, k Kind, x0, y0, x1, y1 float64) {
	fill := f.definePattern("pad", 7, rgb(f.th.PaddingFill), rgb(f.th.PaddingHatch), true)
	if k == Observation {
		fill = f.definePattern("obs", 7, rgb(f.th.ObservationFill), rgb(f.th.ObservationHatch), false)
	}
	m.path(appendRect(nil, x0, y0, x1, y1), ` fill="`+fill+`"`, false)
}

// boundaryLayer draws the faint token boundaries (where the values V(s_t)
// sit) and the zero line.
func (f *frame) boundaryLayer() {
	y0, y1 := f.dc.Min.Y, f.dc.Max.Y
	// Every boundary while columns are wide; when they are narrow, only the
	// boundaries before labelled tokens, so the lines stay faint.
	f.marks.pathWith(strokeAttrs(rgb(f.th.Boundary), 1, nil, 0), false, func(b []byte, pn *pen) []byte {
		for t := 0; t <= f.T; t++ { // the boundary before token t; t = T: after the last token
			if t < f.T && f.slot < 16 && (t+f.in.Base)%f.step != 0 {
				continue
			}
			x := float64(vg.Length(f.X(float64(t) - 0.5)))
			b = pn.move(b, x, float64(y0))
			b = pn.line(b, x, float64(y1))
		}
		return b
	})
	z := f.Y(0)
	line(f.marks, float64(f.dc.Min.X), z, float64(f.dc.Max.X), z, draw.LineStyle{Color: f.fg, Width: 1})
}

// kindRun is a run of tokens [from, to) of one mask-0 kind k.
type kindRun struct {
	from, to int
	k        Kind
}

// kindRuns lists the runs of mask-0 tokens among T tokens of kind(t).
func kindRuns(T int, kind func(t int) Kind) []kindRun {
	var runs []kindRun
	for t := 0; t < T; {
		k := kind(t)
		u := t + 1
		for u < T && kind(u) == k {
			u++
		}
		if k != Valid {
			runs = append(runs, kindRun{t, u, k})
		}
		t = u
	}
	return runs
}
