package e2e

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestA11yInspect: every inspect page (the upload form, a batch view with
// a difference to drill into, its row view, a shared view with stored
// findings, an error) passes axe-core without a serious or critical
// violation, in both languages, at 1280 px and on a 375 px phone.
func TestA11yInspect(t *testing.T) {
	t.Parallel()
	srv, leak, _ := inspectBrowserServer(t)
	rec := httptest.NewRecorder()
	srv.Config.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/inspect/"+leak+"/share?ver=v0.9.0", nil))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("share: %d", rec.Code)
	}
	axeEveryWayOn(t, srv, true, phone375,
		"/inspect",
		"/inspect/"+leak+"?ver=v0.9.0",
		"/inspect/"+leak+"/row/0?ver=v0.9.0",
		"/inspect/"+leak+"?ver=v0.9.0&shared=1&sort=score",
		"/inspect/aaaaaaaaaaaaaaaaaaaaaaaaaa#error",
	)
}
