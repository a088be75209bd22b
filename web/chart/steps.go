package chart

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
)

// StepsInput is one metric over a run's steps (verl's compute_data_metrics
// entry, say critic/vf_explained_var): step k's column is centred at x = k
// and labelled Steps[k]; every run has one value per step.
type StepsInput struct {
	// Steps are the step numbers, in order (the labels of the columns).
	Steps []int
	// Runs are drawn in order, in SeriesStyles[stepsStyles[i]] (Okabe–Ito
	// vermillion, solid, then blue, dash-dot: the pair furthest apart,
	// and their dashes and markers read without colour): one run, or two
	// to compare. A NaN value (verl's NaN, or a step the run lacks) is left
	// out and breaks the run's line there.
	Runs []Series
	// Current is the index into Steps of the marked step (shaded, with a
	// legend entry), −1 for none.
	Current int
	Text    StepsText
	Theme   Theme // zero = Light()
	// ID prefixes the element ids; empty means "gae-steps".
	ID string

	grid *gridOpts // drawn as a panel of StepsGrid
}

// gridOpts is how StepsGrid has a panel drawn: what every panel would
// repeat is drawn once.
type gridOpts struct {
	markers string // the grid's id: the markers' id prefix, shared by its panels
	legend  int    // legendDrawn, legendRoom (its rows kept empty, to align a row) or legendNone
	xLabel  bool   // the x-axis label (the bottom panel of a column)
}

const (
	legendDrawn = iota
	legendRoom
	legendNone
)

// gridTicks is about how many column labels a grid's panel has: the
// columns are the same in every panel, so a few read the axis.
const gridTicks = 5

// StepsText holds the chart's strings, already localised.
type StepsText struct {
	Title     string // required
	Desc      string // first sentence of <desc>; the data summary follows
	StepAxis  string // x axis, e.g. "step"
	ValueAxis string // y axis: the metric's name
	Current   string // the marked step's legend entry, e.g. "step shown"
}

// stepsStyles are the runs' entries in SeriesStyles.
var stepsStyles = [2]int{0, 3}

// MaxSteps is the most steps the chart draws (a run's directory holds at
// most 64 dumps).
const MaxSteps = 256

// Steps draws each run as a line through (k, Values[k]) with a marker on
// every point, and shades the current step's column. The root <svg> has
// class "gae-chart gae-steps"; the current column is a rect of class
// "current" with data-step set.
func Steps(in StepsInput) ([]byte, error) {
	return svgOf(steps(&in))
}

