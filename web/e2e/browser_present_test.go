package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gaelab/web/qr/qrtest"
)

// sixteenTokens is a 16-token scenario in presentation mode.
func sixteenTokens(extra string) string {
	var b strings.Builder
	b.WriteString("/play?v=1&p=seed-b")
	for i := 1; i <= 16; i++ {
		fmt.Fprintf(&b, "&tok=t%d", i)
	}
	return b.String() + "&sel=delta.2&present=1" + extra
}

// fitsJS reports what the viewport clips: the token table (or its window),
// the chart and the step panel must end inside it (the formula panel may run
// below), nothing may scroll sideways; and the body's font size.
const fitsJS = `(minFont) => {
	const d = document.documentElement, wrong = [];
	for (const sel of ['[data-testid="token-table"]', ".chart svg", '[data-testid="step"]']) {
		const e = document.querySelector(sel);
		if (e && e.getBoundingClientRect().bottom > innerHeight + 0.5) wrong.push(sel + " ends at " + e.getBoundingClientRect().bottom + " in " + innerHeight);
	}
	if (d.scrollWidth > innerWidth + 1) wrong.push("page is " + d.scrollWidth + " px wide in " + innerWidth);
	const t = document.querySelector(".token-table");
	if (t && t.scrollWidth > t.clientWidth + 1) wrong.push("table scrolls: " + t.scrollWidth + " in " + t.clientWidth);
	const fs = parseFloat(getComputedStyle(document.body).fontSize);
	if (fs < minFont) wrong.push("body font " + fs + " px < " + minFont);
	if (!document.body.dataset.present) wrong.push("not in presentation mode");
	return wrong.join("; ");
}`

// In presentation mode a 16-token scenario (a window of its tokens) fits one
// screen at 1280×720 and 1920×1080, in both themes, with projector type at
// 1920.
func TestBrowserPresentationFits(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	for _, size := range []struct{ w, h int }{{1280, 720}, {1920, 1080}} {
		for _, theme := range []string{"", "&theme=dark"} {
			t.Run(fmt.Sprintf("%dx%d%s", size.w, size.h, theme), func(t *testing.T) {
				t.Parallel()
				tb := newTab(t, srv)
				tb.do("size the window", chromedp.EmulateViewport(int64(size.w), int64(size.h)))
				tb.open(sixteenTokens(theme))
				minFont := 18.0
				if size.w >= 1920 {
					minFont = 28
				}
				tb.until("nothing overflows", fitsJS, minFont)
			})
		}
	}
}

// stateJS describes the presentation state the keys change, and whether
// the page's scripts have run: R and Esc load a new page, whose td.covered
// cells exist while it still parses, before app.js listens for keys.
const stateJS = `() => JSON.stringify({
	ready: document.readyState === "complete",
	search: location.search,
	step: (document.querySelector('[data-testid="step-status"]') || {}).textContent || "",
	covered: document.querySelectorAll("td.covered").length,
	black: !!document.getElementById("blackout") && !document.getElementById("blackout").hidden,
	help: !!document.getElementById("shortcuts") && document.getElementById("shortcuts").open,
	present: document.body.dataset.present === "1",
	full: window.__fullscreen || 0,
})`

// waitState polls until the page is ready and the state has every wanted
// key=value.
func (tb *tab) waitState(what string, want map[string]any) {
	tb.t.Helper()
	checks := []string{`(s.ready ? "" : "loading")`}
	for k, v := range want {
		switch v := v.(type) {
		case string:
			checks = append(checks, fmt.Sprintf(`(s.%s.includes(%q) ? "" : "%s=" + s.%s)`, k, v, k, k))
		default:
			checks = append(checks, fmt.Sprintf(`(s.%s === %v ? "" : "%s=" + s.%s)`, k, v, k, k))
		}
	}
	tb.until(what, `() => { const s = JSON.parse((`+stateJS+`)()); return [`+strings.Join(checks, ",")+`].join(""); }`)
}

func (tb *tab) key(what string, k string) {
	tb.t.Helper()
	tb.do(what, chromedp.KeyEvent(k))
}

