package web

// Injection tests: every GET route, every parameter it reads (and an
// unknown one, and its path segments) gets script, HTML and SVG payloads,
// and every answer must keep them inert: pages and fragments (HTML), charts
// (SVG), the CSV export (no formulas) and the JSON export (<, >, & escaped).
// Where a page shows what was typed (token text, the prompt, a lesson
// answer), it must show it as text. The payloads and the checks are in
// injection_payloads_test.go.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons"
	"gaelab/web/batch"
	"gaelab/web/compare"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
	"gaelab/web/update"
)

// injScenarioKeys are the parameters scenario.Decode reads (its
// scenarioKeys); TestInjectionKeysAreRead proves each is read.
var injScenarioKeys = []string{"v", "p", "prompt", "tok", "mask", "score", "old", "ref", "V", "r", "rw",
	"gamma", "lam", "beta", "kl", "ver", "num", "step", "sel", "pick", "op", "toks"}

// injBatchKeys are the parameters batch.Decode reads: its own, and the
// per-row ones of the first and last response of the default preset.
var injBatchKeys = []string{"v", "p", "prompt", "B", "score", "group", "b", "gamma", "lam", "ver", "row", "op",
	"tok0", "toks0", "mask0", "V0", "tok3", "toks3", "mask3", "V3"}

// Pseudo-keys: a parameter whose name is the payload, and an unknown
// parameter whose value is.
const (
	injUnknownName  = "(name)"
	injUnknownValue = "(unknown)"
)

// injTextKeys carry free text: they get every payload, and the pages that
// show them must show them as text. So do the answers to predict blocks,
// predict-<n>.
var injTextKeys = map[string]bool{
	"prompt": true, "tok": true, "toks": true, "tok0": true, "toks0": true, "group": true,
	injUnknownName: true, injUnknownValue: true,
}

// injIsText reports whether a parameter carries free text.
func injIsText(key string) bool {
	return injTextKeys[key] || strings.HasPrefix(key, "predict-") && !strings.HasSuffix(key, "-reveal")
}

// injRoute is one route under test.
type injRoute struct {
	path   string         // the request path
	base   string         // a valid query the payloads are merged into
	keys   []string       // the parameters it reads
	kind   string         // what it answers: "html", "svg", "csv", "json" or "text"
	target string         // HX-Target of its results fragment; "" when it has none
	lists  map[string]int // per-token or per-row lists and their length in base
	shows  []string       // keys whose printable payloads the answer must show as text; "key[]" only as a list element
	sample bool           // text keys get a third of the other payloads, not all: the route shares its decoder with one that gets all
}

// injPlayKeys are what every view built on the playground's scenario reads.
func injPlayKeys(own ...string) []string {
	keys := slices.Concat(injScenarioKeys, []string{"lang"}, page.ViewKeys, own)
	return append(keys, injUnknownName, injUnknownValue)
}

