package mw_test

import (
	"crypto/tls"
	"gaelab/web/webtest"
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
		o    webtest.Options
		tls  bool
		want bool
	}{
		{"plain http", webtest.Options{}, false, false},
		{"http public URL", webtest.Options{PublicURL: "http://10.0.0.5:8080"}, false, false},
		{"TLS", webtest.Options{}, true, true},
		{"https public URL", webtest.Options{PublicURL: "https://gae.example.edu"}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/healthz", nil)
			if tt.tls {
				req.TLS = &tls.ConnectionState{}
			}
			rec := httptest.NewRecorder()
			webtest.New(t, tt.o).Handler.ServeHTTP(rec, req)
			got := rec.Header().Get("Strict-Transport-Security")
			if tt.want && !strings.HasPrefix(got, "max-age=") || !tt.want && got != "" {
				t.Errorf("Strict-Transport-Security = %q; want it: %v", got, tt.want)
			}
		})
	}
	// Through a real TLS listener.
	srv := httptest.NewTLSServer(webtest.Routes())
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
