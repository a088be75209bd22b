package page_test

import (
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The "Start a class" button is offered only where a class can start: with
// a database. Without one, /class answers 503, so the button would lead a
// teacher to an error page.
func TestStartClassOnlyWhenClassesAreOn(t *testing.T) {
	for _, c := range []struct {
		name string
		h    http.Handler
		want int
	}{
		{"no database", webtest.New(t, webtest.Options{}).Handler, 0},
		{"SQLite", webtest.New(t, webtest.Options{Store: stores.SQLite(t)}).Handler, 1},
	} {
		for _, target := range []string{"/play?v=1&p=seed-a", "/lessons/alignment?lang=zh"} {
			rec := httptest.NewRecorder()
			c.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: GET %s: status %d", c.name, target, rec.Code)
			}
			doc, err := goquery.NewDocumentFromReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			if n := doc.Find(`[data-testid="start-class"]`).Length(); n != c.want {
				t.Errorf("%s: GET %s: %d start-class forms, want %d", c.name, target, n, c.want)
			}
		}
	}
}
