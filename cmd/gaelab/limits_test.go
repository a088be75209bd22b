package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gaelab/web"
	"gaelab/web/mw"
)

// TestQuotasOfWhatComputes: the compute API, the views of stored uploads
// and the link previews each answer 429 with Retry-After past their
// per-address burst (on main nothing metered them: 200, 404 or 503 every
// time), each kind on its own bucket.
func TestQuotasOfWhatComputes(t *testing.T) {
	one := func(key string) mw.AddrQuota { return mw.AddrQuota{PerMinute: 1, Burst: 1, Key: key} }
	h := web.Handler(web.Options{ComputeQuota: one(""), ViewsQuota: one(""), PreviewsQuota: one("")})
	send := func(method, path, body string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	for _, tc := range []struct{ method, path, body, again string }{
		{"POST", "/api/v1/compute", `{"inputs":{"response_mask":[[1]],"token_level_rewards":[[1]]}}`, ""},
		{"GET", "/inspect/AAAAAAAAAAAAAAAAAAAAAA", "", ""},
		{"GET", "/play/preview.png", "", "?x=1"}, // a drawing the answer cache does not hold
	} {
		if rec := send(tc.method, tc.path, tc.body); rec.Code == http.StatusTooManyRequests {
			t.Errorf("%s %s: the first request refused", tc.method, tc.path)
		}
		rec := send(tc.method, tc.path+tc.again, tc.body)
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
			t.Errorf("%s %s past the burst: %d (Retry-After %q), want 429 with Retry-After", tc.method, tc.path, rec.Code, rec.Header().Get("Retry-After"))
		}
	}
}

// TestHelpListsEveryFlag: gaelab -h names every flag of serve (on main it
// left out eight).
func TestHelpListsEveryFlag(t *testing.T) {
	var names []string
	onServeFlags = func(fs *flag.FlagSet) {
		if names == nil {
			fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		}
	}
	defer func() { onServeFlags = func(*flag.FlagSet) {} }()
	if err := runServe(context.Background(), []string{"-h"}, noEnv, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("serve -h: %v, want flag.ErrHelp", err)
	}
	var out strings.Builder
	if err := run(context.Background(), []string{"-h"}, noEnv, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("serve defined no flags")
	}
	for _, name := range names {
		if !regexp.MustCompile(`(?m)-` + regexp.QuoteMeta(name) + `\b`).MatchString(out.String()) {
			t.Errorf("gaelab -h does not list -%s", name)
		}
	}
}

// notLimits are serve's flags that bound no client: where it listens and
// logs, who may frame it, where its data lives, a class's lifetime, and an
// old flag name.
var notLimits = []string{"addr", "log-format", "embed-origins", "data", "db", "class-ttl", "upload-min-rate"}

// TestReadmeSecurityNamesEveryLimit: the README's Security section names
// every flag of serve that bounds a client (#32: "lists every limit, its
// flag and its default"); a new limit flag must be added there or, if it
// bounds no client, to notLimits. On main -upload-read-timeout was not
// in it.
func TestReadmeSecurityNamesEveryLimit(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "\n## Security\n")
	sec, _, _ = strings.Cut(sec, "\n## ")
	if !ok {
		t.Fatal("README has no Security section")
	}
	var names []string
	onServeFlags = func(fs *flag.FlagSet) {
		if names == nil {
			fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		}
	}
	defer func() { onServeFlags = func(*flag.FlagSet) {} }()
	if err := runServe(context.Background(), []string{"-h"}, noEnv, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("serve -h: %v, want flag.ErrHelp", err)
	}
	if len(names) == 0 {
		t.Fatal("serve defined no flags")
	}
	for _, name := range names {
		if !slices.Contains(notLimits, name) && !regexp.MustCompile("`-"+regexp.QuoteMeta(name)+"[` ]").MatchString(sec) {
			t.Errorf("the README's Security section does not name `-%s`", name)
		}
	}
}

// TestJSONEndpointsTakeJSON: the compute API and the class API answer 415
// naming application/json to another Content-Type (on main compute
// accepted text/plain and form-encoded bodies), and take JSON with a
// charset. (/api/v1/inspect, an upload, keeps its own list of types.)
func TestJSONEndpointsTakeJSON(t *testing.T) {
	h := web.Handler(web.Options{})
	const body = `{"inputs":{"response_mask":[[1]],"token_level_rewards":[[1]]}}`
	for _, tc := range []struct {
		path, contentType string
		want              int
	}{
		{"/api/v1/compute", "text/plain", http.StatusUnsupportedMediaType},
		{"/api/v1/compute", "application/x-www-form-urlencoded", http.StatusUnsupportedMediaType},
		{"/api/v1/compute", "application/json; charset=utf-8", http.StatusOK},
		{"/api/v1/classes", "text/plain", http.StatusUnsupportedMediaType},
	} {
		r := httptest.NewRequest(http.MethodPost, tc.path, strings.NewReader(body))
		r.Header.Set("Content-Type", tc.contentType)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code != tc.want {
			t.Errorf("POST %s as %s: %d %s, want %d", tc.path, tc.contentType, rec.Code, rec.Body, tc.want)
		}
		if tc.want == http.StatusUnsupportedMediaType && !strings.Contains(rec.Body.String(), "application/json") {
			t.Errorf("POST %s as %s: %s, want the expected type named", tc.path, tc.contentType, rec.Body)
		}
	}
}

// TestComputeConcurrent: past -compute-concurrent (1 here) computations
// at once, another waits its ComputeWait and is shed 503 with Retry-After,
// so costly computations never take every core from the pages.
func TestComputeConcurrent(t *testing.T) {
	h := web.Handler(web.Options{ComputeConcurrent: 1, ComputeWait: time.Millisecond})
	zeros := "[" + strings.Repeat("["+strings.Repeat("0,", 1023)+"0],", 127) + "[" + strings.Repeat("0,", 1023) + "0]]"
	ones := strings.ReplaceAll(zeros, "0", "1")
	body := `{"inputs":{"response_mask":` + ones + `,"token_level_scores":` + zeros + `,"old_log_probs":` + zeros +
		`,"ref_log_prob":` + zeros + `,"log_probs":` + zeros + `,"values":` + zeros + `,"vpreds":` + zeros + `},"config":{"use_kl_in_reward":true}}`
	codes := make(chan int, 4)
	start := make(chan struct{})
	for range 4 {
		go func() {
			r := httptest.NewRequest(http.MethodPost, "/api/v1/compute", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			<-start
			h.ServeHTTP(rec, r)
			if rec.Code == http.StatusServiceUnavailable && rec.Header().Get("Retry-After") == "" {
				t.Error("503 without Retry-After")
			}
			codes <- rec.Code
		}()
	}
	close(start)
	seen := map[int]int{}
	for range 4 {
		seen[<-codes]++
	}
	if seen[http.StatusOK] < 1 || seen[http.StatusServiceUnavailable] < 1 || seen[http.StatusOK]+seen[http.StatusServiceUnavailable] != 4 {
		t.Errorf("4 computations at once with one slot: %v, want some 200 and the others 503", seen)
	}
}
