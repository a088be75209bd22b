// Package clientip finds the address of the client behind a request, for
// every per-address limit of the server (upload quotas, class creation,
// inspect quotas). Behind a reverse proxy every request comes from the
// proxy's address, so all users would share one bucket; when the operator
// names the proxies (-trust-proxy CIDR[,CIDR…]) the client's address is
// read from X-Forwarded-For instead, and only then.
//
// Use it in two steps: Middleware(trusted) once, outermost, resolves each
// request's address; Addr(r) reads it anywhere below.
package clientip

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Trusted is the set of proxies whose X-Forwarded-For is believed. The
// zero value trusts nobody: Addr is RemoteAddr's host.
type Trusted []netip.Prefix

// ParseTrusted reads a comma-separated list of CIDRs ("10.0.0.0/8,
// ::1/128"); a bare address is one host (/32 or /128). "" trusts nobody.
func ParseTrusted(s string) (Trusted, error) {
	var t Trusted
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil {
				return nil, fmt.Errorf("%q is not a CIDR (10.0.0.0/8) or an address", f)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		t = append(t, p.Masked())
	}
	return t, nil
}

// String is the list as ParseTrusted reads it.
func (t Trusted) String() string {
	s := make([]string, len(t))
	for i, p := range t {
		s[i] = p.String()
	}
	return strings.Join(s, ",")
}

// Contains reports whether a is one of the trusted proxies.
func (t Trusted) Contains(a netip.Addr) bool { return t.contains(a) }

func (t Trusted) contains(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range t {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Resolve is the client's address of r. It is RemoteAddr's host unless
// RemoteAddr is a trusted proxy; then it walks X-Forwarded-For (every
// such header, in order, joined) from the right and returns the first
// address that is not a trusted proxy: the entries to its left were
// written by the client itself and cannot be believed. If every entry is
// trusted, the left-most is the client; if an entry is not an address,
// the walk stops at the last good one.
func (t Trusted) Resolve(r *http.Request) string {
	remote := hostOf(r.RemoteAddr)
	a, err := netip.ParseAddr(remote)
	if err != nil || len(t) == 0 || !t.contains(a) {
		return remote
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	client := a.Unmap()
	for i := len(hops) - 1; i >= 0; i-- {
		h, ok := parseHop(hops[i])
		if !ok {
			break
		}
		client = h
		if !t.contains(h) {
			break
		}
	}
	return client.String()
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a
// port ("203.0.113.7:4711", "[2001:db8::1]:443").
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

// hostOf is the host of a host:port address (the whole of it without a
// port), an IPv4-mapped IPv6 address as IPv4.
func hostOf(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if a, err := netip.ParseAddr(host); err == nil {
		return a.Unmap().String()
	}
	return host
}

type ctxKey struct{}

// Middleware resolves each request's client address once (t.Resolve)
// for Addr to read.
func Middleware(t Trusted) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, Key(t.Resolve(r)))))
		})
	}
}

// Addr is the key of the client behind r (Key of its address, as
// Middleware resolved it; without Middleware, of RemoteAddr's host). Every
// per-address limit keys on it, and nothing else reads RemoteAddr or
// X-Forwarded-For.
func Addr(r *http.Request) string {
	if a, ok := r.Context().Value(ctxKey{}).(string); ok {
		return a
	}
	return Key(hostOf(r.RemoteAddr))
}

// IPv6Prefix is how much of an IPv6 address names one client: a /64 is
// one site's network (RFC 6177), whose 2⁶⁴ addresses one host may use.
const IPv6Prefix = 64

// Key is the per-address limits' key of a client address: an IPv4 address
// (or an IPv4-mapped one) as itself, an IPv6 address as its /64
// ("2001:db8:1:2::/64"), anything else unchanged.
func Key(addr string) string {
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	return KeyOf(a)
}

// KeyOf is Key of a parsed address.
func KeyOf(a netip.Addr) string {
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	return netip.PrefixFrom(a.WithZone(""), IPv6Prefix).Masked().String()
}
