package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaelab/web/scenario"
)

func TestPercentileIsNearestRank(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		var ds []time.Duration
		for _, n := range ns {
			ds = append(ds, time.Duration(n)*time.Millisecond)
		}
		return ds
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = i + 1
	}
	for _, tc := range []struct {
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{ms(hundred...), 50, 50 * time.Millisecond},
		{ms(hundred...), 95, 95 * time.Millisecond},
		{ms(hundred...), 99, 99 * time.Millisecond},
		{ms(hundred...), 100, 100 * time.Millisecond},
		{ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{ms(1, 2, 3, 4), 51, 3 * time.Millisecond},
		{ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 99, 10 * time.Millisecond},
		{ms(7), 0, 7 * time.Millisecond},
		{ms(7), 99, 7 * time.Millisecond},
		{nil, 99, 0},
	} {
		if got := percentile(tc.sorted, tc.p); got != tc.want {
			t.Errorf("percentile(%d latencies, %v) = %v, want %v", len(tc.sorted), tc.p, got, tc.want)
		}
	}
}

func TestSummarizeCountsErrorsAnd503s(t *testing.T) {
	samples := []sample{
		{kind: kindLesson, latency: 4 * time.Millisecond, status: 200},
		{kind: kindLesson, latency: 1 * time.Millisecond, status: 304},
		{kind: kindEdit, latency: 3 * time.Millisecond, status: 500, fail: "status 500"},
		{kind: kindChart, latency: 2 * time.Millisecond, status: 503, fail: "status 503", retryAfter: true},
		{kind: kindQR, latency: 9 * time.Millisecond, status: 503, fail: "status 503"},
		{kind: kindQR, latency: 10 * time.Second, fail: "timeout"},
	}
	s := summarize(samples, 2*time.Second)
	if s.Requests != 6 || s.RPS != 3 {
		t.Errorf("requests %d at %v req/s, want 6 at 3", s.Requests, s.RPS)
	}
	if s.Errors != 4 || s.Unavailable != 2 || s.UnavailableRetry != 1 {
		t.Errorf("errors %d, 503s %d, with Retry-After %d; want 4, 2, 1", s.Errors, s.Unavailable, s.UnavailableRetry)
	}
	if s.Max != 10*time.Second || s.P50 != 3*time.Millisecond {
		t.Errorf("max %v, p50 %v; want 10s, 3ms", s.Max, s.P50)
	}
	want := [numKinds]kindSummary{{2, 0, 4 * time.Millisecond}, {1, 1, 3 * time.Millisecond}, {1, 1, 2 * time.Millisecond}, {2, 2, 10 * time.Second}}
	if s.Kinds != want {
		t.Errorf("by kind %v, want %v", s.Kinds, want)
	}
	if got := s.topReasons(2); len(got) != 2 || got[0] != (reason{"status 503", 2}) || got[1] != (reason{"status 500", 1}) {
		t.Errorf("top reasons %v, want [{status 503 2} {status 500 1}]", got)
	}
}

func TestStatusFailure(t *testing.T) {
	for _, tc := range []struct {
		status int
		body   string
		fails  bool
	}{
		{200, `<section id="results">`, false},
		{304, "", false},
		{200, "<p>something else</p>", true},
		{303, "", true},
		{503, "", true},
		{404, `<section id="results">`, true},
	} {
		if got := statusFailure(tc.status, []byte(tc.body), `id="results"`); (got != "") != tc.fails {
			t.Errorf("statusFailure(%d, %q) = %q, want a failure: %v", tc.status, tc.body, got, tc.fails)
		}
	}
}

