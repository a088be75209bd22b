package class_test

// Answers survive a database blip: a send id makes a resend count once; a
// store error is a localized 503 with Retry-After (a "not sent yet" form
// for an answer, a JSON error naming the store on the API); an oversized
// answer says it is too long; phones that follow class-answer.js's
// protocol lose nothing when PostgreSQL restarts mid-question.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/store"
	"gaelab/web/store/postgres"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// answerForm is the fields of a phone page's answer form, with answer a.
func answerForm(t *testing.T, page, a string) url.Values {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	f := url.Values{"a": {a}}
	doc.Find(`form.class-answer input[type=hidden]`).Each(func(_ int, s *goquery.Selection) {
		f.Set(s.AttrOr("name", ""), s.AttrOr("value", ""))
	})
	if f.Get("send") == "" || f.Get("csrf") == "" || f.Get("q") == "" {
		t.Fatalf("the answer form lacks csrf, q or send: %v\n%.2000s", f, page)
	}
	return f
}

// TestAnswerResendCountedOnce: the same form sent again (same send id) is
// acknowledged and counted once, even past the cap of 20 changes; a new
// page's form is a new send.
func TestAnswerResendCountedOnce(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		srv := server(t, st, webtest.Options{})
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		p := newClient(t, srv.URL)
		_, page := p.Get("/join/" + code)
		f := answerForm(t, page, "0.4")
		for i := range 25 {
			if resp, body := p.PostForm("/class/"+code+"/answer", f); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("send %d of one form = %d; want 303\n%.500s", i+1, resp.StatusCode, body)
			}
		}
		_, page = p.Get("/join/" + code)
		if g := answerForm(t, page, "0.3"); g.Get("send") == f.Get("send") {
			t.Fatal("two renders of the phone page carry the same send id")
		} else if resp, _ := p.PostForm("/class/"+code+"/answer", g); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("a new send = %d; want 303", resp.StatusCode)
		}
		got, err := st.Answers(context.Background(), code, 1)
		if err != nil || len(got) != 1 || got[0].Changes != 2 || got[0].Value != "0.3" {
			t.Errorf("answers = %+v, %v; want one, 0.3, changed twice (25 sends of the first form count once)", got, err)
		}
	})
}

// TestStoreBlipIs503: while the store fails, an answer gets a 503 with
// Retry-After and the "not sent yet" form, filled in, in the student's
// language; sending that form once the store is back counts once. A page
// is a 503 page saying to try again; the API a JSON error naming the store.
// Never a 500.
func TestStoreBlipIs503(t *testing.T) {
	t.Parallel()
	st := &stores.Blip{Store: backends[0].open(t)}
	srv := server(t, st, webtest.Options{})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	p := newClient(t, srv.URL)
	p.Lang = "zh"
	_, page := p.Get("/join/" + code)
	f := answerForm(t, page, "0.4")

	st.Down.Store(true)
	resp, body := p.PostForm("/class/"+code+"/answer", f)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(body, "尚未发送") {
		t.Fatalf("an answer while the store is down = %d, Retry-After %q; want a 503 page in Chinese with Retry-After\n%.1500s",
			resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	doc, _ := goquery.NewDocumentFromReader(strings.NewReader(body))
	resend := url.Values{}
	doc.Find(`[data-testid=resend-form] input`).Each(func(_ int, s *goquery.Selection) {
		resend.Set(s.AttrOr("name", ""), s.AttrOr("value", ""))
	})
	for _, k := range []string{"csrf", "q", "a", "send"} {
		if resend.Get(k) != f.Get(k) {
			t.Errorf("the resend form's %s = %q; want the answer's %q", k, resend.Get(k), f.Get(k))
		}
	}
	for _, path := range []string{"/join/" + code, "/class/" + code + "/teach?k=" + url.QueryEscape(key)} {
		resp, body := p.Get(path)
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "数据库没有响应") {
			t.Errorf("GET %s while the store is down = %d %q; want a 503 page in Chinese with Retry-After", path, resp.StatusCode, body)
		}
		if strings.Contains(body, key) {
			t.Errorf("GET %s while the store is down: the teacher's key is in the page", path)
		}
	}
	req, _ := http.NewRequest("GET", srv.URL+"/api/v1/classes/"+code+"/results", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	if resp, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		var m struct{ Error struct{ Code, Field string } }
		json.NewDecoder(resp.Body).Decode(&m)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || m.Error.Code != "unavailable" || m.Error.Field != "store" {
			t.Errorf("the API while the store is down = %d %+v; want 503 unavailable naming the store, with Retry-After", resp.StatusCode, m)
		}
	}

	st.Down.Store(false)
	for range 2 {
		if resp, _ := p.PostForm("/class/"+code+"/answer", resend); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("sending again once the store is back = %d; want 303", resp.StatusCode)
		}
	}
	if got, _ := st.Answers(context.Background(), code, 1); len(got) != 1 || got[0].Changes != 1 {
		t.Errorf("answers = %+v; want one, counted once", got)
	}
}

