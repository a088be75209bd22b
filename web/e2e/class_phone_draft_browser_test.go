package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gaelab/web"
)

// TestBrowserPhoneKeepsDraft: on a phone, in both languages (a zh page in
// an en-US browser, an en page in a zh-CN one), an answer typed but not
// sent survives the teacher starting the timer (the stream re-renders the
// question panel), focus included; the field opens a keyboard with a minus
// (inputmode="text"); once sent and voting is closed, "your answer" stays;
// the page has no site navigation and no UTC time.
func TestBrowserPhoneKeepsDraft(t *testing.T) {
	srv := server(t, sqliteStore(t), web.Options{})
	for _, c := range []struct{ lang, browser, utc string }{{"zh", "en-US", "UTC"}, {"en", "zh-CN", "UTC"}} {
		t.Run(c.lang, func(t *testing.T) {
			code, key := newClass(t, srv.URL)
			askCell(t, srv.URL, code, key)
			phone := newTab(t, srv)
			phone.speaks(c.browser)
			phone.open("/join/" + code + "?lang=" + c.lang)
			if mode := eval[string](phone, `document.querySelector("#class-a").getAttribute("inputmode")`); mode != "text" {
				t.Errorf("the number field's inputmode = %q; want text (a keyboard with a minus on every phone)", mode)
			}
			// The stream's first message may re-render the question panel
			// while the keys go in (chromedp then loses the field: "Could not
			// find node"); a student would type on into the new field.
			for try := 0; ; try++ {
				err := chromedp.Do(phone.ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("#class-a").value = ""`), chromedp.SendKeys("#class-a", "-0.4"))
				if err == nil {
					break
				}
				if try == 2 || !strings.Contains(err.Error(), "Could not find node") {
					t.Fatalf("type a draft: %v", err)
				}
			}
			if status, m := flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 300}); status != 200 {
				t.Fatalf("timer = %d %v", status, m)
			}
			phone.until("the draft survives the timer's re-render", `() => {
				if (!document.querySelector("#phone-timer")) return "no countdown yet";
				const a = document.querySelector("#class-a");
				if (!a) return "no answer field";
				if (a.value !== "-0.4") return "the field holds " + JSON.stringify(a.value);
				return document.activeElement === a ? "" : "the field lost the focus" }`)
			phone.until("no site navigation and no UTC time", `(utc) => {
				if (document.querySelector("#site-nav")) return "the site's navigation is there";
				return document.querySelector("main").textContent.includes(utc) ? "a UTC time is shown" : "" }`, c.utc)
			phone.do("send", chromedp.Click(`[data-testid="phone-form"] button[type="submit"]`))
			phone.until("the answer is acknowledged", `() => {
				const y = document.querySelector('[data-testid="phone-yours"]');
				return y && y.textContent.includes("0.4") ? "" : "no \"your answer\" yet" }`)
			if status, m := flow(t, srv.URL, code, key, "close", nil); status != 200 {
				t.Fatalf("close = %d %v", status, m)
			}
			phone.until("\"your answer\" stays while voting is closed", `() => {
				if (!document.querySelector('[data-testid="phone-closed"]')) return "voting is not shown closed yet";
				if (document.querySelector('[data-testid="phone-form"]')) return "the form is still there";
				const y = document.querySelector('[data-testid="phone-yours"]');
				return y && y.textContent.includes("0.4") ? "" : "\"your answer\" is gone" }`)
		})
	}
}
