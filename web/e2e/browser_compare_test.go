package e2e

// Browser tests of the comparison pages, in Debian's chromium (see
// browser_test.go): toggling a bug or a quantity recomputes the results in
// place with htmx and puts the canonical link in the address bar; without
// JavaScript the form's GET lands on the same canonical link.

import (
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/engine"
	"gaelab/web/page"
)

// bugStateJS reports what differs from the expected state of the bugs page:
// the sections shown (each with its chart), the address bar, and the
// buggy A_0 of the first section.
const bugStateJS = `(bugs, search, adv0) => {
	const wrong = [];
	const shown = Array.from(document.querySelectorAll("section.bug"), s => s.id.replace(/^bug-/, ""));
	if (shown.join(",") !== bugs.join(",")) wrong.push("sections " + shown.join(",") + ", want " + bugs.join(","));
	for (const b of bugs) {
		if (!document.querySelector("#bug-" + b + "-chart-0 svg[role=img]")) wrong.push("no chart for " + b);
	}
	if (location.search !== search) wrong.push("location.search is " + location.search + ", want " + search);
	if (adv0 !== "") {
		const td = document.querySelector('section.bug tr[data-row="adv"][data-series="buggy"] td .num');
		const got = td ? td.textContent.trim() : "(no cell)";
		if (got !== adv0) wrong.push("buggy A_0 shows " + got + ", want " + adv0);
	}
	return wrong.join("; ");
}`

// chartJS is the outerHTML of a section's chart, or "".
const chartJS = `(id) => { const s = document.querySelector("#" + id + "-chart-0 svg"); return s ? s.outerHTML : ""; }`

// buggyAdv0 is the engine's A_0 under bug on the v02-eos-leak preset, as
// the table formats it.
func buggyAdv0(t *testing.T, bug engine.Bug) string {
	t.Helper()
	res, err := engine.GAEWithBug(bug, bugBatch(t, "v=1&p=v02-eos-leak"))
	if err != nil {
		t.Fatal(err)
	}
	return page.Num(res.Advantages[0][0])
}

// Ticking a bug adds its section and chart in place and puts its canonical
// link in the address bar; ticking another adds a second; unticking the
// first removes it.
func TestBrowserCompareBugsToggle(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/compare/bugs?v=1&p=v02-eos-leak")
	tb.until("the page opens without a bug", bugStateJS, []string{}, "?v=1&p=v02-eos-leak", "")

	tb.do("tick eos-leak", chromedp.Click(chromedp.CSS("#bug-check-eos-leak")))
	tb.until("eos-leak appears beside the correct result", bugStateJS,
		[]string{"eos-leak"}, "?v=3&p=v02-eos-leak&ver=v0.2&bug=eos-leak&lang=en", buggyAdv0(t, engine.BugEOSLeak))
	leakChart := eval[string](tb, `(`+chartJS+`)("bug-eos-leak")`)

	tb.do("tick shift", chromedp.Click(chromedp.CSS("#bug-check-shift")))
	tb.until("shift appears after eos-leak", bugStateJS,
		[]string{"eos-leak", "shift"}, "?v=3&p=v02-eos-leak&ver=v0.2&bug=eos-leak,shift&lang=en", buggyAdv0(t, engine.BugEOSLeak))
	shiftChart := eval[string](tb, `(`+chartJS+`)("bug-shift")`)
	if shiftChart == "" || shiftChart == leakChart {
		t.Error("the shift chart is missing or the same as the eos-leak chart")
	}

	tb.do("untick eos-leak", chromedp.Click(chromedp.CSS("#bug-check-eos-leak")))
	tb.until("only shift is left", bugStateJS,
		[]string{"shift"}, "?v=3&p=v02-eos-leak&ver=v0.2&bug=shift&lang=en", buggyAdv0(t, engine.BugShift))
	if got := eval[string](tb, `(`+chartJS+`)("bug-eos-leak")`); got != "" {
		t.Error("the eos-leak chart is still there")
	}

	// The language switch follows the htmx edits: it leads to this state
	// in Chinese.
	tb.until("the language switch carries the state", `() => {
		const a = document.querySelector("a.lang-switch");
		const to = a && a.pathname === "/lang/zh" ? new URLSearchParams(a.search).get("to") : null;
		return to === "/compare/bugs?v=3&p=v02-eos-leak&ver=v0.2&bug=shift&lang=zh" ? "" : (a ? a.href : "no link");
	}`)
	tb.do("switch to Chinese", chromedp.Click(chromedp.CSS("a.lang-switch")))
	tb.until("the Chinese page shows the same state", bugStateJS, []string{"shift"}, "?v=3&p=v02-eos-leak&ver=v0.2&bug=shift&lang=zh", buggyAdv0(t, engine.BugShift))

	// The address bar's link, opened afresh, shows the same state.
	tb.open("/compare/bugs" + tb.search())
	tb.until("the link opens the same state", bugStateJS, []string{"shift"}, "?v=3&p=v02-eos-leak&ver=v0.2&bug=shift&lang=zh", buggyAdv0(t, engine.BugShift))
}

