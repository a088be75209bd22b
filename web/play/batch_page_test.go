package play_test

import (
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/web/batch"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// engineBatch is a batch computed by the test's own engine calls, from the
// batch's responses: the [B][R] tensors built here, GAE over the batch and
// over each response alone, and each outcome estimator called directly.
type engineBatch struct {
	width                 int
	mask, rewards, values [][]float64
	gae                   engine.GAEResult
	alone                 []engine.GAEResult
	est                   map[string][][]float64 // by table row id
	groups                []engine.GroupStat
}

func computeBatch(t *testing.T, b batch.Batch) engineBatch {
	t.Helper()
	var e engineBatch
	for _, r := range b.Rows {
		e.width = max(e.width, len(r.Tokens))
	}
	in := engine.OutcomeInputs{Gamma: b.Gamma, Epsilon: 1e-6}
	for _, r := range b.Rows {
		m, rw, v := make([]float64, e.width), make([]float64, e.width), make([]float64, e.width)
		last := -1
		for k, tok := range r.Tokens {
			v[k] = tok.Value
			if tok.Valid {
				m[k], last = 1, k
			}
		}
		rw[last] = r.Score // one outcome score on the last valid token, no KL
		e.mask, e.rewards, e.values = append(e.mask, m), append(e.rewards, rw), append(e.values, v)
		in.Index, in.Baselines = append(in.Index, r.Group), append(in.Baselines, r.Baseline)
	}
	in.Rewards, in.Mask = e.rewards, e.mask
	e.gae = engine.GAE(b.Version.V1Gen(), e.rewards, e.values, e.mask, b.Gamma, b.Lam)
	for i := range b.Rows {
		e.alone = append(e.alone, engine.GAE(b.Version.V1Gen(), [][]float64{e.rewards[i]}, [][]float64{e.values[i]}, [][]float64{e.mask[i]}, b.Gamma, b.Lam))
	}
	e.groups = engine.GroupStatsGRPO(in)
	e.est = map[string][][]float64{}
	for id, run := range map[string]func(engine.OutcomeInputs) ([][]float64, [][]float64, error){
		"grpo":   func(in engine.OutcomeInputs) ([][]float64, [][]float64, error) { return engine.GRPO(in, true) },
		"drgrpo": func(in engine.OutcomeInputs) ([][]float64, [][]float64, error) { return engine.GRPO(in, false) },
		"rloo":   engine.RLOO, "rpp": engine.ReinforcePlusPlus, "rppb": engine.ReinforcePlusPlusBaseline, "remax": engine.ReMax,
	} {
		adv, _, err := run(in)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		e.est[id] = adv
	}
	return e
}

// batchCells are the texts of one table row's cells, in t order.
func batchCells(doc *goquery.Document, table, row string) []string {
	var out []string
	doc.Find(`[data-testid="` + table + `"] tr[data-row="` + row + `"] td`).Each(func(_ int, s *goquery.Selection) {
		out = append(out, strings.TrimSpace(s.Text()))
	})
	return out
}

// nums formats a row of numbers as the tables do.
func nums(xs []float64) []string {
	out := make([]string, len(xs))
	for k, x := range xs {
		out[k] = page.Num(x)
	}
	return out
}

// checkBatchPage compares every number of a batch page with the engine's.
func checkBatchPage(t *testing.T, target string, doc *goquery.Document, b batch.Batch) {
	t.Helper()
	e := computeBatch(t, b)
	for i := range b.Rows {
		table := "batch-row-" + strconv.Itoa(i)
		want := map[string][]float64{
			"reward": e.rewards[i], "value": e.values[i], "adv": e.gae.Advantages[i], "white": e.gae.Whitened[i],
		}
		for id, adv := range e.est {
			want[id] = adv[i]
		}
		for row, xs := range want {
			if got := batchCells(doc, table, row); !slices.Equal(got, nums(xs)) {
				t.Errorf("%s: response %d, %s shows %q, engine %q", target, i, row, got, nums(xs))
			}
		}
		if n := doc.Find(`[data-testid="` + table + `"] thead th[data-t]`).Length(); n != e.width {
			t.Errorf("%s: response %d has %d columns, want the batch's width %d", target, i, n, e.width)
		}
	}
	if n := doc.Find(`[data-testid^="batch-row-"]`).Length(); n != b.Len() {
		t.Errorf("%s: %d response tables, want %d", target, n, b.Len())
	}
	// The batch effect: the response in focus, whitened in the batch and alone.
	f := b.Focus
	alone := e.alone[f]
	effect := map[string][]float64{"eff-raw": e.gae.Advantages[f], "eff-batch": e.gae.Whitened[f]}
	if alone.Whitened != nil {
		effect["eff-alone"] = alone.Whitened[0]
		diff := make([]float64, e.width)
		for k := range diff {
			diff[k] = e.gae.Whitened[f][k] - alone.Whitened[0][k]
		}
		effect["eff-diff"] = diff
	} else if doc.Find(`[data-testid="batch-effect"] tr[data-row="eff-alone"]`).Length() != 0 {
		t.Errorf("%s: response %d cannot be whitened alone, yet the page shows numbers for it", target, f)
	}
	for row, xs := range effect {
		if got := batchCells(doc, "batch-effect", row); !slices.Equal(got, nums(xs)) {
			t.Errorf("%s: batch effect %s shows %q, engine %q", target, row, got, nums(xs))
		}
	}
	// The statistics of both whitenings, and the batch's in the summary.
	stats := doc.Find(`[data-testid="batch-effect"] ul.summary li`)
	sentences := []struct {
		where string
		text  string
		st    engine.WhitenStats
	}{
		{"the batch effect (in the batch)", stats.Eq(0).Text(), e.gae.Whitening},
		{"the summary", doc.Find(`[data-testid="summary"]`).Text(), e.gae.Whitening},
	}
	if alone.Whitened != nil {
		sentences = append(sentences, struct {
			where string
			text  string
			st    engine.WhitenStats
		}{"the batch effect (alone)", stats.Eq(1).Text(), alone.Whitening})
	}
	for _, s := range sentences {
		for _, want := range []string{strconv.Itoa(s.st.N), page.Num(s.st.Mean), page.Num(s.st.VarUnbiased)} {
			if !strings.Contains(s.text, want) {
				t.Errorf("%s: %s %q lacks %s", target, s.where, s.text, want)
			}
		}
	}
	// The group statistics: members, scores, n, mean, unbiased std.
	rows := doc.Find(`[data-testid="batch-groups"] tbody tr`)
	if rows.Length() != len(e.groups) {
		t.Fatalf("%s: %d group rows, want %d", target, rows.Length(), len(e.groups))
	}
	rows.Each(func(k int, tr *goquery.Selection) {
		g := e.groups[k]
		var members, scores []string
		for j, i := range g.Members {
			members, scores = append(members, strconv.Itoa(i)), append(scores, scenario.FormatNumber(g.Scores[j]))
		}
		want := []string{g.ID, strings.Join(members, ", "), strings.Join(scores, ", "), strconv.Itoa(len(g.Members)), page.Num(g.Mean), page.Num(g.StdUnbiased)}
		var got []string
		tr.Children().Each(func(_ int, c *goquery.Selection) { got = append(got, strings.TrimSpace(c.Text())) })
		if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
			t.Errorf("%s: group %d shows %q, engine %q", target, k, got, want)
		}
	})
}

