package compare_test

import (
	"gaelab/web/webtest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestCompareUpgrade: /compare/versions with from= and to= compares two
// releases cell by cell; each differing cell names the change that explains
// it, and every change between the releases is listed with a link to its PR.
func TestCompareUpgrade(t *testing.T) {
	doc := webtest.Page(t, "/compare/versions?v=1&p=multi-turn&from=v0.4.1&to=v0.9.0")
	diff := doc.Find(`[data-testid="compare-results"] td.differs, #compare-results td.differs`)
	if diff.Length() == 0 {
		t.Fatal("no differing cell between v0.4.1 and v0.9.0 on multi-turn (the mask-aware GAE of #2337 must show)")
	}
	found := false
	diff.Each(func(_ int, s *goquery.Selection) {
		if s.Find(`a[href="#change-gae-mask-aware"]`).Length() > 0 {
			found = true
		}
	})
	if !found {
		t.Error("no differing cell links the mask-aware GAE change")
	}
	for _, pr := range []string{"2337", "3915", "7197", "7300"} {
		if doc.Find(`a[href="https://github.com/verl-project/verl/issues/`+pr+`"]`).Length() == 0 {
			t.Errorf("the change list has no link to verl#%s", pr)
		}
	}
	// One generation: nothing changes, and the page says why.
	doc = webtest.Page(t, "/compare/versions?v=1&p=multi-turn&from=v0.2&to=v0.2.0.post2&lang=zh")
	if doc.Find("td.differs").Length() != 0 || !strings.Contains(doc.Text(), "v0.2–v0.2.0.post2") {
		t.Error("v0.2 → v0.2.0.post2 should change nothing and name the generation's range")
	}
	// newest is written as the concrete tag.
	rec := webtest.Get(t, "/compare/versions?v=1&p=seed-b&from=v0.2&to=newest")
	if loc := rec.Header().Get("Location"); rec.Code != 303 || !strings.Contains(loc, "to=v0.9.0") {
		t.Errorf("to=newest: %d %q, want a redirect to to=v0.9.0", rec.Code, loc)
	}
	// A bad tag is reported at its field, not a 500.
	rec = webtest.Get(t, "/compare/versions?v=1&p=seed-b&from=v0.1&to=v0.9.0")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "v0.1") {
		t.Errorf("from=v0.1: status %d", rec.Code)
	}
}

// TestUpdateActorV02Extreme: at an extreme log-ratio verl v0.2 (float32, no
// clamp) returns inf or NaN, and the page says so; below 88.72 it computes
// a finite loss, and the page shows it.
func TestUpdateActorV02Extreme(t *testing.T) {
	doc := webtest.Page(t, "/update/actor?v=1&p=seed-b&lp=100,100,100,100,100,100")
	el := doc.Find(`[data-testid="metric-early"], #metric-early, [data-metric="early"]`)
	text := doc.Find("main").Text()
	if !strings.Contains(text, "returns +inf here") && !strings.Contains(text, "returns -inf here") && !strings.Contains(text, "returns nan here") {
		t.Errorf("log-ratio 100: the page does not say what verl v0.2 returns (%d metric elements)", el.Length())
	}
	doc = webtest.Page(t, "/update/actor?v=1&p=seed-b&lp=50,50,50,50,50,50")
	if text := doc.Find("main").Text(); strings.Contains(text, "inf here") || strings.Contains(text, "overflows: v0.2") {
		t.Error("log-ratio 50: verl v0.2 computes a finite loss in float32, the page must show it")
	}
}

// TestBatchEditNotice: a v=1 batch on v0.2's GAE shows newest verl's
// estimators; editing makes it v0.2 throughout, and a notice says which
// numbers that changes. A v=1 newest batch changes nothing and has none.
func TestBatchEditNotice(t *testing.T) {
	doc := webtest.Page(t, "/batch?v=1&p=grpo-4&ver=v0.2")
	if !strings.Contains(doc.Find("main").Text(), "v=3 link naming the whole release v0.2") {
		t.Error("a v=1 v0.2 batch has no notice that editing changes the estimators")
	}
	doc = webtest.Page(t, "/batch?v=1&p=grpo-4")
	if strings.Contains(doc.Find("main").Text(), "v=3 link naming") {
		t.Error("a v=1 newest batch shows a notice, but editing changes no number")
	}
}
