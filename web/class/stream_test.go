package class_test

// A live stream ends at once when the server shuts down (stream.go).

import (
	"bytes"
	"context"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// TestShutdownEndsStreams: SIGTERM (ctx cancelled) with a live stream open
// used to wait the whole shutdown timeout (5 s) and return an error (exit
// 1). The stream now ends at once, and Serve returns nil promptly.
func TestShutdownEndsStreams(t *testing.T) {
	var mu sync.Mutex
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil))
	srv := webtest.NewServer("127.0.0.1:0", webtest.Options{Store: backends[0].open(t), Logger: logger})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- webtest.RunServer(ctx, srv, logger) }()

	listening := regexp.MustCompile(`msg=listening addr=(\S+)`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			base = "http://" + m[1]
		}
		mu.Unlock()
	}
	if base == "" {
		t.Fatalf("the server did not say where it listens:\n%s", logs.String())
	}
	code, key := newClass(t, base)
	events, stop := newClient(t, base).Stream("/class/" + code + "/teach/events?k=" + url.QueryEscape(key))
	defer stop()
	if e, ok := waitFor(events, "event: ", 5*time.Second); !ok {
		t.Fatalf("the stream did not start: %q", e)
	}

	cancel()
	start := time.Now()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve = %v after %v; want nil (exit 0)", err, time.Since(start))
		}
		d := time.Since(start)
		if d > time.Second {
			t.Errorf("Serve took %v to return; want under 1 s", d)
		}
		t.Logf("Serve returned %v after %v", err, d)
	case <-time.After(8 * time.Second):
		t.Fatal("Serve did not return within 8 s")
	}
	select {
	case _, open := <-events:
		for open {
			_, open = <-events
		}
	case <-time.After(time.Second):
		t.Error("the stream is still open after the shutdown")
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(logs.String(), "msg=stopped") {
		t.Errorf("no \"stopped\" in the log:\n%s", logs.String())
	}
}

// TestTeacherScreensReplaceOldest: a class's teacher may hold six screens
// on a replica (walls, controls, a paired phone); a seventh wall — a
// reloaded one, while a frozen one still holds its stream — is let in, and
// the oldest wall's stream says, in its language, that a newer screen took
// its place, then ends (telling the browser not to come back for an hour);
// the controls' stream goes on.
func TestTeacherScreensReplaceOldest(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		teacher := newClient(t, srv.URL)
		teacher.controls(code, key)
		controls, stopControls := teacher.Stream("/class/" + code + "/teach/events")
		defer stopControls()
		if e, ok := waitFor(controls, "class-students", 5*time.Second); !ok {
			t.Fatalf("the controls' stream began with %q", e)
		}
		var walls []<-chan string
		for i := range 6 {
			path := "/class/" + code + "/teach/events?view=wall&lang=zh"
			if i > 0 {
				path = "/class/" + code + "/teach/events?view=wall"
			}
			w, stop := teacher.Stream(path)
			defer stop()
			if e, ok := waitFor(w, "class-students", 5*time.Second); !ok {
				t.Fatalf("wall %d's stream began with %q", i+1, e)
			}
			walls = append(walls, w)
		}
		// The controls and six walls: the seventh screen replaced the first wall.
		if e, ok := waitFor(walls[0], "class-replaced", 5*time.Second); !ok || !strings.Contains(e, "较新的屏幕") {
			t.Fatalf("the first (zh) wall after the 7th screen's stream: %q; want it replaced, in Chinese", e)
		}
		if e, ok := <-walls[0]; ok {
			t.Errorf("the replaced wall's stream goes on: %q", e)
		}
		askCell(t, srv.URL, code, key)
		if e, ok := waitFor(controls, "class-count", 5*time.Second); !ok {
			t.Errorf("the controls' stream after 6 walls came: %q; want it live", e)
		}
		for i, w := range walls[1:] {
			if e, ok := waitFor(w, "class-count", 5*time.Second); !ok {
				t.Errorf("wall %d after the ask: %q; want it live", i+2, e)
			}
		}
	})
}
