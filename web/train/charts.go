package train

import (
	"math"
	"strconv"
	"strings"

	"gaelab/web/chart"
	"gaelab/web/i18n"
)

// Curves are the dashboard's metrics over a run (or two), under verl's
// names: iteration k's value of Names[i] in Runs[r][i][k], NaN for an
// iteration not yet reached or a metric the run does not log then.
type Curves struct {
	Names  []string
	Steps  int // the run's iterations: the charts' x axis
	Runs   [][][]float64
	Labels []string
}

// charted reports whether the dashboard draws metric name: every update
// metric, and of compute_data_metrics the means, critic/vf_explained_var
// and response_length/clip_ratio (its max and min stay in the CSV).
func charted(name string) bool {
	if strings.HasPrefix(name, "prompt_length/") {
		return false
	}
	return !strings.HasSuffix(name, "/max") && !strings.HasSuffix(name, "/min")
}

// curvesOf lays out the frames' rows as curves, every metric of any run
// in the order verl logs it (the first run's first).
func curvesOf(steps int, labels []string, frames ...Frame) Curves {
	c := Curves{Steps: steps, Labels: labels}
	seen := map[string]int{}
	for _, f := range frames {
		for _, row := range f.Rows {
			for _, m := range row {
				if _, ok := seen[m.Name]; !ok && charted(m.Name) {
					seen[m.Name] = len(c.Names)
					c.Names = append(c.Names, m.Name)
				}
			}
		}
	}
	for _, f := range frames {
		run := make([][]float64, len(c.Names))
		for i := range run {
			run[i] = make([]float64, steps)
			for k := range run[i] {
				run[i][k] = math.NaN()
			}
		}
		for k, row := range f.Rows {
			for _, m := range row {
				if i, ok := seen[m.Name]; ok && k < steps {
					run[i][k] = m.Value
				}
			}
		}
		c.Runs = append(c.Runs, run)
	}
	return c
}

// Chart is one small multiple: a metric's name and what its panel shows.
type Chart struct {
	Name    string
	Watched bool
	Points  int     // run A's values drawn
	Value   float64 // run A's value at the iteration shown (NaN for none)
}

// Dashboard is verl's dashboard as one picture: the small multiples' SVG
// (chart.StepsGrid) and what each panel shows, in the picture's order.
type Dashboard struct {
	SVG    []byte
	Charts []Chart
}

// draw draws every curve as a panel of one small-multiples picture,
// iteration it marked, cols panels a row; watch is the lesson's metric,
// its panel outlined and its title marked. In presentation mode the fonts
// are 20 px and two panels a row, so that the picture at 1280×720 reads
// from the back (≥ 16 px); otherwise three a row.
func (c Curves) draw(lang i18n.Lang, it int, watch string, dark, present bool) (Dashboard, error) {
	steps := make([]int, c.Steps)
	for k := range steps {
		steps[k] = k
	}
	th := chart.Light()
	if dark {
		th = chart.Dark()
	}
	th = th.Panel()
	cols := 3
	if present {
		th.FontSize, th.TitleSize = 20, 20
		cols = 2
	}
	grid := chart.StepsGridInput{Cols: cols, Theme: th, ID: "tr", Title: lang.T("train.charts"), Desc: lang.T("train.dashboard.desc")}
	var d Dashboard
	for i, name := range c.Names {
		title := name
		if name == watch {
			title = lang.T("train.watched.title", name)
		}
		in := chart.StepsInput{
			Steps: steps, Current: it, ID: strings.NewReplacer("/", "-", "_", "-").Replace(name),
			Text: chart.StepsText{Title: title, Desc: lang.T("train.chart.desc", name), StepAxis: lang.T("train.chart.step"),
				ValueAxis: name, Current: lang.T("train.chart.current")},
		}
		for r, run := range c.Runs {
			in.Runs = append(in.Runs, chart.Series{Label: c.Labels[r], Values: finite(run[i])})
		}
		ch := Chart{Name: name, Watched: name == watch, Value: c.Runs[0][i][it]}
		for _, v := range in.Runs[0].Values {
			if !math.IsNaN(v) {
				ch.Points++
			}
		}
		value := ""
		if !math.IsNaN(ch.Value) {
			value = strconv.FormatFloat(ch.Value, 'g', -1, 64)
		}
		grid.Panels = append(grid.Panels, chart.GridPanel{Steps: in, Watched: ch.Watched, Data: []chart.Attr{
			{Name: "metric", Value: name}, {Name: "points", Value: strconv.Itoa(ch.Points)}, {Name: "value", Value: value}}})
		d.Charts = append(d.Charts, ch)
	}
	svg, err := chart.StepsGrid(grid)
	if err != nil {
		return Dashboard{}, err
	}
	d.SVG = svg
	return d, nil
}

// finite keeps what a chart can draw: a value past the chart's range (a
// diverging run) is left out like a NaN.
func finite(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for k, x := range xs {
		if math.Abs(x) > 1e12 || math.IsInf(x, 0) {
			x = math.NaN()
		}
		out[k] = x
	}
	return out
}
