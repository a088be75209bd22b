package course

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/lessons"
	"gaelab/web/compare"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// labCells is the variance lab as a predict block on it (on: variance)
// reads it: the lab's numbers per critic and λ, measured and exact, the λ
// with the smallest measured MSE and the true advantage
// (lessons.ValidLabCell). Index conventions as on /compare/variance: c is
// the critic (0 perfect, 1 biased), l the place of λ in the sweep.
type labCells struct{ V compare.VarianceView }

// LabState is the lab of a block's link (a /compare/variance query), run
// once per request, and once per server while the memo keeps its numbers:
// the lab's N rollouts cost more than the rest of a lesson page.
func (lr LessonRequest) LabState(link string) labCells {
	if v, ok := lr.labs[link]; ok {
		return v
	}
	q, _ := url.ParseQuery(link)
	pr := play.Request{Lang: lr.Lang, LangSet: lr.LangSet, View: page.View{Dark: lr.View.Dark}}
	pr.S, pr.Rep = scenario.Decode(q, compare.VarianceKeys...)
	key := "lesson-lab\x00" + link
	var x labCells
	if b, ok := lr.memo(key); ok && json.Unmarshal(b, &x.V.Lab) == nil {
		x.V.View = play.NewView(pr)
		x.V.Params, x.V.Extra = compare.ReadVarianceParams(q, &x.V.Req.Rep)
	} else {
		x.V = compare.NewVarianceView(pr, q)
		if x.V.Err == nil && lr.Charts != nil {
			lr.Charts.Put(key, labNumbers(x.V.Lab))
		}
	}
	if lr.labs != nil {
		lr.labs[link] = x
	}
	return x
}

// memo is what the server's memo keeps under key, if anything.
func (lr LessonRequest) memo(key string) ([]byte, bool) {
	if lr.Charts == nil {
		return nil, false
	}
	return lr.Charts.Get(key)
}

// labNumbers is a lab without its rollouts' estimates, as JSON: what the
// questions read (every float64 survives the round trip exactly).
func labNumbers(lab engine.VarianceLab) []byte {
	runs := make([][]engine.VarianceRun, len(lab.Runs))
	for c := range lab.Runs {
		runs[c] = slices.Clone(lab.Runs[c])
		for l := range runs[c] {
			runs[c][l].A0 = nil
		}
	}
	lab.Runs = runs
	b, _ := json.Marshal(lab)
	return b
}

// run is the lab's run of critic c under the l-th λ of a cell "<stat>.<c>.<l>".
func (x labCells) run(parts []string) (c, l int, ok bool) {
	c, _ = strconv.Atoi(parts[1])
	if len(parts) == 3 {
		l, _ = strconv.Atoi(parts[2])
	}
	return c, l, x.V.Err == nil && c < len(x.V.Lab.Runs) && l < len(x.V.Lab.Runs[c])
}

// CellValue is the lab's value of a cell (lessons.ValidLabCell).
func (x labCells) CellValue(cell string) (float64, bool) {
	parts := strings.Split(cell, ".")
	if !lessons.ValidLabCell(cell) {
		return 0, false
	}
	c, l, ok := x.run(parts)
	if !ok {
		return 0, false
	}
	switch parts[0] {
	case "true":
		return x.V.Lab.True, true
	case "best":
		best := 0
		for k, r := range x.V.Lab.Runs[c] {
			if r.Sample.MSE < x.V.Lab.Runs[c][best].Sample.MSE {
				best = k
			}
		}
		return x.V.Lab.Runs[c][best].Lam, true
	}
	r := x.V.Lab.Runs[c][l]
	s := r.Sample
	if strings.HasPrefix(parts[0], "x") {
		s = r.Exact
	}
	switch strings.TrimPrefix(parts[0], "x") {
	case "mean":
		return s.Mean, true
	case "sqbias":
		return s.Bias * s.Bias, true
	case "var":
		return s.Var, true
	}
	return s.MSE, true
}

// CellLabel names a lab cell in the page's language: "the measured variance
// of A₀, perfect critic, λ = 1".
func (x labCells) CellLabel(cell string) string {
	parts := strings.Split(cell, ".")
	c, l, ok := x.run(parts)
	if !lessons.ValidLabCell(cell) || !ok {
		return cell
	}
	switch parts[0] {
	case "true":
		return x.V.T("lessons.lab.true")
	case "best":
		return x.V.T("lessons.lab.best", x.V.Critic(c))
	}
	return x.V.T("lessons.lab.cell", x.V.T("lessons.lab.stat."+parts[0]), x.V.Critic(c), compare.SweepLam(x.V.Lab.Runs[c][l].Lam))
}
