package chart

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func varianceInput() VarianceInput {
	rng := rand.New(rand.NewPCG(1, 2))
	in := VarianceInput{
		True: 0.3, Bins: 20,
		Text: VarianceText{
			Title: "Estimates of A₀, perfect critic", Desc: "2,000 rollouts per λ.",
			GroupAxis: "λ", ValueAxis: "A₀", Estimates: "estimates", Mean: "mean", True: "true A(s₀, a₀)",
		},
	}
	for i, sd := range []float64{0.05, 0.1, 0.3, 0.6} {
		g := VarianceGroup{Label: strconv.Itoa(i), Desc: "group " + strconv.Itoa(i) + "."}
		for range 500 {
			g.Values = append(g.Values, 0.3+sd*rng.NormFloat64())
		}
		in.Groups = append(in.Groups, g)
	}
	return in
}

// One histogram and one mean per group, the true value's line, the groups'
// sentences in <desc>, and no index line under the group labels.
func TestVarianceChart(t *testing.T) {
	in := varianceInput()
	svg, f, err := variance(&in)
	if err != nil {
		t.Fatal(err)
	}
	d := checkRoot(t, svg, "gae-variance")
	s := string(svg)
	if n := strings.Count(s, `class="hist"`); n != len(in.Groups) {
		t.Errorf("%d histograms, want %d", n, len(in.Groups))
	}
	if n := strings.Count(s, `class="true"`); n != 1 {
		t.Errorf("%d true-value lines, want 1", n)
	}
	for g, gr := range in.Groups {
		if !strings.Contains(d.desc, gr.Desc) {
			t.Errorf("desc %q lacks group %d's %q", d.desc, g, gr.Desc)
		}
		// The mean's line sits at the group's mean (vg coordinates: the marks group flips y).
		sum := 0.0
		for _, x := range gr.Values {
			sum += x
		}
		re := regexp.MustCompile(`<path d="M[-0-9.]+ ([-0-9.]+)[^"]*"[^>]*class="mean" data-group="` + strconv.Itoa(g) + `"`)
		m := re.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("no mean line for group %d", g)
		}
		y, _ := strconv.ParseFloat(m[1], 64)
		if want := f.Y(sum / float64(len(gr.Values))); math.Abs(y-want) > 0.06 {
			t.Errorf("group %d: mean line at y = %g, want %g", g, y, want)
		}
	}
	// The tick labels are the group labels alone.
	ticks := s[strings.Index(s, `<g class="ticks"`):]
	ticks = ticks[:strings.Index(ticks, "</g>")]
	if n := strings.Count(ticks, "<text"); n != len(in.Groups) {
		t.Errorf("%d tick texts, want one per group (%d): no index line", n, len(in.Groups))
	}
}

func TestVarianceChartErrors(t *testing.T) {
	for name, mod := range map[string]func(*VarianceInput){
		"no groups": func(in *VarianceInput) { in.Groups = nil },
		"empty":     func(in *VarianceInput) { in.Groups[1].Values = nil },
		"NaN":       func(in *VarianceInput) { in.Groups[2].Values[3] = math.NaN() },
		"Inf true":  func(in *VarianceInput) { in.True = math.Inf(1) },
		"no title":  func(in *VarianceInput) { in.Text.Title = " " },
	} {
		in := varianceInput()
		mod(&in)
		if _, err := Variance(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	// A shared extent narrower than the data clamps outliers into the end bins.
	in := varianceInput()
	in.Extent = [2]float64{0.2, 0.4}
	if _, err := Variance(in); err != nil {
		t.Errorf("narrow extent: %v", err)
	}
}
