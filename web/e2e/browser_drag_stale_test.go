package e2e

import (
	"math"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gaelab/web"
	"gaelab/web/scenario"
)

// slowEdits serves the real routes, answering each edit (htmx's requests
// for #results) after delay, as a loaded server does.
func slowEdits(t *testing.T, delay time.Duration) *httptest.Server {
	t.Helper()
	routes := web.Routes()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("HX-Target") == "results" {
			time.Sleep(delay)
		}
		routes.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A quick drag on a slow server (issue 26, point 6): the answer to the
// drag's first move arrives while the pointer is already further, and the
// pointer is released before the next answer. The value committed is the
// one the pointer set, in the slider, the table and the address bar.
func TestBrowserDragStaleAnswer(t *testing.T) {
	t.Parallel()
	tb := newTab(t, slowEdits(t, 400*time.Millisecond))
	s, _ := scenario.Preset("seed-b")
	tb.open("/play?v=1&p=seed-b&lang=en")
	tb.until("the V(s_1) slider", sliderJS, 1, "V(s₁)")
	eval[bool](tb, inflightJS)
	// Where V(s_1) is, and its scale in screen pixels per unit.
	at := eval[[]float64](tb, `(() => {
		const h = document.querySelector('#chart-values .handle[data-t="1"]'), r = h.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2, parseFloat(h.parentNode.dataset.k) * h.ownerSVGElement.getScreenCTM().d];
	})()`)
	x, y, k := at[0], at[1], at[2]
	const dy = 40.0
	tb.do("press V(s_1) and move it 10 px up", chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(chromedp.MouseMoved, x, y-10, chromedp.ButtonLeft))
	tb.until("the first move's request", `() => window.__requests >= 1 ? "" : "none sent"`)
	tb.do("move it 40 px up", chromedp.MouseEvent(chromedp.MouseMoved, x, y-dy, chromedp.ButtonLeft))
	tb.until("the answer to the first move, the second sent", `() => window.__requests >= 2 && window.__inflight === 1 ? "" : window.__requests + " sent, " + window.__inflight + " in flight"`)
	tb.do("release at 40 px", chromedp.MouseEvent(chromedp.MouseReleased, x, y-dy, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	want := math.Round((s.Tokens[1].Value+dy/k)*100) / 100 // as static/edit.js rounds a drag
	tb.until("the value the pointer set, everywhere", `(want) => {
		if (window.__inflight !== 0) return "requests in flight";
		const h = document.querySelector('#chart-values .handle[data-t="1"]');
		const x = h && parseFloat(h.getAttribute("aria-valuenow"));
		if (x !== want) return "V(s_1) = " + x + ", want " + want;
		const td = document.querySelector('[data-testid="token-table"] tr[data-row="value"] td:nth-child(3)');
		if (td.textContent.trim() !== want.toFixed(4)) return "table " + td.textContent.trim();
		const v = new URLSearchParams(location.search).get("V");
		if (!v || parseFloat(v.split(",")[1]) !== want) return "address bar " + location.search;
		return "";
	}`, want)
}
