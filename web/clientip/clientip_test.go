package clientip

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestResolve(t *testing.T) {
	trusted, err := ParseTrusted("10.0.0.0/8, 192.0.2.1,fd00::/8")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		trusted Trusted
		remote  string
		xff     []string
		want    string
	}{
		{"no proxy trusted: XFF ignored", nil, "203.0.113.9:5000", []string{"198.51.100.1"}, "203.0.113.9"},
		{"untrusted remote cannot spoof", trusted, "203.0.113.9:5000", []string{"198.51.100.1"}, "203.0.113.9"},
		{"trusted proxy, one hop", trusted, "10.1.2.3:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"client-written entries on the left are ignored", trusted, "10.1.2.3:5000", []string{"1.1.1.1, 198.51.100.1"}, "198.51.100.1"},
		{"chain of trusted proxies", trusted, "10.1.2.3:5000", []string{"198.51.100.1, 192.0.2.1, 10.9.9.9"}, "198.51.100.1"},
		{"several headers join in order", trusted, "10.1.2.3:5000", []string{"6.6.6.6", "198.51.100.1"}, "198.51.100.1"},
		{"every hop trusted: left-most", trusted, "10.1.2.3:5000", []string{"10.0.0.1, 10.0.0.2"}, "10.0.0.1"},
		{"no header: the proxy itself", trusted, "10.1.2.3:5000", nil, "10.1.2.3"},
		{"garbage stops the walk at the last good hop", trusted, "10.1.2.3:5000", []string{"198.51.100.1, nonsense, 10.0.0.7"}, "10.0.0.7"},
		{"entry with a port", trusted, "10.1.2.3:5000", []string{"198.51.100.1:4711"}, "198.51.100.1"},
		{"IPv6 proxy and client", trusted, "[fd00::1]:5000", []string{"2001:db8::7"}, "2001:db8::7"},
		{"IPv4-mapped remote", trusted, "[::ffff:10.1.2.3]:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"IPv4-mapped client unmapped", nil, "[::ffff:203.0.113.9]:5000", nil, "203.0.113.9"},
		{"remote without a port", nil, "203.0.113.9", nil, "203.0.113.9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := tt.trusted.Resolve(r); got != tt.want {
				t.Errorf("Resolve = %q, want %q", got, tt.want)
			}
			var seen string
			Middleware(tt.trusted)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { seen = Addr(r) })).ServeHTTP(httptest.NewRecorder(), r)
			if seen != Key(tt.want) {
				t.Errorf("Addr behind Middleware = %q, want %q", seen, Key(tt.want))
			}
		})
	}
}

func TestParseTrusted(t *testing.T) {
	for _, s := range []string{"10.0.0.0/33", "example.com", "10.0.0.0/8,,x"} {
		if _, err := ParseTrusted(s); err == nil {
			t.Errorf("ParseTrusted(%q) accepted", s)
		}
	}
	got, err := ParseTrusted(" 10.1.2.3/8 ,::1")
	if err != nil || got.String() != "10.0.0.0/8,::1/128" {
		t.Errorf("ParseTrusted = %v, %v", got, err)
	}
	if got, _ := ParseTrusted(""); len(got) != 0 {
		t.Errorf("empty list trusts %v", got)
	}
}

// TestAddrKeysIPv6ByPrefix: every address of one IPv6 /64 is one client
// for the per-address limits (on main each was its own: 2⁶⁴ buckets),
// another /64 is another, and IPv4 is keyed by the whole address.
func TestAddrKeysIPv6ByPrefix(t *testing.T) {
	trusted, _ := ParseTrusted("10.0.0.0/8")
	addr := func(remote, xff string) string {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = remote
		if xff != "" {
			r.Header.Set("X-Forwarded-For", xff)
		}
		var got string
		Middleware(trusted)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = Addr(r) })).ServeHTTP(httptest.NewRecorder(), r)
		return got
	}
	tests := []struct{ remote, xff, want string }{
		{"[2001:db8:1:2::1]:5000", "", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff:ffff:ffff:ffff]:5000", "", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:5000", "", "2001:db8:1:3::/64"},
		{"[fe80::1%eth0]:5000", "", "fe80::/64"},
		{"10.1.2.3:5000", "2001:db8:1:2:abcd::9", "2001:db8:1:2::/64"},
		{"[::ffff:203.0.113.9]:5000", "", "203.0.113.9"},
		{"203.0.113.9:5000", "", "203.0.113.9"},
	}
	for _, tt := range tests {
		if got := addr(tt.remote, tt.xff); got != tt.want {
			t.Errorf("Addr(%s, XFF %q) = %q, want %q", tt.remote, tt.xff, got, tt.want)
		}
	}
	if got := Addr(httptest.NewRequest(http.MethodGet, "/", nil)); got != "192.0.2.1" {
		t.Errorf("Addr without Middleware = %q, want httptest's 192.0.2.1", got)
	}
}