// Every preset, in both languages, shows exactly the engine's numbers.
func TestBatchPresetsMatchEngine(t *testing.T) {
	for _, id := range batch.PresetIDs {
		for _, lang := range []string{"en", "zh"} {
			target := "/batch?v=1&p=" + id + "&lang=" + lang
			doc := webtest.Page(t, target)
			b, _ := batch.Preset(id)
			checkBatchPage(t, target, doc, b)
			if doc.Find(`[data-testid="presets"] a.current`).Length() != 1 {
				t.Errorf("%s: the current preset is not marked", target)
			}
			if n := doc.Find(`#chart-batch svg .gae-batch-row`).Length(); n != b.Len() {
				t.Errorf("%s: the chart has %d panels, want %d", target, n, b.Len())
			}
		}
	}
}

// Edited batches: more rows, another focus, v0.2, other γ and λ, a response
// too short to whiten alone, and random batches.
func TestBatchEditedMatchEngine(t *testing.T) {
	links := []string{
		"v=1&p=grpo-4&score=1,0,1,5&row=3",
		"v=1&p=two-groups&B=8&gamma=0.9&lam=0.5&ver=v0.2&row=7",
		"v=1&p=mixed-lengths&tok1=x&V1=0.3&row=1",
		"v=1&p=singleton&group=a,b,c,d&b=0,1,2,3",
		"v=1&p=grpo-4&B=2&mask0=1,1,0,1&V0=0.1,0.2,0.9,0.3",
	}
	rng := rand.New(rand.NewPCG(6, 7))
	for range 20 {
		b, _ := batch.Preset(batch.PresetIDs[rng.IntN(len(batch.PresetIDs))])
		b.Resize(batch.MinRows + rng.IntN(batch.MaxRows-batch.MinRows+1))
		for i := range b.Rows {
			r := &b.Rows[i]
			r.Resize(1 + rng.IntN(12))
			for k := range r.Tokens {
				r.Tokens[k].Value, r.Tokens[k].Valid = float64(rng.IntN(200)-100)/100, rng.IntN(4) > 0
			}
			r.Tokens[0].Valid = true
			r.Score, r.Baseline, r.Group = float64(rng.IntN(5)), float64(rng.IntN(3))/2, strconv.Itoa(rng.IntN(3))
		}
		b.Gamma, b.Lam, b.Focus = float64(rng.IntN(11))/10, float64(rng.IntN(11))/10, rng.IntN(b.Len())
		b.Version = engine.Version(rng.IntN(2))
		links = append(links, batch.Encode(b))
	}
	for _, link := range links {
		doc := webtest.Page(t, "/batch?"+link)
		q, _ := url.ParseQuery(link)
		b, rep := batch.Decode(q)
		if !rep.OK() {
			t.Fatalf("%s: %+v", link, rep)
		}
		checkBatchPage(t, link, doc, b)
	}
	// A response with one valid token cannot be whitened alone (verl raises);
	// the page says so and still whitens it in the batch.
	doc := webtest.Page(t, "/batch?v=1&p=grpo-4&tok1=x&row=1")
	if got := doc.Find(`[data-testid="batch-effect"]`).Text(); !strings.Contains(got, "only one valid token") {
		t.Errorf("the batch effect does not say why response 1 cannot be whitened alone: %q", got)
	}
}

