package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSendAnswerResendsOneID: a send that meets a 503 and a dropped
// connection is sent again, with the same send id, until acknowledged; a
// refusal (4xx) stops at once.
func TestSendAnswerResendsOneID(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var ids []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		mu.Lock()
		ids = append(ids, r.PostForm.Get("send"))
		n := len(ids)
		mu.Unlock()
		switch {
		case r.PostForm.Get("a") == "bad":
			w.WriteHeader(http.StatusUnprocessableEntity)
		case n == 1:
			w.WriteHeader(http.StatusServiceUnavailable)
		case n == 2:
			panic(http.ErrAbortHandler) // the connection drops
		default:
			w.WriteHeader(http.StatusSeeOther)
		}
	}))
	defer srv.Close()
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	_, failed, err := sendAnswer(context.Background(), hc, srv.URL, url.Values{"a": {"0.4"}})
	if err != nil || failed != 2 || len(ids) != 3 || ids[0] == "" || ids[0] != ids[1] || ids[1] != ids[2] {
		t.Errorf("sendAnswer = %d failed, %v; ids %q; want 2 failed sends of one id, then acknowledged", failed, err, ids)
	}
	if _, _, err := sendAnswer(context.Background(), hc, srv.URL, url.Values{"a": {"bad"}}); err == nil || len(ids) != 4 {
		t.Errorf("a refused answer: %v after %d sends; want an error after one send", err, len(ids)-3)
	}
	for attempt, want := range []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second, 8 * time.Second} {
		if d := sendDelay(attempt); d < want*3/4 || d > want*5/4 {
			t.Errorf("sendDelay(%d) = %v; want %v ± 25%%", attempt, d, want)
		}
	}
}

// TestSendAnswerWaitsRetryAfter: a 429 (too many bodies at once from the
// hall's address) is sent again, the same send id, no sooner than its
// Retry-After (1 s, where the first backoff is 0.5 s ± 25 %), with the
// send stamp it carried.
func TestSendAnswerWaitsRetryAfter(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var sends []url.Values
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		mu.Lock()
		sends = append(sends, r.PostForm)
		n := len(sends)
		mu.Unlock()
		if n == 1 {
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Send-Stamp", "123-sig")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.WriteHeader(http.StatusSeeOther)
	}))
	defer srv.Close()
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	took, failed, err := sendAnswer(context.Background(), hc, srv.URL, url.Values{"a": {"0.4"}})
	if err != nil || failed != 1 || len(sends) != 2 || sends[0].Get("send") != sends[1].Get("send") || sends[1].Get("stamp") != "123-sig" {
		t.Fatalf("sendAnswer = %d failed, %v; sends %v; want the 429 resent once, same id, with its stamp", failed, err, sends)
	}
	if took < time.Second {
		t.Errorf("resent after %v; want no sooner than the 429's Retry-After (1 s)", took)
	}
}

// TestProxyFailover: nginx from testdata/nginx.conf.tmpl sends requests
// to both replicas, and, once one is dead, every request (answer POSTs
// included) to the live one. It needs /usr/sbin/nginx (skipped without it,
// failed under CI=true: .ci/run installs nginx-light).
func TestProxyFailover(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(nginxBin); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no %s under CI=true (.ci/run installs nginx-light)", nginxBin)
		}
		t.Skipf("no %s: apt-get install nginx-light to run this test", nginxBin)
	}
	replica := func(name string) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, name+" "+r.Header.Get("X-Forwarded-For"))
		}))
	}
	a, b := replica("a"), replica("b")
	defer b.Close()
	px, err := startProxy(context.Background(), t.TempDir(), []string{a.Listener.Addr().String(), b.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	defer px.stop()
	hc := &http.Client{Transport: &http.Transport{Proxy: nil}, Timeout: 5 * time.Second}
	post := func() string {
		resp, err := hc.Post(px.base+"/class/ABCDEF/answer", "application/x-www-form-urlencoded", strings.NewReader("a=1"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return resp.Status
		}
		return string(body)
	}
	seen := map[string]int{}
	for range 6 {
		seen[post()]++
	}
	if seen["a 127.0.0.1"] == 0 || seen["b 127.0.0.1"] == 0 {
		t.Errorf("with both replicas up, answers went to %v; want both, each told the phone's address", seen)
	}
	a.Close()
	for i := range 6 {
		if got := post(); got != "b 127.0.0.1" {
			t.Errorf("request %d after replica a died: %q; want replica b's answer", i+1, got)
		}
	}
}
