package update_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
	"gaelab/web/update"
	"gaelab/web/webtest"
)

// Helpers shared by the update views' tests.

// updFollow GETs target, follows a 303 to the canonical link if there is one,
// and parses the page, which must be a 200 without missing catalog keys.
func updFollow(t *testing.T, target string, header ...string) (*goquery.Document, string) {
	t.Helper()
	rec := webtest.Get(t, target, header...)
	if rec.Code == http.StatusSeeOther {
		target = rec.Header().Get("Location")
	}
	return webtest.Page(t, target, header...), target
}

// updDecoded is the scenario of a link's query, as the page decodes it.
func updDecoded(t *testing.T, query string) scenario.Scenario {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := scenario.Decode(q, "lang", "vp", "cv", "lp", "clip", "clip_high", "c")
	return s
}

// updNewest runs the scenario's KL-in-reward and GAE as newest verl does,
// straight on the engine: mask, values, old log-probs and the GAE result.
func updNewest(t *testing.T, s scenario.Scenario) (mask, values, old []float64, g engine.GAEResult) {
	t.Helper()
	n := s.Len()
	mask, values, old = make([]float64, n), make([]float64, n), make([]float64, n)
	scores, ref, typed := make([]float64, n), make([]float64, n), make([]float64, n)
	for i, tok := range s.Tokens {
		mask[i], values[i], old[i], scores[i], ref[i], typed[i] = tok.Kind.Mask(), tok.Value, tok.Old, tok.Score, tok.Ref, tok.Reward
	}
	rewards := typed
	if !s.DirectRewards {
		kl, err := engine.ApplyKLPenalty(engine.V1Newest, [][]float64{scores}, [][]float64{old}, [][]float64{ref}, [][]float64{mask}, s.KL, &engine.FixedKLController{Beta: s.Beta})
		if err != nil {
			t.Fatal(err)
		}
		rewards = kl.Rewards[0]
	}
	g = engine.GAE(engine.V1Newest, [][]float64{rewards}, [][]float64{values}, [][]float64{mask}, s.Gamma, s.Lam)
	return mask, values, old, g
}

// updRowTexts are the cells of a token-table row.
func updRowTexts(doc *goquery.Document, row string) []string {
	var out []string
	doc.Find(`[data-testid="token-table"] tr[data-row="` + row + `"] td`).Each(func(_ int, s *goquery.Selection) {
		out = append(out, strings.TrimSpace(s.Text()))
	})
	return out
}

// updCheckRow fails for every cell of a row that is not the engine's number.
func updCheckRow(t *testing.T, doc *goquery.Document, row string, want []float64) {
	t.Helper()
	got := updRowTexts(doc, row)
	if len(got) != len(want) {
		t.Errorf("row %s has %d cells, want %d", row, len(got), len(want))
		return
	}
	for i, x := range want {
		if got[i] != page.Num(x) {
			t.Errorf("row %s at t=%d shows %q, the engine says %s", row, i, got[i], page.Num(x))
		}
	}
}

// updCheckFlags fails for every cell of an indicator row that does not say
// yes where the engine's indicator is 1 and no elsewhere.
func updCheckFlags(t *testing.T, doc *goquery.Document, row string, flags []float64, yes, no string) {
	t.Helper()
	got := updRowTexts(doc, row)
	if len(got) != len(flags) {
		t.Fatalf("row %s has %d cells, want %d", row, len(got), len(flags))
	}
	for i, f := range flags {
		want := no
		if f == 1 {
			want = yes
		}
		if got[i] != want {
			t.Errorf("row %s at t=%d says %q, the engine's indicator is %v", row, i, got[i], f)
		}
	}
}

// updLossCell is the loss table's value for a mode.
func updLossCell(doc *goquery.Document, mode engine.AggMode) string {
	return strings.TrimSpace(doc.Find(`[data-testid="loss-table"] tr[data-mode="` + string(mode) + `"] td`).First().Text())
}

// updMetric is a metric list's value.
func updMetric(doc *goquery.Document, list, id string) string {
	li := doc.Find(`[data-testid="` + list + `"] li[data-metric="` + id + `"]`)
	if li.Find(".error").Length() > 0 {
		return "error: " + strings.TrimSpace(li.Find(".error").Text())
	}
	return strings.TrimSpace(li.Find(".value").Text())
}