// The batch effect, server-side: one response's score changes another's
// whitened advantages, not its raw ones.
func TestBatchEffectOnPage(t *testing.T) {
	before := webtest.Page(t, "/batch?v=1&p=grpo-4")
	after := webtest.Page(t, "/batch?v=1&p=grpo-4&score=1,0,0,5")
	if a, b := batchCells(before, "batch-row-0", "adv"), batchCells(after, "batch-row-0", "adv"); !slices.Equal(a, b) {
		t.Errorf("response 0's raw advantages changed with response 3's score: %q → %q", a, b)
	}
	if a, b := batchCells(before, "batch-row-0", "white"), batchCells(after, "batch-row-0", "white"); slices.Equal(a, b) {
		t.Errorf("response 0's whitened advantages did not change with response 3's score: %q", a)
	}
	if a, b := batchCells(before, "batch-effect", "eff-alone"), batchCells(after, "batch-effect", "eff-alone"); !slices.Equal(a, b) {
		t.Errorf("response 0 whitened alone changed with response 3's score: %q → %q", a, b)
	}
}

// The response opened in the playground is whitened alone there: the
// playground's whitened row is the batch effect's "alone" row.
func TestBatchPlaygroundLink(t *testing.T) {
	for _, link := range []string{"/batch?v=1&p=mixed-lengths&row=3&lang=en", "/batch?v=1&p=mixed-lengths&gamma=0.9&lam=0.5&ver=v0.2&row=2&lang=en"} {
		doc := webtest.Page(t, link)
		a := doc.Find(`[data-testid="batch-playground"]`)
		href, _ := a.Attr("href")
		if !strings.HasPrefix(href, "/play?v=1&") || !strings.Contains(a.Text(), "Open in the playground") || !strings.HasSuffix(href, "&lang=en") {
			t.Fatalf("%s: playground link %q %q", link, href, a.Text())
		}
		rec := webtest.Get(t, href)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: the playground link %s is not canonical (status %d)", link, href, rec.Code)
		}
		playDoc := webtest.Page(t, href)
		if playDoc.Find(`[data-testid="warnings"]`).Length() > 0 || len(batchCells(playDoc, "token-table", "adv")) == 0 {
			t.Errorf("%s: the playground warns about %s: %s", link, href, playDoc.Find(`[data-testid="warnings"]`).Text())
		}
		alone := batchCells(doc, "batch-effect", "eff-alone")
		white := batchCells(playDoc, "token-table", "white")
		if len(white) == 0 || !slices.Equal(white, alone[:len(white)]) {
			t.Errorf("%s: the playground whitens the response to %q, the batch view alone to %q", link, white, alone)
		}
		raw := batchCells(doc, "batch-effect", "eff-raw")
		if adv := batchCells(playDoc, "token-table", "adv"); !slices.Equal(adv, raw[:len(adv)]) {
			t.Errorf("%s: the playground's raw advantages %q, the batch view's %q", link, adv, raw)
		}
	}
}

