package compare

import (
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/go-chi/chi/v5"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// VarianceKeys are /compare/variance's own parameters, in canonical order:
// n, the rollouts sampled (1 … 2,000); seed, the random stream's seed; bias,
// what the biased critic adds to V(s_1 … s_{T−1}).
var VarianceKeys = []string{"n", "seed", "bias"}

// The defaults and limits of the page's own parameters.
const (
	VarianceDefaultN    = 1000
	VarianceDefaultSeed = 1
	VarianceDefaultBias = 0.2
	varianceMaxSeed     = 999999
	varianceMaxBias     = 1
)

// varianceParams are the page's own parameters, read and checked.
type varianceParams struct {
	N    int
	Seed uint64
	Bias float64
}

// ReadVarianceParams reads n, seed and bias from q. A bad value is reported
// at its field in rep (the typed text kept for the form) and its default
// used; extra is the canonical link's part of them: the ones that differ
// from their defaults, in VarianceKeys order.
func ReadVarianceParams(q url.Values, rep *scenario.Report) (p varianceParams, extra string) {
	own := scenario.Params{Q: q}
	whole := func(lo, hi float64) scenario.ParamCheck {
		return func(x float64) (string, []any) {
			if x != math.Trunc(x) || x < lo || x > hi {
				return "err.range_int", []any{lo, hi}
			}
			return "", nil
		}
	}
	p.N = int(own.Number("n", VarianceDefaultN, whole(1, engine.MaxVarianceSamples)))
	p.Seed = uint64(own.Number("seed", VarianceDefaultSeed, whole(0, varianceMaxSeed)))
	p.Bias = own.Number("bias", VarianceDefaultBias, func(x float64) (string, []any) {
		if math.Abs(x) > varianceMaxBias {
			return "err.range", []any{-varianceMaxBias, varianceMaxBias}
		}
		return "", nil
	})
	for _, pb := range own.Problems {
		rep.Problem(pb.Field, pb.Key, own.Raw[pb.Field], pb.Args...)
	}
	for _, part := range own.Parts {
		extra += part
	}
	return p, extra
}

// VarianceView is the variance lab for one request: the toy shaped by the
// playground's scenario (its valid tokens and where its largest reward
// sits), and verl's GAE on N of its rollouts for each λ and two critics.
type VarianceView struct {
	play.View
	Params varianceParams
	Extra  string // the page's own parameters in the link
	toy    engine.VarianceToy
	Lab    engine.VarianceLab
	Err    error // why the lab could not run (never for a decoded link)
	// ChartPrefix goes before the charts' ids ("var-perfect"), so that two
	// labs in one page (lesson blocks) keep their ids apart.
	ChartPrefix string
}

// HandleVariance handles the "GET /compare/variance" route: the
// spread of A_0's estimates per λ for a perfect and a biased critic, against
// the true advantage, with bias², variance and MSE measured and exact.
func (s *Room) HandleVariance(w http.ResponseWriter, r *http.Request) {
	v := s.newVarianceView(r)
	play.ServeSweep(w, r, v.Req, sweepCanonical(v.Req, "/compare/variance", v.State, v.Extra), func() play.SweepAnswer {
		vm := v.page()
		return play.SweepAnswer{Page: templates.VariancePage(vm), Results: templates.VarianceResults(vm), Errs: vm.Form.Errors, Links: vm.Links}
	})
}

// HandleVarianceChart handles the "GET /compare/variance/chart/{name}.svg"
// route: the perfect or the biased critic's chart as a standalone SVG.
func (s *Room) HandleVarianceChart(w http.ResponseWriter, r *http.Request) {
	c := slices.Index(VarianceChartNames, chi.URLParam(r, "name"))
	if c < 0 {
		page.ChartNotFound(w, r)
		return
	}
	v := s.newVarianceView(r)
	page.WriteSVG(w, r, v.Chart(c), v.T("chart.error"))
}

// VarianceChartNames name the charts by critic: Biases[0] = 0 is the
// perfect one, Biases[1] the biased one.
var VarianceChartNames = []string{"perfect", "biased"}

func (s *Room) newVarianceView(r *http.Request) VarianceView {
	q, _ := url.ParseQuery(r.URL.RawQuery)
	return NewVarianceView(s.Read(r, VarianceKeys...), q)
}

// NewVarianceView runs the lab on a decoded request and its query q (for
// the page's own parameters).
func NewVarianceView(pr play.Request, q url.Values) VarianceView {
	params, extra := ReadVarianceParams(q, &pr.Rep)
	v := VarianceView{View: play.NewView(pr), Params: params, Extra: extra}
	T, outcome := varianceShape(v.Res.Rewards, v.Res.Mask)
	v.toy = engine.NewVarianceToy(T, outcome, v.S.Gamma)
	v.Lab, v.Err = engine.SampleVariance(v.toy, v.S.Gen(), params.N, params.Seed, varianceLams(v.S.Lam), []float64{0, params.Bias})
	return v
}

// varianceShape is the toy's shape from a scenario's rewards and mask: T,
// its number of valid tokens (at least 1), and the outcome on the valid
// token whose reward is largest in magnitude (the last of equals), counted
// among the valid tokens.
func varianceShape(rewards, mask []float64) (T, outcome int) {
	best := -1.0
	for t, m := range mask {
		if m != 1 {
			continue
		}
		if a := math.Abs(rewards[t]); a >= best {
			best, outcome = a, T
		}
		T++
	}
	if T == 0 {
		return 1, 0
	}
	return min(T, engine.MaxVarianceLen), min(outcome, engine.MaxVarianceLen-1)
}

// varianceLams are the λ of the sweep, with the scenario's own λ added in
// order when it is not one of them.
func varianceLams(own float64) []float64 {
	lams := slices.Clone(sweepLambdas)
	if !slices.Contains(lams, own) {
		lams = append(lams, own)
		slices.Sort(lams)
	}
	return lams
}

// Link is the page's canonical link.
func (v VarianceView) Link() string {
	return SweepLink(v.Req, "/compare/variance", v.State, v.Extra)
}

// page is the page's view model.
func (v VarianceView) page() templates.Variance {
	vm := templates.Variance{
		Page:           sweepPage(v.View, "var.title", "/compare/variance", v.State, v.Extra),
		Heading:        v.T("var.heading"),
		Intro:          v.HTML("var.intro"),
		Warnings:       v.Messages(v.Req.Rep.Warnings),
		Form:           sweepForm(v.View, "/compare/variance", v.Link()),
		Links:          compareLinks(v.View, "/compare/variance"),
		ResultsHeading: v.T("var.results", v.S.VersionLabel(), scenario.FormatNumber(v.S.Gamma), v.Params.N, v.Params.Seed),
	}
	vm.Form.Sliders = append(vm.Form.Sliders,
		v.ownField("n", "var.form.n", strconv.Itoa(v.Params.N), "1", strconv.Itoa(engine.MaxVarianceSamples), "1"),
		v.ownField("seed", "var.form.seed", strconv.FormatUint(v.Params.Seed, 10), "0", strconv.Itoa(varianceMaxSeed), "1"),
		v.ownField("bias", "var.form.bias", scenario.FormatNumber(v.Params.Bias), "-1", "1", "0.01"))
	vm.Form.Hidden = slices.DeleteFunc(vm.Form.Hidden, func(o templates.Option) bool { return slices.Contains(VarianceKeys, o.Value) })
	if v.Err != nil {
		vm.Warnings = append(vm.Warnings, v.T("var.error"))
		return vm
	}
	vm.Toy = v.ToyLines()
	vm.Table = v.Table()
	vm.Notes = v.notes()
	for c, name := range VarianceChartNames {
		url := SweepLink(v.Req, "/compare/variance/chart/"+name+".svg", v.State, v.Extra)
		vm.Charts = append(vm.Charts, v.Chart(c).Figure(v.T, url, v.T("sweep.chart.error", v.ChartTitle(c))))
	}
	return vm
}

// ownField is one of the page's own number inputs.
func (v VarianceView) ownField(name, labelKey, value, lo, hi, step string) templates.Field {
	f := v.Field(name, name, v.T(labelKey), value)
	f.Kind, f.Min, f.Max, f.Step, f.Help = "number", lo, hi, step, v.T(labelKey+".help")
	return f
}

// ToyLines describe the toy with its exact numbers.
func (v VarianceView) ToyLines() []templates.Rich {
	m := v.toy
	return []templates.Rich{
		v.HTML("var.toy.shape", m.Len, v.Idx(m.Outcome), scenario.FormatNumber(m.Gamma)),
		v.HTML("var.toy.chain", scenario.FormatNumber(m.First), scenario.FormatNumber(m.Stay),
			scenario.FormatNumber(m.POn), scenario.FormatNumber(m.POff), scenario.FormatNumber(m.Noise)),
		v.HTML("var.toy.truth", page.Num(m.Value(0, true)), page.Num(m.Q(true)), page.Num(v.Lab.True)),
		v.HTML("var.toy.critics", scenario.FormatNumber(v.Params.Bias)),
	}
}