func TestOnlyLoopbackAddressesAreAccepted(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:8080":         "http://127.0.0.1:8080",
		"http://127.0.0.1:8080/": "http://127.0.0.1:8080",
		"127.0.0.2:80":           "http://127.0.0.2:80",
		"[::1]:8080":             "http://[::1]:8080",
		"10.0.0.1:8080":          "",
		"192.0.2.1:80":           "",
		"0.0.0.0:8080":           "",
		"localhost:8080":         "",
		"example.com:80":         "",
		"127.0.0.1":              "",
		"https://127.0.0.1:443":  "",
	} {
		got, err := loopbackBase(addr)
		if got != want || (err == nil) != (want != "") {
			t.Errorf("loopbackBase(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
	// The command refuses before it builds or sends anything.
	err := run(context.Background(), []string{"-addr", "192.0.2.1:80"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Errorf("run -addr 192.0.2.1:80: %v, want a refusal naming loopback", err)
	}
}

func TestEditsAreCanonicalAndDiffer(t *testing.T) {
	seen := map[string]bool{}
	for client := range 20 {
		for i := range 50 {
			e := editFor(client, i)
			q, err := url.ParseQuery(e.query)
			if err != nil {
				t.Fatal(err)
			}
			s, rep := scenario.Decode(q)
			if !rep.OK() {
				t.Fatalf("edit %d of client %d: %s has problems %v %v", i, client, e.query, rep.Problems, rep.Warnings)
			}
			if again := scenario.Encode(s); again != e.query {
				t.Errorf("edit %d of client %d: %s is not canonical (%s)", i, client, e.query, again)
			}
			if wantRewards := !s.DirectRewards; wantRewards != (len(e.charts) == 4) {
				t.Errorf("%s: charts %v (typed rewards %v)", e.query, e.charts, s.DirectRewards)
			}
			seen[e.query] = true
		}
	}
	if len(seen) < 990 {
		t.Errorf("1000 edits made %d different links, want nearly all different", len(seen))
	}
}

func TestPeakRSSOfThisProcess(t *testing.T) {
	kB, err := peakRSSKB(os.Getpid())
	if err != nil || kB < 1024 {
		t.Errorf("peakRSSKB(self) = %d kB, %v; want at least 1 MB", kB, err)
	}
}

// fakeLab answers like GAE Lab, with failures at known places: every rewards
// chart is a 500, and of the QR codes the 1st, 4th, 7th… are a 503 without
// Retry-After and the 3rd, 6th… a 503 with it. It counts what it answered.
type fakeLab struct {
	qr                         atomic.Int64
	status500, plain503, ra503 atomic.Int64
	notModified                atomic.Int64
	mu                         sync.Mutex
	editQueries                map[string]int
}

func (f *fakeLab) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/lessons/gae":
		w.Header().Set("ETag", `"v1"`)
		if r.Header.Get("If-None-Match") == `"v1"` {
			f.notModified.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		io.WriteString(w, "<html><body>lesson</body></html>")
	case r.URL.Path == "/play":
		if r.Header.Get("HX-Request") != "true" || r.Header.Get("HX-Target") != "results" {
			http.Error(w, "want an htmx request for #results", http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.editQueries[r.URL.RawQuery]++
		f.mu.Unlock()
		io.WriteString(w, `<section id="results"></section>`)
	case r.URL.Path == "/play/chart/rewards.svg":
		f.status500.Add(1)
		http.Error(w, "boom", http.StatusInternalServerError)
	case strings.HasPrefix(r.URL.Path, "/play/chart/"):
		io.WriteString(w, "<svg></svg>")
	case r.URL.Path == "/qr.svg" && strings.HasPrefix(r.URL.Query().Get("u"), "/play?v=1&"):
		switch f.qr.Add(1) % 3 {
		case 1:
			f.plain503.Add(1)
			w.WriteHeader(http.StatusServiceUnavailable)
		case 0:
			f.ra503.Add(1)
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
		default:
			io.WriteString(w, "<svg></svg>")
		}
	default:
		http.NotFound(w, r)
	}
}

func TestPhaseAgainstFakeServer(t *testing.T) {
	lab := &fakeLab{editQueries: map[string]int{}}
	ts := httptest.NewServer(lab)
	defer ts.Close()
	w := workload{base: ts.URL, lesson: "/lessons/gae", reopen: 2, think: time.Millisecond, timeout: 5 * time.Second}
	if err := preflightFake(w); err != nil {
		t.Fatal(err)
	}
	r := runPhase(context.Background(), w, phase{name: "steady", clients: 5, duration: time.Second}, 0)
	s := r.summary

	if s.Requests == 0 || r.elapsed < time.Second || r.elapsed > 3*time.Second {
		t.Fatalf("%d requests in %v, want some in about 1s", s.Requests, r.elapsed)
	}
	if got, want := s.Kinds[kindChart].Errors, int(lab.status500.Load()); got != want || s.Reasons["status 500"] != want {
		t.Errorf("chart errors %d (reasons %v), want the server's %d 500s", got, s.Reasons, want)
	}
	if s.Unavailable != int(lab.plain503.Load()+lab.ra503.Load()) || s.UnavailableRetry != int(lab.ra503.Load()) {
		t.Errorf("503s %d, %d with Retry-After; server sent %d without and %d with", s.Unavailable, s.UnavailableRetry, lab.plain503.Load(), lab.ra503.Load())
	}
	if want := int(lab.status500.Load() + lab.plain503.Load() + lab.ra503.Load()); s.Errors != want || want == 0 {
		t.Errorf("errors %d, want every 500 and 503 the server sent: %d", s.Errors, want)
	}
	if s.Kinds[kindLesson].Errors != 0 || s.Kinds[kindEdit].Errors != 0 || lab.notModified.Load() == 0 {
		t.Errorf("lesson errors %d, edit errors %d, 304s %d; want 0, 0 and some 304s (revalidation with the ETag)",
			s.Kinds[kindLesson].Errors, s.Kinds[kindEdit].Errors, lab.notModified.Load())
	}
	if edits := s.Kinds[kindEdit].Count; len(lab.editQueries) != edits {
		t.Errorf("%d edits sent %d different links, want each edit a different link", edits, len(lab.editQueries))
	}
	if n := s.Kinds[kindChart].Count; n < 3*s.Kinds[kindEdit].Count-5 {
		t.Errorf("%d charts for %d edits, want 3 or 4 per edit", n, s.Kinds[kindEdit].Count)
	}
	if s.P50 <= 0 || s.P50 > s.P95 || s.P95 > s.P99 || s.P99 > s.Max {
		t.Errorf("percentiles out of order: p50 %v p95 %v p99 %v max %v", s.P50, s.P95, s.P99, s.Max)
	}
	var out strings.Builder
	printPhase(&out, r)
	for _, want := range []string{"steady: 5 clients", fmt.Sprintf("failed: %d× status 500", s.Reasons["status 500"]),
		fmt.Sprintf("503s with Retry-After: %d of %d", s.UnavailableRetry, s.Unavailable)} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	printSummary(&out, []phaseResult{r}, -1)
	row := fmt.Sprintf("steady        5  %.1f  %d", r.elapsed.Seconds(), s.Requests)
	if !strings.Contains(strings.Join(strings.Fields(out.String()), " "), strings.Join(strings.Fields(row), " ")) ||
		!strings.Contains(out.String(), "server peak RSS: ?") {
		t.Errorf("summary lacks the row %q or an unknown RSS:\n%s", row, out.String())
	}
}

// preflightFake checks that the fake server rejects what a wrong client
// would send, so the phase test can trust its counts.
func preflightFake(w workload) error {
	resp, err := http.Get(w.base + "/play?" + editFor(0, 0).query)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		return fmt.Errorf("fake server answered %s to a request without htmx headers", resp.Status)
	}
	return nil
}

func TestCheckTargets(t *testing.T) {
	tg := targets{minRPS: 1000, maxP99: 100 * time.Millisecond, maxRSSM: 200}
	good := phaseResult{phase: phase{name: "steady"}, rssKB: 100 * 1024, summary: summary{RPS: 1500, P99: 50 * time.Millisecond}}
	overload := phaseResult{phase: phase{name: "overload"}, summary: summary{Errors: 900, Unavailable: 900}}
	recovery := phaseResult{phase: phase{name: "recovery"}, summary: summary{RPS: 1500}}
	if missed := checkTargets(tg, []phaseResult{good, overload, recovery}); len(missed) != 0 {
		t.Errorf("errors in overload only: missed %v, want none", missed)
	}
	slow, fat, failing := good, good, good
	slow.summary.RPS, slow.summary.P99 = 900, 150*time.Millisecond
	fat.rssKB = 300 * 1024
	failing.summary.Errors = 1
	bad := recovery
	bad.summary.Errors, bad.summary.Unavailable = 2, 2
	for _, tc := range []struct {
		results []phaseResult
		missed  int
	}{
		{[]phaseResult{slow}, 2}, {[]phaseResult{fat}, 1}, {[]phaseResult{failing}, 1},
		{[]phaseResult{good, overload, bad}, 1}, {nil, 1},
	} {
		if missed := checkTargets(tg, tc.results); len(missed) != tc.missed {
			t.Errorf("missed %q, want %d", missed, tc.missed)
		}
	}
}