func TestBatchRedirectsToCanonical(t *testing.T) {
	tests := map[string]string{
		"/batch":                                  "/batch?v=1&p=grpo-4",
		"/batch?p=outlier&v=1":                    "/batch?v=1&p=outlier",
		"/batch?v=1&p=grpo-4&lam=0.95&gamma=1":    "/batch?v=1&p=grpo-4",
		"/batch?v=1&p=grpo-4&row=0&B=4&lang=zh":   "/batch?v=1&p=grpo-4&lang=zh",
		"/batch?v=1&p=grpo-4&theme=dark&row=2":    "/batch?v=1&p=grpo-4&row=2&theme=dark",
		"/batch?v=1&p=grpo-4&score=1,0,0,1,1&B=5": "/batch?v=1&p=grpo-4&B=5",
		// The form without JavaScript: every field, one parameter per response.
		"/batch?v=1&p=grpo-4&B=2&prompt=1%2B1%3D%3F&gamma=1&lam=0.9&ver=newest" +
			"&toks0=The%0D%0Aanswer%0D%0Ais%0D%0A2&mask0=1,1,1,1&V0=0.5,0.55,0.7,0.8" +
			"&toks1=The%0D%0Aanswer%0D%0Ais%0D%0A3&mask1=1,1,1,1&V1=0.5,0.55,0.6,0.3" +
			"&score=1&score=0.5&b=1&b=1&group=0&group=0": "/batch?v=1&p=grpo-4&B=2&score=1,0.5&lam=0.9",
		"/batch?v=1&p=grpo-4&B=2&score=1&score=0&b=1&b=1&group=0&group=0&op=add": "/batch?v=1&p=grpo-4&B=3&tok2=The&tok2=answer&tok2=is&tok2=3&V2=0.5,0.55,0.6,0.3",
		"/batch?v=1&p=grpo-4&B=4&score=1&score=0&score=0&score=1&op=del.0":       "/batch?v=1&p=grpo-4&B=3&tok0=The&tok0=answer&tok0=is&tok0=3&V0=0.5,0.55,0.6,0.3&tok1=等于&tok1=3&tok1=。&tok1=%3C%2Fs%3E&V1=0.5,0.45,0.35,0.2&tok2=等于&tok2=2&tok2=。&tok2=%3C%2Fs%3E&V2=0.5,0.6,0.75,0.85&score=0,0,1",
	}
	for from, to := range tests {
		rec := webtest.Get(t, from)
		// http.Redirect percent-encodes the text the link writes as itself.
		loc, _ := url.PathUnescape(rec.Header().Get("Location"))
		if to, _ = url.PathUnescape(to); rec.Code != http.StatusSeeOther || loc != to {
			t.Errorf("GET %s: %d → %q, want a redirect to %q", from, rec.Code, loc, to)
		}
	}
	// A canonical link with Chinese text arrives percent-encoded: no loop.
	if rec := webtest.Get(t, "/batch?v=1&p=grpo-4&tok0=%E5%B1%B1&V0=0.6"); rec.Code != 200 {
		t.Errorf("status %d → %q; the canonical link must be served", rec.Code, rec.Header().Get("Location"))
	}
}

