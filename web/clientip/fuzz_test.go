package clientip

import (
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

// FuzzResolve: whatever the headers, the client's address is RemoteAddr's
// host, or, only when RemoteAddr is a trusted proxy, an address written
// in X-Forwarded-For; never a panic.
func FuzzResolve(f *testing.F) {
	f.Add("10.0.0.0/8", "10.1.2.3:80", "198.51.100.1, 10.0.0.9")
	f.Add("10.0.0.0/8,::1", "[::1]:443", "garbage, [2001:db8::1]:80,10.0.0.1")
	f.Add("", "203.0.113.9:1", "1.1.1.1")
	f.Fuzz(func(t *testing.T, cidrs, remote, xff string) {
		trusted, err := ParseTrusted(cidrs)
		if err != nil {
			return
		}
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		got := trusted.Resolve(r)
		if got == hostOf(remote) {
			return
		}
		a, err := netip.ParseAddr(hostOf(remote))
		if err != nil || !trusted.contains(a) {
			t.Fatalf("untrusted remote %q resolved to %q", remote, got)
		}
		for _, hop := range strings.Split(xff, ",") {
			if h, ok := parseHop(hop); ok && h.String() == got {
				return
			}
		}
		t.Fatalf("%q is neither the remote %q nor a hop of %q", got, remote, xff)
	})
}
