package chart

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ObjectiveInput is what the PPO objective chart shows: the clipped
// surrogate objective per unit |A| as a function of the ratio ρ = π_θ/π_old,
// one panel for A > 0 and one for A < 0, and the tokens placed on their
// curve at their ratio.
//
// Index convention: ObjectivePoint.T is t, the 0-based response-token index;
// labels show t+Base.
type ObjectiveInput struct {
	// Low and High are ε_low and ε_high: the clip range is [1 − Low, 1 + High].
	Low, High float64
	// C is the dual-clip constant clip_ratio_c (> 1), or 0 for none (v0.2).
	C float64
	// Points are the tokens to place; mask-0 tokens and tokens with A = 0
	// (no loss) should be left out.
	Points []ObjectivePoint
	// Base is 0 or 1: labels show t+Base.
	Base int
	// Text holds every string, already localised.
	Text ObjectiveText
	// Theme sets colours and sizes; the zero Theme is Light().
	Theme Theme
	// ID prefixes the ids of <title> and <desc>; empty means "gae-objective".
	ID string
}

// ObjectivePoint is one token on the chart.
type ObjectivePoint struct {
	T         int     // 0-based response-token index
	Ratio     float64 // ρ_t = exp(clamp(log_probs − old_log_probs, ±20))
	Objective float64 // the objective at ρ_t per unit |A_t|: −pg_losses_final / |A_t|
	Negative  bool    // A_t < 0: placed on the right panel
}

// ObjectiveText holds the chart's strings; the chart itself writes only
// numbers and math notation.
type ObjectiveText struct {
	Title, Desc        string // the heading (and <title>); the first sentence of <desc>
	Positive, Negative string // panel headings, e.g. "A_t > 0", "A_t < 0"
	RatioAxis          string // x axis, e.g. "ratio ρ = π_θ / π_old"
	ObjectiveAxis      string // y axis, e.g. "objective per unit |A|"
	Objective          string // legend: the clipped objective
	Unclipped          string // legend: the unclipped surrogate ρ·A
	ClipRange          string // legend: the clip range [1 − ε_low, 1 + ε_high]
	DualClip           string // legend: the dual-clip cap −c (A < 0)
	Tokens             string // legend: the tokens at their ratio
	Note               string // caption under the title, e.g. which tokens are not placed; "" for none
}

// objectiveXMax bounds the drawn ratios; a token beyond is drawn hollow at the edge.
const objectiveXMax = 10.0

// Objective draws the PPO objective chart as hand-written SVG. Each panel
// plots, per unit |A|, verl's clipped objective (the negated per-token loss
// of compute_policy_loss_vanilla): for A > 0 min(ρ, clip(ρ, 1−ε_low,
// 1+ε_high)), flat past 1+ε_high; for A < 0 min(−ρ, −clip(ρ, …)), flat
// below 1−ε_low and, with the dual clip, never below −c. The unclipped
// surrogate ±ρ is drawn thin for comparison, the clip range is a band, and
// each token is a triangle (up for A > 0, down for A < 0) at (ρ_t,
// objective_t), labelled with its index. Both panels share one scale, so the
// unclipped lines run at 45°.
func Objective(in ObjectiveInput) ([]byte, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	th, id, err := resolve(in.Theme, in.ID, "gae-objective", "Title", in.Text.Title)
	if err != nil {
		return nil, err
	}
	tx := in.Text
	fs := th.FontSize
	xMax := in.xMax()

	// Layout (y down): title, caption, legend, panel headings, the two
	// square panels side by side, tick labels, the x-axis label.
	S := th.PlotHeight
	tickW := textWidth("−"+strconv.Itoa(int(xMax)), fs) + 8
	yLabW := fs * 1.5
	gap := fs * 2.5
	W := math.Ceil(math.Max(minW, pad+yLabW+2*(tickW+S)+gap+pad))
	w := newWriter(fs, th.Foreground, "start")

	y := w.title(th, tx.Title, pad, W-2*pad)
	if strings.TrimSpace(tx.Note) != "" {
		y = w.caption(th, tx.Note, y, W-2*pad)
	}
	y = objLegend(w, &in, th, y+fs*0.4, W)

	panels := []objPanel{
		{heading: tx.Positive, lo: 0, hi: xMax},
		{heading: tx.Negative, lo: -xMax, hi: 0, negative: true},
	}
	y += fs * 1.6
	top := y + fs*0.6
	for i := range panels {
		p := &panels[i]
		p.x0 = pad + yLabW + tickW + float64(i)*(S+gap+tickW)
		p.y0, p.size, p.xMax = top, S, xMax
		w.text(p.x0+S/2, y, oneLine(p.heading), fs, "middle", th.Foreground, ` font-weight="bold"`)
	}
	bottom := top + S
	for i := range panels {
		panels[i].draw(w, &in, th)
	}
	// The y-axis label, once, left of the first panel; the x-axis label
	// under both.
	if l := oneLine(tx.ObjectiveAxis); l != "" {
		w.vtext(pad+fs, top+S/2, l)
	}
	H := bottom + fs*1.4
	if l := oneLine(tx.RatioAxis); l != "" {
		H += fs * 1.5
		w.text(W/2, H, l, fs, "middle", th.Foreground, "")
	}
	H = math.Ceil(H + fs*0.4 + pad)

	var out bytes.Buffer
	out.Grow(w.b.Len() + 1024)
	page{W, H, "gae-objective", th.Name, id, th.Background, tx.Title, in.desc(xMax)}.begin(&out, nil)
	out.WriteString(`<g font-size="` + num(fs) + `" fill="` + th.Foreground + `">` + "\n")
	out.Write(w.b.Bytes())
	out.WriteString("</g>\n</svg>\n")
	return out.Bytes(), nil
}