// Bad input is reported at its field, in the page's language; the page
// still shows every result (with the preset's value for the bad field).
func TestBatchBadInputStillRenders(t *testing.T) {
	tests := []struct {
		name, query, field string
	}{
		{"not a number", "V0=0.2,abc,0.3,0.35", "V0"},
		{"NaN score", "score=1,NaN,0,1", "score.1"},
		{"huge baseline", "b=1,1,1e9,1", "b.2"},
		{"gamma out of range", "gamma=7", "gamma"},
		{"lambda negative", "lam=-1", "lam"},
		{"bad mask", "mask1=1,1,2,1", "mask1"},
		{"no valid token", "mask2=0,0,0,0", "mask2"},
		{"wrong length", "V3=1,2", "V3"},
		{"bad group", "group=a,b,c%20d,e", "group.2"},
		{"too long token", "tok0=" + strings.Repeat("x", 101), "toks0"},
		{"unknown version", "ver=v9", "ver"},
	}
	for _, tc := range tests {
		for _, lang := range []string{"en", "zh"} {
			target := "/batch?v=1&p=grpo-4&" + tc.query + "&lang=" + lang
			doc := webtest.Page(t, target)
			if v, _ := doc.Find(`[id="` + tc.field + `"]`).Attr("aria-invalid"); v != "true" {
				t.Errorf("%s: field %s is not marked invalid", target, tc.field)
			}
			if doc.Find(`[data-testid="form-errors"] li[data-field="`+tc.field+`"]`).Length() == 0 {
				t.Errorf("%s: the error summary does not link %s", target, tc.field)
			}
			if len(batchCells(doc, "batch-row-0", "white")) == 0 || doc.Find(`#chart-batch svg`).Length() != 1 {
				t.Errorf("%s: the results are gone; they must stay visible", target)
			}
		}
	}
	// What was typed stays in the field.
	doc := webtest.Page(t, "/batch?v=1&p=grpo-4&V0=0.2,abc,0.3,0.35")
	if v, _ := doc.Find(`[id="V0"]`).Attr("value"); v != "0.2,abc,0.3,0.35" {
		t.Errorf("V0 shows %q, want what was typed", v)
	}
	for _, q := range []string{
		"p=grpo-4&V1=0.1,0.2&score=1",
		"p=grpo-4" + strings.Repeat("&tok0=x", batch.MaxTokens+5),
		"p=grpo-4&tok0=%zz&V0=%",
		"p=grpo-4&frobnicate=1&V9=1",
		"p=no-such-preset",
		"v=9&p=grpo-4",
		"p=grpo-4&B=99&row=-1",
		"p=grpo-4&op=del.9",
	} {
		doc := webtest.Page(t, "/batch?"+q)
		if doc.Find(`[data-testid="form-errors"] li, [data-testid="warnings"]`).Length() == 0 {
			t.Errorf("%.60s: no visible warning or error", q)
		}
		if doc.Find(`[data-testid^="batch-row-"]`).Length() < batch.MinRows {
			t.Errorf("%.60s: no response tables", q)
		}
	}
}

