package update_test

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/update"
	"gaelab/web/webtest"
)

// updGen runs the scenario's KL-in-reward and GAE (with whitening) as
// generation g does, straight on the engine: mask, values, old log-probs
// and the GAE result.
func updGen(t *testing.T, s scenario.Scenario, g engine.Generation) (mask, values, old []float64, res engine.GAEResult) {
	t.Helper()
	n := s.Len()
	mask, values, old = make([]float64, n), make([]float64, n), make([]float64, n)
	scores, ref := make([]float64, n), make([]float64, n)
	for i, tok := range s.Tokens {
		mask[i], values[i], old[i], scores[i], ref[i] = tok.Kind.Mask(), tok.Value, tok.Old, tok.Score, tok.Ref
	}
	kl, err := engine.ApplyKLPenalty(g, [][]float64{scores}, [][]float64{old}, [][]float64{ref}, [][]float64{mask}, s.KL, &engine.FixedKLController{Beta: s.Beta})
	if err != nil {
		t.Fatal(err)
	}
	res = engine.GAE(g, kl.Rewards, [][]float64{values}, [][]float64{mask}, s.Gamma, s.Lam)
	return mask, values, old, res
}

// updModeCell is the loss table's cell of mode: its full-precision value
// (data-f, or the text) and its error text.
func updModeCell(doc *goquery.Document, mode engine.AggMode) (value, errText string, ok bool) {
	row := doc.Find(`[data-testid="loss-table"] tr[data-mode="` + string(mode) + `"]`)
	if row.Length() == 0 {
		return "", "", false
	}
	td := row.Find("td").First()
	if td.HasClass("error") {
		return "", strings.TrimSpace(td.Text()), true
	}
	return td.AttrOr("data-f", strings.TrimSpace(td.Text())), "", true
}

// updCheckModes checks the page's loss_agg_mode rows against the release:
// a row for every mode it knows, holding the engine's loss (name is the
// loss's tensor name), and none for a mode it does not know.
func updCheckModes(t *testing.T, doc *goquery.Document, g engine.Generation, name string, loss func(engine.AggMode) (float64, error)) {
	t.Helper()
	for _, mode := range engine.AggModes {
		got, errText, ok := updModeCell(doc, mode)
		want, err := loss(mode)
		switch {
		case err != nil && ok:
			t.Errorf("%v %s: a row for a mode verl %s does not know", g, mode, g.Range())
		case err == nil && !ok:
			t.Errorf("%v %s: no row", g, mode)
		case err == nil && (errText != "" || got != page.Full(want)):
			t.Errorf("%v %s: %s %q (%s), want the engine's %s", g, mode, name, got, errText, page.Full(want))
		}
	}
}

// updShifted is xs + d, as a link's list.
func updShifted(xs []float64, d float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = scenario.FormatNumber(x + d)
	}
	return strings.Join(parts, ",")
}

// TestUpdateV3CriticIsTheRelease: in a v=3 link, /update/critic shows the
// release's own value loss, fed by the release's own GAE returns: for one
// release of each generation whose value loss or GAE differs, every mode
// the release knows (and no other) is exactly the engine's
// AggregateValueLoss of that generation, and the heading names the
// release range from the generation table.
func TestUpdateV3CriticIsTheRelease(t *testing.T) {
	base, _ := scenario.Preset("multi-turn")
	_, values, _, _ := updGen(t, base, engine.G12)
	vp := updShifted(values, 0.3)
	for _, g := range []engine.Generation{engine.G01, engine.G03, engine.G04, engine.G05, engine.G08, engine.G10, engine.G12} {
		query := "v=3&p=multi-turn&ver=" + g.Tag() + "&vp=" + vp + "&cv=0.1"
		doc := webtest.Page(t, "/update/critic?"+query)
		s := updDecoded(t, query)
		mask, values, _, gae := updGen(t, s, g)
		vpreds := make([]float64, len(values))
		for i := range vpreds {
			vpreds[i] = values[i] + 0.3
		}
		terms := engine.ValueLossTerms([][]float64{values}, [][]float64{vpreds}, gae.Returns, 0.1)
		updCheckRow(t, doc, "ret", gae.Returns[0])
		updCheckModes(t, doc, g, "vf_loss", func(mode engine.AggMode) (float64, error) {
			l, err := engine.AggregateValueLoss(g, terms, [][]float64{mask}, mode)
			return l.Loss, err
		})
		if h := doc.Find("#update-results h2").First().Text(); !strings.Contains(h, g.Range()) {
			t.Errorf("%v: heading %q does not name %s", g, h, g.Range())
		}
	}
}