// Every presentation key does what the shortcuts say, without a mouse.
func TestBrowserPresentationKeys(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.open("/play?v=1&p=seed-a&present=1&hide=adv,ret")
	eval[bool](tb, `Element.prototype.requestFullscreen = function () { window.__fullscreen = (window.__fullscreen || 0) + 1; return Promise.resolve(); }, true`)
	eval[bool](tb, `document.activeElement && document.activeElement.blur(), true`)

	tb.waitState("hidden rows are covered", map[string]any{"covered": 6})
	tb.key("→ starts the step-through", kb.ArrowRight)
	tb.waitState("step 0", map[string]any{"search": "step=0"})
	tb.key("Space is the next step", " ")
	tb.waitState("step 1", map[string]any{"search": "step=1", "step": "1"})
	tb.key("PageDown is the next step", kb.PageDown)
	tb.waitState("step 2", map[string]any{"search": "step=2"})
	tb.key("← goes back", kb.ArrowLeft)
	tb.waitState("back to step 1", map[string]any{"search": "step=1"})
	tb.key("PageUp goes back", kb.PageUp)
	tb.waitState("back to step 0", map[string]any{"search": "step=0"})
	tb.key("End is the last step", kb.End)
	tb.waitState("last step", map[string]any{"search": "step=3"})
	tb.key("Home is the first step", kb.Home)
	tb.waitState("first step", map[string]any{"search": "step=0"})
	tb.waitState("still covered while stepping", map[string]any{"covered": 6})
	tb.key("Enter reveals the first hidden row", kb.Enter)
	tb.waitState("adv revealed", map[string]any{"search": "rev=1", "covered": 3})
	tb.key("Enter reveals the next", kb.Enter)
	tb.waitState("ret revealed", map[string]any{"search": "rev=2", "covered": 0})
	tb.key("B blacks out", "b")
	tb.waitState("black", map[string]any{"black": true})
	tb.key(". comes back", ".")
	tb.waitState("not black", map[string]any{"black": false})
	eval[bool](tb, `Element.prototype.requestFullscreen = function () { window.__fullscreen = (window.__fullscreen || 0) + 1; return Promise.resolve(); }, true`)
	tb.key("F asks for full screen", "f")
	tb.waitState("full screen asked", map[string]any{"full": 1})
	tb.key("? shows the shortcuts", "?")
	tb.waitState("help open", map[string]any{"help": true})
	tb.key("Esc closes the shortcuts", kb.Escape)
	tb.waitState("help closed", map[string]any{"help": false, "present": true})
	tb.key("R resets to the preset", "r")
	tb.waitState("reset", map[string]any{"search": "present=1&hide=adv,ret", "covered": 6})
	tb.key("Esc leaves presentation mode", kb.Escape)
	tb.waitState("left", map[string]any{"present": false})
}