// injRoutes are every GET route but the lessons and the QR code (tested on
// their own below), each with the parameters it reads.
func injRoutes() []injRoute {
	seed, _ := scenario.Preset("seed-a")
	b, _ := batch.Preset(batch.DefaultPreset)
	n := seed.Len()
	playLists := map[string]int{"mask": n, "score": n, "old": n, "ref": n, "V": n, "r": n, "tok": n}
	updateLists := map[string]int{"vp": n, "lp": n}
	maps := func(ms ...map[string]int) map[string]int {
		out := map[string]int{}
		for _, m := range ms {
			for k, v := range m {
				out[k] = v
			}
		}
		return out
	}
	const base = "v=1&p=seed-a"
	texts := []string{"tok", "toks"}
	routes := []injRoute{
		{path: "/", base: base, sample: true, keys: injPlayKeys(), kind: "html", lists: playLists, shows: []string{"tok", "toks", "prompt", injUnknownName}},
		{path: "/play", base: base, keys: injPlayKeys(), kind: "html", target: "results", lists: playLists, shows: []string{"tok", "toks", "prompt", injUnknownName}},
		{path: "/play/table.csv", base: base, keys: injPlayKeys(), kind: "csv", lists: playLists},
		{path: "/play/table.json", base: base, keys: injPlayKeys(), kind: "json", lists: playLists},
		{path: "/compare/versions", base: base, sample: true, keys: injPlayKeys(compare.VersionsKeys...), kind: "html", target: "compare-results", lists: playLists, shows: texts},
		{path: "/compare/bugs", base: base, sample: true, keys: injPlayKeys(compare.BugsKeys...), kind: "html", target: "compare-results", lists: playLists, shows: texts},
		{path: "/compare/lambda", base: base, sample: true, keys: injPlayKeys(compare.LambdaKeys...), kind: "html", lists: playLists, shows: texts},
		{path: "/compare/estimators", base: base, sample: true, keys: injPlayKeys(), kind: "html", lists: playLists, shows: texts},
		{path: "/update/critic", base: base, sample: true, keys: injPlayKeys(update.CriticKeys...), kind: "html", target: "update-results", lists: maps(playLists, updateLists), shows: texts},
		{path: "/update/actor", base: base, sample: true, keys: injPlayKeys(update.ActorKeys...), kind: "html", target: "update-results", lists: maps(playLists, updateLists), shows: texts},
		{path: "/update/actor/objective.svg", base: base, sample: true, keys: injPlayKeys(update.ActorKeys...), kind: "svg", lists: maps(playLists, updateLists)},
		{path: "/update/critic/chart/band.svg", base: base, sample: true, keys: injPlayKeys(update.CriticKeys...), kind: "svg", lists: maps(playLists, updateLists)},
		{path: "/update/critic/chart/errors.svg", base: base, sample: true, keys: injPlayKeys(update.CriticKeys...), kind: "svg", lists: maps(playLists, updateLists)},
		{path: "/batch", base: "v=1&p=" + batch.DefaultPreset, keys: slices.Concat(injBatchKeys, play.BatchPageKeys, []string{injUnknownName, injUnknownValue}),
			kind: "html", target: "batch-results", shows: []string{"prompt", "tok0", "toks0", "tok3", "toks3", "group[]", injUnknownName},
			lists: map[string]int{"score": b.Len(), "group": b.Len(), "b": b.Len(), "mask0": len(b.Rows[0].Tokens), "V0": len(b.Rows[0].Tokens),
				"tok0": len(b.Rows[0].Tokens), "mask3": len(b.Rows[3].Tokens), "V3": len(b.Rows[3].Tokens), "tok3": len(b.Rows[3].Tokens)}},
		{path: "/batch/chart.svg", base: "v=1&p=" + batch.DefaultPreset, keys: slices.Concat(injBatchKeys, play.BatchPageKeys, []string{injUnknownName, injUnknownValue}),
			kind: "svg", shows: []string{"tok0"}, lists: map[string]int{"tok0": len(b.Rows[0].Tokens), "group": b.Len()}},
		{path: "/lessons", keys: []string{"lang", "present", "theme", injUnknownName, injUnknownValue}, kind: "html"},
		{path: "/healthz", keys: []string{injUnknownName, injUnknownValue}, kind: "text"},
	}
	for _, name := range play.ChartNames {
		routes = append(routes, injRoute{path: "/play/chart/" + name + ".svg", base: base, sample: name != "values",
			keys: injPlayKeys(), kind: "svg", lists: playLists, shows: []string{"tok"}})
	}
	for _, name := range compare.LambdaChartNames() {
		shows := []string{"tok"}
		if name == "weights" { // its ticks are the n-step estimates, not tokens
			shows = nil
		}
		routes = append(routes, injRoute{path: "/compare/lambda/chart/" + name + ".svg", base: base, sample: true,
			keys: injPlayKeys(compare.LambdaKeys...), kind: "svg", lists: playLists, shows: shows})
	}
	const bugsBase = base + "&bug=eos-leak,per-seq-whiten&rows=2"
	routes = append(routes,
		injRoute{path: "/compare/estimators/chart.svg", base: base, sample: true, keys: injPlayKeys(), kind: "svg", lists: playLists, shows: []string{"tok"}},
		injRoute{path: "/compare/versions/chart.svg", base: base, sample: true, keys: injPlayKeys(compare.VersionsKeys...), kind: "svg", lists: playLists, shows: []string{"tok"}},
		injRoute{path: "/compare/bugs/chart/eos-leak-0.svg", base: bugsBase, sample: true, keys: injPlayKeys(compare.BugsKeys...), kind: "svg", lists: playLists, shows: []string{"tok"}},
		injRoute{path: "/compare/bugs/chart/per-seq-whiten-1.svg", base: bugsBase, sample: true, keys: injPlayKeys(compare.BugsKeys...), kind: "svg", lists: playLists})
	return routes
}

