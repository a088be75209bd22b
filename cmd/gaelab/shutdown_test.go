package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestShutdownEndsUploads: SIGTERM (ctx cancelled) while an upload's body
// is still arriving answers it 503 with Retry-After and exits 0 within the
// 5 s grace. (On main the upload held the shutdown until its grace ran out
// and run returned an error: exit 1.)
func TestShutdownEndsUploads(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := new(syncBuffer)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, withData(t, "serve", "-addr", "127.0.0.1:0"), noEnv, strings.NewReader(""), new(bytes.Buffer), stderr)
	}()
	addr := waitListening(t, stderr, done)

	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /api/v1/inspect HTTP/1.1\r\nHost: %s\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\n\r\n", addr, 64<<20)
	sent := make(chan struct{})
	go func() { // 64 KiB every 20 ms: well above the minimum rate, and never done
		chunk := make([]byte, 64<<10)
		for i := 0; ; i++ {
			if _, err := c.Write(chunk); err != nil {
				return
			}
			if i == 5 {
				close(sent)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	<-sent
	cancel()

	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("the upload got no answer: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("the upload in flight: %d (Retry-After %q), want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run after SIGTERM = %v, want nil (exit 0); stderr:\n%s", err, stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return")
	}
}
