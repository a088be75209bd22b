package play_test

import (
	"strings"
	"testing"

	"gaelab/web/i18n"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
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
		doc := webtest.Page(t, tc.query)
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
			doc := webtest.Page(t, q)
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
