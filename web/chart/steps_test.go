package chart

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

func stepsText() StepsText {
	return StepsText{Title: "critic/vf_explained_var over the run's steps", Desc: "One line per run.",
		StepAxis: "step", ValueAxis: "critic/vf_explained_var", Current: "step shown"}
}

// stepsTwoRuns overlays two runs on steps numbered as a run's dumps are
// (not contiguous); the second has no number at one step.
func stepsTwoRuns() StepsInput {
	return StepsInput{
		Steps: []int{1, 2, 3, 10, 11, 20},
		Runs: []Series{
			{Label: "this run", Values: []float64{-0.8, -0.4, 0.1, 0.35, 0.5, 0.62}},
			{Label: "baseline run", Values: []float64{-0.9, -0.6, math.NaN(), 0.2, 0.3, 0.4}},
		},
		Current: 3, Text: stepsText(),
	}
}

func TestStepsGolden(t *testing.T) {
	one := StepsInput{Steps: []int{0, 1, 2, 3}, Runs: []Series{{Label: "run", Values: []float64{0.3125, 0.29, 0.41, 0.38}}}, Current: -1, Text: stepsText()}
	dark := stepsTwoRuns()
	dark.Theme = Dark()
	for name, in := range map[string]StepsInput{"one-run": one, "two-runs": stepsTwoRuns(), "two-runs-dark": dark} {
		t.Run(name, func(t *testing.T) {
			svg := checkGoldenSVG(t, "steps-"+name, func() ([]byte, error) { return Steps(in) })
			checkRoot(t, svg, "gae-steps")
			if got, want := bytes.Count(svg, []byte(`class="current"`)), map[bool]int{true: 1, false: 0}[in.Current >= 0]; got != want {
				t.Errorf("%d current columns, want %d", got, want)
			}
		})
	}
}

// The marked step is its own column; each run has its own dash (solid and
// dashed); a NaN breaks the second run's line (two polylines), and the
// <desc> names it "–".
func TestStepsMarks(t *testing.T) {
	in := stepsTwoRuns()
	svg, f, err := steps(&in)
	if err != nil {
		t.Fatal(err)
	}
	x0, x1 := f.column(3)
	if !bytes.Contains(svg, []byte(`data-step="10"`)) || x1-x0 <= 0 {
		t.Errorf("the current step 10 is not marked (column %v … %v)", x0, x1)
	}
	if n := bytes.Count(svg, []byte("stroke-dasharray")); n < 2 {
		t.Errorf("%d dashed strokes, want the second run dashed in the plot and the legend", n)
	}
	d := parse(t, svg)
	if !strings.Contains(d.desc, "baseline run: 1: -0.9, 2: -0.6, 3: –") {
		t.Errorf("desc %q", d.desc)
	}
}

func TestStepsErrors(t *testing.T) {
	ok := stepsTwoRuns()
	for name, in := range map[string]StepsInput{
		"no steps":   {Runs: ok.Runs, Current: -1, Text: ok.Text},
		"three runs": {Steps: ok.Steps, Runs: append(ok.Runs, ok.Runs[0]), Current: -1, Text: ok.Text},
		"short run":  {Steps: ok.Steps, Runs: []Series{{Label: "a", Values: []float64{1}}}, Current: -1, Text: ok.Text},
		"current":    {Steps: ok.Steps, Runs: ok.Runs, Current: 6, Text: ok.Text},
		"infinite":   {Steps: ok.Steps[:1], Runs: []Series{{Label: "a", Values: []float64{math.Inf(1)}}}, Current: -1, Text: ok.Text},
		"no title":   {Steps: ok.Steps, Runs: ok.Runs, Current: -1},
	} {
		_, err := Steps(in)
		wantChartError(t, name, err)
	}
}
