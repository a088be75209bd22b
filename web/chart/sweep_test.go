package chart

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func sweepText() SweepText {
	return SweepText{
		Title: "A_t for λ = 0, 0.5, 0.9, 0.95, 1", Desc: "One line per λ.",
		TokenAxis: "token (index)", ValueAxis: "advantage A_t",
		Padding: "padding (mask 0)", Observation: "observation (mask 0)",
	}
}

// sweepOf turns heat map rows into the sweep chart's series.
func sweepOf(h HeatmapInput) SweepInput {
	in := SweepInput{Tokens: h.Tokens, Base: h.Base, Mask: h.Mask, Text: sweepText(), Theme: h.Theme}
	for _, r := range h.Rows {
		in.Series = append(in.Series, Series{Label: r.Label, Values: r.Values})
	}
	return in
}

// sweepEstimators has three series with gaps at the observation tokens.
func sweepEstimators() SweepInput {
	h := heatMultiTurn()
	in := sweepOf(h)
	in.Series = []Series{
		{Label: "Monte Carlo (λ = 1)", Values: h.Rows[4].Values},
		{Label: "TD(0) (λ = 0)", Values: h.Rows[0].Values},
		{Label: "GAE (λ = 0.95)", Values: h.Rows[3].Values},
	}
	in.Skip = make([]bool, len(in.Tokens))
	for t, k := range in.Mask {
		in.Skip[t] = k != Valid
	}
	in.Series[0].Values[4] = math.NaN() // skipped: never read
	return in
}

func TestSweepGolden(t *testing.T) {
	for name, in := range map[string]SweepInput{
		"seedA": sweepOf(heatSeedA()), "long64-dark": sweepOf(heatLong()), "estimators-multiturn": sweepEstimators(),
	} {
		t.Run(name, func(t *testing.T) {
			svg := checkGoldenSVG(t, "sweep-"+name, func() ([]byte, error) { return Sweep(in) })
			d := checkRoot(t, svg, "gae-sweep")
			if len(d.hl) != len(in.Tokens) {
				t.Errorf("%d hl rects, want %d", len(d.hl), len(in.Tokens))
			}
		})
	}
}

// Each series has its own marker and dash, so the chart reads in greyscale;
// a skipped token breaks the lines, and its points are not drawn.
func TestSweepSeries(t *testing.T) {
	seen := map[string]bool{}
	for i, st := range SeriesStyles {
		key := st.Marker + "/" + st.DashArray(1)
		if seen[key] || seen[st.Color] {
			t.Errorf("style %d repeats a marker/dash or a colour: %+v", i, st)
		}
		seen[key], seen[st.Color] = true, true
	}
	in := sweepEstimators()
	svg, err := Sweep(in)
	if err != nil {
		t.Fatal(err)
	}
	d := parse(t, svg)
	for i := range in.Series {
		ref := "url(#gae-sweep-mk-s" + strconv.Itoa(i) + ")"
		var runs, points int
		for _, p := range d.paths {
			if attr(p.attrs, "marker-start") == ref || attr(p.attrs, "marker-mid") == ref {
				runs++
				points += strings.Count(p.d, "l") + strings.Count(p.d, "h") + strings.Count(p.d, "v") + 1
			}
		}
		if runs != 2 {
			t.Errorf("series %d: %d polylines, want 2 (broken at the observation span)", i, runs)
		}
	}
	if !strings.Contains(d.desc, "5: –") {
		t.Errorf("desc does not mark the skipped tokens: %q", d.desc)
	}
}

func TestSweepErrors(t *testing.T) {
	for name, f := range map[string]func(in *SweepInput){
		"no series":  func(in *SweepInput) { in.Series = nil },
		"6 series":   func(in *SweepInput) { in.Series = append(in.Series, in.Series...) },
		"short":      func(in *SweepInput) { in.Series[2].Values = in.Series[2].Values[:1] },
		"Inf":        func(in *SweepInput) { in.Series[1].Values[0] = math.Inf(1) },
		"skip len":   func(in *SweepInput) { in.Skip = []bool{true} },
		"no title":   func(in *SweepInput) { in.Text.Title = "" },
		"base":       func(in *SweepInput) { in.Base = 2 },
		"bad marker": func(in *SweepInput) { in.ID = "<x>" },
	} {
		in := sweepEstimators()
		f(&in)
		_, err := Sweep(in)
		wantChartError(t, name, err)
	}
}
