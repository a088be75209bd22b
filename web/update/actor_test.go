package update_test

import (
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// actorCase is a state of /update/actor: the scenario's query, the current
// log-probs as a change of old_log_probs (nil: unchanged, ratio 1) and the
// clip settings.
type actorCase struct {
	name, query string
	lp          func(old []float64) []float64
	clip        engine.ClipParams
	clips, dual bool // some valid token clips / is dual-clipped
}

func (c actorCase) link(old []float64) string {
	u := "/update/actor?" + c.query
	if c.lp != nil {
		u += "&lp=" + updJoin(c.lp(old))
	}
	for _, p := range []struct {
		key      string
		x, deflt float64
	}{{"clip", c.clip.Low, 0.2}, {"clip_high", c.clip.High, 0.2}, {"c", c.clip.C, 3}} {
		if p.x != p.deflt {
			u += "&" + p.key + "=" + scenario.FormatNumber(p.x)
		}
	}
	return u
}

// updAt changes old_log_probs at token t by d (pairs t, d, t, d, …).
func updAt(td ...float64) func([]float64) []float64 {
	return func(old []float64) []float64 {
		out := append([]float64(nil), old...)
		for i := 0; i+1 < len(td); i += 2 {
			out[int(td[i])] += td[i+1]
		}
		return out
	}
}

var updDefaultClip = engine.ClipParams{Low: 0.2, High: 0.2, C: 3}

var actorCases = []actorCase{
	{name: "seed-b, ratio 1", query: "v=1&p=seed-b", clip: updDefaultClip},
	{name: "seed-b, clipped both ways", query: "v=1&p=seed-b", lp: updAt(0, 0.3, 1, -0.4, 2, 0.05, 4, -0.7), clip: updDefaultClip, clips: true},
	{name: "seed-b, A<0 dual clip", query: "v=1&p=seed-b", lp: updAt(5, 1.5, 0, 0.4), clip: engine.ClipParams{Low: 0.2, High: 0.28, C: 3}, clips: true, dual: true},
	{name: "seed-b, c = 2, asymmetric", query: "v=1&p=seed-b&lang=zh", lp: updAt(4, 0.8, 3, 0.5), clip: engine.ClipParams{Low: 0.1, High: 0.3, C: 2}, clips: true, dual: true},
	{name: "eos-padding, masked tokens moved", query: "v=1&p=eos-padding", lp: updAt(0, 0.4, 5, 2, 6, -3), clip: updDefaultClip, clips: true},
	{name: "multi-turn", query: "v=1&p=multi-turn", lp: updAt(0, 0.5, 4, -0.5, 2, 1, 6, 1.3), clip: updDefaultClip, clips: true, dual: true},
	{name: "pipeline, 1-based", query: "v=1&p=pipeline&num=1", lp: updAt(5, 1.2, 0, 0.3), clip: updDefaultClip, clips: true, dual: true},
	{name: "v0.2 scenario, log-ratio past the clamp", query: "v=1&p=v02-eos-leak", lp: updAt(0, 25, 3, 30), clip: updDefaultClip, clips: true, dual: true},
}

// Every number of /update/actor is the engine's, for several states: the
// per-token terms, pg_loss in every mode, the metrics and v0.2's numbers,
// with the newest GAE's whitened advantages.
func TestUpdateActorMatchesEngine(t *testing.T) {
	for _, c := range actorCases {
		t.Run(c.name, func(t *testing.T) {
			s := updDecoded(t, c.query)
			mask, _, old, g := updNewest(t, s)
			lp := old
			if c.lp != nil {
				lp = c.lp(old)
			}
			doc, _ := updFollow(t, c.link(old))
			pt, err := engine.PolicyLossTerms(engine.V1Newest, [][]float64{lp}, [][]float64{old}, g.Whitened, c.clip)
			if err != nil {
				t.Fatal(err)
			}
			var clipped, dual float64
			for i, m := range mask {
				clipped += pt.Clipped[0][i] * m
				dual += pt.DualClipped[0][i] * m
			}
			if c.clips != (clipped > 0) || c.dual != (dual > 0) {
				t.Fatalf("the state clips %v tokens and dual-clips %v: the case says clips=%v, dual=%v", clipped, dual, c.clips, c.dual)
			}
			lang := i18n.En
			if strings.Contains(c.query, "lang=zh") {
				lang = i18n.Zh
			}
			updCheckRow(t, doc, "old", old)
			updCheckRow(t, doc, "lp", lp)
			updCheckRow(t, doc, "logratio", pt.LogRatio[0])
			updCheckRow(t, doc, "ratio", pt.Ratio[0])
			updCheckRow(t, doc, "adv", g.Whitened[0])
			updCheckRow(t, doc, "p1", pt.Losses1[0])
			updCheckRow(t, doc, "p2", pt.Losses2[0])
			updCheckRow(t, doc, "ploss", pt.Final[0])
			for i, c := range updRowTexts(doc, "p3") {
				want := "—"
				if g.Whitened[0][i] < 0 {
					want = page.Num(pt.Losses3[0][i])
				}
				if c != want {
					t.Errorf("p3 at t=%d shows %q, want %q", i, c, want)
				}
			}
			updCheckFlags(t, doc, "pclipped", pt.Clipped[0], lang.T("update.clipped"), lang.T("update.no"))
			updCheckFlags(t, doc, "dual", pt.DualClipped[0], lang.T("update.capped"), lang.T("update.no"))
			m := [][]float64{mask}
			for _, mode := range engine.AggModes {
				l, err := engine.AggregatePolicyLoss(engine.V1Newest, pt, m, mode)
				if err != nil {
					t.Fatal(err)
				}
				if got := updLossCell(doc, mode); got != page.Num(l.Loss) {
					t.Errorf("pg_loss %s shows %q, the engine says %s", mode, got, page.Num(l.Loss))
				}
				for id, x := range map[string]float64{"pg_clipfrac": l.ClipFrac, "pg_clipfrac_lower": l.ClipFracLower, "ppo_kl": l.PPOKL} {
					if got := updMetric(doc, "metrics", id); got != page.Num(x) {
						t.Errorf("%s shows %q, the engine says %s", id, got, page.Num(x))
					}
				}
			}
			ept, err := engine.PolicyLossTerms(engine.V1Early, [][]float64{lp}, [][]float64{old}, g.Whitened, engine.ClipParams{Low: c.clip.Low, High: c.clip.Low})
			if err != nil {
				t.Fatal(err)
			}
			early, err := engine.AggregatePolicyLoss(engine.V1Early, ept, m, engine.TokenMean)
			if err != nil {
				t.Fatal(err)
			}
			for id, x := range map[string]float64{"early": early.Loss, "early_clipfrac": early.ClipFrac, "early_ppo_kl": early.PPOKL} {
				if got := updMetric(doc, "early", id); got != page.Num(x) {
					t.Errorf("v0.2 %s shows %q, the engine says %s", id, got, page.Num(x))
				}
			}
			updCheckChart(t, doc, s, mask, pt, g.Whitened[0])
		})
	}
}

// updCheckChart: the chart places every valid token with A ≠ 0, at
// its ratio, on its panel, at its loss per unit |A| (the <desc> lists them).
func updCheckChart(t *testing.T, doc *goquery.Document, s scenario.Scenario, mask []float64, pt engine.PolicyTerms, adv []float64) {
	t.Helper()
	svg := doc.Find(`#chart-objective svg`)
	if svg.Length() != 1 {
		t.Fatal("no objective chart")
	}
	if role, _ := svg.Attr("role"); role != "img" || svg.Find("title").Text() == "" {
		t.Errorf("the objective chart is not an accessible image with a title")
	}
	desc := svg.Find("desc").Text()
	two := func(x float64) string {
		v := strconv.FormatFloat(x, 'f', 2, 64)
		if v == "-0.00" {
			return "0.00"
		}
		return v
	}
	placed := 0
	for i, a := range adv {
		if mask[i] == 0 || a == 0 {
			if svg.Find(`path.token[data-t="`+strconv.Itoa(i)+`"]`).Length() != 0 {
				t.Errorf("t=%d (mask %v, A %v) is placed on the chart", i, mask[i], a)
			}
			continue
		}
		placed++
		obj := -pt.Final[0][i] / math.Abs(a)
		want := "t=" + strconv.Itoa(i+s.Base) + " ρ=" + two(pt.Ratio[0][i]) + " → " + two(obj)
		if !strings.Contains(desc, want) {
			t.Errorf("the chart's desc lacks %q: %s", want, desc)
		}
	}
	if n := svg.Find(`path.token`).Length(); n != placed {
		t.Errorf("%d token markers, want %d", n, placed)
	}
}

// The first step: log_probs = old_log_probs, every ratio is 1, nothing
// clips, ppo_kl is 0, and the note says so.
func TestUpdateActorRatio1(t *testing.T) {
	for _, id := range []string{"seed-b", "pipeline", "dense", "multi-turn", "eos-padding"} {
		doc, _ := updFollow(t, "/update/actor?v=1&p="+id)
		s, _ := scenario.Preset(id)
		for i, c := range updRowTexts(doc, "ratio") {
			if c != "1.0000" {
				t.Errorf("%s: ratio at t=%d is %q, want 1.0000", id, i, c)
			}
		}
		if got := len(updRowTexts(doc, "ratio")); got != s.Len() {
			t.Errorf("%s: %d ratios, want %d", id, got, s.Len())
		}
		for _, m := range []string{"pg_clipfrac", "pg_clipfrac_lower", "ppo_kl"} {
			if got := updMetric(doc, "metrics", m); got != "0.0000" {
				t.Errorf("%s: %s = %q, want 0.0000", id, m, got)
			}
		}
		if notes := doc.Find(`[data-testid="notes"]`).Text(); !strings.Contains(notes, richText(t, i18n.En.HTML("update.actor.ratio1", engine.StableLabel(engine.LastGeneration, engine.AggModeChanges(engine.TokenMean)...)))) {
			t.Errorf("%s: the ratio-1 note is missing: %q", id, notes)
		}
		// Every placed token sits at ρ = 1 on the chart.
		desc := doc.Find("#chart-objective svg desc").Text()
		if strings.Count(desc, "ρ=1.00 →") == 0 || strings.Contains(desc, "ρ=0.") {
			t.Errorf("%s: the chart's tokens are not all at ρ = 1: %s", id, desc)
		}
	}
	// Seed B at ratio 1: each token's loss is −A_t, and their token mean is
	// about 0, since whitened advantages average to 0 (up to the 1e-8 that
	// masked_mean adds to the token count).
	doc, _ := updFollow(t, "/update/actor?v=1&p=seed-b")
	adv, loss := updRowTexts(doc, "adv"), updRowTexts(doc, "ploss")
	for i := range adv {
		a, _ := strconv.ParseFloat(adv[i], 64)
		if loss[i] != page.Num(-a) {
			t.Errorf("t=%d: loss %s, want −A = %s", i, loss[i], page.Num(-a))
		}
	}
	if x, _ := strconv.ParseFloat(updLossCell(doc, engine.TokenMean), 64); math.Abs(x) > 1e-7 {
		t.Errorf("token-mean pg_loss at ratio 1 is %v, want about 0", x)
	}
}

// Without whitened advantages (fewer than two valid tokens) the page says
// why and shows no loss.
func TestUpdateActorNoWhitening(t *testing.T) {
	for q, reason := range map[string]string{
		"mask=1,0,0,0,0,0,0": "err.whiten_one",
		"mask=0,0,0,0,0,0,0": "err.whiten_none",
	} {
		doc, target := updFollow(t, "/update/actor?v=1&p=eos-padding&"+q)
		want := i18n.En.T("update.actor.no_adv", i18n.En.T(reason))
		if got := strings.TrimSpace(doc.Find(`[data-testid="errors"]`).Text()); got != want {
			t.Errorf("%s: errors say %q, want %q", target, got, want)
		}
		if doc.Find(`[data-testid="loss-table"]`).Length() != 0 || doc.Find("#chart-objective").Length() != 0 || doc.Find(`[data-testid="metrics"]`).Length() != 0 {
			t.Errorf("%s: a loss, a metric or the chart is shown without advantages", target)
		}
		if updRowTexts(doc, "ratio") != nil {
			t.Errorf("%s: loss rows are shown without advantages", target)
		}
		if rec := webtest.Get(t, "/update/actor/objective.svg?v=1&p=eos-padding&"+q); rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("the chart export without advantages: status %d, want 422", rec.Code)
		}
		// The critic still has returns.
		if doc, _ := updFollow(t, "/update/critic?v=1&p=eos-padding&"+q); doc.Find(`[data-testid="loss-table"]`).Length() != 1 {
			t.Errorf("%s: the critic view has no loss table", q)
		}
	}
}

