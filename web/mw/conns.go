package mw

import (
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"

	"gaelab/web/clientip"
)

// ConnLimit caps the connections the server holds: at most Max in all
// (beyond, a new connection is closed at once, before a byte is read, so
// the process never runs out of file descriptors and never loops on
// "accept: too many open files"), and at most PerAddr from one client
// address (clientip.KeyOf: an IPv6 client by its /64), except from a
// trusted proxy (-trust-proxy), whose connections carry many clients.
// Its ConnState is the http.Server's ConnState hook.
type ConnLimit struct {
	Max, PerAddr int
	Trusted      clientip.Trusted

	mu     sync.Mutex
	total  int
	byAddr map[string]int
	held   map[net.Conn]string // counted connections and their key
	// refused counts the connections closed at once (for tests and logs).
	refused int
}

// DefaultConnsPerAddr is the per-address cap for a replica whose address
// may hold streams live-class streams: twice as many connections (a phone
// keeps a stream and a request open) and 200 more, at least 1,000, so that
// a lecture hall behind one NAT (about 600 for 300 phones) fits.
func DefaultConnsPerAddr(streams int) int { return max(2*streams+200, 1000) }

// ConnState counts a new connection or closes it at once when a cap is
// reached, and forgets a closed one.
func (l *ConnLimit) ConnState(c net.Conn, s http.ConnState) {
	switch s {
	case http.StateNew:
		if !l.admit(c) {
			c.Close()
		}
	case http.StateClosed, http.StateHijacked:
		l.forget(c)
	}
}

func (l *ConnLimit) admit(c net.Conn) bool {
	key, limited := "", false
	if ap, err := netip.ParseAddrPort(c.RemoteAddr().String()); err == nil {
		key, limited = clientip.KeyOf(ap.Addr()), !l.Trusted.Contains(ap.Addr())
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byAddr == nil {
		l.byAddr, l.held = map[string]int{}, map[net.Conn]string{}
	}
	if (l.Max > 0 && l.total >= l.Max) || (limited && l.PerAddr > 0 && l.byAddr[key] >= l.PerAddr) {
		l.refused++
		return false
	}
	l.total++
	l.byAddr[key]++
	l.held[c] = key
	return true
}

func (l *ConnLimit) forget(c net.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	key, ok := l.held[c]
	if !ok {
		return
	}
	delete(l.held, c)
	l.total--
	if l.byAddr[key]--; l.byAddr[key] <= 0 {
		delete(l.byAddr, key)
	}
}

// Counts are the connections held and refused so far.
func (l *ConnLimit) Counts() (held, refused int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.total, l.refused
}

// FDReserve are the file descriptors DefaultMaxConns leaves to everything
// but client connections.
const FDReserve = 512

// DefaultMaxConns is the total cap of connections: the soft limit of open
// files (which the Go runtime raises to the hard limit at start), read
// from /proc/self/limits, less FDReserve for the database, the log and the
// files the server opens, at least 64; 8,192 where the limit cannot be read.
func DefaultMaxConns() int {
	b, err := os.ReadFile("/proc/self/limits")
	if err != nil {
		return 1 << 13
	}
	return maxConnsFrom(string(b))
}

// maxConnsFrom is DefaultMaxConns from the text of /proc/self/limits.
func maxConnsFrom(limits string) int {
	for _, line := range strings.Split(limits, "\n") {
		if rest, ok := strings.CutPrefix(line, "Max open files"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				break
			}
			if n, err := strconv.Atoi(f[0]); err == nil {
				return max(min(n, 1<<24)-FDReserve, 64)
			}
			return 1 << 16 // unlimited
		}
	}
	return 1 << 13
}
