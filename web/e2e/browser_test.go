package e2e

// Browser tests: the playground in Debian's chromium, driven by chromedp.
// They need /usr/bin/chromium; without it they skip, except under CI=true,
// where they fail. Run them with: go test ./web/e2e -run Browser

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// engineAdv is the advantages row the page must show for a preset edited by
// change (nil: as it is), formatted as the table formats it.
func engineAdv(t *testing.T, preset string, change func(s *scenario.Scenario)) []string {
	t.Helper()
	s, ok := scenario.Preset(preset)
	if !ok {
		t.Fatalf("no preset %q", preset)
	}
	if change != nil {
		change(&s)
	}
	res := s.Compute()
	out := make([]string, s.Len())
	for i, x := range res.GAE.Advantages[0] {
		out[i] = page.Num(x)
	}
	return out
}

// editedLink is the canonical link of seed-b with λ = 0.5: the page must put
// it in the address bar after the edit, with or without JavaScript. An edit
// makes a v=3 link naming the release (newest verl for a v=1 newest state).
const editedLink = "/play?v=3&p=seed-b&lam=0.5&ver=v0.9.0&lang=en"

// editedJS reports what still differs from the state after the λ edit: the
// advantage at t = 0, the values chart and the address bar.
const editedJS = `(sel, want, chartBefore, search) => {
	const wrong = [];
	const cell = document.querySelector(sel);
	const got = cell ? cell.textContent.trim() : "(no cell)";
	if (got !== want) wrong.push("adv t=0 shows " + got + ", want " + want);
	const svg = document.querySelector("#chart-values svg");
	if (!svg) wrong.push("no values chart");
	else if (svg.outerHTML === chartBefore) wrong.push("the values chart has not changed");
	if (location.search !== search) wrong.push("location.search is " + location.search + ", want " + search);
	return wrong.join("; ");
}`

// Typing a value recomputes the table and the charts in place and puts the
// new state's canonical link in the address bar; that link, opened afresh,
// shows the same table.
func TestBrowserEditUpdatesTableChartAndURL(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/play?v=1&p=seed-b")

	if got, want := tb.cellText("adv", 0), engineAdv(t, "seed-b", nil)[0]; got != want || got != "0.6211" {
		t.Fatalf("before the edit adv t=0 shows %q, want %q (the engine says %q)", got, "0.6211", want)
	}
	want := engineAdv(t, "seed-b", func(s *scenario.Scenario) { s.Lam = 0.5 })[0]
	if want == "0.6211" {
		t.Fatal("λ = 0.5 gives the same advantage at t=0 as λ = 0.95: the test would prove nothing")
	}
	chartBefore := eval[string](tb, `document.querySelector("#chart-values svg").outerHTML`)

	tb.do("type λ = 0.5", chromedp.Clear(chromedp.CSS("#lam")), chromedp.SendKeys(chromedp.CSS("#lam"), "0.5"))
	tb.until("after typing λ = 0.5 the table, the values chart and the address bar follow",
		editedJS, cellSel("adv", 0), want, chartBefore, "?v=3&p=seed-b&lam=0.5&ver=v0.9.0&lang=en")
	if got := eval[string](tb, `document.getElementById("lam-range").value`); got != "0.5" {
		t.Errorf("the λ slider shows %s after typing 0.5 in its number field", got)
	}
	edited := tb.cells()

	t.Run("the link in a fresh tab", func(t *testing.T) {
		fresh := newTab(t, srv)
		fresh.open(editedLink)
		if got := fresh.search(); got != "?v=3&p=seed-b&lam=0.5&ver=v0.9.0&lang=en" {
			t.Errorf("opening %s lands on ?%s", editedLink, got)
		}
		compareCells(t, fresh.cells(), edited)
	})
}

// compareCells fails for every table cell of got that differs from want.
func compareCells(t *testing.T, got, want map[string][]string) {
	t.Helper()
	if len(want) == 0 {
		t.Fatal("the edited table has no rows")
	}
	for row, cells := range want {
		if !reflect.DeepEqual(got[row], cells) {
			t.Errorf("row %s shows %q, want %q", row, got[row], cells)
		}
	}
	for row := range got {
		if _, ok := want[row]; !ok {
			t.Errorf("row %s is new: %q", row, got[row])
		}
	}
}

