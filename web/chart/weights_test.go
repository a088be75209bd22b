package chart

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gaelab/engine/explain"
)

func weightsText(lam float64) WeightsText {
	return WeightsText{
		Title: fmt.Sprintf("How GAE (λ = %g) weighs the n-step estimates of A_0", lam), Desc: "Weight of each n-step estimate.",
		StepAxis: "n-step estimate (bootstraps from)", WeightAxis: "weight",
		NStep: "(1−λ)·λ^(n−1): n-step estimate", MonteCarlo: "λ^(N−1): Monte Carlo (no bootstrap)", MC: "MC",
	}
}

func weightsInput(lam float64, N int) WeightsInput {
	in := WeightsInput{Weights: explain.NStepWeights(lam, N), Text: weightsText(lam)}
	for n := 1; n < N; n++ {
		in.Labels = append(in.Labels, "V(s"+subscript(n)+")")
	}
	in.Labels = append(in.Labels, "0")
	return in
}

func TestWeightsGolden(t *testing.T) {
	cases := map[string]WeightsInput{
		"lam0.9-N6":  weightsInput(0.9, 6),
		"lam0.5-N64": weightsInput(0.5, 64),
		"lam1-N3":    weightsInput(1, 3),
	}
	zh := weightsInput(0.95, 8)
	zh.Text = WeightsText{Title: "GAE（λ = 0.95）如何加权 A_0 的 n 步估计", StepAxis: "n 步估计（自举自）", WeightAxis: "权重",
		NStep: "(1−λ)·λ^(n−1)：n 步估计", MonteCarlo: "λ^(N−1)：蒙特卡洛（不自举）", MC: "MC"}
	zh.Theme = Light().Projector()
	cases["zh-projector-N8"] = zh
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			svg := checkGoldenSVG(t, "weights-"+name, func() ([]byte, error) { return Weights(in) })
			d := checkRoot(t, svg, "gae-weights")
			if len(d.hl) != len(in.Weights) {
				t.Errorf("%d hl rects, want one per estimate (%d)", len(d.hl), len(in.Weights))
			}
		})
	}
}

// The Monte Carlo bar is drawn differently from the others (hatched, in the
// reward colour, outlined, marked MC), and each bar reaches its weight.
func TestWeightsBars(t *testing.T) {
	in := weightsInput(0.9, 6)
	svg, f, err := weights(&in)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	if !strings.Contains(s, `url(#gae-weights-hatch-mc)`) || !strings.Contains(s, `stroke="`+Styles[Reward].Color+`"`) {
		t.Error("the Monte Carlo bar is not hatched and outlined in the reward colour")
	}
	d := parse(t, svg)
	var mc, weightsShown int
	for _, tx := range d.text {
		switch tx {
		case "MC":
			mc++
		case val(in.Weights[0]), val(in.Weights[5]):
			weightsShown++
		}
	}
	if mc != 1 || weightsShown < 2 {
		t.Errorf("MC marked %d times (want 1); %d weights written (want the first and the last)", mc, weightsShown)
	}
	// Bar n is centred on column n−1 and its top is at its weight.
	for i, w := range in.Weights {
		if got, want := f.Y(w), f.Y(0)+(f.Y(1)-f.Y(0))*w; math.Abs(got-want) > 1e-9 {
			t.Errorf("bar %d: top at %v, want %v", i+1, got, want)
		}
	}
	sum := 0.0
	for _, w := range in.Weights {
		sum += w
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("the weights of the test sum to %v", sum)
	}
}

func TestWeightsErrors(t *testing.T) {
	for name, f := range map[string]func(in *WeightsInput){
		"no weights":   func(in *WeightsInput) { in.Weights, in.Labels = nil, nil },
		"labels":       func(in *WeightsInput) { in.Labels = in.Labels[:2] },
		"NaN":          func(in *WeightsInput) { in.Weights[1] = math.NaN() },
		"no title":     func(in *WeightsInput) { in.Text.Title = "" },
		"theme":        func(in *WeightsInput) { in.Theme = Theme{Name: "x", StrokeWidth: 1} },
		"too many (N)": func(in *WeightsInput) { *in = weightsInput(0.5, MaxTokens+1) },
	} {
		in := weightsInput(0.9, 6)
		f(&in)
		_, err := Weights(in)
		wantChartError(t, name, err)
	}
}
