package inspect

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/web/mw"
)

// TestTooLargeForm: an upload form announcing a body over the limit is
// answered 413 with the /inspect page, its form and the limit in the
// request's language (it was a bare text/plain line); the API keeps its
// JSON error, and other upload paths the plain one.
func TestTooLargeForm(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { t.Errorf("%s: the body was read", r.URL.Path) })
	h := mw.WithUploadLimit(2<<20, TooLargeForm(2<<20))(next)
	for _, c := range []struct {
		path, lang, ctype, want string
	}{
		{"/inspect", "en", "text/html", "The file is larger than 2 MiB."},
		{"/inspect", "zh", "text/html", "文件大于 2 MiB。"},
		{"/api/v1/inspect", "en", "application/json", `"too_large"`},
		{"/other", "en", "text/plain", "at most"},
	} {
		req := httptest.NewRequest(http.MethodPost, c.path+"?lang="+c.lang, strings.NewReader(""))
		req.ContentLength = 3 << 20
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != http.StatusRequestEntityTooLarge || !strings.HasPrefix(rec.Header().Get("Content-Type"), c.ctype) || !strings.Contains(body, c.want) {
			t.Errorf("%s %s: %d %q %.300s", c.path, c.lang, rec.Code, rec.Header().Get("Content-Type"), body)
		}
		if c.ctype == "text/html" && !strings.Contains(body, `type="file"`) {
			t.Errorf("%s %s: no upload form in the page", c.path, c.lang)
		}
	}
}
