package e2e

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gaelab/web/scenario"
)

// inflightJS counts the page's htmx requests in flight and keeps the most
// there ever were at once.
const inflightJS = `(() => {
	window.__inflight = 0; window.__maxInflight = 0; window.__requests = 0;
	if (window.__counting) return true;
	window.__counting = true;
	document.addEventListener("htmx:beforeSend", () => { __requests++; __maxInflight = Math.max(__maxInflight, ++__inflight); });
	document.addEventListener("htmx:afterRequest", () => { __inflight--; });
	return true;
})()`

// valueIsJS says what is wrong until V(s_t) is x everywhere: the slider,
// the table, the form's field and the address bar.
const valueIsJS = `(t, x, cell) => {
	const h = document.querySelector('#chart-values .handle[data-t="' + t + '"]');
	if (!h || h.getAttribute("role") !== "slider") return "no slider " + t;
	if (parseFloat(h.getAttribute("aria-valuenow")) !== x) return "aria-valuenow " + h.getAttribute("aria-valuenow");
	const td = document.querySelector('[data-testid="token-table"] tr[data-row="value"] td:nth-child(' + (t + 2) + ')');
	if (!td || td.textContent.trim() !== cell) return "table cell " + (td && td.textContent.trim());
	if (parseFloat(document.getElementById("V." + t).value) !== x) return "field " + document.getElementById("V." + t).value;
	const v = new URLSearchParams(location.search).get("V");
	if (x !== scenarioV && (!v || parseFloat(v.split(",")[t]) !== x)) return "address bar " + location.search;
	return "";
}`

// sliderJS checks a handle's ARIA slider attributes.
const sliderJS = `(t, name) => {
	const h = document.querySelector('#chart-values .handle[data-t="' + t + '"]');
	if (!h) return "no handle";
	const want = {role: "slider", tabindex: "0", "aria-label": name, "aria-valuemin": "-5", "aria-valuemax": "5"};
	for (const [k, v] of Object.entries(want)) if (h.getAttribute(k) !== v) return k + "=" + h.getAttribute(k);
	if (h.getAttribute("aria-valuenow") === null) return "no aria-valuenow";
	if (h.closest("svg").getAttribute("role") !== "group") return "the chart is still an image";
	return "";
}`

