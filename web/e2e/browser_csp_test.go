package e2e

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"gaelab/web"
)

// recordViolationsJS runs in every document before the page's own scripts
// (injected through DevTools, so the page's CSP does not apply to it) and
// collects the Content-Security-Policy violations the page causes.
const recordViolationsJS = `window.__csp = [];
document.addEventListener("securitypolicyviolation", e =>
	window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + e.sample));`

// cspTab is a tab that records CSP violations in window.__csp.
func cspTab(t *testing.T, srv *httptest.Server) *tab {
	tb := newTab(t, srv)
	tb.do("record CSP violations", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		_, err := cdp.Call(ctx, tgt, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: recordViolationsJS})
		return err
	}))
	return tb
}

// chartsPaintedJS names the inline SVG charts that did not render under the
// policy: no size, or a data series whose computed stroke is not the colour
// its presentation attribute asks for.
const chartsPaintedJS = `() => {
	const wrong = [], charts = document.querySelectorAll("svg.gae-chart");
	if (charts.length === 0) return "no chart on the page";
	for (const svg of charts) {
		const box = svg.getBoundingClientRect(), name = svg.getAttribute("class");
		if (box.width < 100 || box.height < 50) wrong.push(name + " is " + box.width + "×" + box.height);
		const stroked = svg.querySelector(".marks [stroke]:not([stroke=none])");
		if (!stroked) continue;
		const want = stroked.getAttribute("stroke"), got = getComputedStyle(stroked).stroke;
		const probe = document.createElement("span");
		probe.style.color = want; document.body.append(probe);
		const wantRGB = getComputedStyle(probe).color; probe.remove();
		if (got !== wantRGB) wrong.push(name + " series stroke " + got + ", want " + wantRGB);
	}
	return wrong.join("; ");
}`

// Under the real Content-Security-Policy every page renders its inline SVG
// charts in their colours, htmx edits still work, and no page causes a
// single violation — while a test page that does break the policy is caught,
// which proves the check can fail.
func TestBrowserContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	pages := []string{
		"/play?v=1&p=seed-b",
		"/play?v=1&p=seed-b&present=1&theme=dark",
		"/lessons/gae",
		"/lessons/whitening-and-masks?lang=zh",
		"/compare/versions?v=1&p=seed-b",
		"/compare/bugs?v=1&p=seed-b",
		"/compare/lambda?v=1&p=seed-b",
		"/compare/estimators?v=1&p=seed-b",
		"/batch",
		"/update/critic?v=1&p=seed-b",
		"/update/actor?v=1&p=seed-b",
	}
	// The pages load one after another in one tab (a new tab is a new
	// renderer); each new document records its own violations.
	tb := cspTab(t, srv)
	for _, path := range pages {
		t.Run(path, func(t *testing.T) {
			defer tb.in(t)()
			tb.open(path)
			if strings.HasPrefix(path, "/play") || strings.HasPrefix(path, "/compare/lambda") || strings.HasPrefix(path, "/batch") {
				tb.until(path+": the charts render in their colours", chartsPaintedJS)
			}
			if v := eval[[]string](tb, "window.__csp"); len(v) > 0 {
				t.Errorf("%s: CSP violations: %q", path, v)
			}
			if path != pages[0] {
				return
			}
			// The playground again after an htmx edit.
			tb.do("type λ = 0.5", chromedp.Clear(chromedp.CSS("#lam")), chromedp.SendKeys(chromedp.CSS("#lam"), "0.5"))
			tb.until("the htmx edit lands", `() => location.search.includes("lam=0.5") ? "" : location.search`)
			tb.until("the swapped charts render in their colours", chartsPaintedJS)
			if v := eval[[]string](tb, "window.__csp"); len(v) > 0 {
				t.Errorf("after an htmx edit: CSP violations: %q", v)
			}
		})
	}

	t.Run("a page breaking the policy is caught", func(t *testing.T) {
		// The page carries the policy the app sends with every answer (its
		// answer to the same request, a 404 under the same middleware).
		app := web.Routes()
		bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/test/inline" {
				app.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			app.ServeHTTP(rec, r)
			policy := rec.Header().Get("Content-Security-Policy")
			if policy == "" {
				t.Errorf("%s: the app sends no Content-Security-Policy", r.URL)
			}
			w.Header().Set("Content-Security-Policy", policy)
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, `<!DOCTYPE html><title>x</title><p style="color: red">styled</p><script>document.title = "ran"</script>`)
		}))
		defer bad.Close()
		tb := cspTab(t, bad)
		tb.open("/test/inline")
		tb.until("both violations are reported", `() => window.__csp.length >= 2 ? "" : JSON.stringify(window.__csp)`)
		if title := eval[string](tb, "document.title"); title == "ran" {
			t.Error("an inline script ran under the policy")
		}
		tb.mu.Lock()
		tb.problems = nil // the console errors of the violations are this page's point
		tb.mu.Unlock()
	})
}
