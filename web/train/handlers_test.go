package train_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/webtest"
)

// TestTrainPage: a link is a page with a chart per metric, the batch and
// the heat maps; its frame answers an htmx tick alone, with its link.
func TestTrainPage(t *testing.T) {
	doc := webtest.Page(t, "/train?v=1&p=healthy&it=3&lang=en")
	if n := doc.Find(`[data-testid="train-charts"] svg`).Length(); n != 1 {
		t.Errorf("the dashboard is %d pictures, want one small-multiples SVG", n)
	}
	if n := doc.Find(`[data-testid="train-charts"] svg g.gae-steps-panel[data-metric]`).Length(); n < 15 {
		t.Errorf("%d panels, want every metric (≥ 15)", n)
	}
	if doc.Find(`[data-metric="critic/score/mean"] .current[data-step="3"]`).Length() != 1 {
		t.Error("critic/score/mean's chart does not mark iteration 3")
	}
	if got := doc.Find(`[data-testid="train-status"]`).Text(); !strings.Contains(got, "Iteration 3 of 50") {
		t.Errorf("status = %q", got)
	}
	if href, _ := doc.Find(`[data-testid="train-next"]`).Attr("href"); href != "/train?v=1&p=healthy&it=4&lang=en" {
		t.Errorf("Next = %q", href)
	}
	if doc.Find(`[data-testid="train-batch"] tbody tr`).Length() != 8 || doc.Find(`[data-testid^="train-heat-"]`).Length() != 2 {
		t.Error("want 8 token rows and two heat maps")
	}
	if doc.Find(`nav#site-nav a[href^="/train"][aria-current="page"]`).Length() != 1 {
		t.Error("the nav has no current /train entry")
	}

	rec := webtest.Get(t, "/train?v=1&p=healthy&it=4&lang=zh", "HX-Request", "true", "HX-Target", "train-frame", "GAE-History", "push")
	body := rec.Body.String()
	if rec.Code != 200 || !strings.HasPrefix(strings.TrimSpace(body), `<div id="train-frame"`) || strings.Contains(body, "<html") {
		t.Fatalf("tick: %d, %.80q", rec.Code, body)
	}
	if got := rec.Header().Get("HX-Push-Url"); got != "/train?v=1&p=healthy&it=4&lang=zh" {
		t.Errorf("HX-Push-Url = %q", got)
	}
	if !strings.Contains(body, "第 4 次迭代") {
		t.Error("the zh tick is not in Chinese")
	}
}

// TestTrainBadLinks: every bad value is a 400 naming its field in the learner's language.
func TestTrainBadLinks(t *testing.T) {
	for _, c := range []struct{ link, field string }{
		{"/train?v=2", "v"}, {"/train?p=nope", "p"}, {"/train?it=50", "it"}, {"/train?it=-1", "it"},
		{"/train?lam=2", "lam"}, {"/train?lam=NaN", "lam"}, {"/train?steps=101", "steps"}, {"/train?ppo_epochs=1.5", "ppo_epochs"}, {"/train?ppo_epochs=16&steps=100", "ppo_epochs"},
		{"/train?foo=1", "foo"}, {"/train?it=1&it=2", "it"}, {"/train/curves.csv?clip_ratio=1", "clip_ratio"},
		{"/train/config.yaml?init_scale=1", "init_scale"},
	} {
		for _, lang := range []string{"en", "zh"} {
			rec := webtest.Get(t, c.link+sep(c.link)+"lang="+lang)
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), c.field) {
				t.Errorf("%s (%s): %d %q, want 400 naming %s", c.link, lang, rec.Code, rec.Body.String(), c.field)
			}
			if lang == "zh" && !strings.Contains(rec.Body.String(), "链接") && !strings.Contains(rec.Body.String(), "verl") {
				t.Errorf("%s: not in Chinese: %q", c.link, rec.Body.String())
			}
		}
	}
}

func sep(link string) string {
	if strings.Contains(link, "?") {
		return "&"
	}
	return "?"
}

// TestTrainCanonical: a link without v= or it= is redirected to its canonical form.
func TestTrainCanonical(t *testing.T) {
	rec := webtest.Get(t, "/train?p=lambda&lam=0.5")
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/train?v=1&p=lambda&it=0&lam=0.5" {
		t.Errorf("%d → %q", rec.Code, rec.Header().Get("Location"))
	}
}

// TestTrainTickIsLight: what a Play tick swaps stays small, for the
// browser to parse and paint: the frame's bytes and the dashboard's SVG
// elements under a bound, for the healthy run (one curve a panel) and the
// λ comparison at its last iteration (two, every point drawn). Drawn
// panel by panel with a legend, markers, a <desc> and an axis title each,
// these were 91 KB / 943 elements and 120 KB / 1,073.
func TestTrainTickIsLight(t *testing.T) {
	for _, c := range []struct {
		link            string
		bytes, elements int
	}{{"/train?v=1&p=healthy&it=30&lang=en", 72_000, 600}, {"/train?v=1&p=lambda&it=49&lang=zh", 90_000, 640}} {
		rec := webtest.Get(t, c.link, "HX-Request", "true", "HX-Target", "train-frame")
		body := rec.Body.String()
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
		if rec.Code != 200 || err != nil {
			t.Fatalf("%s: %d, %v", c.link, rec.Code, err)
		}
		svg := doc.Find(`#train-frame [data-testid="train-charts"] svg`)
		els := svg.Find("*").Length() + svg.Length()
		if svg.Length() != 1 || svg.Find("g.gae-steps-panel").Length() < 15 {
			t.Fatalf("%s: %d dashboards, want one of ≥ 15 panels", c.link, svg.Length())
		}
		t.Logf("%s: frame %d bytes, dashboard %d SVG elements", c.link, len(body), els)
		if len(body) > c.bytes || els > c.elements {
			t.Errorf("%s: the tick swaps %d bytes and %d SVG elements, want at most %d and %d", c.link, len(body), els, c.bytes, c.elements)
		}
	}
}
