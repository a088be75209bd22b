package e2e

import (
	"net/url"
	"testing"

	"gaelab/web"
)

// TestBrowserClassTimer: in a browser, the countdown ticks on the phone and
// on the console through their event streams (the timer events reach the
// element of each freshly swapped panel), and at zero the phone's form
// gives way to "Time is up" by itself.
func TestBrowserClassTimer(t *testing.T) {
	srv := server(t, sqliteStore(t), web.Options{})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	if status, m := flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 30}); status != 200 {
		t.Fatalf("timer = %d %v", status, m)
	}
	phone, console := newTab(t, srv), newTab(t, srv)
	phone.open("/join/" + code + "?lang=en")
	console.open("/class/" + code + "/teach?lang=en&k=" + url.QueryEscape(key))
	ticked := `(sel) => { const e = document.querySelector(sel); const s = e ? e.textContent : "(none)";
		return /^0:2[0-8] left\.$/.test(s.trim()) ? "" : s }`
	phone.until("the phone's countdown ticks", ticked, "#phone-timer")
	console.until("the console's countdown ticks", ticked, "#class-timer")
	if status, m := flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 1}); status != 200 {
		t.Fatalf("timer = %d %v", status, m)
	}
	phone.until("the phone says time is up, without its form", `() => {
		const c = document.querySelector('[data-testid="phone-closed"]');
		if (!c || !c.textContent.includes("Time is up")) return c ? c.textContent : "(no closed note)";
		return document.querySelector('[data-testid="phone-form"]') ? "the form is still there" : "" }`)
}