// On /play, a V(s_t) point is an ARIA slider: the keys move it and the page
// recomputes, keeping the focus and announcing the value; a drag recomputes
// while it moves with at most one request in flight, and is one history
// entry; a click on a table cell edits it in place; Back undoes each edit and
// Forward redoes it; steps replace the entry; Reset goes back to the preset.
func TestBrowserDirectManipulation(t *testing.T) {
	// Not in parallel: a drag's recomputation is timed, so it runs before
	// the parallel tests start.
	srv := playServer(t)
	tb := newTab(t, srv)
	s, _ := scenario.Preset("seed-b")
	v3 := s.Tokens[3].Value
	check := func(what string, t3 int, x float64) {
		tb.t.Helper()
		x = math.Round(x*1e6) / 1e6 // as the page rounds a key's step
		js := "(() => { const scenarioV = " + strconv.FormatFloat(s.Tokens[t3].Value, 'g', -1, 64) + "; return " + valueIsJS + "; })()"
		tb.until(what, js, t3, x, fmt.Sprintf("%.4f", x))
	}
	tb.open("/play?v=1&p=seed-b&lang=en")
	tb.until("the V(s_3) slider", sliderJS, 3, "V(s₃)")
	eval[bool](tb, inflightJS)

	// Keys.
	eval[bool](tb, `document.querySelector('#chart-values .handle[data-t="3"]').focus(), true`)
	tb.do("↑", chromedp.KeyEvent(kb.ArrowUp))
	check("↑ adds 0.01", 3, v3+0.01)
	tb.until("the focus stays on V(s_3)", `() => document.activeElement?.dataset?.t === "3" ? "" : "focus on " + document.activeElement?.outerHTML.slice(0, 80)`)
	tb.until("the new value is announced", `(want) => document.getElementById("edit-status")?.textContent === want ? "" : document.getElementById("edit-status")?.textContent`,
		"V(s₃) = "+strconv.FormatFloat(math.Round((v3+0.01)*1e6)/1e6, 'g', -1, 64))
	tb.do("Shift+↑", chromedp.KeyEvent(kb.ArrowUp, chromedp.KeyModifiers(chromedp.ModifierShift)))
	check("Shift+↑ adds 0.1", 3, v3+0.11)
	tb.do("↓", chromedp.KeyEvent(kb.ArrowDown))
	check("↓ takes 0.01", 3, v3+0.1)

	// History: Back undoes each key's edit, Forward redoes it.
	eval[bool](tb, `history.back(), true`)
	check("Back undoes ↓", 3, v3+0.11)
	eval[bool](tb, `history.back(), true`)
	check("Back undoes Shift+↑", 3, v3+0.01)
	eval[bool](tb, `history.forward(), true`)
	check("Forward redoes Shift+↑", 3, v3+0.11)
	tb.until("the slider again", sliderJS, 3, "V(s₃)")

	eval[bool](tb, `document.querySelector('#chart-values .handle[data-t="3"]').focus(), true`)
	tb.do("End", chromedp.KeyEvent(kb.End))
	check("End goes to the maximum", 3, 5)
	eval[bool](tb, `document.querySelector('#chart-values .handle[data-t="3"]').focus(), true`)
	tb.do("Home", chromedp.KeyEvent(kb.Home))
	check("Home goes to the minimum", 3, -5)

	// Drag V(s_1) up by 60 px in small moves, on a fresh page (V(s_3) = −5
	// has widened the chart's scale).
	tb.open("/play?v=1&p=seed-b&lang=en")
	tb.until("the V(s_1) slider", sliderJS, 1, "V(s₁)")
	eval[bool](tb, inflightJS)
	before := eval[float64](tb, `history.length`)
	at := eval[[]float64](tb, `(() => { const r = document.querySelector('#chart-values .handle[data-t="1"]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	x, y := at[0], at[1]
	steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))}
	for dy := 4.0; dy <= 60; dy += 4 {
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x, y-dy, chromedp.ButtonLeft), chromedp.Sleep(15e6))
	}
	tb.do("drag V(s_1) up", steps...)
	tb.until("the page recomputes while dragging", `() => window.__requests > 0 ? "" : "no request yet"`)
	tb.do("drop", chromedp.MouseEvent(chromedp.MouseReleased, x, y-60, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	tb.until("the dragged value everywhere", `(v0) => {
		const h = document.querySelector('#chart-values .handle[data-t="1"]');
		const x = h && parseFloat(h.getAttribute("aria-valuenow"));
		if (!(x > v0 + 0.05)) return "V(s_1) = " + x;
		const td = document.querySelector('[data-testid="token-table"] tr[data-row="value"] td:nth-child(3)');
		if (td.textContent.trim() !== x.toFixed(4)) return "table " + td.textContent.trim() + " vs " + x;
		const v = new URLSearchParams(location.search).get("V");
		if (!v || parseFloat(v.split(",")[1]) !== x) return "address bar " + location.search;
		return window.__inflight === 0 ? "" : "requests in flight";
	}`, s.Tokens[1].Value)
	if m := eval[float64](tb, `window.__maxInflight`); m > 1 {
		t.Errorf("%v requests in flight at once while dragging, want at most 1", m)
	}
	if after := eval[float64](tb, `history.length`); after != before+1 {
		t.Errorf("a drag added %v history entries, want 1", after-before)
	}
	eval[bool](tb, `history.back(), true`)
	tb.until("Back undoes the whole drag", `(v0) => {
		const h = document.querySelector('#chart-values .handle[data-t="1"]');
		return h && parseFloat(h.getAttribute("aria-valuenow")) === v0 ? "" : "V(s_1) = " + (h && h.getAttribute("aria-valuenow"));
	}`, s.Tokens[1].Value)

	// In-place editing of a table cell.
	tb.do("click V(s_0)'s cell", chromedp.Click(chromedp.CSS(`[data-testid="token-table"] tr[data-row="value"] td:nth-child(2) button`)))
	tb.until("an editor in the cell", `() => document.activeElement?.classList.contains("cell-edit") && document.activeElement.getAttribute("aria-label") ? "" : "focus on " + document.activeElement?.tagName`)
	tb.do("type 0.75 and Enter", chromedp.KeyEvent("0.75"), chromedp.KeyEvent(kb.Enter))
	check("the cell's edit", 0, 0.75)
	eval[bool](tb, `history.back(), true`)
	check("Back undoes the cell's edit", 0, s.Tokens[0].Value)
	eval[bool](tb, `history.forward(), true`)
	check("Forward redoes it", 0, 0.75)

	// Steps replace the entry: Back from step 1 leaves the step-through.
	tb.do("start the step-through", chromedp.Click(chromedp.CSS(`[data-testid="step-start"]`)))
	tb.until("step 0", `() => location.search.includes("step=0") ? "" : location.search`)
	tb.do("next step", chromedp.Click(chromedp.CSS(`[data-testid="step-next"]`)))
	tb.until("step 1", `() => location.search.includes("step=1") ? "" : location.search`)
	eval[bool](tb, `history.back(), true`)
	tb.until("Back leaves the step-through", `() => !location.search.includes("step=") && document.querySelector('[data-testid="step-start"]') ? "" : location.search`)

	// Reset to the preset.
	tb.until("Reset is offered", `() => document.querySelector('[data-testid="reset"]') ? "" : "no Reset"`)
	tb.do("Reset", chromedp.Click(chromedp.CSS(`[data-testid="reset"]`)))
	tb.until("the preset again", `() => {
		if (new URLSearchParams(location.search).has("V")) return location.search;
		if (document.querySelector('[data-testid="reset"]')) return "Reset still offered";
		return document.querySelector('[data-testid="preset-question"]') ? "" : "no preset question";
	}`)
	check("the preset's V(s_0)", 0, s.Tokens[0].Value)
}