// updSubmit serialises the page's form as a browser without JavaScript does,
// with some inputs retyped (by id), and returns the URL it GETs.
func updSubmit(t *testing.T, doc *goquery.Document, edits map[string]string) string {
	t.Helper()
	form := doc.Find("form#editor")
	if method, _ := form.Attr("method"); method != "get" {
		t.Fatalf("the form's method is %q, want get", method)
	}
	var pairs []string
	form.Find("input[name], textarea[name]").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		val, _ := s.Attr("value")
		if s.Is("textarea") {
			val = s.Text()
		}
		if id, _ := s.Attr("id"); id != "" {
			if e, ok := edits[id]; ok {
				val = e
			}
		}
		pairs = append(pairs, url.QueryEscape(name)+"="+url.QueryEscape(val))
	})
	action, _ := form.Attr("action")
	return action + "?" + strings.Join(pairs, "&")
}

func updJoin(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = scenario.FormatNumber(x)
	}
	return strings.Join(parts, ",")
}

// criticCase is a state of /update/critic: the scenario's query, vpreds
// (nil: the scenario's values) and cliprange_value.
type criticCase struct {
	name, query string
	vp          func(values []float64) []float64
	cv          float64
	clips       bool // some valid token clips (the case would prove less if not)
}

func (c criticCase) link(values []float64) string {
	u := "/update/critic?" + c.query
	if c.vp != nil {
		u += "&vp=" + updJoin(c.vp(values))
	}
	if c.cv != 0.5 {
		u += "&cv=" + scenario.FormatNumber(c.cv)
	}
	return u
}

func updShift(d ...float64) func([]float64) []float64 {
	return func(v []float64) []float64 {
		out := make([]float64, len(v))
		for i := range v {
			out[i] = v[i] + d[i%len(d)]
		}
		return out
	}
}

var criticCases = []criticCase{
	{name: "seed-b, first mini-batch", query: "v=1&p=seed-b", cv: 0.5},
	{name: "seed-b, clipped", query: "v=1&p=seed-b", vp: updShift(0.6, -0.7, 0.2, 0, 0.55, -0.3), cv: 0.5, clips: true},
	{name: "seed-b, small cliprange", query: "v=1&p=seed-b", vp: updShift(0.1, -0.1, 0.05), cv: 0.02, clips: true},
	{name: "eos-padding", query: "v=1&p=eos-padding", vp: updShift(0.3, -0.2, 0.7, -0.6, 0.1, 0, 0), cv: 0.2},
	{name: "multi-turn, holes", query: "v=1&p=multi-turn", vp: updShift(0.6, 0.1, -1, 0.2), cv: 0.5},
	{name: "v0.2 leak, 1-based", query: "v=1&p=v02-eos-leak&num=1", vp: updShift(-0.8, 0.3), cv: 0.3},
	{name: "seed-a, typed rewards", query: "v=1&p=seed-a&lang=zh", vp: updShift(1.2, 0, -0.1), cv: 0.5},
}

