package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/web/i18n"
	"gaelab/web/scenario"
)

// The step panel's auto-play runs at the link's speed= (the Play button's
// milliseconds per step), offers the speeds as links that keep the step and
// replace the history entry, and every link of the step-through carries the
// speed; speed is a view, so the preset's question stays. A bad speed plays
// at 1 step/s and says so in the page's language.
func TestPlaySpeed(t *testing.T) {
	for _, tc := range []struct {
		query    string
		interval string
		current  string
	}{
		{"/play?v=1&p=seed-b&step=2", "1000", "1"},
		{"/play?v=1&p=seed-b&step=2&speed=4", "250", "4"},
		{"/play?v=1&p=seed-b&step=2&speed=0.25&lang=zh", "4000", "0.25"},
		{"/play?v=1&p=seed-b&step=2&speed=1.5", "667", "1.5"},
		{"/play?v=2&p=seed-b&ver=v0.9.0&step=0&speed=2&present=1", "500", "2"},
	} {
		doc := getPage(t, tc.query)
		if got, _ := doc.Find(`[data-testid="step-play"]`).Attr("data-interval"); got != tc.interval {
			t.Errorf("%s: Play steps every %q ms, want %s", tc.query, got, tc.interval)
		}
		cur := doc.Find(`[data-testid="step-speed"] a[aria-current="true"]`)
		if cur.Length() != 1 || cur.Text() != tc.current {
			t.Errorf("%s: current speed %q (%d marked), want %s", tc.query, cur.Text(), cur.Length(), tc.current)
		}
		_, speedParam, _ := strings.Cut(tc.query, "&speed=")
		speedParam, _, _ = strings.Cut(speedParam, "&")
		links := doc.Find(`[data-testid="step-speed"] a`)
		if want := len(scenario.SpeedChoices) + map[bool]int{true: 1, false: 0}[tc.current == "1.5"]; links.Length() != want {
			t.Errorf("%s: %d speed links, want %d", tc.query, links.Length(), want)
		}
		for i := range links.Length() {
			a := links.Eq(i)
			href, _ := a.Attr("href")
			want := "&speed=" + a.Text()
			if a.Text() == "1" {
				want = ""
			}
			if (want != "") != strings.Contains(href, "&speed=") || want != "" && !strings.Contains(href, want) ||
				!strings.Contains(href, "step=") || a.AttrOr("data-history", "") != "replace" {
				t.Errorf("%s: speed link %q goes to %s", tc.query, a.Text(), href)
			}
		}
		for _, id := range []string{"step-next", "step-back", "step-last", "step-first", "step-exit"} {
			href, ok := doc.Find(`a[data-testid="` + id + `"]`).Attr("href")
			if ok && speedParam != "" && !strings.Contains(href, "speed="+speedParam) {
				t.Errorf("%s: %s drops the speed: %s", tc.query, id, href)
			}
		}
		if speedParam != "" && !strings.Contains(tc.query, "present=1") {
			if v, _ := doc.Find(`#form-state input[name="speed"]`).Attr("value"); v != speedParam {
				t.Errorf("%s: the form carries speed %q, want %s", tc.query, v, speedParam)
			}
			if doc.Find(`[data-testid="changed"]`).Length() != 0 {
				t.Errorf("%s: a speed marks the state as changed from its preset", tc.query)
			}
		}
	}
	for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
		for _, bad := range []string{"9", "0", "fast", "-1", "NaN"} {
			q := "/play?v=1&p=seed-b&step=1&speed=" + bad + "&lang=" + string(lang)
			doc := getPage(t, q)
			want := lang.T("warn.speed", bad, "0.25", "4", "1")
			if got := doc.Find(`[data-testid="warnings"]`).Text(); !strings.Contains(got, want) {
				t.Errorf("%s: warnings %q, want %q", q, got, want)
			}
			if got, _ := doc.Find(`[data-testid="step-play"]`).Attr("data-interval"); got != "1000" {
				t.Errorf("%s: plays every %s ms, want the default 1000", q, got)
			}
		}
	}
}

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