// check validates the numbers (resolve checks the rest).
func (in *ObjectiveInput) check() error {
	switch {
	case !(in.Low >= 0 && in.Low <= 10), !(in.High >= 0 && in.High <= 10):
		return fmt.Errorf("chart: objective clip range ε_low = %v, ε_high = %v: want each in [0, 10]", in.Low, in.High)
	case in.C != 0 && !(in.C > 1 && in.C <= 1e6):
		return fmt.Errorf("chart: objective dual-clip constant c = %v: want 0 (none) or 1 < c ≤ 1e6", in.C)
	case len(in.Points) > MaxTokens:
		return fmt.Errorf("chart: %d objective points, want at most %d", len(in.Points), MaxTokens)
	case in.Base != 0 && in.Base != 1:
		return fmt.Errorf("chart: Base = %d, want 0 or 1", in.Base)
	}
	for i, p := range in.Points {
		if p.T < 0 || !(p.Ratio >= 0 && p.Ratio <= maxAbs) || !(math.Abs(p.Objective) <= maxAbs) {
			return fmt.Errorf("chart: objective point %d (t = %d, ρ = %v, objective = %v): want t ≥ 0, 0 ≤ ρ and finite numbers", i, p.T, p.Ratio, p.Objective)
		}
	}
	return nil
}

// xMax is the largest ratio drawn: 3, or more to show the clip range, the
// dual-clip cap and tokens up to ρ = 5, rounded up to a half, at most 10.
func (in *ObjectiveInput) xMax() float64 {
	x := math.Max(3, 1+in.High+0.5)
	if in.C > 0 {
		x = math.Max(x, in.C+0.5)
	}
	for _, p := range in.Points { // far-out tokens do not stretch the axis past 5
		x = math.Max(x, math.Min(p.Ratio*1.08, 5))
	}
	return math.Min(math.Ceil(x*2)/2, objectiveXMax)
}

// Curves are the chart's two curves: at each ratio of xs (0, the bends
// and the axis's end), the clipped objective per unit |A| for A > 0 (pos)
// and A < 0 (neg), as the chart draws them (a link preview redraws them).
func (in ObjectiveInput) Curves() (xs, pos, neg []float64) {
	xs = in.vertices(in.xMax())
	for _, r := range xs {
		pos, neg = append(pos, in.curve(r, false)), append(neg, in.curve(r, true))
	}
	return xs, pos, neg
}

// curve is the clipped objective per unit |A| at ratio r.
func (in *ObjectiveInput) curve(r float64, negative bool) float64 {
	c := math.Max(math.Min(r, 1+in.High), 1-in.Low)
	if !negative {
		return math.Min(r, c)
	}
	loss := math.Max(r, c)
	if in.C > 0 {
		loss = math.Min(loss, in.C)
	}
	return -loss
}

// vertices are the ratios where the curves bend, within [0, xMax].
func (in *ObjectiveInput) vertices(xMax float64) []float64 {
	vs := []float64{0, xMax}
	for _, v := range []float64{1 - in.Low, 1 + in.High, in.C} {
		if v > 0 && v < xMax {
			vs = append(vs, v)
		}
	}
	slices.Sort(vs)
	return slices.Compact(vs)
}

// desc is the <desc>: the caller's sentence, the curves' parameters and
// every placed token.
func (in *ObjectiveInput) desc(xMax float64) string {
	tx := in.Text
	var d strings.Builder
	d.WriteString(oneLine(tx.Desc))
	fmt.Fprintf(&d, " ρ: 0 … %s; %s: [%s, %s]", objNumber(xMax), oneLine(tx.ClipRange), objNumber(1-in.Low), objNumber(1+in.High))
	if in.C > 0 {
		fmt.Fprintf(&d, "; %s: c = %s", oneLine(tx.DualClip), objNumber(in.C))
	}
	d.WriteString(".")
	for _, neg := range []bool{false, true} {
		var pts []ObjectivePoint
		for _, p := range in.Points {
			if p.Negative == neg {
				pts = append(pts, p)
			}
		}
		if len(pts) == 0 {
			continue
		}
		label := tx.Positive
		if neg {
			label = tx.Negative
		}
		fmt.Fprintf(&d, " %s: %s.", oneLine(label), descList(make([]float64, len(pts)), func(i int) string {
			p := pts[i]
			return fmt.Sprintf("t=%d ρ=%s → %s", p.T+in.Base, val(p.Ratio), val(p.Objective))
		}))
	}
	return strings.TrimSpace(d.String())
}

// objNumber formats a parameter as typed: the shortest decimal.
func objNumber(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