// Every number of /update/critic is the engine's, for several states:
// the per-token terms, vf_loss in every mode, vf_clipfrac and v0.2's
// numbers, with returns from the newest GAE.
func TestUpdateCriticMatchesEngine(t *testing.T) {
	for _, c := range criticCases {
		t.Run(c.name, func(t *testing.T) {
			s := updDecoded(t, c.query)
			mask, values, _, g := updNewest(t, s)
			vp := values
			if c.vp != nil {
				vp = c.vp(values)
			}
			doc, _ := updFollow(t, c.link(values))
			vt := engine.ValueLossTerms([][]float64{values}, [][]float64{vp}, [][]float64{g.Returns[0]}, c.cv)
			clipped := 0.0
			for i, f := range vt.Clipped[0] {
				clipped += f * mask[i]
			}
			if c.clips && clipped == 0 {
				t.Fatal("no valid token clips in this state: the case proves less than it claims")
			}
			updCheckRow(t, doc, "value", values)
			updCheckRow(t, doc, "vpred", vp)
			updCheckRow(t, doc, "ret", g.Returns[0])
			updCheckRow(t, doc, "vclip", vt.VPredClipped[0])
			updCheckRow(t, doc, "l1", vt.Losses1[0])
			updCheckRow(t, doc, "l2", vt.Losses2[0])
			updCheckRow(t, doc, "vloss", vt.MaxLoss[0])
			lang := i18n.En
			if strings.Contains(c.query, "lang=zh") {
				lang = i18n.Zh
			}
			updCheckFlags(t, doc, "vclipped", vt.Clipped[0], lang.T("update.clipped"), lang.T("update.no"))
			m := [][]float64{mask}
			for _, mode := range engine.AggModes {
				l, err := engine.AggregateValueLoss(engine.V1Newest, vt, m, mode)
				if err != nil {
					t.Fatal(err)
				}
				if got := updLossCell(doc, mode); got != page.Num(l.Loss) {
					t.Errorf("vf_loss %s shows %q, the engine says %s", mode, got, page.Num(l.Loss))
				}
				if got := updMetric(doc, "metrics", "vf_clipfrac"); got != page.Num(l.ClipFrac) {
					t.Errorf("vf_clipfrac shows %q, the engine says %s", got, page.Num(l.ClipFrac))
				}
			}
			early, err := engine.AggregateValueLoss(engine.V1Early, vt, m, engine.TokenMean)
			if err != nil {
				t.Fatal(err)
			}
			if got := updMetric(doc, "early", "early"); got != page.Num(early.Loss) {
				t.Errorf("v0.2 vf_loss shows %q, the engine says %s", got, page.Num(early.Loss))
			}
			if got := updMetric(doc, "early", "early_clipfrac"); got != page.Num(early.ClipFrac) {
				t.Errorf("v0.2 vf_clipfrac shows %q, the engine says %s", got, page.Num(early.ClipFrac))
			}
			got := updMetric(doc, "early", "early_shifted")
			if engine.HasHoles(m) {
				if !strings.HasPrefix(got, "error: ") {
					t.Errorf("with observation holes v0.2's shifted-mask loss shows %q, want the reason it is not defined", got)
				}
			} else {
				shifted, _ := engine.AggregateValueLoss(engine.V1Early, vt, engine.ShiftedCriticMask(m), engine.TokenMean)
				if got != page.Num(shifted.Loss) {
					t.Errorf("v0.2 shifted-mask vf_loss shows %q, the engine says %s", got, page.Num(shifted.Loss))
				}
			}
			if n := doc.Find(`[data-testid="token-table"] thead th[data-t]`).Length(); n != s.Len() {
				t.Errorf("%d token columns, want %d", n, s.Len())
			}
		})
	}
}

// The first mini-batch (vpreds = values) clips nothing, and the note says
// why, from the state; seed B's token-mean vf_loss is the golden 0.154322.
func TestUpdateCriticFirstMiniBatch(t *testing.T) {
	doc, _ := updFollow(t, "/update/critic?v=1&p=seed-b")
	if got := updLossCell(doc, engine.TokenMean); got != "0.1543" {
		t.Errorf("token-mean vf_loss shows %q, want 0.1543 (golden 0.154322)", got)
	}
	if got := updMetric(doc, "metrics", "vf_clipfrac"); got != "0.0000" {
		t.Errorf("vf_clipfrac shows %q, want 0.0000", got)
	}
	for i, c := range updRowTexts(doc, "vclipped") {
		if c != "no" {
			t.Errorf("t=%d says %q, want no", i, c)
		}
	}
	notes := doc.Find(`[data-testid="notes"]`).Text()
	if want := richText(t, i18n.En.HTML("update.critic.first", "0.5")); !strings.Contains(notes, want) {
		t.Errorf("notes %q lack %q", notes, want)
	}
	// One vpred moved beyond the range: the note names it instead. Moved
	// 0.6 towards its return (0.8965), the clip pulls it back and the
	// clipped error is the larger: it counts. Moved 2 past the return, the
	// clip pulls it towards the return: the unclipped error is the larger,
	// and it does not count.
	s := updDecoded(t, "v=1&p=seed-b")
	_, values, _, _ := updNewest(t, s)
	for _, c := range []struct {
		move    float64
		clipped string
	}{{0.6, "t = 2"}, {2, i18n.En.T("update.none")}} {
		vp := append([]float64(nil), values...)
		vp[2] += c.move
		doc, _ = updFollow(t, "/update/critic?v=1&p=seed-b&vp="+updJoin(vp))
		notes = doc.Find(`[data-testid="notes"]`).Text()
		if want := i18n.En.T("update.critic.outside", 1, 6, "0.5", "t = 2", c.clipped); !strings.Contains(notes, want) {
			t.Errorf("vp[2] moved by %v: notes %q lack %q", c.move, notes, want)
		}
		if strings.Contains(notes, "first critic mini-batch") {
			t.Errorf("a later mini-batch is called the first: %q", notes)
		}
	}
	vp := append([]float64(nil), values...)
	// Moved, but within the range: nothing clips.
	vp[2] = values[2] + 0.1
	doc, _ = updFollow(t, "/update/critic?v=1&p=seed-b&vp="+updJoin(vp))
	if notes = doc.Find(`[data-testid="notes"]`).Text(); !strings.Contains(notes, i18n.En.T("update.critic.inside", 1, 6, "0.5")) {
		t.Errorf("notes %q do not say the moved vpred stays inside the range", notes)
	}
}

