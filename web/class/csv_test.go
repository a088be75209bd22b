package class_test

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"gaelab/web/store"
	"gaelab/web/webtest"
)

// TestCSVBearer: a script fetches a class's CSV with the key in an
// Authorization header (GET /api/v1/classes/{code}/results.csv), the same
// bytes the controls download; no key, a wrong key, another class's key or
// the teacher cookie alone is a 403, and the old ?k= link still answers a
// 303 that sets the cookie.
func TestCSVBearer(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), webtest.Options{})
		code, key := newClass(t, srv.URL)
		_, otherKey := newClass(t, srv.URL)
		askCell(t, srv.URL, code, key)
		newClient(t, srv.URL).Answer(code, "0.4")
		newClient(t, srv.URL).Answer(code, "0.3")
		get := func(path string, header ...string) (*http.Response, string) {
			return webtest.NewClient(t, srv.URL).Get(path, header...)
		}
		path := "/api/v1/classes/" + code + "/results.csv"
		resp, body := get(path, "Authorization", "Bearer "+key)
		rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
		if resp.StatusCode != 200 || err != nil || len(rows) != 3 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("GET %s with the Bearer key = %d %q, %v:\n%s; want 200, a header and 2 answers", path, resp.StatusCode, resp.Header.Get("Content-Type"), err, body)
		}
		teacher := newClient(t, srv.URL)
		if _, page := teacher.Get("/class/" + code + "/results.csv?k=" + key); page != body {
			t.Errorf("the controls' CSV (through ?k=) differs from the API's:\n%s\n---\n%s", page, body)
		}
		for name, h := range map[string][]string{
			"no key":              nil,
			"a wrong key":         {"Authorization", "Bearer " + strings.Repeat("x", len(key))},
			"another class's key": {"Authorization", "Bearer " + otherKey},
		} {
			if resp, body := get(path, h...); resp.StatusCode != http.StatusForbidden || strings.Contains(body, "s-") {
				t.Errorf("GET %s with %s = %d %.200s; want 403 and no row", path, name, resp.StatusCode, body)
			}
		}
		if resp, _ := teacher.Get(path); resp.StatusCode != http.StatusForbidden {
			t.Errorf("GET %s with the teacher cookie only = %d; want 403 (the API takes the key)", path, resp.StatusCode)
		}
	})
}
