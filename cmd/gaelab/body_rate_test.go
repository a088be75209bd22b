package main

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"gaelab/web"
)

// trickle sends a POST of length bytes to path on addr, a byte every 50
// ms, and returns the answer's status and body (or fails after 5 s).
func trickle(t *testing.T, addr, path, contentType string, length int) (int, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nAccept-Language: zh\r\n\r\n", path, addr, contentType, length)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for range length {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if _, err := c.Write([]byte(" ")); err != nil {
				return
			}
		}
	}()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("POST %s trickled: no answer within 5 s: %v", path, err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	n, _ := resp.Body.Read(buf)
	b.Write(buf[:n])
	return resp.StatusCode, b.String()
}

// TestEveryPostKeepsTheBodyRate: the compute API, a class form and the
// class API are cut by the body-rate rule like uploads, answered 408 in
// the page's language (JSON under /api/). (On main only uploads were: the
// others waited for the 30 s read deadline.)
func TestEveryPostKeepsTheBodyRate(t *testing.T) {
	addr := startServer(t, web.Options{BodyMinRate: 1024, BodyRateGrace: 300 * time.Millisecond, BodyRateFrom: 100 * time.Millisecond})
	for _, tc := range []struct{ path, contentType, want string }{
		{"/api/v1/compute", "application/json", `"code":"too_slow"`},
		{"/api/v1/classes", "application/json", `"code":"too_slow"`},
		{"/class", "application/x-www-form-urlencoded", "请求发送得太慢"},
		{"/inspect", "application/octet-stream", "上传太慢"},
	} {
		status, body := trickle(t, addr, tc.path, tc.contentType, 2000)
		if status != http.StatusRequestTimeout || !strings.Contains(body, tc.want) {
			t.Errorf("POST %s trickled: %d %q, want 408 with %q", tc.path, status, body, tc.want)
		}
	}
}

// TestSlowBodiesPerAddress: one address trickling bodies holds at most
// -bodies-per-addr (2 here) of the slots while they arrive; its next body
// is answered 429 with Retry-After at once, and /play is served meanwhile.
// (On main 34 trickling connections took every page slot: /play 503.)
func TestSlowBodiesPerAddress(t *testing.T) {
	addr := startServer(t, web.Options{BodiesPerAddr: 2, MaxInflight: 3, BodyRateGrace: 30 * time.Second})
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /api/v1/compute HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", addr)
	}
	time.Sleep(100 * time.Millisecond) // let the server start reading both
	if status, body := trickle(t, addr, "/api/v1/compute", "application/json", 1000); status != http.StatusTooManyRequests || !strings.Contains(body, `"code":"rate_limited"`) {
		t.Fatalf("a third body from the address: %d %s, want 429", status, body)
	}
	resp, err := http.Get("http://" + addr + "/play")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/play while the address's bodies arrive: %d, want 200", resp.StatusCode)
	}
}