// Bad input is reported at its field in the page's language and the
// results use the default for it (here: ratio 1 everywhere); never a 500.
func TestUpdateActorBadInput(t *testing.T) {
	tests := []struct {
		query, field, key string
		args              []any
	}{
		{"lp=-0.4,oops,-0.6,-0.8,-0.2,-0.25", "lp.1", "err.number", []any{"oops"}},
		{"lp=-0.4,-0.3", "lp", "update.err.length", []any{"-0.4,-0.3", 2, 6}},
		{"lp=-0.4,-0.3,-0.6,-0.8,-0.2,-0.25,-1", "lp", "update.err.length", []any{"-0.4,-0.3,-0.6,-0.8,-0.2,-0.25,-1", 7, 6}},
		{"lp=-0.4,-0.3,-0.6,-0.8,-0.2,Inf", "lp.5", "err.number", []any{"Inf"}},
		{"clip=-0.1", "clip", "update.err.negative", []any{"-0.1"}},
		{"clip=1.5", "clip", "err.range", []any{"1.5", 0, 1.0}},
		{"clip_high=-0.28", "clip_high", "update.err.negative", []any{"-0.28"}},
		{"clip_high=0x1", "clip_high", "err.number", []any{"0x1"}},
		{"c=1", "c", "update.err.c", []any{"1"}},
		{"c=0.5", "c", "update.err.c", []any{"0.5"}},
		{"c=-3", "c", "update.err.c", []any{"-3"}},
		{"c=three", "c", "err.number", []any{"three"}},
	}
	for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
		for _, tt := range tests {
			target := "/update/actor?v=1&p=seed-b&" + tt.query + "&lang=" + string(lang)
			if rec := webtest.Get(t, target); rec.Code != http.StatusOK {
				t.Fatalf("GET %s: status %d, want 200 with the problem reported", target, rec.Code)
			}
			doc := webtest.Page(t, target)
			want := lang.T(tt.key, tt.args...)
			if got := strings.TrimSpace(doc.Find(`[data-testid="form-errors"] li[data-field="` + tt.field + `"]`).Text()); got != want {
				t.Errorf("%s: the error summary says %q for %s, want %q", tt.query, got, tt.field, want)
			}
			if tt.field != "lp" {
				if inv, _ := doc.Find(`[id="` + tt.field + `"]`).Attr("aria-invalid"); inv != "true" {
					t.Errorf("%s: field %s is not marked invalid", tt.query, tt.field)
				}
				if got := strings.TrimSpace(doc.Find(`[id="` + tt.field + `-err"]`).Text()); got != want {
					t.Errorf("%s: the field's own error says %q, want %q", tt.query, got, want)
				}
			}
			for i, c := range updRowTexts(doc, "ratio") {
				if c != "1.0000" {
					t.Errorf("%s: ratio at t=%d is %q, want the default 1.0000", tt.query, i, c)
				}
			}
			if doc.Find("#chart-objective svg").Length() != 1 {
				t.Errorf("%s: the chart is missing", tt.query)
			}
		}
	}
}