// TestOversizedAnswer: a 20,000-character answer is told it is too long,
// in the student's language, not that the form expired.
func TestOversizedAnswer(t *testing.T) {
	t.Parallel()
	srv := server(t, backends[0].open(t), webtest.Options{})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	for lang, want := range map[string]string{"en": "at most 64 characters", "zh": "答案最多 64 个字符"} {
		p := newClient(t, srv.URL)
		p.Lang = lang
		_, page := p.Get("/join/" + code)
		resp, body := p.PostForm("/class/"+code+"/answer", answerForm(t, page, strings.Repeat("1", 20000)))
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, want) || strings.Contains(body, "expired") {
			t.Errorf("%s: a 20,000-character answer = %d %q; want 413 saying %q", lang, resp.StatusCode, body, want)
		}
	}
}

// jsPhone sends an answer as class-answer.js does: a fresh send id, then
// the same request again after 0.5, 1, 2, 4, 8, 8, … s (±25 %) on a
// network error or a 5xx, until a 303 acknowledges it. It never resends
// by hand. It returns how many sends failed, or an error on a refusal
// (4xx) or past the deadline.
func jsPhone(c *client, code string, f url.Values, deadline time.Time) (failed int, err error) {
	f.Set("send", fmt.Sprintf("%016x%016x", rand.Uint64(), rand.Uint64()))
	for attempt := 0; ; attempt++ {
		req, _ := http.NewRequest("POST", c.Base+"/class/"+code+"/answer", strings.NewReader(f.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		resp, err := c.HTTP.Do(req)
		if err == nil {
			resp.Body.Close()
			switch {
			case resp.StatusCode == http.StatusSeeOther:
				return failed, nil
			case resp.StatusCode < 500:
				return failed, errors.New("refused: " + resp.Status)
			}
		}
		failed++
		delay := min(8*time.Second, 500*time.Millisecond<<attempt)
		delay = time.Duration(float64(delay) * (0.75 + rand.Float64()/2))
		if time.Now().Add(delay).After(deadline) {
			return failed, errors.New("not acknowledged before the deadline")
		}
		time.Sleep(delay)
	}
}

// TestPostgresRestartLosesNoAnswer: 40 phones on two replicas answer
// while PostgreSQL restarts (pg_ctl restart -m fast, on a cluster of the
// test's own); following class-answer.js's protocol and never resending by
// hand, every phone's answer is stored, once.
func TestPostgresRestartLosesNoAnswer(t *testing.T) {
	t.Parallel()
	pg := newPGCluster(t)
	ctx := context.Background()
	open := func() store.Store {
		s, err := postgres.Open(ctx, pg.URL(), nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	replicas := []string{server(t, open(), webtest.Options{}).URL, server(t, open(), webtest.Options{}).URL}
	code, key := newClass(t, replicas[0])
	askCell(t, replicas[1], code, key)
	const phones = 40
	clients, forms := make([]*client, phones), make([]url.Values, phones)
	for i := range phones {
		clients[i] = newClient(t, replicas[i%2])
		_, page := clients[i].Get("/join/" + code)
		forms[i] = answerForm(t, page, "0.4")
	}

	var restarted error
	var restartTook time.Duration
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		time.Sleep(200 * time.Millisecond)
		start := time.Now()
		restarted = pg.Restart()
		restartTook = time.Since(start)
	}()
	deadline := time.Now().Add(40 * time.Second)
	var failed atomic.Int64
	errs := make([]error, phones)
	for i := range phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 50 * time.Millisecond) // answers arrive over 2 s, across the restart
			n, err := jsPhone(clients[i], code, forms[i], deadline)
			failed.Add(int64(n))
			errs[i] = err
		}()
	}
	wg.Wait()
	if restarted != nil {
		t.Fatal(restarted)
	}
	for i, err := range errs {
		if err != nil {
			t.Errorf("phone %d: %v", i, err)
		}
	}
	got, err := open().Answers(ctx, code, 1)
	if err != nil || len(got) != phones {
		t.Fatalf("%d answers stored (%v); want all %d", len(got), err, phones)
	}
	for _, a := range got {
		if a.Changes != 1 || a.Value != "0.4" {
			t.Errorf("answer %+v; want 0.4 counted once", a)
		}
	}
	t.Logf("restart took %v; %d sends failed and were sent again", restartTook, failed.Load())
}