// Canonical links: the scenario, then vp and cv only when they differ from
// their defaults, then the view parameters and lang; a link in another
// order, and the form's answer, redirect to it.
func TestUpdateCriticCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/update/critic?p=seed-b&v=1", "/update/critic?v=1&p=seed-b"},
		{"/update/critic?v=1&p=seed-b&cv=0.5&vp=0.2,0.25,0.3,0.35,0.45,0.6", "/update/critic?v=1&p=seed-b"},
		{"/update/critic?v=1&p=seed-b&cv=0.30&vp=0.2&vp=0.25&vp=0.3&vp=0.35&vp=0.45&vp=0.9", "/update/critic?v=1&p=seed-b&vp=0.2,0.25,0.3,0.35,0.45,0.9&cv=0.3"},
		{"/update/critic?lang=zh&cv=0.1&v=1&p=seed-b&theme=dark", "/update/critic?v=1&p=seed-b&cv=0.1&theme=dark&lang=zh"},
		{"/update/critic?v=1&p=seed-b&cv=%EF%BC%90%EF%BC%8E%EF%BC%92", "/update/critic?v=1&p=seed-b&cv=0.2"}, // full-width ０．２
	}
	for _, tt := range tests {
		rec := webtest.Get(t, tt.in)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tt.want {
			t.Errorf("GET %s: %d → %q, want 303 → %q", tt.in, rec.Code, rec.Header().Get("Location"), tt.want)
		}
		if rec := webtest.Get(t, tt.want); rec.Code != http.StatusOK {
			t.Errorf("GET %s (canonical): %d, want 200", tt.want, rec.Code)
		}
	}
	doc := webtest.Page(t, "/update/critic?v=1&p=seed-b&cv=0.3&lang=zh")
	links := map[string]string{}
	doc.Find(`[data-testid="update-links"] a`).Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("data-testid")
		links[id], _ = s.Attr("href")
	})
	if links["open-playground"] != "/play?v=1&p=seed-b&lang=zh" || links["other-view"] != "/update/actor?v=1&p=seed-b&lang=zh" {
		t.Errorf("links %v: want the playground and the actor view on the same scenario", links)
	}
	if href, _ := doc.Find("a.lang-switch").Attr("href"); switchTarget(href, "en") != "/update/critic?v=1&p=seed-b&cv=0.3&lang=en" {
		t.Errorf("the language switch goes to %q, want the same state in English", href)
	}
	if got, _ := doc.Find("button.copy-link").Attr("data-url"); got != "/update/critic?v=1&p=seed-b&cv=0.3&lang=zh" {
		t.Errorf("copy link holds %q", got)
	}
}

