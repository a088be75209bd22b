package e2e

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gaelab/web"
	"gaelab/web/webtest"
)

// controlsWidthJS measures the controls' width: the document's scrollWidth
// and the viewport's, and the visible elements that reach past the
// phone's right edge, innermost first (to name what overflows; a mobile
// viewport widens to the page, so innerWidth is not the phone's).
const controlsWidthJS = `((w) => {
	const wide = [];
	for (const e of document.querySelectorAll("body *")) {
		const r = e.getBoundingClientRect();
		if (r.width > 0 && r.right > w + 0.5 && e.checkVisibility() && ![...e.children].some(k => k.getBoundingClientRect().right > w + 0.5))
			wide.push(e.tagName.toLowerCase() + (e.className && typeof e.className === "string" ? "." + e.className.trim().replace(/\s+/g, ".") : "") +
				(e.dataset.testid ? "[" + e.dataset.testid + "]" : "") + " → " + Math.round(r.right));
	}
	return {scroll: document.documentElement.scrollWidth, vw: document.documentElement.clientWidth, wide: wide.slice(0, 12)};
})(375)`

// controlsWidth is what controlsWidthJS measures.
type controlsWidth struct {
	Scroll, VW float64
	Wide       []string
}

// TestBrowserClassControlsPhone: the teacher's controls fit a 375 px phone
// (document.documentElement.scrollWidth ≤ 375: nothing scrolls sideways),
// in both languages (zh from an en-US browser, en from a zh-CN one), with
// everything a lecture puts on them: a timed cell question with the
// private view (its histogram), the join word, a queue of two, seated
// students, and then a revealed second round (both rounds' chart and the
// switches).
func TestBrowserClassControlsPhone(t *testing.T) {
	t.Parallel()
	srv := server(t, sqliteStore(t), web.Options{})
	for _, c := range []struct{ lang, browser string }{{"zh", "en-US"}, {"en", "zh-CN"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			code, key := newClass(t, srv.URL)
			askCell(t, srv.URL, code, key)
			for _, b := range []string{"td-error#predict-bellman-last-delta", "scores-and-rewards#predict-k1-negative-kl"} {
				if st, m := flow(t, srv.URL, code, key, "queue", map[string]any{"block": b}); st != 200 {
					t.Fatalf("queue %s = %d %v", b, st, m)
				}
			}
			// Six students seated (before the join word is on: a seat taken
			// needs no word afterwards), a long answer among theirs.
			var phones []*webtest.Client
			for _, a := range []string{"0.4", "0.3", "0.3", "12345.6789", "-0.25", "0.4"} {
				p := newClient(t, srv.URL)
				p.Answer(code, a)
				phones = append(phones, p)
			}
			flow(t, srv.URL, code, key, "joinword", map[string]any{"on": true})
			flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 600})
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.do("emulate a 375 px phone", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
				_, err := cdp.Call(ctx, tgt, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 812, DeviceScaleFactor: 2, Mobile: true})
				return err
			}))
			check := func(when string, ready string) {
				t.Helper()
				tb.open("/class/" + code + "/teach?lang=" + c.lang + "&k=" + url.QueryEscape(key))
				tb.until(when+": the panel shows", `(sel) => document.querySelector(sel) ? "" : "no " + sel`, ready)
				if lang := eval[string](tb, "document.documentElement.lang"); lang != c.lang {
					t.Errorf("%s: the controls speak %q; want %s", when, lang, c.lang)
				}
				w := eval[controlsWidth](tb, controlsWidthJS)
				t.Logf("%s %s: scrollWidth %.0f in %.0f; past the edge: %q", c.lang, when, w.Scroll, w.VW, w.Wide)
				if w.VW != 375 || w.Scroll > 375 {
					t.Errorf("%s: the controls are %.0f px wide in a %.0f px window; want ≤ 375 (past the edge: %s)", when, w.Scroll, w.VW, strings.Join(w.Wide, ", "))
				}
			}
			check("before the reveal", `[data-testid="class-private-spread"] svg`)
			flow(t, srv.URL, code, key, "round", nil)
			for i, p := range phones {
				p.Answer(code, []string{"0.4", "0.4", "0.3", "0.4", "0.4", "0.3"}[i])
			}
			api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, nil)
			check("a revealed second round", `[data-testid="class-switched"]`)
		})
	}
}