func steps(in *StepsInput) ([]byte, *frame, error) {
	n := len(in.Steps)
	switch {
	case n == 0 || n > MaxSteps:
		return nil, nil, fmt.Errorf("chart: %d steps, want 1 … %d", n, MaxSteps)
	case len(in.Runs) == 0 || len(in.Runs) > 2:
		return nil, nil, fmt.Errorf("chart: %d runs, want 1 or 2", len(in.Runs))
	case in.Current < -1 || in.Current >= n:
		return nil, nil, fmt.Errorf("chart: Current = %d, want −1 … %d", in.Current, n-1)
	}
	labels := make([]string, n)
	for k, s := range in.Steps {
		labels[k] = strconv.Itoa(s)
	}
	base := Input{Tokens: labels, Theme: in.Theme, ID: in.ID, Text: Text{TokenAxis: in.Text.StepAxis}}
	g := in.grid
	if g != nil && !g.xLabel {
		base.Text.TokenAxis = ""
	}
	T, th, err := base.prepare("Title", in.Text.Title)
	if err != nil {
		return nil, nil, err
	}
	lo, hi := 0.0, 0.0
	for i, r := range in.Runs {
		if len(r.Values) != n {
			return nil, nil, fmt.Errorf("chart: len(Runs[%d].Values) = %d, want len(Steps) = %d", i, len(r.Values), n)
		}
		for k, v := range r.Values {
			if math.IsNaN(v) {
				continue
			}
			if !(math.Abs(v) <= maxAbs) {
				return nil, nil, fmt.Errorf("chart: Runs[%d].Values[%d] = %v, want a finite number within ±%g or NaN", i, k, v, maxAbs)
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}

	var d strings.Builder
	d.WriteString(oneLine(in.Text.Desc))
	for _, r := range in.Runs {
		fmt.Fprintf(&d, " %s: %s.", oneLine(r.Label), descList(r.Values, func(k int) string {
			if math.IsNaN(r.Values[k]) {
				return fmt.Sprintf("%d: –", in.Steps[k])
			}
			return fmt.Sprintf("%d: %s", in.Steps[k], strconv.FormatFloat(r.Values[k], 'g', 4, 64))
		}))
	}
	if in.Current >= 0 {
		fmt.Fprintf(&d, " %s: %d.", oneLine(in.Text.Current), in.Steps[in.Current])
	}

	var legend []legendItem
	for i, r := range in.Runs {
		legend = append(legend, legendItem{oneLine(r.Label), func(f *frame, x, y float64) {
			st, col := f.seriesStyle(stepsStyles[i])
			line(f.marks, x, y, x+thumbW, y, lineStyle(st, f.th.StrokeWidth, col))
			marker(f.marks, st.Marker, x+thumbW/2, y, f.th.MarkerRadius, col, f.bg)
		}})
	}
	if g != nil && g.legend == legendNone {
		legend = nil
	}
	currentFill := func(f *frame) string { return paint(alpha(f.fg, 0.14), "fill-opacity") }
	if in.Current >= 0 && (g == nil || g.legend != legendNone) {
		legend = append(legend, legendItem{oneLine(in.Text.Current), func(f *frame, x, y float64) {
			hh := f.th.FontSize * 0.5
			f.marks.path(appendRect(nil, x, y-hh, x+thumbW, y+hh), ` fill="`+currentFill(f), false)
		}})
	}
	sp := spec{
		class: "gae-steps", defaultID: "gae-steps", noIndex: true,
		title: in.Text.Title, desc: strings.TrimSpace(d.String()),
		yLabel: in.Text.ValueAxis, lo: lo, hi: hi, legend: legend,
	}
	if g != nil { // the panel's title names its metric: no y-axis label
		sp.panel, sp.hideLegend, sp.maxTicks, sp.yLabel = true, g.legend == legendRoom, gridTicks, ""
	}
	sp.layers = append(sp.layers, func(f *frame) {
		if k := in.Current; k >= 0 {
			x0, x1 := f.column(k)
			y0, y1 := float64(f.dc.Min.Y), float64(f.dc.Max.Y)
			f.under.path(appendRect(nil, x0, y0, x1, y1), ` fill="`+currentFill(f)+fmt.Sprintf(` class="current" data-step="%d"`, in.Steps[k]), false)
		}
		for i, r := range in.Runs {
			st, col := f.seriesStyle(stepsStyles[i])
			rad := f.markerR()
			name := "mk-r" + strconv.Itoa(i)
			if g != nil { // shared by the grid's panels: named by what draws it
				f.markers, name = g.markers, name+"-"+strings.ReplaceAll(num(rad), ".", "_")
			}
			marks := f.defineMarker(name, 1.25*rad+ringWidth(rad)+1, func(m *markCanvas) {
				marker(m, st.Marker, 0, 0, rad, col, f.bg)
			})
			var run []vg.Point
			for k := 0; k <= n; k++ {
				if k < n && !math.IsNaN(r.Values[k]) {
					run = append(run, vg.Point{X: vg.Length(f.X(float64(k))), Y: vg.Length(f.Y(r.Values[k]))})
					continue
				}
				polyline(f.marks, run, st, f.th.StrokeWidth, col, marks)
				run = run[:0]
			}
		}
	})
	return render(&base, T, th, sp)
}
