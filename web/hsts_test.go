package web

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHSTSOverTLS: a page served over TLS, or with an https -public-url (a
// proxy terminating TLS), tells browsers to keep to https; over plain http
// without one, it does not.
func TestHSTSOverTLS(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		tls  bool
		want bool
	}{
		{"plain http", Options{}, false, false},
		{"http public URL", Options{PublicURL: "http://10.0.0.5:8080"}, false, false},
		{"TLS", Options{}, true, true},
		{"https public URL", Options{PublicURL: "https://gae.example.edu"}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/healthz", nil)
			if tt.tls {
				req.TLS = &tls.ConnectionState{}
			}
			rec := httptest.NewRecorder()
			Handler(tt.o).ServeHTTP(rec, req)
			got := rec.Header().Get("Strict-Transport-Security")
			if tt.want && !strings.HasPrefix(got, "max-age=") || !tt.want && got != "" {
				t.Errorf("Strict-Transport-Security = %q; want it: %v", got, tt.want)
			}
		})
	}
	// Through a real TLS listener.
	srv := httptest.NewTLSServer(Routes())
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/play?v=1&p=seed-a")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Strict-Transport-Security"), "max-age=") {
		t.Errorf("over TLS: %d, Strict-Transport-Security %q", resp.StatusCode, resp.Header.Get("Strict-Transport-Security"))
	}
}