// TestUpdateV3ActorIsTheRelease: in a v=3 link, /update/actor shows the
// release's own policy loss on the release's own whitened advantages, with
// its clip parameters: v0.2 has one clip_ratio and no dual clip, so a
// negative advantage at ratio e^1.5 > c is not capped there, while the
// same v=2 link keeps v0.9.0's loss, which caps it.
func TestUpdateV3ActorIsTheRelease(t *testing.T) {
	base, _ := scenario.Preset("multi-turn")
	_, _, old0, _ := updGen(t, base, engine.G12)
	lp := updShifted(old0, 1.5)
	for _, g := range []engine.Generation{engine.G01, engine.G04, engine.G05, engine.G06, engine.G08, engine.G10, engine.G11, engine.G12} {
		query := "v=3&p=multi-turn&ver=" + g.Tag() + "&lp=" + lp
		doc := webtest.Page(t, "/update/actor?"+query)
		s := updDecoded(t, query)
		mask, _, old, gae := updGen(t, s, g)
		cur := make([]float64, len(old))
		for i := range cur {
			cur[i] = old[i] + 1.5
		}
		p := engine.ClipParams{Ratio: 0.2, Low: 0.2, High: 0.2, C: 3}
		terms, err := engine.PolicyLossTerms(g, [][]float64{cur}, [][]float64{old}, gae.Whitened, p)
		if err != nil {
			t.Fatal(err)
		}
		updCheckRow(t, doc, "adv", gae.Whitened[0])
		updCheckRow(t, doc, "ploss", terms.Final[0])
		updCheckModes(t, doc, g, "pg_loss", func(mode engine.AggMode) (float64, error) {
			l, err := engine.AggregatePolicyLoss(g, terms, [][]float64{mask}, mode)
			return l.Loss, err
		})
		if notes := doc.Find(`[data-testid="notes"]`).Text(); !g.Has(engine.DualClip) && strings.Contains(notes, "the dual clip caps") {
			t.Errorf("%v: a note speaks of the dual clip verl %s does not have: %q", g, g.Range(), notes)
		}
		dual := doc.Find(`[data-testid="token-table"] tr[data-row="dual"]`).Length() > 0
		high := doc.Find(`input[name="clip_high"]`).Length() > 0
		c := doc.Find(`input[name="c"]`).Length() > 0
		if dual != g.Has(engine.DualClip) || c != g.Has(engine.DualClip) || high != g.Has(engine.ClipLowHigh) {
			t.Errorf("%v: dual-clip row %v, c field %v, clip_high field %v; want %v, %v, %v", g, dual, c, high, g.Has(engine.DualClip), g.Has(engine.DualClip), g.Has(engine.ClipLowHigh))
		}
	}
	// The same state as a v=2 link keeps v0.9.0's loss (capped), and the
	// two differ, so the v=3 page is not v0.9.0's by accident.
	v3, _, _ := updModeCell(webtest.Page(t, "/update/actor?v=3&p=multi-turn&ver=v0.2&lp="+lp), engine.TokenMean)
	v2, _, _ := updModeCell(webtest.Page(t, "/update/actor?v=2&p=multi-turn&ver=v0.2&lp="+lp), engine.TokenMean)
	if v2 == v3 {
		t.Errorf("v=2 and v=3 v0.2 show the same token-mean pg_loss %s", v2)
	}
}

// TestUpdateV3NonFinite: where the release's float32 arithmetic gives ±inf
// or NaN (v0.2 does not clamp the log-ratio, so a log-ratio of 100
// overflows), the loss row says so with the engine's value, and the notes
// say why; v0.9.0 clamps, so its row holds a number.
func TestUpdateV3NonFinite(t *testing.T) {
	base, _ := scenario.Preset("seed-b")
	_, _, old, g01 := updGen(t, base, engine.G01)
	cur := append([]float64(nil), old...)
	for k, a := range g01.Whitened[0] {
		if a < 0 { // −A·ratio = +inf where A < 0
			cur[k] += 100
			break
		}
	}
	parts := make([]string, len(cur))
	for i, x := range cur {
		parts[i] = scenario.FormatNumber(x)
	}
	lp := strings.Join(parts, ",")
	s := updDecoded(t, "v=3&p=seed-b&ver=v0.2&lp="+lp)
	mask, _, old, gae := updGen(t, s, engine.G01)
	terms, _ := engine.PolicyLossTerms(engine.G01, [][]float64{cur}, [][]float64{old}, gae.Whitened, engine.ClipParams{Ratio: 0.2, Low: 0.2, High: 0.2})
	want, _ := engine.AggregatePolicyLoss(engine.G01, terms, [][]float64{mask}, engine.TokenMean)
	if !math.IsInf(want.Loss, 0) && !math.IsNaN(want.Loss) {
		t.Fatalf("the engine's v0.2 loss is %g: the test would prove nothing", want.Loss)
	}
	doc := webtest.Page(t, "/update/actor?v=3&p=seed-b&ver=v0.2&lp="+lp)
	_, errText, _ := updModeCell(doc, engine.TokenMean)
	if !strings.Contains(errText, update.NonFiniteText(want.Loss)) || !strings.Contains(errText, engine.G01.Range()) {
		t.Errorf("v0.2 token-mean: %q, want verl %s giving %s", errText, engine.G01.Range(), update.NonFiniteText(want.Loss))
	}
	if text := doc.Find("#update-results").Text(); !strings.Contains(text, "88.72") || !strings.Contains(text, "#1779") {
		t.Error("no note says that v0.2 does not clamp the log-ratio")
	}
	got, errText, _ := updModeCell(webtest.Page(t, "/update/actor?v=3&p=seed-b&ver=v0.9.0&lp="+lp), engine.TokenMean)
	if x, err := strconv.ParseFloat(got, 64); errText != "" || err != nil || math.IsInf(x, 0) {
		t.Errorf("v0.9.0 token-mean: %q %q, want a finite number", got, errText)
	}
}

