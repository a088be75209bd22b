package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// armControlJS sets control sel to value and fires its change event (a
// slider's release, Enter), noting the time just before; in the frame
// after htmx:afterSettle it notes the time again and whether the chart
// (its SVG) differs from before: window.__control = {ms, changed}.
const armControlJS = `(sel, value, chart) => {
	const el = document.querySelector(sel);
	if (!el) return "no " + sel;
	const before = document.querySelector(chart + " svg")?.outerHTML;
	window.__control = null;
	document.addEventListener("htmx:afterSettle", () => requestAnimationFrame(() => {
		window.__control = {ms: performance.now() - window.__c0, changed: document.querySelector(chart + " svg")?.outerHTML !== before};
	}), {once: true});
	el.value = value;
	window.__c0 = performance.now();
	el.dispatchEvent(new Event("change", {bubbles: true}));
	return "";
}`

// armTypeJS types value into control sel as a keyboard would (input
// events, no change), noting the time of the last one; in the frame after
// htmx:afterSettle it notes how long after the 300 ms debounce's end the
// chart was painted and whether it changed: window.__control.
const armTypeJS = `(sel, value, chart) => {
	const el = document.querySelector(sel);
	if (!el) return "no " + sel;
	const before = document.querySelector(chart + " svg")?.outerHTML;
	window.__control = null;
	document.addEventListener("htmx:afterSettle", () => requestAnimationFrame(() => {
		window.__control = {ms: performance.now() - window.__c0 - 300, changed: document.querySelector(chart + " svg")?.outerHTML !== before};
	}), {once: true});
	el.focus();
	el.value = "";
	for (const ch of value) {
		el.value += ch;
		window.__c0 = performance.now();
		el.dispatchEvent(new Event("input", {bubbles: true}));
	}
	return "";
}`

// A control's change to its new chart painted (issue 35's budget): λ on
// the playground (seed-b and 64 tokens) and on the λ sweep, from the
// change event to the frame after htmx:afterSettle, and a typed λ from the
// end of its 300 ms debounce, ≤ 200 ms on a quiet machine, and each
// change redraws the chart beside the control. The
// numbers are logged with the load average; GAELAB_BUDGETS=1 makes the
// 200 ms a failure (the CI machine is shared); what makes it, the
// playground's answer morphing into the page (static/app.js, gae-morph),
// is checked on every machine: the token table and its cells are the same
// elements after each change. English from a Chinese browser, Chinese
// from an English one.
func TestBrowserControlBudget(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, c := range []struct{ name, lang, browser, path, chart, kept string }{
		{"play seed-b", "en", "zh-CN", "/play?v=1&p=seed-b", "#chart-values", "#results .token-table td button"},
		{"play 64 tokens", "zh", "en-US", longScenario(64), "#chart-values", "#results .token-table td button"},
		{"compare/lambda seed-b", "zh", "en-US", "/compare/lambda?v=1&p=seed-b", "#sweep-lines", ""},
	} {
		t.Run(c.name, func(t *testing.T) { // one after another: each measures, none competes with the others
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("1280×720", chromedp.EmulateViewport(1280, 720))
			tb.open(c.path + "&lang=" + c.lang)
			if c.kept != "" {
				tb.markKept(c.kept)
			}
			var took []string
			var worst float64
			for i, lam := range []string{"0.5", "0.8", "0.3", "0.65"} {
				arm := armControlJS
				if i == 3 { // typed: measured from the debounce's end
					arm = armTypeJS
				}
				if msg := eval[string](tb, fmt.Sprintf("(%s)(%q, %q, %q)", arm, "#lam", lam, c.chart)); msg != "" {
					t.Fatal(msg)
				}
				tb.until("λ = "+lam+" painted", `() => window.__control ? "" : "not yet"`)
				got := eval[struct {
					Ms      float64
					Changed bool
				}](tb, `window.__control`)
				if !got.Changed {
					t.Errorf("λ = %s: %s did not change", lam, c.chart)
				}
				if c.kept != "" {
					tb.checkKept("λ = "+lam, c.kept)
				}
				took = append(took, fmt.Sprintf("%.0f", got.Ms))
				worst = max(worst, got.Ms)
			}
			load, _ := os.ReadFile("/proc/loadavg")
			t.Logf("%s (%s): λ's change to %s painted %s ms (the last typed, from the 300 ms debounce's end; budget 200); load average %s", c.name, c.lang, c.chart, strings.Join(took, ", "), strings.TrimSpace(string(load)))
			if os.Getenv("GAELAB_BUDGETS") != "" && worst > 200 {
				t.Errorf("a control's change took %.0f ms, budget 200", worst)
			}
		})
	}
}

// markKept marks the elements sel finds, so that checkKept can tell
// whether an answer kept them or built new ones.
func (tb *tab) markKept(sel string) {
	tb.t.Helper()
	if n := eval[int](tb, fmt.Sprintf(`(() => { const all = document.querySelectorAll(%q); all.forEach(e => { e.__kept = 1; }); return all.length; })()`, sel)); n == 0 {
		tb.t.Fatalf("nothing on the page matches %s", sel)
	}
}

// checkKept fails the test unless the elements sel finds are the ones
// markKept marked: the answer changed them in place (the playground's
// morph), it did not build the table or the chart again.
func (tb *tab) checkKept(what, sel string) {
	tb.t.Helper()
	got := eval[[]int](tb, fmt.Sprintf(`(() => { const all = [...document.querySelectorAll(%q)]; return [all.filter(e => e.__kept !== 1).length, all.length]; })()`, sel))
	if got[1] == 0 || got[0] > 0 {
		tb.t.Errorf("%s: %d of the %d elements %s are new, not the page's own changed in place (static/app.js's morph)", what, got[0], got[1], sel)
	}
}