// Any query gives a page or a redirect, never a server error.
func FuzzBatchPage(f *testing.F) {
	f.Add("v=1&p=grpo-4&score=1,0,0,5&row=3")
	f.Add("p=mixed-lengths&mask0=0,0&V1=x&B=3&op=add")
	f.Add("%zz&B=&tok0&toks1=%0A%0A&group=,,")
	f.Fuzz(func(t *testing.T, query string) {
		req := httptest.NewRequest(http.MethodGet, "/batch", nil)
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		webtest.Routes().ServeHTTP(rec, req)
		if rec.Code != http.StatusOK && rec.Code != http.StatusSeeOther {
			t.Fatalf("GET /batch?%s: status %d", query, rec.Code)
		}
	})
}

func TestBatchHTMXFragments(t *testing.T) {
	rec := webtest.Get(t, "/batch?v=1&p=grpo-4&score=1,0,0,5", "HX-Request", "true", "HX-Target", "batch-results")
	body := rec.Body.String()
	if rec.Code != 200 || strings.Contains(body, "<html") || !strings.Contains(body, `id="batch-results"`) || !strings.Contains(body, `id="form-errors"`) {
		t.Errorf("results fragment: status %d, %.200s", rec.Code, body)
	}
	if got := rec.Header().Get("HX-Replace-Url"); got != "/batch?v=1&p=grpo-4&score=1,0,0,5" {
		t.Errorf("HX-Replace-Url = %q", got)
	}
	// With a bad field the address bar keeps what was typed.
	rec = webtest.Get(t, "/batch?v=1&p=grpo-4&score=1,0,0,x", "HX-Request", "true", "HX-Target", "batch-results")
	if got := rec.Header().Get("HX-Replace-Url"); got != "/batch?v=1&p=grpo-4&score=1,0,0,x" {
		t.Errorf("HX-Replace-Url = %q after a bad score", got)
	}
	rec = webtest.Get(t, "/batch?v=1&p=grpo-4&op=add", "HX-Request", "true", "HX-Target", "main")
	if !strings.Contains(rec.Body.String(), `id="main"`) || rec.Header().Get("HX-Push-Url") != "/batch?v=1&p=grpo-4&B=5" {
		t.Errorf("main fragment: %.200s, push %q", rec.Body.String(), rec.Header().Get("HX-Push-Url"))
	}
}

