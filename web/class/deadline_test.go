package class_test

// Fair deadlines (issue 40): a store outage during a running timer extends
// it; an answer that reached the server before the deadline while the
// store was down is taken on a resend within the grace; while the store is
// down, the teacher's controls say how many answers wait.

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// TestFairDeadlineAcrossOutage: a 2 s timer; the store goes down at once
// and stays down until 1 s past the deadline. Five phones press Send during
// the outage: each gets a 503 with a send stamp, and the teacher's live
// panel says "5 answers waiting" (on PostgreSQL, in Chinese, two replicas:
// the 3 of the first). Once the store is back, the timer has grown by the
// outage (≈ 3 s, once, though both replicas saw it): the five
// resends are taken, and so is a sixth phone's first send, after the old
// deadline. Past the extended deadline a resend that carries its stamp is
// still taken (the grace), while a first send, and one that carries
// another answer's stamp, are refused as voting closed (409).
func TestFairDeadlineAcrossOutage(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		t.Parallel()
		ctx := context.Background()
		// On PostgreSQL, two replicas: phones alternate between them, both
		// see the outage, and the timer still grows by it once.
		blips, urls := []*stores.Blip{{Store: open(t)}}, []string{}
		lang, waiting := "en", "5 answers waiting"
		if t.Name() == "TestFairDeadlineAcrossOutage/postgres" {
			blips = append(blips, &stores.Blip{Store: open(t)})
			lang, waiting = "zh", "3 个答案正在等待" // phones 0, 2 and 4 wait on the first replica
		}
		for _, b := range blips {
			urls = append(urls, server(t, b, webtest.Options{}).URL)
		}
		st, down := blips[0], func(on bool) {
			for _, b := range blips {
				b.Down.Store(on)
			}
		}
		code, key := newClass(t, urls[0])
		askCell(t, urls[0], code, key)
		events, stop := newClient(t, urls[0]).Stream("/class/" + code + "/teach/events?lang=" + lang + "&k=" + url.QueryEscape(key))
		defer stop()
		if e, ok := waitFor(events, "event: live", 5*time.Second); !ok {
			t.Fatalf("the teacher's stream began with %q", e)
		}
		phones := make([]*client, 8)
		forms := make([]url.Values, 8)
		for i := range phones {
			phones[i] = newClient(t, urls[i%len(urls)])
			_, page := phones[i].Get("/join/" + code)
			forms[i] = answerForm(t, page, "0."+strconv.Itoa(i+1))
		}
		if status, m := api(t, urls[0], "POST", "/api/v1/classes/"+code+"/flow/timer", key, map[string]any{"seconds": 2}); status != http.StatusOK {
			t.Fatalf("timer = %d %v", status, m)
		}
		q, _ := st.Question(ctx, code, 1)
		deadline := q.Deadline

		down(true)
		for i := range 5 {
			resp, body := phones[i].PostForm("/class/"+code+"/answer", forms[i])
			stamp := resp.Header.Get("Send-Stamp")
			if resp.StatusCode != http.StatusServiceUnavailable || stamp == "" {
				t.Fatalf("phone %d during the outage = %d, Send-Stamp %q; want 503 with a stamp\n%.300s", i, resp.StatusCode, stamp, body)
			}
			if got := doc(t, body).Find(`[data-testid=resend-form] input[name=stamp]`).AttrOr("value", ""); got != stamp {
				t.Errorf("phone %d: the resend form's stamp %q; want the header's %q", i, got, stamp)
			}
			forms[i].Set("stamp", stamp)
		}
		if e, ok := waitFor(events, waiting, 5*time.Second); !ok {
			t.Errorf("the teacher's panel during the outage: %q; want %q", e, waiting)
		}
		time.Sleep(time.Until(deadline.Add(time.Second)))
		down(false)
		outage := time.Since(deadline.Add(-2 * time.Second))

		for i := range 5 {
			if resp, body := phones[i].PostForm("/class/"+code+"/answer", forms[i]); resp.StatusCode != http.StatusSeeOther {
				t.Errorf("phone %d's resend once the store is back = %d; want 303\n%.300s", i, resp.StatusCode, body)
			}
		}
		if resp, _ := phones[5].PostForm("/class/"+code+"/answer", forms[5]); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("a first send after the old deadline, within the extended one = %d; want 303", resp.StatusCode)
		}
		q, _ = st.Question(ctx, code, 1)
		if grown := q.Deadline.Sub(deadline); grown < outage-time.Second || grown > outage+time.Second {
			t.Errorf("the timer grew by %v; want the outage's %v (±1 s)", grown, outage)
		}
		if e, ok := waitFor(events, `data-testid="class-count"`, 5*time.Second); !ok {
			t.Errorf("the teacher's panel once the store is back: %q; want the question's count again", e)
		}

		time.Sleep(time.Until(q.Deadline.Add(200 * time.Millisecond)))
		// Phone 4 resends only now (its browser was asleep): its stamp says it
		// reached the server before the deadline.
		if resp, body := phones[4].PostForm("/class/"+code+"/answer", forms[4]); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("a stamped resend past the extended deadline, within the grace = %d; want 303\n%.300s", resp.StatusCode, body)
		}
		forms[7].Set("stamp", forms[4].Get("stamp"))
		for i, what := range map[int]string{6: "a first send past the deadline", 7: "a send with another answer's stamp"} {
			if resp, _ := phones[i].PostForm("/class/"+code+"/answer", forms[i]); resp.StatusCode != http.StatusConflict {
				t.Errorf("%s = %d; want 409 (voting closed)", what, resp.StatusCode)
			}
		}
		if got, err := st.Answers(ctx, code, 1); err != nil || len(got) != 6 {
			t.Errorf("%d answers stored (%v); want the 6 sent in time", len(got), err)
		}
	})
}