// stepJS reports what still differs from step k: the status line, step= in
// the address bar and the advantage row ("·" where not computed yet).
const stepJS = `(status, k, adv) => {
	const wrong = [];
	const st = document.querySelector('[data-testid="step-status"]');
	const got = st ? st.textContent.trim() : "(no step-status)";
	if (got !== status) wrong.push("status says " + JSON.stringify(got) + ", want " + JSON.stringify(status));
	const step = new URLSearchParams(location.search).get("step");
	if (step !== String(k)) wrong.push("the address bar has step=" + step + " (" + location.search + "), want " + k);
	const cells = Array.from(document.querySelectorAll('[data-testid="token-table"] tr[data-row="adv"] td'), td => td.textContent.trim());
	if (cells.join(" ") !== adv.join(" ")) wrong.push("adv row shows [" + cells.join(" ") + "], want [" + adv.join(" ") + "]");
	return wrong.join("; ");
}`

// focusJS checks that the focused element is the one with a data-testid
// and that its focus is visible.
const focusJS = `(id) => {
	const el = document.activeElement;
	if (!el || el.dataset.testid !== id) return "focus is on " + (el ? el.outerHTML.slice(0, 120) : "nothing") + ", want " + id;
	const style = getComputedStyle(el);
	if (style.outlineStyle === "none") return id + " has focus but no visible outline (outline-style none)";
	return "";
}`

// The backward loop can be walked with the keyboard alone: Tab to the start
// link, Enter, then Enter on Next until the last step. Each step says where
// it is, has its own link and shows "·" for advantages not computed yet.
func TestBrowserStepThroughByKeyboard(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/play?v=1&p=seed-a")
	adv := engineAdv(t, "seed-a", nil)
	n := len(adv)

	// The step-through's start link comes right after the token table.
	lastCell := `[data-testid="token-table"] tbody tr:last-child td:last-child ` + cellControl
	tb.do("Tab from the table's last cell", chromedp.Focus(chromedp.CSS(lastCell)), chromedp.KeyEvent(kb.Tab))
	tb.until("Tab after the table focuses the step-through's start, visibly", focusJS, "step-start")
	tb.do("press Enter on the start link", chromedp.KeyEvent(kb.Enter))

	for k := 0; k <= n; k++ {
		if k > 0 {
			tb.do(fmt.Sprintf("focus Next at step %d", k-1), chromedp.Focus(chromedp.CSS(`a[data-testid="step-next"]`)))
			tb.until(fmt.Sprintf("Next has visible focus at step %d", k-1), focusJS, "step-next")
			tb.do(fmt.Sprintf("press Enter on Next at step %d", k-1), chromedp.KeyEvent(kb.Enter))
		}
		status := i18n.En.T("step.before", strconv.Itoa(n-1), "0")
		if k > 0 {
			status = i18n.En.T("step.at", k, n, strconv.Itoa(n-k))
		}
		want := make([]string, n)
		for i := range want {
			want[i] = adv[i]
			if i < n-k {
				want[i] = "·"
			}
		}
		tb.until(fmt.Sprintf("step %d", k), stepJS, status, k, want)
	}
	if got := eval[string](tb, `document.querySelector('[data-testid="step-next"]').tagName`); got == "A" {
		t.Errorf("at the last step, Next is still a link")
	}
}

// Without JavaScript the form still works: Compute submits a GET, the server
// redirects to the canonical link and the page shows the engine's numbers.
func TestBrowserEditWithoutJavaScript(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.scriptsOff()
	tb.open("/play?v=1&p=seed-b")
	if eval[bool](tb, `typeof window.htmx !== "undefined"`) {
		t.Fatal("htmx ran: JavaScript is not disabled")
	}

	tb.do("type λ = 0.5", chromedp.Clear(chromedp.CSS("#lam")), chromedp.SendKeys(chromedp.CSS("#lam"), "0.5"))
	resp, err := chromedp.RunResponse(tb.ctx, chromedp.Click(chromedp.CSS("form#editor button.primary")))
	if err != nil {
		t.Fatalf("submit the form: %v", err)
	}
	if resp.Status != 200 || resp.URL != srv.URL+editedLink {
		t.Errorf("the form lands on %s with status %d, want %s with 200", resp.URL, resp.Status, srv.URL+editedLink)
	}
	if got := tb.search(); got != "?v=3&p=seed-b&lam=0.5&ver=v0.9.0&lang=en" {
		t.Errorf("the address bar has ?%s, want the canonical %s", got, editedLink)
	}
	want := engineAdv(t, "seed-b", func(s *scenario.Scenario) { s.Lam = 0.5 })[0]
	if got := tb.cellText("adv", 0); got != want {
		t.Errorf("adv t=0 shows %q, want the engine's %q", got, want)
	}
}

