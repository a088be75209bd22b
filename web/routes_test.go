package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/static"
)

func TestRoutes(t *testing.T) {
	tests := []struct {
		method, path string
		wantStatus   int
		wantBody     string // checked only when not empty
		wantType     string // checked only when not empty
	}{
		{method: "GET", path: "/healthz", wantStatus: http.StatusOK, wantBody: "ok", wantType: "text/plain; charset=utf-8"},
		{method: "GET", path: "/no-such-page", wantStatus: http.StatusNotFound},
		{method: "GET", path: "/api/v1/compute", wantStatus: http.StatusMethodNotAllowed},
		{method: "GET", path: static.Path("app.css"), wantStatus: http.StatusOK, wantType: "text/css; charset=utf-8"},
	}
	h := Routes()
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))

			if rec.Code != tt.wantStatus {
				t.Errorf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			if tt.wantBody != "" && rec.Body.String() != tt.wantBody {
				t.Errorf("body = %q, want %q", rec.Body.String(), tt.wantBody)
			}
			if got := rec.Header().Get("Content-Type"); tt.wantType != "" && got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
		})
	}
}

func TestRoutesComputeAllowsOnlyPost(t *testing.T) {
	rec := httptest.NewRecorder()
	Routes().ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/compute", nil))

	if allow := rec.Header().Get("Allow"); !strings.Contains(allow, "POST") {
		t.Errorf("GET /api/v1/compute: Allow = %q, want it to list POST", allow)
	}
}