func TestBatchLanguagesAndLinks(t *testing.T) {
	doc := webtest.Page(t, "/batch?v=1&p=grpo-4", "Accept-Language", "zh-CN,zh;q=0.9")
	if lang, _ := doc.Find("html").Attr("lang"); lang != "zh" || !strings.Contains(doc.Find("h1").Text(), "批次") {
		t.Errorf("Accept-Language zh: html lang %q, heading %q", lang, doc.Find("h1").Text())
	}
	doc = webtest.Page(t, "/batch?v=1&p=grpo-4&lam=0.5&lang=en", "Accept-Language", "zh")
	if href, _ := doc.Find("a.lang-switch").Attr("href"); switchTarget(href, "zh") != "/batch?v=1&p=grpo-4&lam=0.5&lang=zh" {
		t.Errorf("language switch %q must keep the state", href)
	}
	if url, _ := doc.Find("button.copy-link").Attr("data-url"); url != "/batch?v=1&p=grpo-4&lam=0.5&lang=en" {
		t.Errorf("canonical link %q", url)
	}
	// Each response can be put in focus; the links keep the state.
	var picks []string
	doc.Find(`[data-testid="batch-effect"] nav a`).Each(func(_ int, a *goquery.Selection) {
		href, _ := a.Attr("href")
		picks = append(picks, href)
	})
	if len(picks) != 4 || picks[0] != "/batch?v=1&p=grpo-4&lam=0.5&lang=en" || picks[2] != "/batch?v=1&p=grpo-4&lam=0.5&row=2&lang=en" {
		t.Errorf("focus links %q", picks)
	}
	// Changed from the preset: the reset link.
	if href, _ := doc.Find(`[data-testid="reset"]`).Attr("href"); href != "/batch?v=1&p=grpo-4&lang=en" {
		t.Errorf("reset link %q", href)
	}
	// The no-JavaScript form holds the hidden state and one input per response.
	form := doc.Find("form#batch-editor")
	if m, _ := form.Attr("method"); m != "get" || form.Find(`input[name="score"]`).Length() != 4 || form.Find(`input[type="hidden"][name="B"][value="4"]`).Length() != 1 {
		t.Errorf("the editor is not a GET form with one score per response and B")
	}
}

func TestBatchChartExport(t *testing.T) {
	rec := webtest.Get(t, "/batch/chart.svg?v=1&p=two-groups&lang=zh")
	body := rec.Body.String()
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, `class="gae-chart gae-batch`) ||
		strings.Count(body, `class="gae-batch-row"`) != 6 || !strings.Contains(body, "白化") {
		t.Errorf("chart export: %d %q %.200s", rec.Code, rec.Header().Get("Content-Type"), body)
	}
}

// The estimator rows of the page are the batch package's estimators.
func TestBatchEstimatorRows(t *testing.T) {
	var keys []string
	for _, e := range play.BatchEstimators {
		keys = append(keys, e.Key)
	}
	if !slices.Equal(keys, batch.Estimators) {
		t.Errorf("page rows %q, batch.Estimators %q", keys, batch.Estimators)
	}
}

// bigBatch is a canonical link of 8 responses × 64 tokens of CJK text and
// random numbers, as a learner would build it.
func bigBatch() string {
	rng := rand.New(rand.NewPCG(8, 64))
	b, _ := batch.Preset("two-groups")
	b.Resize(batch.MaxRows)
	for i := range b.Rows {
		r := &b.Rows[i]
		r.Resize(batch.MaxTokens)
		for k := range r.Tokens {
			r.Tokens[k] = batch.Token{Text: []string{"是", "的", "，", "等于", "2", "！", "token", "😀"}[k%8],
				Valid: k < batch.MaxTokens-i*3, Value: float64(rng.IntN(1000)) / 1000}
		}
		r.Score, r.Group = float64(rng.IntN(2)), strconv.Itoa(i%2)
	}
	return "/batch?" + batch.Encode(b)
}

// Budget: the batch view of 8 responses × 64 tokens, parse to HTML with the
// chart, in at most 20 ms of server time.
func BenchmarkBatch8x64(b *testing.B) {
	target := bigBatch()
	h := webtest.Uncached(b).Handler
	b.ReportAllocs()
	var size int
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("status %d", rec.Code)
		}
		size = rec.Body.Len()
	}
	b.ReportMetric(float64(size)/1024, "KB/page")
}

// BenchmarkBatchUpdate8x64 is one edit as htmx sends it: the results only.
func BenchmarkBatchUpdate8x64(b *testing.B) {
	target := bigBatch()
	h := webtest.Uncached(b).Handler
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("HX-Target", "batch-results")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// The 8 × 64 page renders, and every number on it is the engine's.
func TestBatch8x64(t *testing.T) {
	target := bigBatch()
	doc := webtest.Page(t, target)
	q, _ := url.ParseQuery(strings.TrimPrefix(target, "/batch?"))
	b, _ := batch.Decode(q)
	checkBatchPage(t, "8×64", doc, b)
}
