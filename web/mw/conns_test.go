package mw

import (
	"bufio"
	"net"
	"net/http"
	"testing"
	"time"

	"gaelab/web/clientip"
)

// TestMaxConnsFrom: the total cap is the open-files soft limit less 512.
func TestMaxConnsFrom(t *testing.T) {
	const limits = "Limit                     Soft Limit           Hard Limit           Units\n" +
		"Max processes             63704                63704                processes\n" +
		"Max open files            20000                20000                files\n"
	for in, want := range map[string]int{
		limits: 20000 - FDReserve,
		"Max open files            256                  4096                 files\n": 64,
		"Max open files            unlimited            unlimited            files\n": 1 << 16,
		"": 1 << 13,
	} {
		if got := maxConnsFrom(in); got != want {
			t.Errorf("maxConnsFrom(%q) = %d, want %d", in, got, want)
		}
	}
	if n := DefaultMaxConns(); n < 64 {
		t.Errorf("DefaultMaxConns() = %d, want at least 64", n)
	}
}

// serveLimited serves /healthz (200 "ok") and /hijack (taken over and
// closed) on a loopback listener whose http.Server counts connections
// through l.ConnState, until the test ends; it returns the address.
func serveLimited(t *testing.T, l *ConnLimit) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })
	mux.HandleFunc("/hijack", func(w http.ResponseWriter, r *http.Request) {
		c, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			c.Close()
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux, ConnState: l.ConnState, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// dialHealthz dials addr from the loopback address from, asks for path on a
// kept-alive connection and returns the connection if it was answered 200,
// or nil if the server closed it unanswered. Answered connections close
// when the test ends.
func dialHealthz(t *testing.T, addr, from, path string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial from %s: %v", from, err)
	}
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Write([]byte("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")); err != nil {
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
		t.Fatalf("from %s: %s answered %d, want 200", from, path, resp.StatusCode)
	}
	c.SetDeadline(time.Time{})
	t.Cleanup(func() { c.Close() })
	return c
}

// waitHeld waits up to 5 s for l to hold want connections (a closed
// connection is forgotten when the server sees it close).
func waitHeld(t *testing.T, l *ConnLimit, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		held, _ := l.Counts()
		if held == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 5 s ConnLimit holds %d connections, want %d", held, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestConnLimit: with the per-address cap at 3 and the total at 5, a fourth
// connection from one address is closed unanswered while another address is
// served; a trusted proxy is not held to the per-address cap but is to the
// total; past the total every new connection is closed at once, and
// Counts says how many were held and refused. Once connections close (or a
// handler hijacks one) they are forgotten and /healthz answers again
// within 5 s.
func TestConnLimit(t *testing.T) {
	trusted, err := clientip.ParseTrusted("127.0.0.3")
	if err != nil {
		t.Fatal(err)
	}
	l := &ConnLimit{Max: 5, PerAddr: 3, Trusted: trusted}
	addr := serveLimited(t, l)

	var first []net.Conn
	for i := range 5 {
		if c := dialHealthz(t, addr, "127.0.0.1", "/healthz"); c != nil {
			first = append(first, c)
		} else if i < 3 {
			t.Fatalf("connection %d from 127.0.0.1 closed unanswered, want it served (cap 3)", i+1)
		}
	}
	if len(first) != 3 {
		t.Fatalf("5 connections from one address: %d answered, want the per-address cap, 3", len(first))
	}
	if held, refused := l.Counts(); held != 3 || refused != 2 {
		t.Errorf("Counts() = %d held, %d refused, want 3 and 2", held, refused)
	}
	if dialHealthz(t, addr, "127.0.0.2", "/healthz") == nil {
		t.Fatal("another address at the first one's cap: closed unanswered, want 200")
	}
	if dialHealthz(t, addr, "127.0.0.3", "/healthz") == nil {
		t.Fatal("the trusted proxy (1 connection, total 5): closed unanswered, want 200")
	}
	for _, from := range []string{"127.0.0.3", "127.0.0.4"} {
		if dialHealthz(t, addr, from, "/healthz") != nil {
			t.Errorf("a new connection from %s past the total cap (5) was served, want it closed", from)
		}
	}
	if held, refused := l.Counts(); held != 5 || refused != 4 {
		t.Errorf("at the total cap Counts() = %d held, %d refused, want 5 and 4", held, refused)
	}

	first[0].Close()
	waitHeld(t, l, 4)
	if dialHealthz(t, addr, "127.0.0.1", "/healthz") == nil {
		t.Error("after one of its connections closed, 127.0.0.1 was not served again")
	}
	waitHeld(t, l, 5)
	first[1].Close()
	waitHeld(t, l, 4)

	// A hijacked connection is the handler's: it no longer counts.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	c.Write([]byte("GET /hijack HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
	if _, err := bufio.NewReader(c).ReadByte(); err == nil {
		t.Error("/hijack answered, want the connection closed by its handler")
	}
	waitHeld(t, l, 4)
	if _, refused := l.Counts(); refused != 4 {
		t.Errorf("after closes and a hijack, %d refused, want still 4", refused)
	}
}

// TestConnLimitNoCaps: zero caps hold every connection, and a connection
// whose address is not host:port (a pipe) counts toward the total without
// an address; forgetting a connection never counted changes nothing.
func TestConnLimitNoCaps(t *testing.T) {
	l := &ConnLimit{}
	a, b := net.Pipe()
	defer b.Close()
	l.ConnState(a, http.StateNew)
	l.ConnState(a, http.StateActive)
	if held, refused := l.Counts(); held != 1 || refused != 0 {
		t.Errorf("a pipe: Counts() = %d, %d, want 1 held, 0 refused", held, refused)
	}
	other, _ := net.Pipe()
	l.ConnState(other, http.StateClosed)
	l.ConnState(a, http.StateClosed)
	l.ConnState(a, http.StateClosed)
	if held, _ := l.Counts(); held != 0 {
		t.Errorf("after the pipe closed (twice) and an unknown one closed: %d held, want 0", held)
	}
	if n := DefaultConnsPerAddr(300); n != 1000 {
		t.Errorf("DefaultConnsPerAddr(300) = %d, want 1000 (the floor)", n)
	}
	if n := DefaultConnsPerAddr(600); n != 1400 {
		t.Errorf("DefaultConnsPerAddr(600) = %d, want 1400", n)
	}
}
