package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gaelab/web/api"
)

// noEnv is a getenv with an empty environment.
func noEnv(string) string { return "" }

// withData is the command line args with "-data" and a fresh temporary
// directory appended: every server a test starts has a database of its
// own, never the one the server falls back to without -data.
func withData(t *testing.T, args ...string) []string {
	return append(args, "-data", t.TempDir())
}

// syncBuffer is a bytes.Buffer safe for the server's logger to write to
// while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

var listeningRE = regexp.MustCompile(`msg=listening addr=(\S+)`)

// waitListening returns the address the server logged to stderr, or fails
// the test if none shows up within a few seconds or run returns first.
func waitListening(t *testing.T, stderr *syncBuffer, done <-chan error) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if m := listeningRE.FindStringSubmatch(stderr.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-done:
			t.Fatalf("run returned %v before listening; stderr:\n%s", err, stderr)
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("no %q line in stderr after 5s:\n%s", "listening addr=", stderr)
	return ""
}

func TestRunServeHealthzAndGracefulShutdown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout bytes.Buffer
	stderr := new(syncBuffer)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, withData(t, "serve", "-addr", "127.0.0.1:0"), noEnv, strings.NewReader(""), &stdout, stderr)
	}()
	addr := waitListening(t, stderr, done)

	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatalf("GET /healthz: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != "ok" {
		t.Errorf("GET /healthz = %d %q, want 200 %q", resp.StatusCode, body, "ok")
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run after cancel = %v, want nil; stderr:\n%s", err, stderr)
		}
	case <-time.After(time.Second):
		t.Fatalf("run did not return within 1s of cancel; stderr:\n%s", stderr)
	}
	if !strings.Contains(stderr.String(), "msg=stopped") {
		t.Errorf("stderr does not log the shutdown:\n%s", stderr)
	}
}

func TestRunServeWithoutCommandUsesFlags(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := new(syncBuffer)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, withData(t, "-addr", "127.0.0.1:0"), noEnv, strings.NewReader(""), io.Discard, stderr)
	}()
	waitListening(t, stderr, done)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("run after cancel = %v, want nil", err)
	}
}

