package mw

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestContentType: another type is 415 naming the ones taken, in the
// page's language (JSON under /api/); parameters, an empty body and a
// missing header pass.
func TestContentType(t *testing.T) {
	h := WithContentType("application/json")(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	for _, tc := range []struct {
		path, ct, body, lang string
		want                 int
		says                 string
	}{
		{"/api/v1/compute", "text/plain", "{}", "en", 415, `"code":"unsupported_media_type","field":"Content-Type","message":"This address takes a body of Content-Type application/json."`},
		{"/class/x", "multipart/form-data; boundary=x", "{}", "zh", 415, "只接受 Content-Type 为 application/json"},
		{"/api/v1/compute", "application/json; charset=utf-8", "{}", "en", 200, ""},
		{"/api/v1/compute", "", "{}", "en", 200, ""},
		{"/api/v1/compute", "text/plain", "", "en", 200, ""},
		{"/api/v1/compute", "no/such;;", "{}", "en", 415, ""},
	} {
		r := httptest.NewRequest(http.MethodPost, tc.path, strings.NewReader(tc.body))
		if tc.ct != "" {
			r.Header.Set("Content-Type", tc.ct)
		}
		r.Header.Set("Accept-Language", tc.lang)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code != tc.want || !strings.Contains(rec.Body.String(), tc.says) {
			t.Errorf("%s as %q: %d %s, want %d with %q", tc.path, tc.ct, rec.Code, rec.Body, tc.want, tc.says)
		}
	}
}