// Without JavaScript the form's Compare button submits a GET that lands,
// by a redirect, on the canonical link of the ticked bugs.
func TestBrowserCompareBugsWithoutJavaScript(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.scriptsOff()
	tb.open("/compare/bugs?v=1&p=v02-eos-leak&lang=en")
	if eval[bool](tb, `typeof window.htmx !== "undefined"`) {
		t.Fatal("htmx ran: JavaScript is not disabled")
	}
	tb.do("tick trl-reward-slot and eos-leak", chromedp.Click(chromedp.CSS("#bug-check-trl-reward-slot")), chromedp.Click(chromedp.CSS("#bug-check-eos-leak")))
	// An edit makes a v=3 link naming the release of the v=1 state's GAE (play/edit.go).
	want := "/compare/bugs?v=3&p=v02-eos-leak&ver=v0.2&bug=eos-leak,trl-reward-slot&lang=en"
	resp, err := chromedp.RunResponse(tb.ctx, chromedp.Click(chromedp.CSS("form#compare-form button.primary")))
	if err != nil {
		t.Fatalf("submit the form: %v", err)
	}
	if resp.Status != 200 || resp.URL != srv.URL+want {
		t.Errorf("the form lands on %s with status %d, want %s with 200", resp.URL, resp.Status, srv.URL+want)
	}
	tb.until("both bugs are shown", bugStateJS, []string{"eos-leak", "trl-reward-slot"}, "?v=3&p=v02-eos-leak&ver=v0.2&bug=eos-leak,trl-reward-slot&lang=en", buggyAdv0(t, engine.BugEOSLeak))
}

// On the versions page, unticking a quantity removes its rows in place and
// writes show= in the address bar.
func TestBrowserCompareVersionsToggle(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/compare/versions?v=1&p=multi-turn")
	const rowsJS = `(want, search) => {
		const groups = Array.from(document.querySelectorAll('[data-testid="compare-table"] tbody[data-group]'), g => g.dataset.group).join(",");
		const wrong = [];
		if (groups !== want) wrong.push("groups " + groups + ", want " + want);
		if (location.search !== search) wrong.push("location.search is " + location.search + ", want " + search);
		if (!document.querySelector("#chart-compare-versions svg")) wrong.push("no chart");
		return wrong.join("; ");
	}`
	tb.until("every quantity is shown", rowsJS, "reward,value,next,delta,adv,ret,white", "?v=1&p=multi-turn")
	tb.do("untick next value used", chromedp.Click(chromedp.CSS("#show-next")))
	tb.until("the next-value rows are gone", rowsJS, "reward,value,delta,adv,ret,white", "?v=3&p=multi-turn&ver=v0.9.0&show=delta,adv,ret,white&lang=en")
}

// Both comparison pages, in both languages, in the window and on a phone,
// pass axe-core without a serious or critical violation.
func TestBrowserCompareA11y(t *testing.T) {
	t.Parallel()
	axeEveryWay(t, false,
		"/compare/versions?v=1&p=multi-turn",
		"/compare/bugs?v=1&p=v02-eos-leak&bug=eos-leak,per-seq-whiten&rows=2",
		"/compare/bugs?v=1&p=seed-b",
	)
}
