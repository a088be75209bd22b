package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"gaelab/web"
	"gaelab/web/i18n"
	"gaelab/web/train"
)

// trainCurveJS is what a /train chart shows of run A: the iterations its
// curve has drawn, its value at the iteration shown, and its line's width.
const trainCurveJS = `(metric) => {
	const li = document.querySelector('[data-metric="' + metric + '"]');
	if (!li) return null;
	const line = li.querySelector('path[marker-mid]');
	return [Number(li.dataset.points), Number(li.dataset.value), line ? line.getBBox().width : 0];
}`

// Play on the healthy preset, in each language from a browser speaking the
// other: the frames come without a reload (a mark set on the window stays),
// the address bar follows them, critic/score/mean rises and the curves grow;
// Pause stops; the link opened cold (another server, another browser
// context) shows the same curves.
func TestBrowserTrainPlay(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang           i18n.Lang
		acceptLanguage string
	}{{i18n.Zh, "en-US,en;q=0.9"}, {i18n.En, "zh-CN,zh;q=0.9"}} {
		t.Run(string(c.lang), func(t *testing.T) {
			t.Parallel()
			srv := playServer(t)
			tb := newTab(t, srv)
			tb.do("browser language "+c.acceptLanguage, chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
				_, err := cdp.Call(ctx, tgt, network.SetExtraHTTPHeaders,
					network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": c.acceptLanguage}})
				return err
			}))
			lang := string(c.lang)
			tb.open("/train?v=1&p=healthy&it=0&lang=" + lang)
			tb.until("the Play button shows", `(play) => {
				const b = document.querySelector('[data-testid="train-play"]');
				return b && !b.closest("[hidden]") && b.textContent === play ? "" : "no Play button";
			}`, c.lang.T("train.play"))
			first := eval[[]any](tb, "("+trainCurveJS+`)("critic/score/mean")`)
			eval[bool](tb, `(() => {
				window.trainMark = 1, window.trainTicks = [], window.trainPaint = [];
				let tick = 0;
				document.addEventListener("htmx:beforeRequest", () => { tick = performance.now(); });
				document.addEventListener("htmx:afterSettle", () => {
					window.trainTicks.push(performance.now());
					const t0 = tick;
					requestAnimationFrame(() => window.trainPaint.push(performance.now() - t0));
				});
				const s = document.querySelector('[data-testid="train-speed"]');
				s.value = "80", s.dispatchEvent(new Event("change", {bubbles: true}));
				return true;
			})()`)
			tb.do("Play", chromedp.Click(chromedp.CSS(`[data-testid="train-play"]`)))
			tb.until("six frames played, without a reload, in the page's language", `(lang, status) => {
				if (window.trainMark !== 1) return "the page was reloaded";
				if (document.documentElement.lang !== lang) return "html lang " + document.documentElement.lang;
				const q = new URLSearchParams(location.search), it = Number(q.get("it"));
				if (q.get("lang") !== lang) return "address bar " + location.search;
				if (it < 6) return "at iteration " + it;
				const s = document.querySelector('[data-testid="train-status"]').textContent;
				return s.includes(status) ? "" : "status " + s;
			}`, lang, c.lang.T("train.status", 50, 50, 51)[:strings.Index(c.lang.T("train.status", 50, 50, 51), "50")])
			tb.do("Pause", chromedp.Click(chromedp.CSS(`[data-testid="train-play"]`)))
			if eval[string](tb, `document.activeElement.dataset.testid || ""`) != "train-play" {
				t.Error("the Play button lost the focus while playing")
			}
			// What the last tick swapped in: the frame's markup and the dashboard's SVG elements.
			swapped := eval[[]float64](tb, `[document.getElementById("train-frame").outerHTML.length,
				document.querySelector('[data-testid="train-charts"]').innerHTML.length,
				document.querySelectorAll('[data-testid="train-charts"] svg, [data-testid="train-charts"] svg *').length]`)
			t.Logf("%s: %.0f ms from one frame settled to the next (the client's pace is 80 ms); tick -> new frame painted (rAF after htmx:afterSettle) median, max: %v ms; frame %v bytes, dashboard %v bytes, %v SVG elements",
				lang, eval[float64](tb, `(() => { const x = window.trainTicks; return (x[x.length-1] - x[0]) / (x.length - 1); })()`),
				eval[[]any](tb, `(() => { const x = window.trainPaint.slice().sort((a, b) => a - b); return [Math.round(x[x.length >> 1]), Math.round(x[x.length-1])]; })()`),
				swapped[0], swapped[1], swapped[2])
			if swapped[0] > 72_000 || swapped[2] > 600 { // drawn panel by panel, each with its legend, markers and axis titles: ≈ 90 KB, 943 elements at iteration 30
				t.Errorf("a tick swaps a frame of %v bytes with %v SVG elements, want at most 72,000 and 600", swapped[0], swapped[2])
			}
			tb.until("paused", htmxIdleJS)
			played := eval[[]any](tb, "("+trainCurveJS+`)("critic/score/mean")`)
			if first[0].(float64) != 1 || played[0].(float64) < 6 || !(played[1].(float64) > first[1].(float64)+0.1) || !(played[2].(float64) > first[2].(float64)) {
				t.Fatalf("critic/score/mean (points, value, line width): %v before Play, %v after", first, played)
			}
			link := eval[string](tb, `location.pathname + location.search`)
			fresh := newTab(t, playServer(t)) // a server whose cache never saw the run, in a browser context of its own
			fresh.open(link)
			again := eval[[]any](fresh, "("+trainCurveJS+`)("critic/score/mean")`)
			if fmt.Sprint(again) != fmt.Sprint(played) {
				t.Errorf("%s opened cold: %v, the played page %v", link, again, played)
			}
		})
	}
}

