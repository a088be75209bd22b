package class_test

// Fair admission to a live class (issue 27): seats, streams, join bursts
// and code guessing, on both databases, from distinct client addresses
// (X-Forwarded-For through a trusted loopback proxy; each test draws its
// own addresses, since the seat buckets of PostgreSQL outlive a run).

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web/clientip"
	"gaelab/web/store"
	"gaelab/web/webtest"
)

// behindProxy are options that trust the loopback proxy's X-Forwarded-For.
func behindProxy(t *testing.T, o webtest.Options) webtest.Options {
	trusted, err := clientip.ParseTrusted("127.0.0.1/32,::1/128")
	if err != nil {
		t.Fatal(err)
	}
	o.TrustProxy = trusted
	return o
}

// randomAddr is a client address no other test or run uses.
func randomAddr() string {
	return fmt.Sprintf("10.%d.%d.%d", rand.N(256), rand.N(256), 1+rand.N(254))
}

// phoneFrom is a phone behind address addr.
func phoneFrom(t *testing.T, base, addr string) *client {
	c := newClient(t, base)
	c.From = addr
	return c
}

// phoneStream opens a phone's stream of a class and waits for its first
// event; the returned func closes it.
func phoneStream(t *testing.T, c *client, code string) func() {
	t.Helper()
	events, stop := c.Stream("/class/" + code + "/events")
	if e, ok := waitFor(events, "event: question", 5*time.Second); !ok {
		stop()
		t.Fatalf("a phone's stream began with %q", e)
	}
	return stop
}

// results is the teacher's view of the current question: answers and
// students.
func results(t *testing.T, base, code, key string) (answers float64, students string) {
	t.Helper()
	_, m := api(t, base, "GET", "/api/v1/classes/"+code+"/results", key, nil)
	answers, _ = m["answers"].(float64)
	_, page := newClient(t, base).console(code, key)
	if i := strings.Index(page, `data-testid="class-students">`); i >= 0 {
		students, _, _ = strings.Cut(page[i+len(`data-testid="class-students">`):], "<")
	}
	return answers, students
}

// TestAnswerWithoutDeviceCookie: POSTs that drop the device cookie (the
// CSRF pair kept) store nothing and create no student; each gets the page
// back, 409, asking in the phone's language to send again, with a fresh
// cookie that then works.
func TestAnswerWithoutDeviceCookie(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), behindProxy(t, webtest.Options{}))
		code, key := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		p := phoneFrom(t, srv.URL, randomAddr())
		_, page := p.Get("/join/" + code)
		tok := csrf(t, page)
		for i := range 30 {
			lang := []string{"en", "zh"}[i%2]
			resp, body := postWithoutDevice(t, srv.URL+"/class/"+code+"/answer", tok,
				url.Values{"q": {"1"}, "a": {"0.1"}}, "Accept-Language", lang, "X-Forwarded-For", p.From)
			want := map[string]string{"en": "send your answer again", "zh": "请再次提交答案"}[lang]
			if resp.StatusCode != http.StatusConflict || !strings.Contains(body, want) || !setsCookie(resp, "gaelab_device") {
				t.Fatalf("POST %d without a device cookie = %d, cookie set %v; want 409 with a fresh cookie and %q",
					i+1, resp.StatusCode, setsCookie(resp, "gaelab_device"), want)
			}
		}
		if answers, students := results(t, srv.URL, code, key); answers != 0 || students != "0 students joined" {
			t.Errorf("after 30 cookie-less POSTs: %v answers, %q; want 0 and no student", answers, students)
		}
		if resp, _ := p.Answer(code, "0.4"); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("the same phone with its cookie = %d; want 303", resp.StatusCode)
		}
		if answers, students := results(t, srv.URL, code, key); answers != 1 || students != "1 student joined" {
			t.Errorf("after one real answer: %v answers, %q; want 1 and one student", answers, students)
		}
	})
}

// setsCookie reports whether resp sets the named cookie.
func setsCookie(resp *http.Response, name string) bool {
	for _, c := range resp.Cookies() {
		if c.Name == name && c.Value != "" {
			return true
		}
	}
	return false
}

