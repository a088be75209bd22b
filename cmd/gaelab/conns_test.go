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
	"gaelab/web/clientip"
)

// startServer serves web.NewServer(o) on a loopback port until the test
// ends and returns its address.
func startServer(t *testing.T, o web.Options) string {
	t.Helper()
	srv := web.NewServer("127.0.0.1:0", o)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// keepAlive dials addr from the local address from (127.0.0.x), asks for
// /healthz on a kept-alive connection and returns the connection if it
// was answered 200, or nil if the server closed it unanswered.
func keepAlive(t *testing.T, addr, from string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial from %s: %v", from, err)
	}
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")); err != nil {
		c.Close()
		return nil
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		c.Close()
		return nil
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("from %s: /healthz %d", from, resp.StatusCode)
	}
	c.SetDeadline(time.Time{})
	return c
}

// serveCount opens n kept-alive connections from from and counts the
// answered ones, which stay open until the test ends.
func serveCount(t *testing.T, addr, from string, n int) int {
	answered := 0
	for range n {
		if c := keepAlive(t, addr, from); c != nil {
			answered++
			t.Cleanup(func() { c.Close() })
		}
	}
	return answered
}

// TestConnsPerAddress: at the per-address cap (50 here), another
// connection from that address is closed unanswered, while another address
// is still served; a trusted proxy's connections are not capped. (On main
// all 100 were served.)
func TestConnsPerAddress(t *testing.T) {
	trusted, _ := clientip.ParseTrusted("127.0.0.3")
	addr := startServer(t, web.Options{MaxConnsPerAddr: 50, TrustProxy: trusted})
	if got := serveCount(t, addr, "127.0.0.1", 100); got != 50 {
		t.Errorf("100 connections from one address: %d answered, want the cap, 50", got)
	}
	if keepAlive(t, addr, "127.0.0.2") == nil {
		t.Error("another address: /healthz unanswered, want 200")
	}
	if got := serveCount(t, addr, "127.0.0.3", 100); got != 100 {
		t.Errorf("100 connections from the trusted proxy: %d answered, want all", got)
	}
}

// TestConnsTotal: past the total cap (50 here) every new connection is
// closed at once, whatever its address; once connections close the server
// answers again (no accept loop stuck on "too many open files"). (On main
// all 100 were served.)
func TestConnsTotal(t *testing.T) {
	addr := startServer(t, web.Options{MaxConns: 50})
	held := 0
	for i := range 100 {
		if c := keepAlive(t, addr, []string{"127.0.0.1", "127.0.0.2"}[i%2]); c != nil {
			held++
			defer c.Close()
		}
	}
	if held != 50 {
		t.Errorf("100 connections: %d answered, want the cap, 50", held)
	}
	if keepAlive(t, addr, "127.0.0.4") != nil {
		t.Error("a new address past the total cap was served")
	}
}

// TestConnsRecover: once held connections close, /healthz answers within
// 5 s.
func TestConnsRecover(t *testing.T) {
	addr := startServer(t, web.Options{MaxConns: 50})
	var held []net.Conn
	for range 100 {
		if c := keepAlive(t, addr, "127.0.0.1"); c != nil {
			held = append(held, c)
		}
	}
	for _, c := range held {
		c.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if c := keepAlive(t, addr, "127.0.0.2"); c != nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("after the connections closed, /healthz did not answer within 5 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestServerHeaderAndIdleLimits: 64 KiB of headers past the URL limit are
// answered 431 (on main up to 1 MiB was read), a long URL within its limit
// still passes, and a kept-alive connection idles at most 30 s (120 s on
// main).
func TestServerHeaderAndIdleLimits(t *testing.T) {
	if srv := web.NewServer("127.0.0.1:0", web.Options{}); srv.IdleTimeout != 30*time.Second {
		t.Errorf("IdleTimeout %v, want 30s", srv.IdleTimeout)
	}
	addr := startServer(t, web.Options{})
	get := func(path string, header string) int {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(5 * time.Second))
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: %s\r\nConnection: close\r\n\r\n", path, header)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("GET %.40s…: %v", path, err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := get("/healthz", strings.Repeat("a", 200<<10)); code != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("200 KiB of headers: %d, want 431", code)
	}
	if code := get("/healthz?x="+strings.Repeat("a", 60<<10), strings.Repeat("a", 8<<10)); code != http.StatusOK {
		t.Errorf("a 60 KiB URL and 8 KiB of headers: %d, want 200", code)
	}
}
