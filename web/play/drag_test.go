package play_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/scenario"
	"gaelab/web/webtest"
)

// The playground's inline charts carry one handle per V(s_t) and per valid
// token's score, with the value, its range and an accessible name from the
// catalog; the page loads edit.js and marks the table's input rows editable.
func TestPlayHandles(t *testing.T) {
	s, _ := scenario.Preset("seed-b")
	for _, c := range []struct{ lang, v3, score string }{{"en", "V(s{ₜ})", "score of token {t}"}, {"zh", "V(s{ₜ})", "token {t} 的得分"}} {
		doc := webtest.Page(t, "/play?v=1&p=seed-b&lang="+c.lang)
		vs := doc.Find(`#chart-values svg g.handles[data-field="V"] circle`)
		if vs.Length() != s.Len() {
			t.Fatalf("%s: %d V handles, want %d", c.lang, vs.Length(), s.Len())
		}
		vs.Each(func(i int, h *goquery.Selection) {
			if got, _ := h.Attr("data-t"); got != strconv.Itoa(i) {
				t.Errorf("%s: handle %d has data-t=%s", c.lang, i, got)
			}
			v, _ := strconv.ParseFloat(h.AttrOr("data-v", "x"), 64)
			if v != s.Tokens[i].Value {
				t.Errorf("%s: handle %d data-v=%v, want V(s_%d)=%v", c.lang, i, v, i, s.Tokens[i].Value)
			}
		})
		g := doc.Find(`#chart-values svg g.handles`)
		if got := g.AttrOr("data-name", ""); got != c.v3 || g.AttrOr("data-base", "") != "0" {
			t.Errorf("%s: V handles are named %q from %s, want %q from 0", c.lang, got, g.AttrOr("data-base", ""), c.v3)
		}
		if g.AttrOr("data-min", "") != "-5" || g.AttrOr("data-max", "") != "5" {
			t.Errorf("%s: V range [%s, %s], want [-5, 5]", c.lang, g.AttrOr("data-min", ""), g.AttrOr("data-max", ""))
		}
		if k, err := strconv.ParseFloat(g.AttrOr("data-k", ""), 64); err != nil || k <= 0 {
			t.Errorf("%s: data-k=%q, want px per unit > 0", c.lang, g.AttrOr("data-k", ""))
		}
		// Scores: only valid tokens' (seed-b's last token scores).
		sc := doc.Find(`#chart-rewards svg g.handles[data-field="score"]`)
		if n := sc.Find("circle").Length(); n != s.Len() || sc.AttrOr("data-name", "") != c.score {
			t.Errorf("%s: %d score handles named %q, want %d named %q", c.lang, n, sc.AttrOr("data-name", ""), s.Len(), c.score)
		}
		if doc.Find(`script[src^="/static/edit."]`).Length() != 1 {
			t.Errorf("%s: the page does not load edit.js", c.lang)
		}
		for row, field := range map[string]string{"value": "V", "score": "score"} {
			tr := doc.Find(`[data-testid="token-table"] tr[data-row="` + row + `"]`)
			if tr.AttrOr("data-edit", "") != field || !strings.Contains(tr.AttrOr("data-edit-label", ""), "{t}") {
				t.Errorf("%s: row %s data-edit=%q label=%q, want %q with {t}", c.lang, row, tr.AttrOr("data-edit", ""), tr.AttrOr("data-edit-label", ""), field)
			}
		}
		if doc.Find(`tr[data-row="adv"][data-edit]`).Length() != 0 {
			t.Errorf("%s: a computed row is editable", c.lang)
		}
	}
}

