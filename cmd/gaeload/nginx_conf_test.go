package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
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

// TestNginxKeysIPv6By64: the template's limit_conn and limit_req key a
// client as the replicas do (web/clientip): an IPv4 address whole, an IPv6
// one by its /64, however "::" compresses its text. The template's own map
// runs in nginx over addresses sent in a header (the test cannot connect
// from many IPv6 addresses): the same /64 gives one key, another /64
// another. On main the zones keyed $binary_remote_addr, so one /64 was
// 2⁶⁴ clients.
func TestNginxKeysIPv6By64(t *testing.T) {
	t.Parallel()
	for _, want := range []string{"limit_conn_zone $gaelab_client ", "limit_req_zone $gaelab_client "} {
		if !strings.Contains(nginxConf, want) {
			t.Errorf("nginx.conf.tmpl lacks %q", want)
		}
	}
	block := regexp.MustCompile(`(?s)\tmap \$remote_addr \$gaelab_client \{.*?\n\t\}`).FindString(nginxConf)
	if block == "" {
		t.Fatal("nginx.conf.tmpl has no map $remote_addr $gaelab_client block")
	}
	if _, err := os.Stat(nginxBin); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no %s under CI=true (.ci/run installs nginx-light)", nginxBin)
		}
		t.Skipf("no %s: apt-get install nginx-light to run this test", nginxBin)
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o777) // nginx's workers may run as another user
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	block = strings.ReplaceAll(block, "$remote_addr", "$http_x_client")
	conf := fmt.Sprintf(`daemon off;
worker_processes 1;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 64; }
http {
	access_log off;
	client_body_temp_path %[1]s/body;
	proxy_temp_path %[1]s/proxy;
	fastcgi_temp_path %[1]s/fastcgi;
	uwsgi_temp_path %[1]s/uwsgi;
	scgi_temp_path %[1]s/scgi;
%[2]s
	server {
		listen 127.0.0.1:%[3]d;
		location / { return 200 "$gaelab_client"; }
	}
}
`, dir, block, port)
	if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nginxBin, "-p", dir, "-c", filepath.Join(dir, "nginx.conf"), "-e", filepath.Join(dir, "error.log"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	defer func() { cmd.Process.Signal(syscall.SIGQUIT); <-exited }()
	base := "http://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	if err := waitHealthy(context.Background(), base, 10*time.Second, exited); err != nil {
		b, _ := os.ReadFile(filepath.Join(dir, "error.log"))
		t.Fatalf("nginx: %v\n%s", err, b)
	}
	hc := &http.Client{Transport: &http.Transport{Proxy: nil}, Timeout: 5 * time.Second}
	key := func(addr string) string {
		req, _ := http.NewRequest(http.MethodGet, base+"/", nil)
		req.Header.Set("X-Client", addr)
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	// Each /64 as the groups of its prefix; every address below is written
	// as nginx writes $remote_addr (lower case, "::" for the longest run of
	// zero groups), with "::" in each place it can fall.
	nets := [][4]uint16{{0x2001, 0xdb8, 1, 2}, {0x2001, 0xdb8, 0, 0}, {0x2001, 0xdb8, 1, 0}, {0x2001, 0, 0, 5}, {0, 0, 0, 0}, {0, 0, 7, 8}, {0, 6, 7, 8}, {0x2001, 0, 7, 8}, {0x2001, 0xdb8, 0, 8}, {0xfe80, 0, 0, 0}}
	hosts := [][4]uint16{{0, 0, 0, 1}, {0xaaaa, 0xbbbb, 0xcccc, 0xdddd}, {0, 0, 0, 0}, {1, 0, 0, 0}, {1, 2, 3, 4}, {0, 0, 9, 9}, {5, 0, 0, 0}}
	seen := map[string][4]uint16{}
	for _, n := range nets {
		var first string
		for _, h := range hosts {
			var b [16]byte
			for k, g := range append(n[:], h[:]...) {
				b[2*k], b[2*k+1] = byte(g>>8), byte(g)
			}
			addr := netip.AddrFrom16(b).String()
			got := key(addr)
			if first == "" {
				first = got
				if prev, ok := seen[got]; ok && prev != n {
					t.Errorf("%s (/64 %x) keys as %q, as /64 %x does; want one key per /64", addr, n, got, prev)
				}
				seen[got] = n
			} else if got != first {
				t.Errorf("%s keys as %q, another address of its /64 %x as %q; want one key per /64", addr, got, n, first)
			}
			if got == addr && h != [4]uint16{} {
				t.Errorf("%s keys as its whole address; want its /64", addr)
			}
		}
	}
	if got := key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"); got != "2001:db8:1:2" {
		t.Errorf("2001:db8:1:2:aaaa:bbbb:cccc:dddd keys as %q, want 2001:db8:1:2", got)
	}
	for _, v4 := range []string{"192.0.2.1", "192.0.2.2", "::ffff:192.0.2.1"} {
		if got := key(v4); got != v4 {
			t.Errorf("%s keys as %q; want the whole address", v4, got)
		}
	}
}
