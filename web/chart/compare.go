package chart

import (
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"
)

// CompareInput is one per-token quantity computed two ways: by the
// reference (the newest verl, the correct code) and by the other (verl
// v0.2, a buggy variant). Both series belong to the tokens and sit on them
// (token t at x = t), as R_t and A_t do in Values.
type CompareInput struct {
	Tokens []string // each response token's text (any Unicode; escaped)
	Base   int      // 0 or 1: labels show t+Base
	Mask   []Kind   // nil means every token is Valid
	// Quantity is what is compared (Advantage, Return, Whitened, …); its
	// palette Style draws Reference. Other is drawn in the theme's foreground
	// colour with OtherStyle's dash and marker, so the two differ in colour,
	// dash and marker.
	Quantity         Quantity
	Reference, Other []float64
	// Differs, nil or one per token, marks the tokens where the two differ
	// with Text.Differs above the column, and names them in <desc>.
	Differs []bool
	Text    CompareText
	Theme   Theme  // zero = Light()
	ID      string // id prefix (see Input.ID); empty means "gae-compare"
}

// CompareText holds the comparison chart's strings, already localised.
type CompareText struct {
	Title string // required
	Desc  string // first sentence of <desc>; the data follows
	// Reference and Other are the legend entries of the two series, e.g.
	// "A_t newest" and "A_t v0.2"; Differs is the mark over a differing
	// token ("≠") and DiffersLegend its legend entry.
	Reference, Other, Differs, DiffersLegend string
	TokenAxis, ValueAxis                     string
	Padding, Observation                     string // legend entries of the mask-0 kinds
}

// OtherStyle is how the comparison chart draws its second series, in the
// foreground colour: a long dash and a hollow circle, which no quantity a
// comparison draws (A_t, R_t, whitened A_t) uses.
var OtherStyle = Style{Dash: []float64{5, 2}, Marker: MarkerCircle}

// Compare draws the comparison chart: Reference and Other per token, with
// the differing tokens marked. Every series must have one number per token.
func Compare(in CompareInput) ([]byte, error) {
	return svgOf(compare(&in))
}

func compare(in *CompareInput) ([]byte, *frame, error) {
	if _, ok := Styles[in.Quantity]; !ok {
		return nil, nil, fmt.Errorf("chart: Quantity %q is not in the palette", in.Quantity)
	}
	base := &Input{Tokens: in.Tokens, Base: in.Base, Mask: in.Mask, Theme: in.Theme, ID: in.ID,
		Text: Text{TokenAxis: in.Text.TokenAxis, Padding: in.Text.Padding, Observation: in.Text.Observation}}
	T, th, err := base.prepare("Title", in.Text.Title, series{name: "Reference", v: in.Reference}, series{name: "Other", v: in.Other})
	if err != nil {
		return nil, nil, err
	}
	if in.Differs != nil && len(in.Differs) != T {
		return nil, nil, fmt.Errorf("chart: len(Differs) = %d, want len(Tokens) = %d", len(in.Differs), T)
	}
	tx := in.Text
	mark := oneLine(tx.Differs)
	if mark == "" {
		mark = "≠"
	}
	lo, hi := extent(in.Reference, in.Other)
	if slices.Contains(in.Differs, true) {
		hi += 0.15 * (hi - lo) // headroom for the marks over the data
	}
	masks, maskDesc := base.maskLegend(T)
	desc, differ := in.desc(maskDesc)
	sp := spec{
		class: "gae-compare", defaultID: "gae-compare",
		title: tx.Title, desc: desc,
		yLabel: tx.ValueAxis, lo: lo, hi: hi,
		legend: append(in.legend(mark, differ), masks...),
	}
	sp.layers = append(sp.layers, func(f *frame) { in.layer(f, mark) })
	return render(base, T, th, sp)
}

// desc is the <desc>: the caller's sentence, both series, the differing
// tokens (at most ten named) and maskDesc; differ reports whether any token
// differs.
func (in *CompareInput) desc(maskDesc string) (desc string, differ bool) {
	tx := in.Text
	var d strings.Builder
	d.WriteString(oneLine(tx.Desc))
	d.WriteString(" " + descSeries(tx.Reference, "t=%d: %s", in.Reference, in.Base) + ".")
	d.WriteString(" " + descSeries(tx.Other, "t=%d: %s", in.Other, in.Base) + ".")
	var where []string
	for t, on := range in.Differs {
		if on {
			where = append(where, fmt.Sprint(t+in.Base))
		}
	}
	if len(where) > 0 {
		if len(where) > 12 {
			where = append(where[:10], ellipsis)
		}
		fmt.Fprintf(&d, " %s: t = %s.", oneLine(tx.DiffersLegend), strings.Join(where, ", "))
	}
	if maskDesc != "" {
		d.WriteString(" " + maskDesc)
	}
	return strings.TrimSpace(d.String()), len(where) > 0
}

// legend is the reference's entry, the other's (foreground colour, long
// dash, hollow circle) and, when some token differs, the mark's.
func (in *CompareInput) legend(mark string, differ bool) []legendItem {
	tx := in.Text
	legend := []legendItem{seriesItem(tx.Reference, in.Quantity), {oneLine(tx.Other), func(f *frame, x, y float64) {
		line(f.marks, x, y, x+thumbW, y, lineStyle(OtherStyle, f.th.StrokeWidth, f.fg))
		hollowMarker(f.marks, OtherStyle.Marker, x+thumbW/2, y, f.th.MarkerRadius, f.th.StrokeWidth*0.6, f.fg, f.bg)
	}}}
	if differ {
		legend = append(legend, legendItem{oneLine(tx.DiffersLegend), func(f *frame, x, y float64) {
			f.labels.text(x+thumbW/2, f.sy(y)+f.th.FontSize*0.35, mark, f.th.FontSize, "middle", f.th.Foreground, ` font-weight="bold"`)
		}})
	}
	return legend
}

// layer draws the other series, then the reference over it (so that its
// marker stays visible where they coincide), then the mark over each
// differing token.
func (in *CompareInput) layer(f *frame, mark string) {
	r := f.markerR()
	pts := make([]vg.Point, f.T)
	for t := range f.T {
		pts[t] = vg.Point{X: vg.Length(f.X(float64(t))), Y: vg.Length(f.Y(in.Other[t]))}
	}
	other := f.defineMarker("mk-other", 1.25*r+f.th.StrokeWidth, func(m *markCanvas) {
		hollowMarker(m, OtherStyle.Marker, 0, 0, r, f.th.StrokeWidth*0.6, f.fg, f.bg)
	})
	polyline(f.marks, pts, OtherStyle, f.th.StrokeWidth, f.fg, other)
	onTokens(f, in.Quantity, in.Reference, 0)
	_, y0, _, _ := f.dataRect()
	for t, on := range in.Differs {
		if on {
			f.labels.text(f.X(float64(t)), y0+f.th.FontSize*1.1, mark, f.th.FontSize, "middle", f.th.Foreground, ` class="differs" font-weight="bold"`)
		}
	}
}