// Where the page cannot be edited, nothing is draggable, and the SVG export
// draws no handles.
func TestPlayHandlesOnlyWhereEditable(t *testing.T) {
	for _, q := range []string{"present=1", "lock=1", "hide=controls"} {
		doc := webtest.Page(t, "/play?v=1&p=seed-b&"+q)
		if n := doc.Find("svg .handles").Length(); n != 0 {
			t.Errorf("%s: %d handles", q, n)
		}
		if doc.Find(`script[src^="/static/edit."]`).Length() != 0 || doc.Find("tr[data-edit]").Length() != 0 {
			t.Errorf("%s: the page is editable in place", q)
		}
	}
	for _, name := range []string{"values", "rewards"} {
		rec := webtest.Get(t, "/play/chart/"+name+".svg?v=1&p=seed-b")
		if rec.Code != 200 || strings.Contains(rec.Body.String(), "handles") {
			t.Errorf("%s.svg: status %d, handles in the export: %v", name, rec.Code, strings.Contains(rec.Body.String(), "handles"))
		}
	}
	// Padding tokens' scores are not used: no handles on them.
	pad, _ := scenario.Preset("eos-padding")
	valid := 0
	for _, tok := range pad.Tokens {
		if tok.Kind == scenario.Valid {
			valid++
		}
	}
	if n := webtest.Page(t, "/play?v=1&p=eos-padding").Find(`g.handles[data-field="score"] circle`).Length(); n != valid || valid == pad.Len() {
		t.Errorf("eos-padding: %d score handles, want %d (valid tokens of %d)", n, valid, pad.Len())
	}
	// Typed rewards: no score bars, no score handles; the reward row is the input.
	doc := webtest.Page(t, "/play?v=1&p=seed-b&rw=1")
	if doc.Find(`g.handles[data-field="score"]`).Length() != 0 || doc.Find(`tr[data-row="reward"][data-edit="r"]`).Length() != 1 {
		t.Errorf("rw=1: score handles %d, editable reward rows %d", doc.Find(`g.handles[data-field="score"]`).Length(), doc.Find(`tr[data-row="reward"][data-edit="r"]`).Length())
	}
}

// The page's script chooses push or replace with GAE-History; without it,
// the old behaviour: an edit replaces, a boosted step pushes. A request htmx
// makes to restore history gets the whole page.
func TestPlayHistoryHeader(t *testing.T) {
	link := "/play?v=2&p=seed-b&lam=0.5"
	for _, c := range []struct {
		headers []string
		want    string
	}{
		{[]string{"HX-Target", "results"}, "HX-Replace-Url"},
		{[]string{"HX-Target", "results", "GAE-History", "push"}, "HX-Push-Url"},
		{[]string{"HX-Target", "results", "GAE-History", "replace"}, "HX-Replace-Url"},
		{[]string{"HX-Boosted", "true"}, "HX-Push-Url"},
		{[]string{"HX-Boosted", "true", "GAE-History", "replace"}, "HX-Replace-Url"},
		{[]string{"HX-Target", "results", "GAE-History", "bogus"}, "HX-Replace-Url"},
	} {
		rec := webtest.Get(t, link, append([]string{"HX-Request", "true"}, c.headers...)...)
		other := map[string]string{"HX-Push-Url": "HX-Replace-Url", "HX-Replace-Url": "HX-Push-Url"}[c.want]
		if rec.Code != 200 || rec.Header().Get(c.want) == "" || rec.Header().Get(other) != "" {
			t.Errorf("%v: status %d, %s=%q, %s=%q; want only %s", c.headers, rec.Code, c.want, rec.Header().Get(c.want), other, rec.Header().Get(other), c.want)
		}
	}
	canonical := webtest.Get(t, link, "HX-Request", "true", "HX-Target", "results").Header().Get("HX-Replace-Url")
	rec := webtest.Get(t, canonical, "HX-Request", "true", "HX-History-Restore-Request", "true")
	if body := rec.Body.String(); rec.Code != 200 || !strings.Contains(body, "<header") || !strings.Contains(body, "<!doctype html>") && !strings.Contains(body, "<!DOCTYPE html>") {
		t.Errorf("history restore: status %d, not the whole page", rec.Code)
	}
}

// An edit's answer carries the preset bar out of band: the edit leaves the
// preset, so its question hides and Reset appears.
func TestPlayUpdateCarriesPresetBar(t *testing.T) {
	rec := webtest.Get(t, "/play?v=2&p=seed-b&V=0.9,0.25,0.3,0.35,0.45,0.5", "HX-Request", "true", "HX-Target", "results")
	doc, err := goquery.NewDocumentFromReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	bar := doc.Find(`nav#presets[hx-swap-oob="true"]`)
	if bar.Length() != 1 || bar.Find(`[data-testid="reset"]`).Length() != 1 || bar.Find(`[data-testid="preset-question"]`).Length() != 0 {
		t.Errorf("the update's preset bar: %d bars, %d Reset, %d questions; want 1, 1, 0",
			bar.Length(), bar.Find(`[data-testid="reset"]`).Length(), bar.Find(`[data-testid="preset-question"]`).Length())
	}
	if got := webtest.Get(t, "/play?v=1&p=seed-b&present=1", "HX-Request", "true", "HX-Target", "results").Body.String(); strings.Contains(got, `id="presets"`) {
		t.Error("presentation mode's update carries a preset bar the page does not show")
	}
}
