package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestNginxTemplateBoundsClients: the shipped proxy settings bound every
// client (#32: on main none of these was there, and 4,200 slow-header
// sockets locked every client out).
func TestNginxTemplateBoundsClients(t *testing.T) {
	for _, want := range []string{
		"server_tokens off;", "client_header_timeout 10s;", "client_body_timeout 10s;",
		"limit_conn gaelab_conns ", "limit_req zone=gaelab_reqs ",
		"client_max_body_size 128m;", // gaelab's -upload-max-bytes default
	} {
		if !strings.Contains(nginxConf, want) {
			t.Errorf("nginx.conf.tmpl lacks %q", want)
		}
	}
	m := regexp.MustCompile(`worker_connections (\d+);`).FindStringSubmatch(nginxConf)
	if n, _ := strconv.Atoi(m[1]); len(m) < 2 || n < 8192 {
		t.Errorf("worker_connections %v, want at least 8192", m)
	}
}

// TestNginxSendsNoVersion: the proxy's answers name no nginx version.
func TestNginxSendsNoVersion(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(nginxBin); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no %s under CI=true (.ci/run installs nginx-light)", nginxBin)
		}
		t.Skipf("no %s: apt-get install nginx-light to run this test", nginxBin)
	}
	replica := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer replica.Close()
	px, err := startProxy(context.Background(), t.TempDir(), []string{replica.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	defer px.stop()
	hc := &http.Client{Transport: &http.Transport{Proxy: nil}, Timeout: 5 * time.Second}
	resp, err := hc.Get(px.base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if s := resp.Header.Get("Server"); s != "nginx" {
		t.Errorf("a proxied answer's Server is %q, want \"nginx\" (no version)", s)
	}
	// A request without Host is refused by nginx itself, on its own page.
	c, err := net.Dial("tcp", strings.TrimPrefix(px.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(c, "GET / HTTP/1.1\r\n\r\n")
	page, _ := io.ReadAll(c)
	if !strings.Contains(string(page), "400") || regexp.MustCompile(`nginx/\d`).Match(page) {
		t.Errorf("nginx's own 400 page %q: want one naming no version", page)
	}
}