// Canonical links keep lp, clip, clip_high and c in that order, only when
// they differ from their defaults; the form without JavaScript lands there.
func TestUpdateActorCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/update/actor?c=3&clip=0.2&p=seed-b&v=1&clip_high=0.2", "/update/actor?v=1&p=seed-b"},
		{"/update/actor?v=1&p=seed-b&c=2&clip_high=0.28&lp=-0.4,-0.3,-0.6,-0.8,-0.2,0", "/update/actor?v=1&p=seed-b&lp=-0.4,-0.3,-0.6,-0.8,-0.2,0&clip_high=0.28&c=2"},
		{"/update/actor?v=1&p=seed-b&lp=-0.4&lp=-0.3&lp=-0.6&lp=-0.8&lp=-0.2&lp=-0.25&clip=0.1", "/update/actor?v=1&p=seed-b&clip=0.1"},
	}
	for _, tt := range tests {
		rec := webtest.Get(t, tt.in)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tt.want {
			t.Errorf("GET %s: %d → %q, want 303 → %q", tt.in, rec.Code, rec.Header().Get("Location"), tt.want)
		}
	}
	doc := webtest.Page(t, "/update/actor?v=1&p=seed-b&theme=dark")
	target := updSubmit(t, doc, map[string]string{"lp.2": "-0.1", "c": "2.5"})
	rec := webtest.Get(t, target)
	// An edit makes a v=3 link naming the release of the v=1 state's GAE (play/edit.go).
	want := "/update/actor?v=3&p=seed-b&ver=v0.9.0&lp=-0.4,-0.3,-0.1,-0.8,-0.2,-0.25&c=2.5&theme=dark&lang=en"
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != want {
		t.Fatalf("the form's GET %s: %d → %q, want 303 → %s", target, rec.Code, rec.Header().Get("Location"), want)
	}
	doc = webtest.Page(t, want)
	if got := updRowTexts(doc, "ratio")[2]; got != page.Num(math.Exp(0.5)) {
		t.Errorf("ratio at t=2 is %q after the form set log_prob −0.1 (old −0.6)", got)
	}
	if cls, _ := doc.Find("#chart-objective svg").Attr("class"); !strings.Contains(cls, "theme-dark") {
		t.Errorf("theme=dark: the chart's class is %q", cls)
	}
	rec = webtest.Get(t, "/update/actor/objective.svg?v=1&p=seed-b&lp=-0.4,-0.3,-0.1,-0.8,-0.2,-0.25")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(rec.Body.String(), "<?xml") {
		t.Errorf("the chart export: %d %q %.40q", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	if href, _ := doc.Find("#chart-objective figcaption a").Attr("href"); !strings.HasPrefix(href, "/update/actor/objective.svg?v=3&p=seed-b&ver=v0.9.0&lp=") {
		t.Errorf("the chart's download link is %q", href)
	}
}

// Both languages render every preset without missing keys; editing one
// log-prob changes the chart.
func TestUpdateActorPresetsAndChart(t *testing.T) {
	for _, id := range scenario.PresetIDs {
		for _, lang := range []string{"en", "zh"} {
			webtest.Page(t, "/update/actor?v=1&p="+id+"&lang="+lang)
		}
	}
	before, _ := updFollow(t, "/update/actor?v=1&p=seed-b")
	after, _ := updFollow(t, "/update/actor?v=1&p=seed-b&lp=0,-0.3,-0.6,-0.8,-0.2,-0.25")
	a, _ := before.Find("#chart-objective svg").Html()
	b, _ := after.Find("#chart-objective svg").Html()
	if a == b {
		t.Error("the objective chart did not change with a log-prob")
	}
	zh := webtest.Page(t, "/update/actor?v=1&p=seed-b&lang=zh")
	if got := zh.Find("#chart-objective svg title").Text(); got != i18n.Zh.T("update.chart.title") {
		t.Errorf("the zh chart's title is %q", got)
	}
}

// benchUpdateView is one edit of an update view as htmx sends it, on a
// response of n tokens with a changed per-token list (key).
func benchUpdateView(b *testing.B, path, key string, n int) {
	_, q, _ := strings.Cut(webtest.LongScenario(n), "?")
	s := updDecoded(&testing.T{}, q)
	xs := make([]float64, s.Len())
	for t, tok := range s.Tokens {
		xs[t] = tok.Old + 0.1*float64(t%5-2)
		if key == "vp" {
			xs[t] = tok.Value + 0.2*float64(t%5-2)
		}
	}
	target := path + "?" + q + "&" + key + "=" + updJoin(xs)
	h := webtest.Uncached(b).Handler
	b.ReportAllocs()
	var size int
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Target", "update-results")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size)/1024, "KB/update")
}

func BenchmarkUpdateActor64(b *testing.B)   { benchUpdateView(b, "/update/actor", "lp", 64) }
func BenchmarkUpdateActor512(b *testing.B)  { benchUpdateView(b, "/update/actor", "lp", 512) }
func BenchmarkUpdateCritic64(b *testing.B)  { benchUpdateView(b, "/update/critic", "vp", 64) }
func BenchmarkUpdateCritic512(b *testing.B) { benchUpdateView(b, "/update/critic", "vp", 512) }
