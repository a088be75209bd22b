package chart

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot/vg"
)

// VarianceInput is the spread of many estimates of one number, in groups
// (the variance lab: one group per λ, each holding the N rollouts'
// estimates of A_0). Each group's column holds its histogram drawn
// sideways, centred on the column (a bar per bin, as wide as its count),
// with the group's mean marked across it; the true value is a dashed line
// across the chart.
type VarianceInput struct {
	Groups []VarianceGroup
	True   float64
	// Extent is the value axis's [lo, hi]; the zero value means the
	// estimates' own, with the true value. Charts that are compared share one.
	Extent [2]float64
	// Bins is how many bins the extent is cut into; 0 means 30.
	Bins  int
	Text  VarianceText
	Theme Theme // zero = Light()
	// ID prefixes the element ids; empty means "gae-variance".
	ID string
}

// VarianceGroup is one column: its label (e.g. "0.95"), its estimates
// (finite) and the sentence that describes them in <desc>.
type VarianceGroup struct {
	Label  string
	Values []float64
	Desc   string
}

// VarianceText holds the chart's strings, already localised.
type VarianceText struct {
	Title     string // required
	Desc      string // first sentence of <desc>; each group's Desc follows
	GroupAxis string // x axis, e.g. "λ"
	ValueAxis string // y axis, e.g. "estimate of A₀"
	Estimates string // legend of the histograms
	Mean      string // legend of the mean marks
	True      string // legend of the true value's line
}

// Variance draws the groups' histograms, means and the true value. The
// root <svg> has class "gae-chart gae-variance"; each histogram is a path
// with class "hist" and data-group, each mean a line with class "mean".
func Variance(in VarianceInput) ([]byte, error) {
	b, _, err := variance(&in)
	return b, err
}

func variance(in *VarianceInput) ([]byte, *frame, error) {
	G := len(in.Groups)
	if G == 0 {
		return nil, nil, fmt.Errorf("chart: variance: no groups")
	}
	labels := make([]string, G)
	means := make([]float64, G)
	var all []float64
	for g, gr := range in.Groups {
		if len(gr.Values) == 0 {
			return nil, nil, fmt.Errorf("chart: variance: group %d has no values", g)
		}
		labels[g] = gr.Label
		sum := 0.0
		for _, x := range gr.Values {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, nil, fmt.Errorf("chart: variance: group %d holds %g", g, x)
			}
			sum += x
		}
		means[g] = sum / float64(len(gr.Values))
		all = append(all, gr.Values...)
	}
	base := Input{Tokens: labels, Base: 1, Theme: in.Theme, ID: in.ID, Text: Text{TokenAxis: in.Text.GroupAxis}}
	if math.IsNaN(in.True) || math.IsInf(in.True, 0) {
		return nil, nil, fmt.Errorf("chart: variance: True = %g", in.True)
	}
	_, th, err := base.prepare("Title", in.Text.Title, series{name: "Means", v: means})
	if err != nil {
		return nil, nil, err
	}
	lo, hi := in.Extent[0], in.Extent[1]
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		lo, hi = extent(all, []float64{in.True})
	}
	bins := in.Bins
	if bins <= 0 {
		bins = 30
	}
	width := (hi - lo) / float64(bins)
	if width <= 0 {
		width = 1
	}
	counts := make([][]int, G)
	most := 1
	for g, gr := range in.Groups {
		counts[g] = make([]int, bins)
		for _, x := range gr.Values {
			k := min(bins-1, max(0, int((x-lo)/width)))
			counts[g][k]++
			most = max(most, counts[g][k])
		}
	}

	tx := in.Text
	var d strings.Builder
	d.WriteString(oneLine(tx.Desc))
	for _, gr := range in.Groups {
		if s := oneLine(gr.Desc); s != "" {
			d.WriteString(" " + s)
		}
	}
	est, mean, truth := Styles[Advantage], Styles[Value], Styles[Return]
	legend := []legendItem{
		{oneLine(tx.Estimates), func(f *frame, x, y float64) {
			hh := f.th.FontSize * 0.5
			bars(f.marks, []span{{x + thumbW/2, thumbW * 0.55, y - hh, y + hh}}, est.Color, alpha(f.fg, 0.6))
		}},
		{oneLine(tx.Mean), func(f *frame, x, y float64) {
			f.marks.path(line2(x, y, x+thumbW, y), strokeAttrs(rgb(mean.Color), f.th.StrokeWidth*1.5, nil, 0), false)
		}},
		{oneLine(tx.True), func(f *frame, x, y float64) {
			w := f.th.StrokeWidth
			f.marks.path(line2(x, y, x+thumbW, y), lineStyleAttrs(truth, w, rgb(truth.Color)), false)
		}},
	}
	sp := spec{
		class: "gae-variance", defaultID: "gae-variance", noIndex: true,
		title: tx.Title, desc: strings.TrimSpace(d.String()),
		yLabel: tx.ValueAxis, lo: lo, hi: hi, legend: legend,
	}
	sp.layers = append(sp.layers, func(f *frame) {
		edge := alpha(f.fg, 0.5)
		full := f.slot * 0.8
		for g := range in.Groups {
			spans := make([]span, 0, bins)
			for k, c := range counts[g] {
				if c == 0 {
					continue
				}
				// At least a hairline, so that a lone estimate shows.
				w := math.Max(1.5, full*float64(c)/float64(most))
				spans = append(spans, span{f.X(float64(g)), w, f.Y(lo + float64(k)*width), f.Y(lo + float64(k+1)*width)})
			}
			f.marks.raw(fmt.Sprintf(`<g class="hist" data-group="%d">`, g))
			bars(f.marks, spans, est.Color, edge)
			f.marks.raw("</g>")
		}
		// The true value across the data area, then each group's mean.
		x0, _, x1, _ := f.dataRect()
		y := f.Y(in.True)
		f.marks.path(line2(x0, y, x1, y), lineStyleAttrs(truth, f.th.StrokeWidth, rgb(truth.Color))+` class="true"`, false)
		for g, m := range means {
			x := f.X(float64(g))
			f.marks.path(line2(x-full/2, f.Y(m), x+full/2, f.Y(m)),
				strokeAttrs(rgb(mean.Color), f.th.StrokeWidth*1.5, nil, 0)+fmt.Sprintf(` class="mean" data-group="%d"`, g), false)
		}
	})
	return render(&base, G, th, sp)
}

// line2 is the path of a line from (x0, y0) to (x1, y1), in vg coordinates.
func line2(x0, y0, x1, y1 float64) vg.Path {
	return pointsPath([]vg.Point{{X: vg.Length(x0), Y: vg.Length(y0)}, {X: vg.Length(x1), Y: vg.Length(y1)}})
}
