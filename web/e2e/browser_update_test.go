package e2e

// Browser tests of the update views (/update/actor, /update/critic) in
// Debian's chromium. Run them with: go test ./web/e2e -run BrowserUpdate

import (
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/engine"
	"gaelab/web/page"
)

// actorEditedLink is seed B with log_prob −0.1 at t = 0 (old −0.4): the
// canonical link after the edit.
const actorEditedLink = "/update/actor?v=3&p=seed-b&ver=v0.9.0&lp=-0.1,-0.3,-0.6,-0.8,-0.2,-0.25&lang=en"

// actorEditedRatio is the engine's ratio at t = 0 after the edit, as the
// table formats it.
func actorEditedRatio(t *testing.T) string {
	t.Helper()
	lp, old := []float64{-0.1, -0.3, -0.6, -0.8, -0.2, -0.25}, []float64{-0.4, -0.3, -0.6, -0.8, -0.2, -0.25}
	pt, err := engine.PolicyLossTerms(engine.V1Newest, [][]float64{lp}, [][]float64{old}, [][]float64{make([]float64, 6)}, engine.ClipParams{Low: 0.2, High: 0.2, C: 3})
	if err != nil {
		t.Fatal(err)
	}
	return page.Num(pt.Ratio[0][0])
}

// actorEditedJS reports what still differs from the state after the edit:
// the ratio at t = 0, the objective chart and the address bar.
const actorEditedJS = `(sel, want, chartBefore, search) => {
	const wrong = [];
	const cell = document.querySelector(sel);
	const got = cell ? cell.textContent.trim() : "(no cell)";
	if (got !== want) wrong.push("ratio t=0 shows " + got + ", want " + want);
	const svg = document.querySelector("#chart-objective svg");
	if (!svg) wrong.push("no objective chart");
	else if (svg.outerHTML === chartBefore) wrong.push("the objective chart has not changed");
	else if (!svg.querySelector('path.token[data-t="0"]')) wrong.push("token 0 is not on the chart");
	if (location.search !== search) wrong.push("location.search is " + location.search + ", want " + search);
	return wrong.join("; ");
}`

// Typing one log-prob recomputes the ratio cell and the objective chart in
// place and puts the canonical link in the address bar.
func TestBrowserUpdateActorEditLogProb(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/update/actor?v=1&p=seed-b")
	if got := tb.cellText("ratio", 0); got != "1.0000" {
		t.Fatalf("before the edit the ratio at t=0 is %q, want 1.0000", got)
	}
	want := actorEditedRatio(t)
	chartBefore := eval[string](tb, `document.querySelector("#chart-objective svg").outerHTML`)

	field := chromedp.CSS(`[id="lp.0"]`)
	tb.do("type log_prob −0.1 at t = 0", chromedp.Clear(field), chromedp.SendKeys(field, "-0.1"))
	tb.until("after the edit the ratio cell, the chart and the address bar follow",
		actorEditedJS, cellSel("ratio", 0), want, chartBefore, "?v=3&p=seed-b&ver=v0.9.0&lp=-0.1,-0.3,-0.6,-0.8,-0.2,-0.25&lang=en") // an edit makes a v=3 link

	// A bad value is reported in the error summary, linked to its field,
	// and the results fall back to the default; the page keeps working.
	eval[string](tb, `document.getElementById("lp.0").value = ""`) // Clear resets the attribute, not what was typed
	tb.do("type a bad log-prob", chromedp.SendKeys(field, "abc"))
	tb.until("the error summary names the field", `() => {
		const a = document.querySelector('[data-testid="form-errors"] li[data-field="lp.0"] a[href="#lp.0"]');
		if (!a) return "no error for lp.0 in the summary";
		if (!a.textContent.includes("«abc»")) return "the summary says " + a.textContent;
		return "";
	}`)
	if got := tb.cellText("ratio", 0); got != "1.0000" {
		t.Errorf("with a bad log-prob the ratio at t=0 is %q, want the default's 1.0000", got)
	}
}

// Without JavaScript the form submits a GET, the server redirects to the
// canonical link, and the page shows the edited ratio and chart.
func TestBrowserUpdateActorWithoutJavaScript(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.scriptsOff()
	tb.open("/update/actor?v=1&p=seed-b")
	if eval[bool](tb, `typeof window.htmx !== "undefined"`) {
		t.Fatal("htmx ran: JavaScript is not disabled")
	}
	chartBefore := eval[string](tb, `document.querySelector("#chart-objective svg").outerHTML`)
	field := chromedp.CSS(`[id="lp.0"]`)
	tb.do("type log_prob −0.1 at t = 0", chromedp.Clear(field), chromedp.SendKeys(field, "-0.1"))
	resp, err := chromedp.RunResponse(tb.ctx, chromedp.Click(chromedp.CSS("form#editor button.primary")))
	if err != nil {
		t.Fatalf("submit the form: %v", err)
	}
	if resp.Status != 200 || resp.URL != srv.URL+actorEditedLink {
		t.Errorf("the form lands on %s with status %d, want %s with 200", resp.URL, resp.Status, srv.URL+actorEditedLink)
	}
	if got := tb.cellText("ratio", 0); got != actorEditedRatio(t) {
		t.Errorf("ratio t=0 shows %q, want the engine's %q", got, actorEditedRatio(t))
	}
	if eval[string](tb, `document.querySelector("#chart-objective svg").outerHTML`) == chartBefore {
		t.Error("the objective chart has not changed")
	}
}

// The critic view recomputes in place too: one vpred moved past the clip
// range changes its clipped prediction.
func TestBrowserUpdateCriticEditVpred(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/update/critic?v=1&p=seed-b")
	if got := tb.cellText("vclip", 2); got != "0.3000" {
		t.Fatalf("before the edit vpredclipped at t=2 is %q, want 0.3000", got)
	}
	field := chromedp.CSS(`[id="vp.2"]`)
	tb.do("type vpred 0.9 at t = 2", chromedp.Clear(field), chromedp.SendKeys(field, "0.9"))
	tb.until("vpredclipped follows the edit and the address bar holds the link", `() => {
		const c = document.querySelector('[data-testid="token-table"] tr[data-row="vclip"] td:nth-child(4)');
		const got = c ? c.textContent.trim() : "(no cell)";
		if (got !== "0.8000") return "vpredclipped t=2 is " + got + ", want 0.8000 (values 0.3 + cliprange 0.5)";
		if (location.search !== "?v=3&p=seed-b&ver=v0.9.0&vp=0.2,0.25,0.9,0.35,0.45,0.6&lang=en") return "location.search is " + location.search;
		return "";
	}`)
}

// The update views pass axe-core in both languages, in the window and on a
// phone: a clipped state, a bad field, and the page without advantages.
func TestBrowserUpdateA11y(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, false,
		"/update/actor?v=1&p=seed-b&lp=-0.1,-0.3,-0.6,-0.8,-0.9,0.8&clip_high=0.28",
		"/update/actor?v=1&p=seed-b&c=1",
		"/update/actor?v=1&p=eos-padding&mask=1,0,0,0,0,0,0",
		"/update/critic?v=1&p=eos-padding&vp=0.9,0.25,0.3,0.9,0.45,0.6,0",
		"/update/critic?v=1&p=seed-b&theme=dark&cv=-1",
	)
}
