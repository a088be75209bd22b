package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/web/i18n"
)

// Auto-play at speed= s asks for a step 1/s seconds after the last (the
// requests of steps 1…6, timed in the page as htmx sends them), or when the
// last step's answer took longer, as soon as it has settled; it keeps speed= and step= in the
// address bar, replaces the history entry at every step, and stops at the
// end, without a reload.
func TestBrowserAutoPlaySpeed(t *testing.T) {
	srv := playServer(t)
	for _, speed := range []float64{4, 2} {
		t.Run(fmt.Sprint(speed), func(t *testing.T) {
			tb := newTab(t, srv)
			tb.open(fmt.Sprintf("/play?v=1&p=seed-b&step=0&speed=%g&lang=en", speed))
			eval[bool](tb, `(() => {
				window.__sent = []; window.__seen = []; window.__history = history.length; window.__noReload = true;
				document.addEventListener("htmx:beforeRequest", e => {
					window.__sent.push({path: e.detail.requestConfig.path, at: performance.now()});
				});
				document.addEventListener("htmx:afterSettle", () => {
					window.__seen.push({search: location.search, history: history.length, at: performance.now()});
				});
				return true;
			})()`)
			tb.until("the Play button shows", `() => document.querySelector('[data-testid="step-play"]')?.hidden === false ? "" : "hidden"`)
			tb.do("Play", chromedp.Click(chromedp.CSS(`[data-testid="step-play"]`)))
			tb.until("the last step", `() => location.search.includes("step=6") && window.__noReload ? "" : location.search + " button " + document.querySelector('[data-testid="step-play"]')?.textContent + " requests " + [...document.querySelectorAll(".htmx-request")].map(e => e.outerHTML.slice(0, 120)) + " sent " + JSON.stringify(window.__sent)`)
			tb.until("Play again at the end", `(play) => document.querySelector('[data-testid="step-play"]').textContent === play ? "" : "still playing"`, i18n.En.T("step.play"))
			var got struct {
				Sent []struct {
					Path string  `json:"path"`
					At   float64 `json:"at"`
				} `json:"sent"`
				Seen []struct {
					Search  string  `json:"search"`
					History int     `json:"history"`
					At      float64 `json:"at"`
				} `json:"seen"`
				History int `json:"history"`
			}
			if err := json.Unmarshal([]byte(eval[string](tb, `JSON.stringify({sent: window.__sent, seen: window.__seen, history: window.__history})`)), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Sent) != 6 {
				t.Fatalf("%d requests, want steps 1…6: %+v", len(got.Sent), got.Sent)
			}
			for i, s := range got.Sent {
				if want := fmt.Sprintf("step=%d&speed=%g", i+1, speed); !strings.Contains(s.Path, want) {
					t.Errorf("request %d: %s, want %s", i, s.Path, want)
				}
			}
			for _, s := range got.Seen {
				if !strings.Contains(s.Search, fmt.Sprintf("speed=%g", speed)) || s.History != got.History {
					t.Errorf("after a step: %s with %d history entries (had %d): want speed=%g and the entry replaced", s.Search, s.History, got.History, speed)
				}
			}
			// Each step goes one interval after the last one was asked for,
			// or, when the last one's answer took longer (a busy machine),
			// as soon as it has settled: never earlier, and not much later
			// (timers run late on a loaded machine).
			ms := 1000 / speed
			var gaps []float64
			for i := 1; i < len(got.Sent); i++ {
				ready := got.Sent[i-1].At + ms
				for _, s := range got.Seen {
					if strings.Contains(s.Search, fmt.Sprintf("step=%d&", i)) && s.At <= got.Sent[i].At {
						ready = max(ready, s.At)
					}
				}
				gap := got.Sent[i].At - got.Sent[i-1].At
				gaps = append(gaps, gap)
				if late := got.Sent[i].At - ready; late < -5 || late > 0.5*ms+100 {
					t.Errorf("speed=%g: step %d went %.0f ms after step %d, %.0f ms after it was due", speed, i+1, gap, i, late)
				}
			}
			t.Logf("speed=%g: steps every %.0f ms (want %.0f, or the answer's time when longer)", speed, gaps, ms)
		})
	}
}
