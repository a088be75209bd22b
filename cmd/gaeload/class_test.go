package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"net/http/httptest"

	"gaelab/web"
	"gaelab/web/i18n"
	"gaelab/web/store/sqlite"
)

// TestCountReadsTheControls: the projector's count is read from the
// controls' own words (class.answers.connected in English); it read
// "N of M students answered", which the controls no longer say, so the
// count was never final.
func TestCountReadsTheControls(t *testing.T) {
	m := reCount.FindStringSubmatch(i18n.En.T("class.answers.connected", 3, 5))
	if m == nil || m[1] != "3" || m[2] != "5" {
		t.Errorf("reCount on %q = %q; want 3 of 5", i18n.En.T("class.answers.connected", 3, 5), m)
	}
}

// TestClassAddrsLoadsRunningServer: -class-addrs loads a server already
// running (here the site on SQLite, in this process): two classes of 10
// phones side by side (-class-classes 2), whose phones join, hold their
// streams and answer, each projector's count becomes final, and every
// target is met; nothing is started, so no RSS is read. The server sees
// the phones as 4 students' addresses (-class-phones-per-addr 5), each
// joining 5 phones and holding their streams and answers, and the teachers
// and projectors on 127.0.0.1 alone: before, every phone came from
// 127.0.0.1, and nginx's 1,000 connections per address refused the
// teacher's ask once 1,000 phones held their streams.
func TestClassAddrsLoadsRunningServer(t *testing.T) {
	t.Parallel()
	st, err := sqlite.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var mu sync.Mutex
	seen := map[string]map[string]int{} // kind of request -> remote host -> count
	h := web.Handler(web.Options{Store: st})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, _ := net.SplitHostPort(r.RemoteAddr)
		kind := "teacher"
		switch p := r.URL.Path; {
		case strings.HasPrefix(p, "/join/"):
			kind = "join"
		case strings.HasSuffix(p, "/answer"), strings.HasPrefix(p, "/class/") && strings.HasSuffix(p, "/events") && !strings.HasSuffix(p, "/teach/events"):
			kind = "phone"
		case p == "/healthz":
			kind = "healthz"
		}
		mu.Lock()
		if seen[kind] == nil {
			seen[kind] = map[string]int{}
		}
		seen[kind][host]++
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	var out, errs bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = run(ctx, []string{"-class", "-class-addrs", strings.TrimPrefix(srv.URL, "http://"), "-class-classes", "2", "-class-phones", "10",
		"-class-phones-per-addr", "5", "-class-join", "500ms", "-class-answer", "3s", "-class-max-p99", "5s", "-check"}, &out, &errs)
	if err != nil || !strings.Contains(out.String(), "all targets met") || strings.Count(out.String(), " 10 answered") != 2 ||
		!strings.Contains(out.String(), "all 2 classes, ") {
		t.Errorf("gaeload -class -class-addrs = %v:\n%s\n%s", err, out.String(), errs.String())
	}
	mu.Lock()
	defer mu.Unlock()
	students := []string{"127.1.0.1", "127.1.0.2", "127.1.0.3", "127.1.0.4"}
	if len(seen["join"]) != len(students) {
		t.Errorf("joins came from %v; want 5 from each of %v", seen["join"], students)
	}
	for _, a := range students {
		if seen["join"][a] != 5 {
			t.Errorf("joins came from %v; want 5 from each of %v", seen["join"], students)
			break
		}
	}
	if len(seen["phone"]) != len(students) {
		t.Errorf("the phones' streams and answers came from %v; want %v", seen["phone"], students)
	}
	for a := range seen["phone"] {
		if seen["join"][a] == 0 {
			t.Errorf("a phone's stream or answer came from %s, which joined no phone (all: %v)", a, seen["phone"])
		}
	}
	if len(seen["teacher"]) != 1 || seen["teacher"]["127.0.0.1"] == 0 {
		t.Errorf("the teachers' and projectors' requests came from %v; want 127.0.0.1 alone", seen["teacher"])
	}
	for _, bad := range [][]string{{"-class-classes", "0"}, {"-class-classes", "2", "-class-blip", "true"}} {
		if _, err := parseConfig(append([]string{"-class"}, bad...), &errs); err == nil {
			t.Errorf("%q parsed; want a refusal", bad)
		}
	}
	for _, bad := range [][]string{{"-class-proxy"}, {"-class-db", "postgres://x"}, {"-server-flags", "-x"}} {
		if _, err := parseConfig(append([]string{"-class", "-class-addrs", "127.0.0.1:1"}, bad...), &errs); err == nil {
			t.Errorf("-class-addrs with %q parsed; want a refusal", bad)
		}
	}
}
