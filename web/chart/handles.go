package chart

import (
	"strconv"

	"gaelab/web/svg"
)

// Handles asks a chart for marks the page's script can turn into sliders
// (progressive enhancement: without the script they are invisible and
// inert, and the SVG export draws none). Values places one on each V(s_t)
// (Field "V"), Rewards on the top of each score bar (Field "score").
//
// The chart writes, after every other group,
//
//	<g class="handles" data-field="V" data-name="V(s{ₜ})" data-base="0" data-y0="…" data-k="…" data-min="…" data-max="…">
//	  <circle data-t="3" data-v="0.3" cx="…" cy="…" r="…"/>
//
// where data-y0 is the SVG y (px, y down) of the value 0 and data-k the px
// per unit of value upward, so that a pointer at SVG y means the value
// (y0 − y) / k. t is the 0-based response-token index. data-name is the
// accessible name of every handle: {t} stands for the token's index in the
// page's numbering (t + data-base), {ₜ} for it in subscript digits; one
// template keeps a long response's page small.
type Handles struct {
	Field    string
	Name     string
	Base     int
	Skip     []bool  // Skip[t]: no handle on token t (nil: a handle on each)
	Min, Max float64 // the slider's range
}

// on reports whether h asks for handles on a chart of T tokens.
func (h Handles) on(T int) bool { return h.Field != "" && (h.Skip == nil || len(h.Skip) == T) }

// handles writes h's handle group: token t's handle at (x, y) in vg
// coordinates (y up), value v[t].
func (f *frame) handles(h Handles, v []float64, at func(t int) (x, y float64)) {
	if !h.on(f.T) {
		return
	}
	y0 := f.sy(f.Y(0))
	k := y0 - f.sy(f.Y(1))
	r := max(f.markerR()*1.8, 7)
	b := &f.drag
	b.WriteString(`<g class="handles" fill="transparent" data-field="` + svg.Escape(h.Field) + `" data-name="` + svg.Escape(h.Name) +
		`" data-base="` + strconv.Itoa(h.Base) + `" data-y0="` + num(y0) + `" data-k="` + strconv.FormatFloat(k, 'g', 6, 64) +
		`" data-min="` + num(h.Min) + `" data-max="` + num(h.Max) + `">` + "\n")
	rs := num(r)
	b.Grow(f.T * (80 + len(rs)))
	for t := range f.T {
		if h.Skip != nil && h.Skip[t] {
			continue
		}
		x, y := at(t)
		c := append(b.AvailableBuffer(), `<circle data-t="`...)
		c = strconv.AppendInt(c, int64(t), 10)
		c = append(c, `" data-v="`...)
		c = strconv.AppendFloat(c, v[t], 'g', -1, 64)
		c = append(c, `" cx="`...)
		c = appendCoord(c, x)
		c = append(c, `" cy="`...)
		c = appendCoord(c, f.sy(y))
		c = append(c, `" r="`+rs+`"/>`+"\n"...)
		b.Write(c)
	}
	b.WriteString("</g>\n")
}
