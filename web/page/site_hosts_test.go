package page_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/qr/qrtest"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// hostGet sends GET path to srv with the given Host header.
func hostGet(t *testing.T, srv *httptest.Server, host, path string) (*http.Response, []byte) {
	t.Helper()
	return hostDo(t, srv, "GET", host, path)
}

func hostDo(t *testing.T, srv *httptest.Server, method, host, path string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

// TestQRRefusesUnknownHosts: a QR code is drawn only for a Host the server
// knows — the address the connection came to, localhost on loopback,
// -allowed-hosts, or -public-url regardless of Host — never for any Host a
// client sends; and a code drawn from the Host is not publicly cacheable
// (issue 22: /qr.svg with Host: evil.example was a QR of evil.example,
// cached publicly for a day).
func TestQRRefusesUnknownHosts(t *testing.T) {
	srv := httptest.NewServer(webtest.Routes())
	defer srv.Close()
	own := strings.TrimPrefix(srv.URL, "http://")
	_, port, _ := net.SplitHostPort(own)
	u := "/qr.svg?u=" + url.QueryEscape("/play?v=1&p=seed-a")

	for _, host := range []string{"evil.example", "evil.example:" + port, "10.9.8.7:" + port, "127.0.0.1:1", "localhost:1"} {
		resp, body := hostGet(t, srv, host, u)
		if resp.StatusCode != http.StatusBadRequest || strings.Contains(resp.Header.Get("Cache-Control"), "public") ||
			strings.Contains(string(body), "evil") || !strings.Contains(string(body), "-allowed-hosts") {
			t.Errorf("Host %s: %d, Cache-Control %q, %q; want 400 saying how to name the host", host, resp.StatusCode, resp.Header.Get("Cache-Control"), body)
		}
	}
	for host, want := range map[string]string{own: "http://" + own, "localhost:" + port: "http://localhost:" + port} {
		resp, body := hostGet(t, srv, host, u)
		got, err := qrtest.Decode(body)
		if resp.StatusCode != http.StatusOK || err != nil || got != want+"/play?v=1&p=seed-a" {
			t.Errorf("Host %s: %d, code %q (%v); want %s/play?v=1&p=seed-a", host, resp.StatusCode, got, err, want)
		}
		if cc := resp.Header.Get("Cache-Control"); strings.Contains(cc, "public") {
			t.Errorf("Host %s: Cache-Control %q; a code drawn from the Host is no public answer", host, cc)
		}
	}

	allowed := httptest.NewServer(webtest.New(t, webtest.Options{AllowedHosts: []string{"gae.example.edu"}}).Handler)
	defer allowed.Close()
	resp, body := hostGet(t, allowed, "gae.example.edu", u)
	if got, err := qrtest.Decode(body); resp.StatusCode != http.StatusOK || err != nil || got != "http://gae.example.edu/play?v=1&p=seed-a" {
		t.Errorf("an allowed host: %d, code %q (%v)", resp.StatusCode, got, err)
	}
	public := httptest.NewServer(webtest.New(t, webtest.Options{PublicURL: "https://gae.example.edu"}).Handler)
	defer public.Close()
	resp, body = hostGet(t, public, "evil.example", u)
	if got, err := qrtest.Decode(body); resp.StatusCode != http.StatusOK || err != nil || got != "https://gae.example.edu/play?v=1&p=seed-a" {
		t.Errorf("with -public-url: %d, code %q (%v)", resp.StatusCode, got, err)
	}

	// The QR page under an unknown Host: the link as a path, no code, the fix.
	resp, body = hostGet(t, srv, "evil.example", "/qr?u="+url.QueryEscape("/play?v=1&p=seed-a"))
	doc, _ := goquery.NewDocumentFromReader(strings.NewReader(string(body)))
	if resp.StatusCode != http.StatusOK || strings.Contains(string(body), "evil.example") || doc.Find("img.qr-code").Length() != 0 ||
		doc.Find(`[data-testid="qr-link"]`).Text() != "/play?v=1&p=seed-a" ||
		!strings.Contains(doc.Find(`[data-testid="qr-loopback"]`).Text(), "-public-url") {
		t.Errorf("the QR page under Host evil.example: %d, link %q, %d images, warning %q", resp.StatusCode,
			doc.Find(`[data-testid="qr-link"]`).Text(), doc.Find("img.qr-code").Length(), doc.Find(`[data-testid="qr-loopback"]`).Text())
	}
}

// TestQRPageHidesAddressesFromSpoofedLocalhost: "Host: localhost" sent to
// the server's network address is no teacher on this machine: the QR page
// must not list the machine's addresses to it (issue 22).
func TestQRPageHidesAddressesFromSpoofedLocalhost(t *testing.T) {
	lan := play.LANAddresses()
	if len(lan) == 0 {
		t.Skip("no network address to listen on")
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(strings.Trim(lan[0], "[]"), "0"))
	if err != nil {
		t.Skipf("listen on %s: %v", lan[0], err)
	}
	srv := httptest.NewUnstartedServer(webtest.Routes())
	srv.Listener = ln
	srv.Start()
	defer srv.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	_, body := hostGet(t, srv, "localhost:"+port, "/qr?u="+url.QueryEscape("/play?v=1&p=seed-a"))
	for _, a := range lan {
		if strings.Contains(string(body), a+":"+port) {
			t.Errorf("Host localhost through %s lists this machine's address %s", ln.Addr(), a)
		}
	}
	// Through its real address the page shows the code of that address.
	_, body = hostGet(t, srv, ln.Addr().String(), "/qr?u="+url.QueryEscape("/play?v=1&p=seed-a"))
	if !strings.Contains(string(body), "http://"+ln.Addr().String()+"/play") {
		t.Errorf("through its own address the page does not print its link:\n%.600s", body)
	}
}

// TestJoinLinksIgnoreUnknownHosts: the class API's join and console links
// are built from known hosts only; under any other Host they are paths.
func TestJoinLinksIgnoreUnknownHosts(t *testing.T) {
	srv := httptest.NewServer(webtest.New(t, webtest.Options{Store: stores.SQLite(t)}).Handler)
	defer srv.Close()
	resp, body := hostDo(t, srv, "POST", "evil.example", "/api/v1/classes")
	var m map[string]string
	if err := json.Unmarshal(body, &m); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/v1/classes: %d %s", resp.StatusCode, body)
	}
	if strings.Contains(string(body), "evil") || !strings.HasPrefix(m["join"], "/join/") {
		t.Errorf("links under Host evil.example: %s; want paths", body)
	}
	_, body = hostDo(t, srv, "POST", strings.TrimPrefix(srv.URL, "http://"), "/api/v1/classes")
	if err := json.Unmarshal(body, &m); err != nil || !strings.HasPrefix(m["join"], srv.URL+"/join/") {
		t.Errorf("links through the server's own address: %s; want %s/join/…", body, srv.URL)
	}
}

func TestParseAllowedHosts(t *testing.T) {
	got, err := page.ParseAllowedHosts(" GAE.example.edu, 10.0.0.5:8080 [::1]:80")
	if err != nil || strings.Join(got, " ") != "gae.example.edu 10.0.0.5:8080 [::1]:80" {
		t.Errorf("ParseAllowedHosts = %q, %v", got, err)
	}
	for _, bad := range []string{"https://gae.example.edu", "gae.example.edu/x", "a@b", "host:port", "x:80:81"} {
		if _, err := page.ParseAllowedHosts(bad); err == nil {
			t.Errorf("ParseAllowedHosts(%q) accepted", bad)
		}
	}
}