// Without JavaScript: the form's GET carries the scenario in hidden inputs
// and the edited fields, and lands on the canonical link of the new state.
func TestUpdateCriticFormWithoutJS(t *testing.T) {
	doc := webtest.Page(t, "/update/critic?v=1&p=multi-turn&lam=0.9&lang=zh")
	target := updSubmit(t, doc, map[string]string{"vp.1": "1.5", "cv": "0.25"})
	rec := webtest.Get(t, target)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("the form's GET %s: status %d, want 303 to the canonical link", target, rec.Code)
	}
	s := updDecoded(t, "v=1&p=multi-turn&lam=0.9")
	_, values, _, _ := updNewest(t, s)
	values[1] = 1.5
	// An edit makes a v=3 link naming the release of the v=1 state's GAE (play/edit.go).
	want := "/update/critic?v=3&p=multi-turn&lam=0.9&ver=v0.9.0&vp=" + updJoin(values) + "&cv=0.25&lang=zh"
	if got := rec.Header().Get("Location"); got != want {
		t.Fatalf("the form lands on %s, want %s", got, want)
	}
	doc = webtest.Page(t, want)
	if got := updRowTexts(doc, "vpred")[1]; got != "1.5000" {
		t.Errorf("vpred at t=1 shows %q after the form set it to 1.5", got)
	}
	if v, _ := doc.Find(`input[name="cv"]`).Attr("value"); v != "0.25" {
		t.Errorf("cliprange_value field shows %q", v)
	}
}

// Bad input is reported at its field, in the page's language, and the
// results use the default for it; never a 500.
func TestUpdateCriticBadInput(t *testing.T) {
	s := updDecoded(t, "v=1&p=seed-b")
	_, values, _, _ := updNewest(t, s)
	tests := []struct {
		query, field, key string
		args              []any
	}{
		{"vp=0.2,abc,0.3,0.35,0.45,0.6", "vp.1", "err.number", []any{"abc"}},
		{"vp=0.2,0.25,0.3", "vp", "update.err.length", []any{"0.2,0.25,0.3", 3, 6}},
		{"vp=0.2,0.25,0.3,0.35,0.45,1e9", "vp.5", "err.magnitude", []any{"1e9", update.MaxParam}},
		{"vp=0.2,0.25,0.3,0.35,0.45,NaN", "vp.5", "err.number", []any{"NaN"}},
		{"cv=-0.1", "cv", "update.err.negative", []any{"-0.1"}},
		{"cv=x", "cv", "err.number", []any{"x"}},
		{"cv=", "cv", "err.number", []any{""}},
	}
	for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
		for _, tt := range tests {
			target := "/update/critic?v=1&p=seed-b&" + tt.query + "&lang=" + string(lang)
			rec := webtest.Get(t, target)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s: status %d, want 200 with the problem reported", target, rec.Code)
			}
			doc := webtest.Page(t, target)
			want := lang.T(tt.key, tt.args...)
			if got := doc.Find(`[data-testid="form-errors"] li[data-field="` + tt.field + `"]`).Text(); strings.TrimSpace(got) != want {
				t.Errorf("%s: the error summary says %q for %s, want %q", tt.query, got, tt.field, want)
			}
			if tt.field != "vp" {
				in := doc.Find(`[id="` + tt.field + `"]`)
				if inv, _ := in.Attr("aria-invalid"); inv != "true" {
					t.Errorf("%s: field %s is not marked invalid", tt.query, tt.field)
				}
				if got := strings.TrimSpace(doc.Find(`[id="` + tt.field + `-err"]`).Text()); got != want {
					t.Errorf("%s: the field's own error says %q, want %q", tt.query, got, want)
				}
			}
			// The results fall back to the defaults: vpreds = values, cv = 0.5.
			updCheckRow(t, doc, "vpred", values)
			if got := updLossCell(doc, engine.TokenMean); got != "0.1543" {
				t.Errorf("%s: token-mean vf_loss %q, want the default state's 0.1543", tt.query, got)
			}
		}
	}
}

