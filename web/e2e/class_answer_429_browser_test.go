package e2e

// A hall's phones share one address: an answer refused because that
// address already sends as many bodies as it may (429 with Retry-After)
// is sent again by class-answer.js, and judged as sent when it first came.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"gaelab/web"
)

// TestBrowserAnswerResends429: in both languages (zh from an en-US
// browser, en from a zh-CN one), a phone presses Send 2 s before the timer
// ends while another phone of its address is still sending a body (at most
// 1 at once here): the 429 says "not sent yet" and the script sends it
// again, no sooner than Retry-After, until the other body is gone, after
// the deadline; the answer is taken (its send stamp says it came in time),
// shown as the phone's answer, and stored once. Before, a 429 was a
// refusal: the vote was dropped.
func TestBrowserAnswerResends429(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, browser, unsent string }{{"zh", "en-US", "尚未发送"}, {"en", "zh-CN", "Not sent yet"}} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			st := sqliteStore(t)
			srv := server(t, st, web.Options{BodiesPerAddr: 1, BodyRateGrace: 20 * time.Second})
			code, key := newClass(t, srv.URL)
			askCell(t, srv.URL, code, key)
			tb := newTab(t, srv)
			tb.speaks(c.browser)
			tb.open("/join/" + code + "?lang=" + c.lang)
			if st, m := flow(t, srv.URL, code, key, "timer", map[string]any{"seconds": 2}); st != http.StatusOK {
				t.Fatalf("timer = %d %v", st, m)
			}
			tb.until("the timer shows", `() => document.querySelector("[data-testid=phone-timer]") ? "" : "no timer"`)
			// Another phone of the address is sending its body, slowly.
			conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			fmt.Fprintf(conn, "POST /class/%s/answer HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\na=", code)
			probe := newClient(t, srv.URL)
			for i := 0; ; i++ {
				if resp, _ := probe.PostForm("/class/"+code+"/nickname", url.Values{"nick": {"x"}}); resp.StatusCode == http.StatusTooManyRequests {
					break
				} else if i == 100 {
					t.Fatalf("the held body is not counted: a POST from its address = %d", resp.StatusCode)
				}
				time.Sleep(10 * time.Millisecond)
			}
			eval[bool](tb, `(() => { document.getElementById("class-a").value = "0.4"; document.querySelector("form.class-answer button").click(); return true })()`)
			tb.until("the phone says its answer is not sent yet", `(want) => {
				const s = document.querySelector("[data-testid=phone-send]");
				return s && !s.hidden && s.textContent.includes(want) ? "" : (s ? s.textContent : "no status");
			}`, c.unsent)
			q, _ := st.Question(context.Background(), code, 1)
			time.Sleep(time.Until(q.Deadline.Add(500 * time.Millisecond)))
			conn.Close() // the other body is gone, after the deadline
			// Voting has closed, so the panel shows no form (nor its status):
			// the answer it shows is the one the server took.
			tb.until("the answer is sent once the address may send", `() => {
				const y = document.querySelector("[data-testid=phone-yours]");
				return y && y.textContent.includes("0.4") && localStorage.getItem("gaelab.answer") === null ? "" : document.getElementById("class-question").innerText;
			}`)
			if got, _ := st.Answers(context.Background(), code, 1); len(got) != 1 || got[0].Value != "0.4" || got[0].Changes != 1 {
				t.Errorf("answers = %+v; want 0.4 once", got)
			}
			tb.forgive("429")
		})
	}
}