// With -log-format json every log line is a JSON object, and each request
// gets one, with its route and status; -embed-origins reaches the CSP.
func TestRunServeJSONLogsAndEmbedOrigins(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := new(syncBuffer)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, withData(t, "serve", "-addr", "127.0.0.1:0", "-log-format", "json", "-embed-origins", "https://course.example.edu"),
			noEnv, strings.NewReader(""), io.Discard, stderr)
	}()
	var addr string
	for deadline := time.Now().Add(5 * time.Second); addr == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`).FindStringSubmatch(stderr.String()); m != nil {
			addr = m[1]
		}
	}
	if addr == "" {
		t.Fatalf("no JSON listening line:\n%s", stderr)
	}
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.HasSuffix(csp, "frame-ancestors 'self' https://course.example.edu") {
		t.Errorf("CSP %q", csp)
	}
	cancel()
	<-done
	var sawRequest bool
	for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q is not JSON: %v", line, err)
		}
		if rec["msg"] == "request" && rec["route"] == "/healthz" && rec["status"] == float64(200) {
			sawRequest = true
		}
	}
	if !sawRequest {
		t.Errorf("no access-log line for GET /healthz:\n%s", stderr)
	}
}

func TestRunServeAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()

	err = run(context.Background(), withData(t, "serve", "-addr", ln.Addr().String()), noEnv, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), ln.Addr().String()) {
		t.Fatalf("serve on the busy address %s: %v; want an error naming the address", ln.Addr(), err)
	}
}

func TestResolveAddr(t *testing.T) {
	env := func(addr string) func(string) string {
		return func(key string) string {
			if key == "ADDR" {
				return addr
			}
			return ""
		}
	}
	tests := []struct {
		name, flag, env, want string
	}{
		{name: "flag beats env", flag: "127.0.0.1:9001", env: "0.0.0.0:9002", want: "127.0.0.1:9001"},
		{name: "env beats default", env: "0.0.0.0:9002", want: "0.0.0.0:9002"},
		{name: "default", want: defaultAddr},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := resolveAddr(tt.flag, env(tt.env)); got != tt.want {
				t.Errorf("resolveAddr(%q, ADDR=%q) = %q, want %q", tt.flag, tt.env, got, tt.want)
			}
		})
	}
}

func TestRunCommandLineErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-case.json")
	tests := []struct {
		name    string
		args    []string
		wantErr string // a substring of the error
	}{
		{name: "unknown command", args: []string{"frobnicate"}, wantErr: `unknown command "frobnicate"`},
		{name: "serve bad flag", args: []string{"serve", "-port", "80"}, wantErr: "flag provided but not defined: -port"},
		{name: "serve flag without value", args: []string{"serve", "-addr"}, wantErr: "flag needs an argument: -addr"},
		{name: "serve extra argument", args: []string{"serve", "now"}, wantErr: `unexpected argument "now"`},
		{name: "serve bad log format", args: []string{"serve", "-log-format", "xml"}, wantErr: `-log-format "xml": want text or json`},
		{name: "serve bad embed origin", args: []string{"serve", "-embed-origins", "https://a.example; script-src *"}, wantErr: "-embed-origins"},
		{name: "serve bad allowed host", args: []string{"serve", "-allowed-hosts", "https://a.example/"}, wantErr: "-allowed-hosts"},
		{name: "serve bad trusted proxy", args: []string{"serve", "-trust-proxy", "10.0.0.0/8,proxy.example"}, wantErr: "-trust-proxy"},
		{name: "serve zero seat burst", args: []string{"serve", "-class-addr-burst", "0"}, wantErr: "-class-addr-burst must be in 1…1000000"},
		{name: "serve negative seat refill", args: []string{"serve", "-class-addr-refill", "-5"}, wantErr: "-class-addr-refill must be in 1…1000000"},
		{name: "serve huge address streams", args: []string{"serve", "-class-addr-streams", "2000000"}, wantErr: "-class-addr-streams must be in 1…1000000"},
		{name: "compute bad flag", args: []string{"compute", "-v"}, wantErr: "flag provided but not defined: -v"},
		{name: "compute two files", args: []string{"compute", "a.json", "b.json"}, wantErr: "at most one FILE"},
		{name: "compute missing file", args: []string{"compute", missing}, wantErr: "no-such-case.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout bytes.Buffer
			err := run(context.Background(), tt.args, noEnv, strings.NewReader(""), &stdout, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("run(%q) error = %v, want one containing %q", tt.args, err, tt.wantErr)
			}
			if stdout.Len() != 0 {
				t.Errorf("run(%q) wrote to stdout: %q", tt.args, stdout.String())
			}
		})
	}
}

func TestRunUnknownCommandShowsUsage(t *testing.T) {
	err := run(context.Background(), []string{"srve"}, noEnv, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "Usage:") {
		t.Errorf("run(srve) error = %v, want one with the usage", err)
	}
}

func TestRunHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"serve", "-h"}, {"compute", "-help"}} {
		var stdout bytes.Buffer
		if err := run(context.Background(), args, noEnv, strings.NewReader(""), &stdout, io.Discard); err != nil {
			t.Errorf("run(%q) = %v, want nil", args, err)
		}
		if !strings.Contains(stdout.String(), "gaelab compute [FILE]") {
			t.Errorf("run(%q) stdout = %q, want the usage", args, stdout.String())
		}
	}
}

func TestRunComputeReadsFileOrStdin(t *testing.T) {
	file := filepath.Join(t.TempDir(), "case.json")
	if err := os.WriteFile(file, []byte(`{"from":"file"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	echo := func(body []byte) ([]byte, *api.Error) { return body, nil }
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{name: "file", args: []string{file}, stdin: `{"from":"stdin"}`, want: "{\"from\":\"file\"}\n"},
		{name: "stdin", stdin: `{"from":"stdin"}`, want: "{\"from\":\"stdin\"}\n"},
		{name: "one trailing newline", stdin: "{}\n", want: "{}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout bytes.Buffer
			if err := runCompute(tt.args, strings.NewReader(tt.stdin), &stdout, echo); err != nil {
				t.Fatalf("runCompute(%q) = %v, want nil", tt.args, err)
			}
			if stdout.String() != tt.want {
				t.Errorf("stdout = %q, want %q", stdout.String(), tt.want)
			}
		})
	}
}