// "QR code" opens a full-screen overlay: the code at ≥ 60% of the screen's
// height decodes to the learner's link (no presentation, theme or hidden
// parts), the link is printed large under it, the loopback host is
// explained, and Esc closes it without leaving presentation mode.
func TestBrowserQROverlay(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.do("size the window", chromedp.EmulateViewport(1280, 720))
	tb.open("/play?v=1&p=seed-b&lam=0.9&present=1&theme=dark&hide=adv&lang=zh")
	tb.do("open the QR code", chromedp.Click(chromedp.CSS(`[data-testid="qr"]`)))
	tb.until("the overlay shows the loaded code", `() => {
		const d = document.getElementById("qr-overlay"), i = d && d.querySelector("img.qr-code");
		return d && d.open && i && i.complete && i.naturalWidth > 0 ? "" : "not yet";
	}`)
	var m struct {
		ImgH, LinkFont, ViewH float64
		Link, Warn            string
		Bottom                float64
	}
	if err := json.Unmarshal([]byte(eval[string](tb, `JSON.stringify((() => {
		const d = document.getElementById("qr-overlay"), i = d.querySelector("img.qr-code"), l = d.querySelector('[data-testid="qr-link"]');
		return {ImgH: i.getBoundingClientRect().height, LinkFont: parseFloat(getComputedStyle(l).fontSize), ViewH: innerHeight,
			Link: l.textContent.trim(), Warn: (d.querySelector('[data-testid="qr-loopback"]') || {}).textContent || "",
			Bottom: l.getBoundingClientRect().bottom};
	})())`)), &m); err != nil {
		t.Fatal(err)
	}
	t.Logf("QR code %.0f px of %.0f (%.0f%%), link %.1f px", m.ImgH, m.ViewH, 100*m.ImgH/m.ViewH, m.LinkFont)
	if m.ImgH < 0.6*m.ViewH {
		t.Errorf("the code is %.0f px tall on a %.0f px screen, want ≥ 60%%", m.ImgH, m.ViewH)
	}
	if m.LinkFont < 24 || m.Bottom > m.ViewH {
		t.Errorf("the link is %.1f px type ending at y = %.0f; want ≥ 24 px, on screen", m.LinkFont, m.Bottom)
	}
	want := srv.URL + "/play?v=1&p=seed-b&lam=0.9&lang=zh"
	if m.Link != want {
		t.Errorf("the overlay prints %q, want the learner's link %q", m.Link, want)
	}
	if !strings.Contains(m.Warn, "gaelab -addr 0.0.0.0:") || !strings.Contains(m.Warn, "回环") {
		t.Errorf("on 127.0.0.1 the overlay must say (in Chinese) that phones cannot reach it and how to fix it; it says %q", m.Warn)
	}
	// The code the overlay shows (the SVG its <img> loaded) holds the
	// learner's link.
	svg, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`fetch(document.querySelector("#qr-overlay img.qr-code").src).then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("fetch the overlay's code: %v", err)
	}
	if got, err := qrtest.Decode([]byte(svg)); err != nil || got != want {
		t.Errorf("the QR code says %q (%v), want the learner's link %q", got, err, want)
	}
	tb.key("Esc closes the overlay", kb.Escape)
	tb.until("closed, still presenting", `() => !document.getElementById("qr-overlay").open && document.body.dataset.present === "1" ? "" : "open or left"`)
}

// Without JavaScript "QR code" is a plain page with the same card, and
// Close returns to the teacher's page.
func TestBrowserQRPageWithoutJS(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.scriptsOff()
	tb.do("size the window", chromedp.EmulateViewport(1920, 1080))
	self := "/play?v=1&p=seed-b&present=1&lang=en"
	tb.open(self)
	tb.do("follow QR code", chromedp.Click(chromedp.CSS(`[data-testid="qr"]`)))
	tb.until("the QR page", `() => location.pathname === "/qr" && document.readyState === "complete" && document.querySelector("img.qr-code").complete ? "" : location.href`)
	h := eval[float64](tb, `document.querySelector("img.qr-code").getBoundingClientRect().height / innerHeight`)
	if h < 0.6 {
		t.Errorf("the code takes %.0f%% of the screen's height, want ≥ 60%%", 100*h)
	}
	tb.do("close", chromedp.Click(chromedp.CSS(`[data-testid="qr-close"]`)))
	tb.until("back on the teacher's page", `(want) => location.pathname + location.search === want ? "" : location.href`, self)
}

// In a lesson, → and ← move between its sections.
func TestBrowserPresentationLessonSections(t *testing.T) {
	t.Parallel()
	srv := playServer(t)
	tb := newTab(t, srv)
	tb.do("size the window", chromedp.EmulateViewport(1280, 720))
	tb.open("/lessons/gae?present=1")
	eval[bool](tb, `document.activeElement && document.activeElement.blur(), true`)
	tb.key("→ goes to the next section", kb.ArrowRight)
	tb.until("scrolled to a section", `() => window.scrollY > 50 ? "" : "at " + window.scrollY`)
	first := eval[float64](tb, "window.scrollY")
	tb.key("→ again", kb.ArrowRight)
	tb.until("scrolled further", `(y) => window.scrollY > y + 10 ? "" : "at " + window.scrollY`, first)
	tb.key("← goes back", kb.ArrowLeft)
	tb.until("back to the first section", `(y) => Math.abs(window.scrollY - y) < 5 ? "" : "at " + window.scrollY`, first)
}
