package chart

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func objectiveTextEN() ObjectiveText {
	return ObjectiveText{
		Title:         "The clipped PPO objective per unit |A|, by ratio",
		Desc:          "Each panel plots verl's clipped objective against the ratio; tokens sit on their curve.",
		Positive:      "A_t > 0",
		Negative:      "A_t < 0",
		RatioAxis:     "ratio ρ_t = π_θ / π_old",
		ObjectiveAxis: "objective per unit |A_t|",
		Objective:     "clipped objective",
		Unclipped:     "ρ·A (unclipped)",
		ClipRange:     "clip range",
		DualClip:      "dual-clip cap",
		Tokens:        "tokens",
	}
}

func objectiveTextZH() ObjectiveText {
	return ObjectiveText{
		Title:         "裁剪后的 PPO 目标（每单位 |A|）随比率的变化",
		Desc:          "每个面板画出 verl 裁剪后的目标随比率的变化；词元位于各自的曲线上。",
		Positive:      "A_t > 0",
		Negative:      "A_t < 0",
		RatioAxis:     "比率 ρ_t = π_θ / π_old",
		ObjectiveAxis: "每单位 |A_t| 的目标",
		Objective:     "裁剪后的目标",
		Unclipped:     "ρ·A（未裁剪）",
		ClipRange:     "裁剪区间",
		DualClip:      "双裁剪上限",
		Tokens:        "词元",
		Note:          "未画出：t = 6、7（掩码 0）。",
	}
}

// objectivePlace puts tokens on their curve, computed here independently of the
// chart: −loss per unit |A| of compute_policy_loss_vanilla.
func objectivePlace(low, high, c float64, ratios []float64, negative []bool) []ObjectivePoint {
	var pts []ObjectivePoint
	for t, r := range ratios {
		clip := math.Max(1-low, math.Min(r, 1+high))
		a := 1.0
		if negative[t] {
			a = -1
		}
		loss := math.Max(-a*r, -a*clip)
		if a < 0 && c > 0 {
			loss = math.Min(loss, -a*c)
		}
		pts = append(pts, ObjectivePoint{T: t, Ratio: r, Objective: -loss, Negative: negative[t]})
	}
	return pts
}

// objectiveRatio1 is the first mini-batch: every ratio is 1.
func objectiveRatio1() ObjectiveInput {
	neg := []bool{false, false, false, false, true, true}
	return ObjectiveInput{Low: 0.2, High: 0.2, C: 3, Points: objectivePlace(0.2, 0.2, 3, []float64{1, 1, 1, 1, 1, 1}, neg), Text: objectiveTextEN()}
}

// objectiveClipped has clipped tokens on both sides, one past the dual
// clip and one beyond the drawn range, with clip-higher.
func objectiveClipped() ObjectiveInput {
	ratios := []float64{0.5, 1.1, 1.6, 2.4, 0.6, 1.05, 4.2, 30}
	neg := []bool{false, false, false, false, true, true, true, true}
	return ObjectiveInput{Low: 0.2, High: 0.28, C: 3, Points: objectivePlace(0.2, 0.28, 3, ratios, neg), Base: 1, Text: objectiveTextEN()}
}

func objectiveZHDark() ObjectiveInput {
	in := objectiveClipped()
	in.Text, in.Theme, in.ID = objectiveTextZH(), Dark().Projector(), "objective-zh"
	in.Points = in.Points[:6]
	return in
}

func TestObjectiveGolden(t *testing.T) {
	cases := map[string]ObjectiveInput{
		"objective-ratio1":  objectiveRatio1(),
		"objective-clipped": objectiveClipped(),
		"objective-zh-dark": objectiveZHDark(),
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			svg := checkGoldenSVG(t, name, func() ([]byte, error) { return Objective(in) })
			checkRoot(t, svg, "gae-objective")
		})
	}
}

