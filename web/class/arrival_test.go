package class_test

// Answers are judged at their arrival, before they queue for a class slot
// (arrival.go).

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// slowStore is a store whose Answer of one value takes hold first: the
// request that sends it keeps its class slot that long.
type slowStore struct {
	store.Store
	value string
	hold  time.Duration
}

func (s *slowStore) Answer(ctx context.Context, code string, id int, device, value string, send store.Send, max int, now time.Time) error {
	if value == s.value {
		time.Sleep(s.hold)
	}
	return s.Store.Answer(ctx, code, id, device, value, send, max, now)
}

// postAnswer sends a phone's answer form as class-answer.js does, with its
// send id also in the Send-Id header.
func postAnswer(c *client, code string, f url.Values) *http.Response {
	req, _ := http.NewRequest("POST", c.Base+"/class/"+code+"/answer", strings.NewReader(f.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Send-Id", f.Get("send"))
	resp, err := c.HTTP.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// TestAnswerJudgedAtArrival: one class slot, held 1.5 s by a slow answer
// across a 1 s timer. With a 10 s queue, an answer that arrived 0.3 s in
// gets its slot after the deadline and is taken (judged at its arrival);
// one that arrived after the deadline is refused (409). With a 0.1 s queue
// the early answer is shed (503) with a send stamp of its arrival, and its
// resend after the deadline is taken; a resend without the stamp is not.
func TestAnswerJudgedAtArrival(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		t.Parallel()
		for _, queue := range []time.Duration{10 * time.Second, 100 * time.Millisecond} {
			st := &slowStore{Store: open(t), value: "0.9", hold: 1500 * time.Millisecond}
			srv := server(t, st, webtest.Options{ClassSlots: 1, ClassWait: queue})
			code, key := newClass(t, srv.URL)
			askCell(t, srv.URL, code, key)
			phones, forms := make([]*client, 4), make([]url.Values, 4)
			for i, a := range []string{"0.9", "0.4", "0.5", "0.6"} {
				phones[i] = newClient(t, srv.URL)
				_, page := phones[i].Get("/join/" + code)
				forms[i] = answerForm(t, page, a)
			}
			if status, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/flow/timer", key, map[string]any{"seconds": 1}); status != http.StatusOK {
				t.Fatalf("timer = %d %v", status, m)
			}
			q, _ := st.Question(context.Background(), code, 1)
			holder := make(chan int)
			go func() { holder <- postAnswer(phones[0], code, forms[0]).StatusCode }()
			time.Sleep(300 * time.Millisecond)
			early := make(chan *http.Response)
			go func() { early <- postAnswer(phones[1], code, forms[1]) }()
			time.Sleep(time.Until(q.Deadline.Add(300 * time.Millisecond)))
			late := postAnswer(phones[2], code, forms[2])
			if got := <-holder; got != http.StatusSeeOther {
				t.Errorf("queue %v: the slow answer, sent in time = %d; want 303", queue, got)
			}
			resp := <-early
			if queue > time.Second {
				if resp.StatusCode != http.StatusSeeOther || late.StatusCode != http.StatusConflict {
					t.Errorf("queued answers: in time = %d, after the deadline = %d; want 303 (judged at arrival) and 409", resp.StatusCode, late.StatusCode)
				}
				continue
			}
			stamp := resp.Header.Get("Send-Stamp")
			if resp.StatusCode != http.StatusServiceUnavailable || stamp == "" || late.StatusCode != http.StatusServiceUnavailable {
				t.Fatalf("shed answers: in time = %d with Send-Stamp %q, after the deadline = %d; want 503s, the first stamped", resp.StatusCode, stamp, late.StatusCode)
			}
			if got := postAnswer(phones[2], code, forms[2]).StatusCode; got != http.StatusConflict {
				t.Errorf("a shed answer sent after the deadline, resent = %d; want 409", got)
			}
			forms[3].Set("stamp", stamp)
			if got := postAnswer(phones[3], code, forms[3]).StatusCode; got != http.StatusConflict {
				t.Errorf("another phone's send with the stamp = %d; want 409 (a stamp is its send's)", got)
			}
			forms[1].Set("stamp", stamp)
			if got := postAnswer(phones[1], code, forms[1]).StatusCode; got != http.StatusSeeOther {
				t.Errorf("the shed answer's stamped resend after the deadline = %d; want 303", got)
			}
			if as, _ := st.Answers(context.Background(), code, 1); len(as) != 2 {
				t.Errorf("%d answers stored; want the 2 sent in time", len(as))
			}
		}
	})
}

// TestAnswer429Stamped: behind a hall's NAT, an answer refused because its
// address already sends as many bodies as it may (429 with Retry-After)
// carries a send stamp of its arrival, as a shed one does, so that its
// resend after the deadline is taken (class-answer.js and gaeload resend a
// 429 after its Retry-After); without the stamp it would be refused.
func TestAnswer429Stamped(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		t.Parallel()
		st := open(t)
		srv := server(t, st, webtest.Options{BodiesPerAddr: 1, BodyRateGrace: 10 * time.Second})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		phone, late := newClient(t, srv.URL), newClient(t, srv.URL)
		_, page := phone.Get("/join/" + code)
		form := answerForm(t, page, "0.4")
		_, page = late.Get("/join/" + code)
		lateForm := answerForm(t, page, "0.4")
		if status, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/flow/timer", key, map[string]any{"seconds": 5}); status != http.StatusOK {
			t.Fatalf("timer = %d %v", status, m)
		}
		// Another phone of the address is still sending its body.
		conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST /class/%s/answer HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\na=", code)
		// Until the held body is counted: a form that stores nothing is
		// refused. Counting waits for the server to read the headers, which a
		// loaded CI machine can delay past a second.
		for wait := time.Now().Add(4 * time.Second); ; { // within the 5 s timer
			probe, _ := late.PostForm("/class/"+code+"/nickname", url.Values{"nick": {"x"}})
			if probe.StatusCode == http.StatusTooManyRequests {
				break
			}
			if time.Now().After(wait) {
				t.Fatalf("the held body is not counted: a POST from its address = %d", probe.StatusCode)
			}
			time.Sleep(10 * time.Millisecond)
		}
		resp := postAnswer(phone, code, form)
		stamp := resp.Header.Get("Send-Stamp")
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || stamp == "" {
			conn.SetReadDeadline(time.Now().Add(time.Second))
			b, _ := io.ReadAll(conn)
			t.Fatalf("an answer while the address's body arrives = %d, Retry-After %q, Send-Stamp %q; want 429 with both (held: %q)", resp.StatusCode, resp.Header.Get("Retry-After"), stamp, b)
		}
		conn.Close()
		q, _ := st.Question(context.Background(), code, 1)
		time.Sleep(time.Until(q.Deadline.Add(200 * time.Millisecond)))
		if got := postAnswer(late, code, lateForm).StatusCode; got != http.StatusConflict {
			t.Errorf("a first send after the deadline = %d; want 409", got)
		}
		form.Set("stamp", stamp)
		if got := postAnswer(phone, code, form).StatusCode; got != http.StatusSeeOther {
			t.Errorf("the 429'd answer's stamped resend after the deadline = %d; want 303", got)
		}
		if as, _ := st.Answers(context.Background(), code, 1); len(as) != 1 || as[0].Value != "0.4" {
			t.Errorf("answers stored: %v; want the one sent in time", as)
		}
	})
}