// TestPageLoadsTakeNoSeat: 520 cookie-less page loads (link previews) in a
// class of 500 seats take none; a student then answers.
func TestPageLoadsTakeNoSeat(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), behindProxy(t, webtest.Options{}))
		code, key := newClass(t, srv.URL)
		addr := randomAddr()
		var bad atomic.Int32
		var wg sync.WaitGroup
		jobs := make(chan struct{})
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range jobs {
					req, _ := http.NewRequest("GET", srv.URL+"/join/"+code, nil)
					req.Header.Set("X-Forwarded-For", addr)
					resp, err := http.DefaultClient.Do(req)
					if err != nil || resp.StatusCode != http.StatusOK {
						bad.Add(1)
					}
					if err == nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					}
				}
			}()
		}
		for range 520 {
			jobs <- struct{}{}
		}
		close(jobs)
		wg.Wait()
		if bad.Load() > 0 {
			t.Fatalf("%d of 520 page loads were not 200", bad.Load())
		}
		askCell(t, srv.URL, code, key)
		if _, students := results(t, srv.URL, code, key); students != "0 students joined" {
			t.Errorf("after 520 page loads the console says %q; want 0 students", students)
		}
		if resp, body := phoneFrom(t, srv.URL, addr).Answer(code, "0.4"); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("a real student after 520 page loads = %d %.200s; want 303", resp.StatusCode, body)
		}
	})
}

// TestSeatsPerAddress: an address's new students come from one bucket
// that both replicas share; past it a phone is told, in its language, to
// wait (429, Retry-After); another address is unaffected.
func TestSeatsPerAddress(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		o := behindProxy(t, webtest.Options{ClassAddrBurst: 3, ClassAddrRefill: 1})
		st := open(t)
		a, b := server(t, st, o), server(t, st, o)
		if strings.HasSuffix(t.Name(), "postgres") {
			b = server(t, open(t), o) // a second replica on the same database
		}
		code, key := newClass(t, a.URL)
		askCell(t, a.URL, code, key)
		hall := randomAddr()
		for i, base := range []string{a.URL, b.URL, a.URL} {
			if resp, _ := phoneFrom(t, base, hall).Answer(code, "0.4"); resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("student %d of a burst of 3 = %d; want 303", i+1, resp.StatusCode)
			}
		}
		p := phoneFrom(t, b.URL, hall)
		p.Lang = "zh"
		resp, body := p.Answer(code, "0.4")
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "新学生太多") {
			t.Errorf("a 4th new student from the hall on the other replica = %d, Retry-After %q; want 429 in Chinese",
				resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		if resp, _ := phoneFrom(t, b.URL, randomAddr()).Answer(code, "0.4"); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("a student from another address = %d; want 303", resp.StatusCode)
		}
		if answers, _ := results(t, a.URL, code, key); answers != 4 {
			t.Errorf("%v answers stored; want 4 (3 from the hall, 1 from elsewhere)", answers)
		}
	})
}

// TestStreamsPerAddress: one address holding every stream it may cannot
// starve another address, nor any class's projector, even when the
// replica is full; a refused stream is 200, retry:, end.
func TestStreamsPerAddress(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), behindProxy(t, webtest.Options{MaxStreams: 5, ClassAddrStreams: 3}))
		code, key := newClass(t, srv.URL)
		other, otherKey := newClass(t, srv.URL)
		hog, neighbour := randomAddr(), randomAddr()
		for range 3 {
			defer phoneStream(t, phoneFrom(t, srv.URL, hog), code)()
		}
		refused := func(c *client, code string) bool {
			resp, body := c.Get("/class/" + code + "/events")
			return resp.StatusCode == http.StatusOK && resp.Header.Get("Content-Type") == "text/event-stream" &&
				strings.HasPrefix(body, "retry: ") && !strings.Contains(body, "event:")
		}
		if !refused(phoneFrom(t, srv.URL, hog), other) {
			t.Error("a 4th stream from one address was not refused with 200 and retry:")
		}
		for range 2 {
			defer phoneStream(t, phoneFrom(t, srv.URL, neighbour), other)()
		}
		if !refused(phoneFrom(t, srv.URL, randomAddr()), code) {
			t.Error("a 6th phone's stream on a replica of 5 was not refused")
		}
		// The replica is full of phones: each class's projector still follows
		// it, from the hog's own address too.
		for _, c := range []struct{ code, key, from string }{{code, key, hog}, {other, otherKey, neighbour}} {
			events, stop := phoneFrom(t, srv.URL, c.from).Stream("/class/" + c.code + "/teach/events?k=" + url.QueryEscape(c.key))
			defer stop()
			if e, ok := waitFor(events, "students joined", 5*time.Second); !ok {
				t.Errorf("class %s: the projector's stream on a full replica began with %q", c.code, e)
			}
		}
	})
}

