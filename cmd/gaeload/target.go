package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

// target is the server under load: one this tool starts (and stops), or
// one already running at -addr.
type target struct {
	base string // "http://127.0.0.1:PORT"
	pid  int    // 0 when unknown
	bin  string // the binary to start; "" for -addr
	dir  string // temporary directory; "" for -addr
	keep bool
	srv  *server
}

// newTarget checks -addr, or makes the temporary directory and builds the
// server unless -bin names one.
func newTarget(ctx context.Context, c config, stderr io.Writer) (*target, error) {
	if c.addr != "" {
		base, err := loopbackBase(c.addr)
		return &target{base: base, pid: c.pid}, err
	}
	dir, err := os.MkdirTemp("", "gaeload-")
	if err != nil {
		return nil, err
	}
	t := &target{dir: dir, bin: c.bin, keep: c.keep}
	if t.bin == "" {
		fmt.Fprintln(stderr, "gaeload: go build ./cmd/gaelab…")
		if t.bin, err = buildServer(ctx, dir); err != nil {
			t.close(stderr)
			return nil, err
		}
	}
	return t, nil
}

// start starts the server if this tool runs it, and waits until it is healthy.
func (t *target) start(ctx context.Context) error {
	var exited chan struct{}
	if t.bin != "" {
		srv, err := startServer(t.bin, t.dir)
		if err != nil {
			return err
		}
		t.srv, t.pid, exited = srv, srv.cmd.Process.Pid, srv.exited
		t.base, _ = loopbackBase(srv.addr)
	}
	if err := waitHealthy(ctx, t.base, 15*time.Second, exited); err != nil {
		if t.srv != nil {
			t.stop()
			return fmt.Errorf("%w; server log: %s", err, t.srv.log)
		}
		return err
	}
	return nil
}

// peakRSS is the server's peak RSS in kB, or -1 when it cannot be read.
func (t *target) peakRSS() int64 {
	if t.pid == 0 {
		return -1
	}
	kB, err := peakRSSKB(t.pid)
	if err != nil {
		return -1
	}
	return kB
}

// stop stops the server if this tool started it.
func (t *target) stop() error {
	if t.srv == nil {
		return nil
	}
	srv := t.srv
	t.srv = nil
	return srv.stop()
}

// close stops the server if still running and removes the temporary
// directory, unless -keep.
func (t *target) close(stderr io.Writer) {
	t.stop()
	switch {
	case t.dir == "":
	case t.keep:
		fmt.Fprintf(stderr, "gaeload: kept %s\n", t.dir)
	default:
		os.RemoveAll(t.dir)
	}
}

// preflight checks, before any load, that the lesson opens and that the
// clients' links are canonical: a browser opening one without htmx gets the
// page (200), not a redirect to another link (303).
func preflight(ctx context.Context, w workload) error {
	hc := newHTTPClient(1, w.timeout)
	defer hc.CloseIdleConnections()
	for _, path := range []string{w.lesson, "/play?" + editFor(0, 0).query, "/play?" + editFor(1, 1).query} {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, w.base+path, nil)
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return fmt.Errorf("preflight %s: %w", path, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("preflight %s: %s, want 200 OK", path, resp.Status)
		}
	}
	return nil
}