// payloads are what the i-th parameter of route r gets: every payload for
// text (a third of them on a sampled route), else the core ones and, on a
// route that is not sampled, one other, chosen by the parameter's place so
// that every payload reaches several parameters.
func (r injRoute) payloads(key string, i int) []string {
	switch {
	case injIsText(key) && !r.sample:
		return injAll
	case injIsText(key):
		out := slices.Clone(injCore)
		for j, p := range injMore {
			if j%3 == i%3 {
				out = append(out, p)
			}
		}
		return out
	case r.sample:
		return injCore
	}
	return append(slices.Clone(injCore), injMore[i%len(injMore)])
}

// shown reports whether route r must show the payload of request q as text.
func (r injRoute) shown(q injRequest) bool {
	return slices.Contains(r.shows, q.key) || q.element && slices.Contains(r.shows, q.key+"[]")
}

// injRequest is one query of the matrix.
type injRequest struct {
	key, payload, query string
	element             bool // the payload is one element of a list of the right length
}

// injRequests are the queries that put payload p into key on r: alone, and
// for a list also as its second element (one parameter per element, as the
// form sends it; for lists of text, with the core and the short payloads).
func injRequests(r injRoute, key, p string) []injRequest {
	switch key {
	case injUnknownName:
		return []injRequest{{key: key, payload: p, query: injQuery(r.base, p, "1")}}
	case injUnknownValue:
		return []injRequest{{key: key, payload: p, query: injQuery(r.base, "zz", p)}}
	}
	reqs := []injRequest{{key: key, payload: p, query: injQuery(r.base, key, p)}}
	if n := r.lists[key]; n >= 2 && (!injIsText(key) || slices.Contains(injCore, p) || p == injShort) {
		items := make([]string, n)
		for i := range items {
			items[i] = "0"
			if strings.HasPrefix(key, "mask") {
				items[i] = "1"
			}
		}
		items[1] = p
		reqs = append(reqs, injRequest{key: key, payload: p, query: injQuery(r.base, key, items...), element: true})
	}
	return reqs
}

// injCheck checks the answer of route r to a request that carried payload p:
// the checks of its content type, and that the payload is not in it as
// markup; a page or chart that must show p shows it as text.
func injCheck(t *testing.T, r injRoute, where string, rec *httptest.ResponseRecorder, p string, show bool) {
	t.Helper()
	ct := rec.Header().Get("Content-Type")
	mediaType, _, _ := strings.Cut(ct, ";")
	kind := map[string]string{
		"text/html": "html", "image/svg+xml": "svg", "text/csv": "csv", "application/json": "json", "text/plain": "text",
	}[mediaType]
	switch {
	case kind == "":
		t.Errorf("%s: unexpected Content-Type %q", where, ct)
		return
	case kind != r.kind && !((kind == "text" || kind == "html") && rec.Code >= 400): // an error: plain text, or the error page
		t.Errorf("%s: Content-Type %q (status %d), want the route's %s", where, ct, rec.Code, r.kind)
	}
	body := rec.Body.Bytes()
	show = show && injPrintable(p)
	switch kind {
	case "html":
		doc := injCheckHTML(t, where, string(body))
		if injMarkup(string(body), p) {
			t.Errorf("%s: the payload is in the page as markup", where)
		}
		if show && !injShownHTML(doc, p) {
			t.Errorf("%s: the page does not show the payload as text", where)
		}
	case "svg":
		text := injCheckSVG(t, where, body)
		if injMarkup(string(body), p) {
			t.Errorf("%s: the payload is in the SVG as markup", where)
		}
		if show && !text.shows(p) {
			t.Errorf("%s: no <title>, <desc> or <text> shows the payload; text: %q", where, text)
		}
	case "csv":
		injCheckCSV(t, where, body)
	case "json":
		injCheckJSON(t, where, body)
	case "text":
		if r.path == "/healthz" {
			if string(body) != "ok" {
				t.Errorf("%s: body %q, want ok", where, body)
			}
			return
		}
		injCheckPlain(t, where, rec)
	}
}