// Play past the address's quota of training stops, and the refused frame
// opens as the 429 answer (the site's errors are plain text), in the link's
// language from a browser speaking the other.
func TestBrowserTrainQuota(t *testing.T) {
	t.Parallel()
	srv := playServerOf(t, web.Handler(web.Options{TrainQuota: train.Quota{PerMinute: 1, Burst: 40}}))
	tb := newTab(t, srv)
	tb.do("browser language en-US", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		_, err := cdp.Call(ctx, tgt, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": "en-US,en;q=0.9"}})
		return err
	}))
	tb.open("/train?v=1&p=healthy&it=5&lang=zh") // 6 iterations × 4 epochs of 40; ticks to 9 fit, 10 does not
	tb.until("the Play button shows", `() => { const b = document.querySelector('[data-testid="train-play"]'); return b && !b.closest("[hidden]") ? "" : "no Play button"; }`)
	tb.do("Play", chromedp.Click(chromedp.CSS(`[data-testid="train-play"]`)))
	want := i18n.Zh.T("train.err.quota", 1, 40, 1)
	want = want[:strings.Index(want, "（")]
	tb.until("the refused frame's page says why, in Chinese", `(want) => {
		if (document.querySelector('[data-testid="train-frame"]')) return "still on the lab at " + location.search;
		return document.body.textContent.includes(want) ? "" : document.body.textContent.slice(0, 200);
	}`, want)
	// The refused tick and the page it opens are this test's point: htmx and the browser log their 429.
	tb.forgive("429", "it=10")
	if it := eval[string](tb, `new URLSearchParams(location.search).get("it")`); it != "10" {
		t.Errorf("the refused frame is iteration %s, want 10", it)
	}
}

// /train passes axe-core at 1280 × 720 and on a 375-pixel phone, in both languages.
func TestA11yTrain(t *testing.T) {
	t.Parallel()
	phone375 := emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 812, DeviceScaleFactor: 1, Mobile: true}
	axeEveryWayOn(t, playServer(t), true, phone375, "/train?v=1&p=healthy&it=5", "/train?v=1&p=lambda&it=49&theme=dark")
}
