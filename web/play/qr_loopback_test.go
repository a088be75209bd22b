package play_test

import (
	"net/http/httptest"
	"testing"

	"gaelab/web/play"
)

func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1:8080": true, "127.1.2.3": true, "[::1]:8080": true, "localhost:8080": true, "LOCALHOST": true,
		"app.localhost": true, "192.168.1.20:8080": false, "gae.example.edu": false, "[2001:db8::1]:80": false, "": false,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		if got := play.LoopbackHost(r); got != want {
			t.Errorf("loopbackHost(%q) = %v; want %v", host, got, want)
		}
	}
	for _, a := range play.LANAddresses() {
		if a == "127.0.0.1" || a == "[::1]" {
			t.Errorf("lanAddresses lists loopback %s", a)
		}
	}
}