// Every token is one marker tagged with its index, placed on its panel at
// its ratio, on the drawn objective curve; the <desc> lists it.
func TestObjectivePoints(t *testing.T) {
	in := objectiveClipped()
	svg, err := Objective(in)
	if err != nil {
		t.Fatal(err)
	}
	d := parse(t, svg)
	var curves []pathEl
	markers := map[int]pathEl{}
	for _, p := range d.paths {
		switch attr(p.attrs, "class") {
		case "objective":
			curves = append(curves, p)
		case "token":
			n, _ := strconv.Atoi(attr(p.attrs, "data-t"))
			markers[n] = p
		}
	}
	if len(curves) != 2 {
		t.Fatalf("%d objective curves, want 2 (A > 0 and A < 0)", len(curves))
	}
	if len(markers) != len(in.Points) {
		t.Fatalf("%d token markers, want %d", len(markers), len(in.Points))
	}
	xMax := in.xMax()
	for _, pt := range in.Points {
		m := markers[pt.T]
		tip := vertices(t, m.d)[0] // the triangle's tip, 1.2 r above (A > 0) or below the point
		curve := curves[0]
		if pt.Negative {
			curve = curves[1]
		}
		cv := vertices(t, curve.d)
		r := math.Min(pt.Ratio, xMax)
		// The curve through the panel's px: interpolate its y at the marker's x.
		x := tip[0]
		var y float64
		for i := 1; i < len(cv); i++ {
			if x <= cv[i][0]+0.05 {
				f := (x - cv[i-1][0]) / (cv[i][0] - cv[i-1][0])
				y = cv[i-1][1] + f*(cv[i][1]-cv[i-1][1])
				break
			}
		}
		off := 1.2 * Light().MarkerRadius
		if pt.Negative {
			off = -off
		}
		if pt.Ratio <= xMax && math.Abs(tip[1]+off-y) > 0.15 {
			t.Errorf("t=%d (ρ=%v): marker at y=%.1f, the curve at its x is at y=%.1f", pt.T, r, tip[1]+off, y)
		}
		hollow := attr(m.attrs, "stroke-width") == "1.5"
		if hollow != (pt.Ratio > xMax) {
			t.Errorf("t=%d (ρ=%v, range 0 … %v): hollow=%v", pt.T, pt.Ratio, xMax, hollow)
		}
		if want := "t=" + strconv.Itoa(pt.T+in.Base) + " ρ=" + val(pt.Ratio) + " → " + val(pt.Objective); !strings.Contains(d.desc, want) {
			t.Errorf("desc lacks %q: %s", want, d.desc)
		}
	}
}

// Tokens at one place share one label; the ratio-1 case has two.
func TestObjectiveSharedLabels(t *testing.T) {
	svg, err := Objective(objectiveRatio1())
	if err != nil {
		t.Fatal(err)
	}
	d := parse(t, svg)
	for _, want := range []string{"t=0,1,2,3", "t=4,5"} {
		found := false
		for _, s := range d.text {
			found = found || s == want
		}
		if !found {
			t.Errorf("no label %q among %q", want, d.text)
		}
	}
}

// The curves bend where the clip range and the dual clip say.
func TestObjectiveCurve(t *testing.T) {
	in := ObjectiveInput{Low: 0.2, High: 0.28, C: 3}
	for _, c := range []struct {
		r        float64
		negative bool
		want     float64
	}{
		{0.5, false, 0.5}, {1.1, false, 1.1}, {2, false, 1.28},
		{0.5, true, -0.8}, {1.1, true, -1.1}, {2, true, -2}, {5, true, -3},
	} {
		if got := in.curve(c.r, c.negative); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("curve(%v, negative=%v) = %v, want %v", c.r, c.negative, got, c.want)
		}
	}
	in.C = 0
	if got := in.curve(5, true); got != -5 {
		t.Errorf("without the dual clip, curve(5, negative) = %v, want −5", got)
	}
}

func TestObjectiveErrors(t *testing.T) {
	for name, change := range map[string]func(*ObjectiveInput){
		"negative ε_low":  func(in *ObjectiveInput) { in.Low = -0.1 },
		"NaN ε_high":      func(in *ObjectiveInput) { in.High = math.NaN() },
		"c = 1":           func(in *ObjectiveInput) { in.C = 1 },
		"negative ratio":  func(in *ObjectiveInput) { in.Points[0].Ratio = -1 },
		"infinite ratio":  func(in *ObjectiveInput) { in.Points[0].Ratio = math.Inf(1) },
		"no title":        func(in *ObjectiveInput) { in.Text.Title = " " },
		"bad id":          func(in *ObjectiveInput) { in.ID = "a b" },
		"base 2":          func(in *ObjectiveInput) { in.Base = 2 },
		"negative index":  func(in *ObjectiveInput) { in.Points[0].T = -1 },
		"NaN objective":   func(in *ObjectiveInput) { in.Points[0].Objective = math.NaN() },
		"too many points": func(in *ObjectiveInput) { in.Points = make([]ObjectivePoint, MaxTokens+1) },
	} {
		in := objectiveRatio1()
		change(&in)
		_, err := Objective(in)
		wantChartError(t, name, err)
	}
	// No points at all is a chart of the curves alone.
	in := objectiveRatio1()
	in.Points = nil
	if _, err := Objective(in); err != nil {
		t.Errorf("no points: %v", err)
	}
}

// Hostile text is escaped and the document stays well-formed.
func TestObjectiveHostileText(t *testing.T) {
	in := objectiveRatio1()
	in.Text.Title = `<script>alert("x")</script> & '`
	in.Text.Positive = "\x00\uFFFE<b>"
	in.Text.Note = strings.Repeat("长", 300)
	svg, err := Objective(in)
	if err != nil {
		t.Fatal(err)
	}
	checkRoot(t, svg, "gae-objective")
}

func BenchmarkObjective(b *testing.B) {
	in := objectiveClipped()
	for b.Loop() {
		if _, err := Objective(in); err != nil {
			b.Fatal(err)
		}
	}
}