// TestUpdateEditNoticeV3: a v=2 (or v=1) state on /update whose v=3 edit
// changes a shown number says so in one line, naming the release and the
// numbers; a v=3 state, and a v=2 state of v0.9.0 (whose losses are the
// same), have none.
func TestUpdateEditNoticeV3(t *testing.T) {
	const notice = "Editing here makes a v=3 link"
	for _, tc := range []struct {
		link string
		want []string // the names the notice lists; nil: no notice
	}{
		{"/update/actor?v=2&p=multi-turn&ver=v0.2&lp=0,0,0,0,0,0,0", []string{"v0.2", "pg_loss"}},
		{"/update/critic?v=2&p=multi-turn&ver=v0.4.0&vp=1,1,1,1,1,1,1", []string{"v0.4.0", "vf_loss"}},
		{"/update/critic?v=1&p=multi-turn&ver=v0.2", []string{"v0.2", "vf_loss"}},
		{"/update/actor?v=3&p=multi-turn&ver=v0.2&lp=0,0,0,0,0,0,0", nil},
		{"/update/critic?v=2&p=multi-turn&ver=v0.9.0", nil},
		{"/update/actor?v=2&p=seed-b&ver=v0.9.0", nil},
	} {
		var line string
		webtest.Page(t, tc.link).Find("#update-results li, #update-results p").Each(func(_ int, s *goquery.Selection) {
			if strings.Contains(s.Text(), notice) {
				line = s.Text()
			}
		})
		if (line != "") != (tc.want != nil) {
			t.Errorf("%s: notice %q, want one: %v", tc.link, line, tc.want != nil)
		}
		for _, w := range tc.want {
			if !strings.Contains(line, w) {
				t.Errorf("%s: notice %q does not name %s", tc.link, line, w)
			}
		}
	}
}

// TestUpdateV3NotInRelease: clip_high= and c= in a link of a release that
// has no such parameter are reported (and left out of the canonical link),
// unless they hold the default, as the form of a v=1 or v=2 state sends it.
func TestUpdateV3NotInRelease(t *testing.T) {
	doc := webtest.Page(t, "/update/actor?v=3&p=seed-b&ver=v0.2&clip_high=0.3&c=2")
	text := doc.Find("main").Text()
	for _, key := range []string{"clip_high=«0.3»", "c=«2»"} {
		if !strings.Contains(text, key) {
			t.Errorf("v0.2 with %s: not reported", key)
		}
	}
	if rec := webtest.Get(t, "/update/actor?v=3&p=seed-b&ver=v0.2&clip_high=0.2&c=3"); rec.Code != 303 || rec.Header().Get("Location") != "/update/actor?v=3&p=seed-b&ver=v0.2" {
		t.Errorf("the defaults: %d to %q, want 303 to the canonical link", rec.Code, rec.Header().Get("Location"))
	}
	if text := webtest.Page(t, "/update/actor?v=3&p=seed-b&ver=v0.4.0&clip_high=0.3&c=2").Find("main").Text(); strings.Contains(text, "was ignored") {
		t.Error("v0.4.0 has clip_high and c, but they are reported as ignored")
	}
}

// Budget: a 64-token /update/actor page renders in a few milliseconds in
// every link version: v=1 and v=2 pages also compute their v=3 edit's
// losses for the notice; a v=3 page computes the release's own.
func BenchmarkUpdateActorVersions64(b *testing.B) {
	v1 := strings.Replace(webtest.LongScenario(64), "/play?", "/update/actor?", 1)
	for _, c := range []struct{ name, target string }{
		{"v1", v1},
		{"v2-v0.2", strings.Replace(v1, "?v=1&", "?v=2&", 1) + "&ver=v0.2"},
		{"v3-v0.2", strings.Replace(v1, "?v=1&", "?v=3&", 1) + "&ver=v0.2"},
		{"v3-v0.9.0", strings.Replace(v1, "?v=1&", "?v=3&", 1) + "&ver=v0.9.0"},
	} {
		b.Run(c.name, func(b *testing.B) {
			h := webtest.Uncached(b).Handler
			b.ReportAllocs()
			for b.Loop() {
				if rec := webtest.Serve(h, http.MethodGet, c.target, nil); rec.Code != 200 {
					b.Fatalf("%s: status %d", c.target, rec.Code)
				}
			}
		})
	}
}