// injCheckHTMX sends a request as htmx does, for the results fragment
// (target) and for the page's main element, and checks the fragments and
// the URL htmx will put in the address bar.
func injCheckHTMX(t *testing.T, r injRoute, target, where, p string) (requests int) {
	t.Helper()
	h := Routes()
	hxs := [][]string{{"HX-Request", "true", "HX-Target", r.target}}
	if p == injCore[0] { // the whole main element, as a boosted link swaps it
		hxs = append(hxs, []string{"HX-Request", "true", "HX-Target", "main", "HX-Boosted", "true"})
	}
	for _, hx := range hxs {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		for i := 0; i+1 < len(hx); i += 2 {
			req.Header.Set(hx[i], hx[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		w := where + " [htmx " + hx[3] + "]"
		if rec.Code != http.StatusOK {
			t.Errorf("%s: status %d, want 200", w, rec.Code)
			continue
		}
		for _, name := range []string{"HX-Push-Url", "HX-Replace-Url", "HX-Redirect", "HX-Location"} {
			if v := rec.Header().Get(name); v != "" {
				if err := injSiteLink(v); err != nil {
					t.Errorf("%s: %s %q: %v", w, name, v, err)
				}
			}
		}
		injCheck(t, r, w, rec, p, false)
	}
	return len(hxs)
}

// TestInjectionRoutes puts every payload meant for a parameter into every
// parameter of every route (alone and as one element of a list) and checks
// each answer, the pages also as htmx fragments with the core payloads.
func TestInjectionRoutes(t *testing.T) {
	h := Routes()
	total := 0
	for _, r := range injRoutes() {
		name := strings.TrimPrefix(r.path, "/")
		if name == "" {
			name = "home"
		}
		t.Run(name, func(t *testing.T) {
			requests := 0
			for i, key := range r.keys {
				for _, p := range r.payloads(key, i) {
					for _, q := range injRequests(r, key, p) {
						target := r.path + "?" + q.query
						rec, final := injFetch(t, h, target)
						where := fmt.Sprintf("GET %s (%s=%q, as element %v)", final, key, p, q.element)
						injCheck(t, r, where, rec, p, r.shown(q))
						requests++
						if r.target != "" && slices.Contains(injCore, p) {
							requests += injCheckHTMX(t, r, target, where, p)
						}
					}
				}
			}
			t.Logf("%s: %d parameters, %d requests", r.path, len(r.keys), requests)
			total += requests
		})
	}
	t.Logf("%d requests in all", total)
}

// TestInjectionTokenTextExact checks where the token table shows a token:
// its header cell holds the payload exactly, as one text node, and the
// playground's prompt field holds the prompt exactly.
func TestInjectionTokenTextExact(t *testing.T) {
	h := Routes()
	for _, path := range []string{"/play", "/compare/versions", "/update/critic", "/update/actor"} {
		for _, p := range injAll {
			if !injPrintable(p) {
				continue
			}
			q := "v=1&p=seed-a&" + injQuery("", "tok", p, "b", "c") + "&" + injQuery("", "prompt", p)
			rec, final := injFetch(t, h, path+"?"+q)
			doc := injCheckHTML(t, "GET "+final, rec.Body.String())
			cells := doc.Find(`thead th[data-t="0"] .t-text`)
			if cells.Length() == 0 {
				t.Errorf("GET %s: no header cell of token 0", final)
			}
			cells.Each(func(_ int, cell *goquery.Selection) {
				if cell.Children().Length() != 0 || cell.Text() != p {
					t.Errorf("GET %s: token 0's header shows %q (%d elements inside), want the text %q", final, cell.Text(), cell.Children().Length(), p)
				}
			})
			if path != "/play" {
				continue
			}
			if v, _ := doc.Find("input#prompt").Attr("value"); v != p {
				t.Errorf("GET %s: the prompt field holds %q, want %q", final, v, p)
			}
		}
	}
}

// injLessonRoutes are the lessons routes of every English lesson: each
// block as htmx fetches it alone, with every parameter it reads
// (w<i>-<control> for scenario block i's controls, predict-<n> and
// predict-<n>-reveal for predict block n), and the page, with the view's
// parameters and those of its first block of each kind (the page renders
// every block with the same code as the block's own route). The first
// lesson with a number to predict gets every payload in its answer; the
// others a sample.
func injLessonRoutes() []injRoute {
	view := []string{"lang", "present", "theme", injUnknownName, injUnknownValue}
	var routes []injRoute
	full := true
	for _, l := range lessons.Embedded().Lessons("en") {
		page := injRoute{path: "/lessons/" + l.Slug, keys: slices.Clone(view), kind: "html", sample: !full}
		widgets, onPage := 0, map[string]bool{}
		for _, p := range l.Parts {
			var part injRoute
			kind := "widget"
			switch {
			case p.Scenario != nil:
				part = injRoute{path: fmt.Sprintf("/lessons/%s/widget/%s", l.Slug, p.Scenario.ID), kind: "html", sample: true}
				for _, c := range p.Scenario.Controls {
					part.keys = append(part.keys, p.Scenario.ID+"-"+c)
				}
				widgets++
			case p.Predict != nil:
				kind = "predict"
				id := "predict-" + p.Predict.ID
				part = injRoute{path: fmt.Sprintf("/lessons/%s/predict/%s", l.Slug, p.Predict.ID), kind: "html", sample: !full,
					keys: []string{id, id + "-reveal"}}
				if p.Predict.Kind == "number" { // a sign is a radio button: the answer is not echoed
					part.shows = []string{id}
					page.shows = append(page.shows, id)
				}
			default:
				continue
			}
			if !onPage[kind] {
				onPage[kind] = true
				page.keys = append(page.keys, part.keys...)
			}
			part.keys = append(part.keys, "lang", "present", "theme")
			routes = append(routes, part)
		}
		if len(page.shows) > 0 {
			full = false
		}
		routes = append(routes, page)
	}
	return routes
}

// injLessonPage is the route of the first lesson's page.
func injLessonPage() injRoute {
	for _, r := range injLessonRoutes() {
		if strings.Count(r.path, "/") == 2 {
			return r
		}
	}
	panic("no lesson page")
}

// TestInjectionLessons puts the payloads into every parameter of every
// lesson page and of every block fetched alone.
func TestInjectionLessons(t *testing.T) {
	h := Routes()
	routes := injLessonRoutes()
	if len(routes) < 20 {
		t.Fatalf("%d lesson routes: the course did not load", len(routes))
	}
	total, keys := 0, 0
	for _, r := range routes {
		for i, key := range r.keys {
			for _, p := range r.payloads(key, i) {
				q := injRequest{key: key, payload: p, query: injQuery("", key, p)}
				target := r.path + "?" + q.query
				rec, final := injFetch(t, h, target)
				if rec.Code != http.StatusOK {
					t.Errorf("GET %s: status %d, want 200", final, rec.Code)
				}
				injCheck(t, r, fmt.Sprintf("GET %s (%s=%q)", final, key, p), rec, p, r.shown(q))
				total++
			}
		}
		keys += len(r.keys)
	}
	t.Logf("%d lesson routes, %d route×parameter pairs, %d requests", len(routes), keys, total)
}

// TestInjectionPathSegments puts the payloads into the path segments the
// router matches ({slug}, {kind}, {i}, {name}) and into paths no route has:
// the answer is a 404 (or, for a payload that names a real block, the block)
// and never markup.
func TestInjectionPathSegments(t *testing.T) {
	h := Routes()
	paths := []struct{ pattern, kind string }{
		{"/lessons/%s", "html"}, {"/lessons/%s/widget/0", "html"}, {"/lessons/gae/%s/0", "html"},
		{"/lessons/gae/widget/%s", "html"}, {"/lessons/gae/predict/%s", "html"},
		{"/play/chart/%s.svg", "svg"}, {"/compare/lambda/chart/%s.svg", "svg"}, {"/compare/bugs/chart/%s.svg", "svg"},
		{"/static/%s", "text"}, {"/%s", "text"}, {"/play/%s", "text"},
	}
	total := 0
	for _, path := range paths {
		r := injRoute{path: path.pattern, kind: path.kind}
		for _, p := range injAll {
			segments := []string{url.PathEscape(p)}
			if !strings.ContainsAny(p, "#?/%\\") && !strings.ContainsFunc(p, func(r rune) bool { return r <= ' ' || r >= 0x7f }) {
				segments = append(segments, p) // as a careless client sends it
			}
			for _, seg := range segments {
				target := fmt.Sprintf(path.pattern, seg)
				rec, final := injFetch(t, h, target)
				if rec.Code != http.StatusOK && rec.Code != http.StatusNotFound {
					t.Errorf("GET %s: status %d, want 404 (or 200 for a real block)", final, rec.Code)
				}
				injCheck(t, r, fmt.Sprintf("GET %s (segment %q)", final, p), rec, p, false)
				total++
			}
		}
	}
	t.Logf("%d path patterns, %d requests", len(paths), total)
}

// TestInjectionQR draws QR codes of hostile links: a link on this site is
// drawn and named in the SVG's <title> as text; anything else is refused
// with a plain-text 400.
func TestInjectionQR(t *testing.T) {
	h := Routes()
	r := injRoute{path: "/qr.svg", kind: "svg"}
	for _, p := range injAll {
		u := "/play?x=" + p
		rec, final := injFetch(t, h, "/qr.svg?u="+url.QueryEscape(u))
		where := fmt.Sprintf("GET %s (u=%q)", final, u)
		wantOK := utf8.ValidString(p) && !strings.ContainsFunc(p, func(r rune) bool { return r < 0x20 || r == 0x7f })
		switch {
		case wantOK && rec.Code != http.StatusOK:
			t.Errorf("%s: status %d, want 200", where, rec.Code)
		case !wantOK && rec.Code != http.StatusBadRequest:
			t.Errorf("%s: status %d, want 400 (a link has no control characters)", where, rec.Code)
		}
		injCheck(t, r, where, rec, p, false)
		if wantOK && !injCheckSVG(t, where, rec.Body.Bytes()).shows("http://example.com"+u) {
			t.Errorf("%s: the <title> does not name the link", where)
		}
		for _, bad := range []string{p, "//evil.example/" + p, `/\evil.example/` + p} {
			rec, final := injFetch(t, h, "/qr.svg?u="+url.QueryEscape(bad))
			if rec.Code != http.StatusBadRequest {
				t.Errorf("GET %s: status %d, want 400 for a link off this site", final, rec.Code)
			}
			injCheck(t, r, "GET "+final, rec, p, false)
		}
	}
	// The scheme comes from X-Forwarded-Proto, but only as http or https.
	for _, p := range injCore {
		rec, _ := injFetch(t, h, "/qr.svg?u=/play", "X-Forwarded-Proto", p)
		text := injCheckSVG(t, "X-Forwarded-Proto "+p, rec.Body.Bytes())
		if !text.shows("http://example.com/play") {
			t.Errorf("X-Forwarded-Proto %q: the code's link is not http://example.com/play: %q", p, text)
		}
	}
}

// TestInjectionRawQueries sends queries as a careless client writes them:
// unescaped markup, bad percent-escapes, semicolons, NUL and invalid UTF-8,
// and double escaping.
func TestInjectionRawQueries(t *testing.T) {
	raws := []string{
		`prompt=<script>alert(1)</script>`,
		`tok="><img/src=x/onerror=alert(1)>&tok=b`,
		`%zz=<script>alert(1)</script>&tok=%ff%fe`,
		`tok=a;prompt=<svg/onload=alert(1)>`,
		`<script>alert(1)</script>=<script>alert(1)</script>`,
		`tok=%00<script>alert(1)</script>&tok=%0d%0a=1`,
		`prompt=%253Cscript%253Ealert(1)%253C/script%253E`,
		`tok=javascript:alert(1)&tok0=javascript:alert(1)&u=javascript:alert(1)`,
	}
	h := Routes()
	routes := append(injRoutes(), injLessonPage(), injRoute{path: "/qr.svg", base: "u=/play", kind: "svg"})
	for _, r := range routes {
		for _, raw := range raws {
			target := r.path + "?" + raw
			if r.base != "" {
				target = r.path + "?" + r.base + "&" + raw
			}
			rec, final := injFetch(t, h, target)
			injCheck(t, r, fmt.Sprintf("GET %s (raw query)", final), rec, "<script>alert(1)</script>", false)
		}
	}
}

// TestInjectionHeaders puts the payloads into the request headers the
// pages read: Accept-Language, and htmx's HX-Target.
func TestInjectionHeaders(t *testing.T) {
	h := Routes()
	routes := append(injRoutes(), injLessonPage())
	for _, r := range routes {
		if r.kind != "html" {
			continue
		}
		for _, p := range injAll {
			if !injPrintable(p) || strings.Contains(p, "\t") {
				continue // not a valid header value
			}
			target := r.path + "?" + r.base
			for _, header := range [][]string{{"Accept-Language", p}, {"HX-Request", "true", "HX-Target", p}} {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, target, nil)
				for i := 0; i+1 < len(header); i += 2 {
					req.Header.Set(header[i], header[i+1])
				}
				h.ServeHTTP(rec, req)
				where := fmt.Sprintf("GET %s with %s: %q", target, header[len(header)-2], p)
				if rec.Code >= 500 {
					t.Errorf("%s: status %d", where, rec.Code)
				}
				if rec.Code < 300 || rec.Code >= 400 {
					injCheck(t, r, where, rec, p, false)
				}
			}
		}
	}
}

// TestInjectionTableCSV checks the CSV export's defusing: a token that
// starts like a formula (= + - @ TAB CR) is written as text, with an
// apostrophe before it and nothing else changed; every other cell is a
// plain number, negative ones included (-0.5 is a number, not a formula).
func TestInjectionTableCSV(t *testing.T) {
	h := Routes()
	r := injRoute{path: "/play/table.csv", kind: "csv"}
	negatives := 0
	for _, p := range injAll {
		q := "v=1&p=seed-a&" + injQuery("", "tok", p, "b", "c") + "&" + injQuery("", "prompt", p)
		rec, final := injFetch(t, h, r.path+"?"+q)
		where := fmt.Sprintf("GET %s (token %q)", final, p)
		injCheck(t, r, where, rec, p, false)
		if cd := rec.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") {
			t.Errorf("%s: Content-Disposition %q, want an attachment", where, cd)
		}
		recs := injCheckCSV(t, where, rec.Body.Bytes())
		if len(recs) != 4 || len(recs[0]) < 4 || recs[0][1] != "token" {
			t.Fatalf("%s: want a header and 3 tokens with a token column, got %q", where, recs)
		}
		want := strings.ToValidUTF8(p, "\uFFFD")
		if strings.ContainsRune(injFormulaStart, rune(want[0])) {
			want = "'" + want
		}
		if got := recs[1][1]; got != want {
			t.Errorf("%s: token cell %q, want %q", where, got, want)
		}
		for i, rec := range recs[1:] {
			for j, cell := range rec {
				if j == 1 {
					continue
				}
				if _, err := strconv.ParseFloat(cell, 64); err != nil {
					t.Errorf("%s: record %d, column %q: %q is not a plain number", where, i+1, recs[0][j], cell)
				}
				if strings.HasPrefix(cell, "-") {
					negatives++
				}
			}
		}
	}
	if negatives == 0 {
		t.Error("no negative number in any export: the test did not see how numbers starting with - are written")
	}
	// A token that is a number is text in the token column.
	rec, _ := injFetch(t, h, r.path+"?v=1&p=seed-a&tok=-0.5&tok=%2B1&tok=3")
	recs := injCheckCSV(t, "numeric tokens", rec.Body.Bytes())
	if len(recs) != 4 || recs[1][1] != "'-0.5" || recs[2][1] != "'+1" || recs[3][1] != "3" {
		t.Errorf("numeric tokens: token cells %q, want '-0.5, '+1 and 3", recs)
	}
}

// TestInjectionTableJSON checks the JSON export: valid JSON whose strings
// carry the payload exactly, with <, > and & escaped; its link is a link on
// this site that gives the payload back.
func TestInjectionTableJSON(t *testing.T) {
	h := Routes()
	r := injRoute{path: "/play/table.json", kind: "json"}
	for _, p := range injAll {
		q := "v=1&p=seed-a&" + injQuery("", "tok", p, "b", "c") + "&" + injQuery("", "prompt", p)
		rec, final := injFetch(t, h, r.path+"?"+q)
		where := fmt.Sprintf("GET %s (%q)", final, p)
		injCheck(t, r, where, rec, p, false)
		if cd := rec.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") {
			t.Errorf("%s: Content-Disposition %q, want an attachment", where, cd)
		}
		if strings.Contains(p, "<") && !strings.Contains(rec.Body.String(), `\u003c`) {
			t.Errorf("%s: < is not written as \\u003c", where)
		}
		var ex struct {
			Link   string   `json:"link"`
			Tokens []string `json:"tokens"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &ex); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		want := strings.ToValidUTF8(p, "\uFFFD")
		if len(ex.Tokens) != 3 || ex.Tokens[0] != want {
			t.Errorf("%s: tokens %q, want %q first", where, ex.Tokens, want)
		}
		if err := injSiteLink(injASCII(ex.Link)); err != nil { // links keep CJK readable; browsers encode it
			t.Errorf("%s: link %q: %v", where, ex.Link, err)
			continue
		}
		_, query, _ := strings.Cut(ex.Link, "?")
		back, err := url.ParseQuery(query)
		if err != nil || back.Get("prompt") != want || back["tok"][0] != want {
			t.Errorf("%s: link %q does not give the prompt and token back (%v)", where, ex.Link, err)
		}
	}
}

// TestInjectionKeysAreRead proves the parameter lists of the matrix are
// what the codecs read: none of them is reported as unknown, and a name
// they do not read is.
func TestInjectionKeysAreRead(t *testing.T) {
	unknown := func(rep scenario.Report, key string) bool {
		return slices.ContainsFunc(rep.Warnings, func(p scenario.Problem) bool {
			return p.Key == "warn.unknown_param" && len(p.Args) > 0 && p.Args[0] == key
		})
	}
	for _, key := range injScenarioKeys {
		if _, rep := scenario.Decode(url.Values{key: {"x"}}); unknown(rep, key) {
			t.Errorf("scenario.Decode does not read %q", key)
		}
	}
	if _, rep := scenario.Decode(url.Values{"zz": {"x"}}); !unknown(rep, "zz") {
		t.Error("scenario.Decode reads zz: the check above cannot fail")
	}
	for _, key := range injBatchKeys {
		if _, rep := batch.Decode(url.Values{key: {"x"}}); unknown(rep, key) {
			t.Errorf("batch.Decode does not read %q", key)
		}
	}
	if _, rep := batch.Decode(url.Values{"tok9": {"x"}}); !unknown(rep, "tok9") {
		t.Error("batch.Decode reads tok9 of a 4-row batch: the check above cannot fail")
	}
}
