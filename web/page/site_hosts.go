package page

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// SiteHosts decides where phones reach this server, for QR codes and join
// links: -public-url when set; else the request's scheme and Host, but only
// a Host the server knows as its own, never any Host a client sends (a QR
// code of evil.example, or this machine's addresses for "Host: localhost").
//
// A Host is known when it is in -allowed-hosts, or names the address the
// connection arrived on: that IP and port ("192.168.1.20:8080" on a server
// listening on 0.0.0.0:8080), or localhost with that port on a loopback
// connection — what the zero-config "go run ./cmd/gaelab" and a teacher's
// -addr 0.0.0.0:8080 see. A handler run outside net/http's server (a test,
// no connection) takes the Host as given.
type SiteHosts struct {
	PublicURL string   // without its trailing "/"
	allowed   []string // host or host:port, lower-case
}

func NewSiteHosts(publicURL string, allowed []string) SiteHosts {
	return SiteHosts{PublicURL: strings.TrimSuffix(publicURL, "/"), allowed: allowed}
}

// Base is "scheme://host" where phones reach the server for r, and false
// when there is no public URL and r's Host is not known.
func (h SiteHosts) Base(r *http.Request) (string, bool) {
	if h.PublicURL != "" {
		return h.PublicURL, true
	}
	if !h.known(r) {
		return "", false
	}
	return RequestScheme(r) + "://" + r.Host, true
}

// known reports whether r's Host is one of the server's (see SiteHosts).
func (h SiteHosts) known(r *http.Request) bool {
	if r.Host == "" {
		return false
	}
	name, port := SplitHost(r.Host)
	for _, a := range h.allowed {
		if an, ap := SplitHost(a); strings.EqualFold(an, name) && (ap == "" || ap == port) {
			return true
		}
	}
	local, ok := LocalAddr(r)
	if !ok {
		return true // no connection to compare with
	}
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[RequestScheme(r)]
	}
	if port != fmt.Sprint(local.Port()) {
		return false
	}
	if ip, err := netip.ParseAddr(name); err == nil {
		return ip.Unmap() == local.Addr()
	}
	return local.Addr().IsLoopback() && IsLocalhost(name)
}

// LocalAddr is the address r's connection arrived on, if net/http says.
func LocalAddr(r *http.Request) (netip.AddrPort, bool) {
	a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return netip.AddrPort{}, false
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.AddrPort{}, false
	}
	return netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()), true
}

// SplitHost splits "host:port", "[v6]:port" or a bare host; the host is
// without brackets, the port "" when there is none.
func SplitHost(hostport string) (host, port string) {
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		return h, p
	}
	return strings.Trim(hostport, "[]"), ""
}

// IsLocalhost reports whether name is localhost or a name under it.
func IsLocalhost(name string) bool {
	name = strings.ToLower(name)
	return name == "localhost" || strings.HasSuffix(name, ".localhost")
}

// ParseAllowedHosts turns the -allowed-hosts flag, a comma- or
// space-separated list of host names or addresses with an optional port
// ("gae.example.edu, 10.0.0.5:8080"), into Options.AllowedHosts.
func ParseAllowedHosts(s string) ([]string, error) {
	var hosts []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		name, port := SplitHost(f)
		if name == "" || strings.ContainsAny(name, "/\\@?#:%") && net.ParseIP(name) == nil ||
			port != "" && strings.Trim(port, "0123456789") != "" {
			return nil, fmt.Errorf("allowed host %q: want a host name or address with an optional port, such as gae.example.edu or 10.0.0.5:8080", f)
		}
		hosts = append(hosts, strings.ToLower(f))
	}
	return hosts, nil
}

// RequestScheme is "https" when the request came over TLS or a proxy in
// front says so in X-Forwarded-Proto (its first value, for a chain of
// proxies), else "http".
func RequestScheme(r *http.Request) string {
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	if r.TLS != nil || strings.EqualFold(strings.TrimSpace(proto), "https") {
		return "https"
	}
	return "http"
}