// highlightJS reports what differs from "token t is highlighted": every table
// cell of t and no other has class hl, and every chart lights its rect of t.
const highlightJS = `(t) => {
	const wrong = [];
	for (const c of document.querySelectorAll('[data-testid="token-table"] th[data-t], [data-testid="token-table"] td')) {
		const ct = c.dataset.t !== undefined ? c.dataset.t : String(c.cellIndex - 1); // cell t sits after the row label
		if (c.classList.contains("hl") !== (ct === t)) {
			const row = c.closest("tr").dataset.row || "head";
			wrong.push(row + " t=" + ct + (c.classList.contains("hl") ? " is" : " is not") + " highlighted");
		}
	}
	const charts = document.querySelectorAll("figure.chart");
	if (charts.length === 0) wrong.push("no charts");
	for (const f of charts) {
		const r = f.querySelector('svg rect.hl[data-t="' + t + '"]');
		if (!r) wrong.push(f.id + " has no rect.hl for t=" + t);
		else if (!r.classList.contains("on")) wrong.push(f.id + " does not light t=" + t);
		for (const o of f.querySelectorAll("svg rect.hl.on")) {
			if (o.dataset.t !== t) wrong.push(f.id + " lights t=" + o.dataset.t);
		}
	}
	return wrong.slice(0, 8).join("; ");
}`

// Focusing or hovering a table cell highlights its token in every row and
// every chart.
func TestBrowserHighlightFollowsFocusAndHover(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/play?v=1&p=seed-b")

	tb.do("focus the advantage of token 2", chromedp.Focus(chromedp.CSS(cellSel("adv", 2)+" "+cellControl)))
	tb.until("focusing a cell of token 2 highlights token 2", highlightJS, "2")

	sel := cellSel("reward", 4)
	tb.do("scroll to the reward of token 4", chromedp.ScrollIntoView(chromedp.CSS(sel)))
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()`, sel))
	tb.do("hover the reward of token 4", chromedp.MouseEvent(chromedp.MouseMoved, xy[0], xy[1]))
	tb.until("hovering a cell of token 4 highlights token 4", highlightJS, "4")
}

// numberCell is how the table shows a number.
var numberCell = regexp.MustCompile(`^-?\d+\.\d{4}$`)

// A value that is not a number keeps the page working: the results stay those
// of the last valid input, the field says what is wrong, nothing throws.
func TestBrowserBadValueKeepsPageWorking(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/play?v=1&p=seed-b")
	before := tb.cells()

	// The swap replaces #results, so a mark on the old one tells when the
	// answer to the edit has arrived.
	eval[string](tb, `document.getElementById("results").dataset.stale = "1"`)
	field := chromedp.CSS(`[id="V.1"]`)
	tb.do(`type "abc" as V at t=1`, chromedp.Clear(field), chromedp.SendKeys(field, "abc"))
	tb.until("the results are swapped after the edit",
		`() => { const r = document.getElementById("results"); return !r ? "no #results" : r.dataset.stale ? "not swapped yet" : ""; }`)

	after := tb.cells()
	for row, cells := range after {
		for i, c := range cells {
			if !numberCell.MatchString(c) {
				t.Errorf("%s at t=%d shows %q, not a number", row, i, c)
			}
		}
	}
	compareCells(t, after, before)
	if got := eval[string](tb, `document.getElementById("V.1").value`); got != "abc" {
		t.Errorf("the field now holds %q; what the learner typed, %q, is lost", got, "abc")
	}
	wantErr := i18n.En.T("err.number", "abc")
	if text := eval[string](tb, `document.body.innerText`); !strings.Contains(text, wantErr) {
		t.Errorf("the page does not show the field error %q after typing abc into V at t=1", wantErr)
	}
}