// TestJoinBurstTwoReplicas: 300 phones of one lecture hall scan the QR
// within a second, through two replicas on one PostgreSQL, and all get in
// (their page, then their first answer), even with the site's page slots
// at 1: the class routes have their own, with a queue. Not parallel: the
// burst is measured alone.
func TestJoinBurstTwoReplicas(t *testing.T) {
	open := backends[1].open
	o := behindProxy(t, webtest.Options{MaxInflight: 1, InflightWait: time.Millisecond})
	replicas := []*httptest.Server{server(t, open(t), o), server(t, open(t), o)}
	code, key := newClass(t, replicas[0].URL)
	askCell(t, replicas[1].URL, code, key)
	hall := randomAddr()
	var wg sync.WaitGroup
	var failed atomic.Int32
	start := time.Now()
	for i := range 300 {
		wg.Add(1)
		time.Sleep(time.Until(start.Add(time.Duration(i) * time.Second / 300)))
		go func() {
			defer wg.Done()
			p := phoneFrom(t, replicas[i%2].URL, hall)
			// A 429 (more than a few of the hall's requests at once) is
			// sent again after its Retry-After, as class-answer.js does.
			resp, body := p.Answer(code, "0.4")
			for try := 0; resp.StatusCode == http.StatusTooManyRequests && try < 5; try++ {
				wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
				time.Sleep(time.Duration(max(wait, 1)) * time.Second)
				resp, body = p.Answer(code, "0.4")
			}
			if resp.StatusCode != http.StatusSeeOther {
				if failed.Add(1) == 1 {
					t.Errorf("phone %d: %d %.200s", i, resp.StatusCode, body)
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("300 phones joined and answered through two replicas in %v", time.Since(start))
	if failed.Load() > 0 {
		t.Errorf("%d of 300 phones were not admitted", failed.Load())
	}
	if answers, students := results(t, replicas[0].URL, code, key); answers != 300 || students != "300 students joined" {
		t.Errorf("%v answers, %q; want 300 of each", answers, students)
	}
}

// TestUnknownCodeLikeExpired: an unknown code gets the same answer as an
// expired class (status and body, but for the code) on the phone's page
// and its stream; an address that tries too many unknown codes gets 429
// with Retry-After in its language for unknown codes, while a known code
// and another address still get in.
func TestUnknownCodeLikeExpired(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		st := open(t)
		srv := server(t, st, behindProxy(t, webtest.Options{}))
		code, _ := newClass(t, srv.URL)
		expired, unknown := randomCode(), randomCode()
		past := time.Now().Add(-2 * time.Hour)
		if err := st.CreateClass(t.Context(), store.Class{Code: expired, KeyHash: "x", Created: past, Expires: past.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/join/%s", "/class/%s/events"} {
			c := phoneFrom(t, srv.URL, randomAddr())
			r1, b1 := c.Get(fmt.Sprintf(path, expired))
			r2, b2 := c.Get(fmt.Sprintf(path, unknown))
			if r1.StatusCode != r2.StatusCode || r1.Header.Get("Content-Type") != r2.Header.Get("Content-Type") ||
				strings.ReplaceAll(b1, expired, "CODE") != strings.ReplaceAll(b2, unknown, "CODE") {
				t.Errorf("%s: expired %d %q, unknown %d %q; want the same answer", path, r1.StatusCode, b1, r2.StatusCode, b2)
			}
		}
		guesser := phoneFrom(t, srv.URL, randomAddr())
		guesser.Lang = "zh"
		for i := range 20 {
			if resp, _ := guesser.Get("/join/" + randomCode()); resp.StatusCode != http.StatusNotFound {
				t.Fatalf("unknown code %d = %d; want 404", i+1, resp.StatusCode)
			}
		}
		for _, path := range []string{"/join/" + randomCode(), "/class/" + randomCode() + "/events"} {
			resp, body := guesser.Get(path)
			if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "课堂代码") {
				t.Errorf("%s after 20 unknown codes = %d, Retry-After %q, %q; want 429 in Chinese", path, resp.StatusCode, resp.Header.Get("Retry-After"), body)
			}
		}
		if resp, _ := guesser.Get("/join/" + code); resp.StatusCode != http.StatusOK {
			t.Errorf("the known code from the guessing address = %d; want 200 (TestKnownCodeOpensBehindGuesser)", resp.StatusCode)
		}
		if resp, _ := phoneFrom(t, srv.URL, randomAddr()).Get("/join/" + code); resp.StatusCode != http.StatusOK {
			t.Errorf("another address = %d; want 200", resp.StatusCode)
		}
	})
}

// randomCode is a join code (CodeAlphabet) that no class has, in all
// likelihood.
func randomCode() string {
	const alphabet = "23456789ABCDEFGHJKMNPQRSTWXYZ"
	b := make([]byte, 6)
	for i := range b {
		b[i] = alphabet[rand.N(len(alphabet))]
	}
	return string(b)
}

// postWithoutDevice posts form to target with the CSRF token tok (its
// cookie and field) but no device cookie, as a client that drops its
// cookies does; header adds name, value pairs.
func postWithoutDevice(t *testing.T, target, tok string, form url.Values, header ...string) (*http.Response, string) {
	t.Helper()
	form.Set("csrf", tok)
	req, _ := http.NewRequest("POST", target, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	req.AddCookie(&http.Cookie{Name: "gaelab_csrf", Value: tok}) // no gaelab_device
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}