// With htmx, an edit answers the results and the error summary, and puts
// the canonical link (or, with a problem, what was typed) in the address bar.
func TestUpdateCriticHTMX(t *testing.T) {
	rec := webtest.Get(t, "/update/critic?v=1&p=seed-b&cv=0.1", "HX-Request", "true", "HX-Target", "update-results")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	body := rec.Body.String()
	if strings.Contains(body, "<html") || !strings.Contains(body, `id="update-results"`) || !strings.Contains(body, `hx-swap-oob="true"`) {
		t.Errorf("the htmx answer is not the results fragment with the out-of-band error summary: %.200s", body)
	}
	if got := rec.Header().Get("HX-Replace-Url"); got != "/update/critic?v=1&p=seed-b&cv=0.1" {
		t.Errorf("HX-Replace-Url = %q", got)
	}
	rec = webtest.Get(t, "/update/critic?v=1&p=seed-b&cv=-1", "HX-Request", "true", "HX-Target", "update-results")
	if got := rec.Header().Get("HX-Replace-Url"); got != "/update/critic?v=1&p=seed-b&cv=-1" {
		t.Errorf("with a bad field HX-Replace-Url = %q, want the typed link", got)
	}
	if !strings.Contains(rec.Body.String(), `data-field="cv"`) {
		t.Errorf("the error summary of the htmx answer does not name cv")
	}
}

// The critic view renders every preset in both languages, and a long
// response gets the list editor.
func TestUpdateCriticPresets(t *testing.T) {
	for _, id := range scenario.PresetIDs {
		for _, lang := range []string{"en", "zh"} {
			doc := webtest.Page(t, "/update/critic?v=1&p="+id+"&lang="+lang)
			if doc.Find(`[data-testid="loss-table"] tr[data-mode]`).Length() != len(engine.AggModes) {
				t.Errorf("%s/%s: the loss table lacks modes", id, lang)
			}
		}
	}
	toks := strings.Repeat("&tok=x", 30)
	doc, target := updFollow(t, "/update/critic?v=1&p=seed-b"+toks)
	if doc.Find(`textarea[name="vp"]`).Length() != 1 {
		t.Fatalf("%s: a 30-token response has no vp list", target)
	}
	doc = webtest.Page(t, target+"&vp="+strings.Repeat("1,", 29)+"z")
	if got := doc.Find(`[data-testid="form-errors"] li[data-field="vp"]`).Text(); !strings.Contains(got, "«z»") {
		t.Errorf("the list editor's bad element is not reported at the list: %q", got)
	}
	if got, _ := doc.Find(`textarea[name="vp"]`).Attr("aria-invalid"); got != "true" {
		t.Errorf("the vp list is not marked invalid")
	}
}

// No query breaks an update view: whatever the link holds, the answer is a
// page (200) or a redirect to the canonical link (303), never a 500, and
// the canonical link is a fixed point.
func FuzzUpdateViews(f *testing.F) {
	for _, q := range []string{
		"v=1&p=seed-b&vp=0.2,0.25,0.3,0.35,0.45,0.6&cv=0.5",
		"v=1&p=seed-b&lp=-0.1,-0.3,-0.6,-0.8,-0.9,0.8&clip=0.2&clip_high=0.28&c=3",
		"v=1&p=eos-padding&mask=1,0,0,0,0,0,0&lp=1e6,-1e6,0,0,0,0,0",
		"vp=%zz&cv=-&c=1&clip=NaN&lp=,,,",
		"v=1&p=multi-turn&vp=１，２&cv=０．３&lang=zh",
	} {
		f.Add(q)
	}
	h := webtest.Routes()
	f.Fuzz(func(t *testing.T, q string) {
		for _, path := range []string{"/update/critic", "/update/actor", "/update/actor/objective.svg", "/update/critic/chart/band.svg", "/update/critic/chart/errors.svg"} {
			req, err := http.NewRequest(http.MethodGet, path+"?"+q, nil)
			if err != nil {
				return
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			switch rec.Code {
			case http.StatusOK, http.StatusUnprocessableEntity:
			case http.StatusSeeOther:
				loc := rec.Header().Get("Location")
				again := httptest.NewRecorder()
				h.ServeHTTP(again, httptest.NewRequest(http.MethodGet, loc, nil))
				if again.Code != http.StatusOK {
					t.Fatalf("%s?%s redirects to %s, which answers %d", path, q, loc, again.Code)
				}
			default:
				t.Fatalf("%s?%s: status %d", path, q, rec.Code)
			}
		}
	})
}