func TestRunComputeClientError(t *testing.T) {
	apiErr := &api.Error{Code: "invalid", Field: "inputs.values[0][3]", Message: "must be finite"}
	reject := func([]byte) ([]byte, *api.Error) { return nil, apiErr }
	var stdout bytes.Buffer

	err := runCompute(nil, strings.NewReader("{}"), &stdout, reject)
	if err == nil || !strings.Contains(err.Error(), apiErr.Field) || !strings.Contains(err.Error(), apiErr.Message) {
		t.Fatalf("runCompute error = %v, want one with the field %q and the message %q", err, apiErr.Field, apiErr.Message)
	}
	var got *api.Error
	if !errors.As(err, &got) || got != apiErr {
		t.Errorf("runCompute error %v does not wrap the *api.Error", err)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout = %q, want nothing on a client error", stdout.String())
	}
}

func TestRunComputeInputLimit(t *testing.T) {
	called := false
	spy := func(body []byte) ([]byte, *api.Error) { called = true; return []byte("{}"), nil }

	atLimit := bytes.NewReader(make([]byte, api.MaxBodyBytes))
	if err := runCompute(nil, atLimit, io.Discard, spy); err != nil {
		t.Errorf("input of exactly %d bytes: %v, want nil", api.MaxBodyBytes, err)
	}

	called = false
	overLimit := bytes.NewReader(make([]byte, api.MaxBodyBytes+1))
	err := runCompute(nil, overLimit, io.Discard, spy)
	if err == nil || !strings.Contains(err.Error(), "16777216 bytes") {
		t.Errorf("input of %d bytes: error = %v, want one that names the limit", api.MaxBodyBytes+1, err)
	}
	if called {
		t.Error("compute was called with an input over the limit")
	}
}

// healthcheck succeeds against a running server (also when the address is
// the wildcard it listens on) and fails, naming the problem, when nothing
// or something unhealthy answers.
func TestRunHealthcheck(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := new(syncBuffer)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, withData(t, "serve", "-addr", "127.0.0.1:0"), noEnv, strings.NewReader(""), io.Discard, stderr)
	}()
	addr := waitListening(t, stderr, done)
	_, port, _ := net.SplitHostPort(addr)
	for _, a := range []string{addr, "0.0.0.0:" + port} {
		if err := run(context.Background(), []string{"healthcheck", "-addr", a}, noEnv, strings.NewReader(""), io.Discard, io.Discard); err != nil {
			t.Errorf("healthcheck -addr %s: %v", a, err)
		}
	}
	env := func(k string) string {
		if k == "ADDR" {
			return addr
		}
		return ""
	}
	if err := run(context.Background(), []string{"healthcheck"}, env, strings.NewReader(""), io.Discard, io.Discard); err != nil {
		t.Errorf("healthcheck with $ADDR: %v", err)
	}

	unhealthy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer unhealthy.Close()
	if err := run(context.Background(), []string{"healthcheck", "-addr", strings.TrimPrefix(unhealthy.URL, "http://")}, noEnv, strings.NewReader(""), io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("healthcheck of a 503: %v", err)
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	free := ln.Addr().String()
	ln.Close()
	if err := run(context.Background(), []string{"healthcheck", "-addr", free}, noEnv, strings.NewReader(""), io.Discard, io.Discard); err == nil {
		t.Errorf("healthcheck of %s, where nothing listens: no error", free)
	}
	cancel()
	<-done
}
