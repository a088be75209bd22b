package page_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaelab/web/page"

	"github.com/a-h/templ"
)

// A chart route answers the SVG document, or 422 with the reason when the
// chart could not be drawn; an unknown chart is a 404 in the learner's
// language.
func TestWriteSVG(t *testing.T) {
	rec := httptest.NewRecorder()
	page.WriteSVG(rec, httptest.NewRequest("GET", "/play/chart/values.svg", nil), page.Chart{ID: "values", SVG: []byte("<svg></svg>")}, "unused")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(rec.Body.String(), `<?xml version="1.0"`) ||
		!strings.HasSuffix(rec.Body.String(), "<svg></svg>") || !strings.Contains(rec.Header().Get("Vary"), "Accept-Language") {
		t.Errorf("drawn: %d %v %q", rec.Code, rec.Header(), rec.Body)
	}
	rec = httptest.NewRecorder()
	page.WriteSVG(rec, httptest.NewRequest("GET", "/play/chart/values.svg", nil), page.Chart{ID: "values", Err: errors.New("no")}, "cannot draw")
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "cannot draw") || strings.Contains(rec.Body.String(), "<svg") {
		t.Errorf("not drawn: %d %q", rec.Code, rec.Body)
	}
	bodies := map[string]string{}
	for _, lang := range []string{"en", "zh"} {
		rec = httptest.NewRecorder()
		page.ChartNotFound(rec, httptest.NewRequest("GET", "/play/chart/nope.svg?lang="+lang, nil))
		if rec.Code != http.StatusNotFound || rec.Body.Len() == 0 {
			t.Errorf("%s: unknown chart: %d %q", lang, rec.Code, rec.Body)
		}
		bodies[lang] = rec.Body.String()
	}
	if bodies["en"] == bodies["zh"] {
		t.Errorf("an unknown chart's 404 reads the same in en and zh: %q", bodies["en"])
	}
}

// A figure links its download when drawn; when not, it shows the title
// that says why, with no SVG and no link.
func TestFigure(t *testing.T) {
	tr := func(key string, _ ...any) string { return "[" + key + "]" }
	f := page.Chart{ID: "values", Title: "Values", SVG: []byte("<svg/>")}.Figure(tr, "/play/chart/values.svg?p=a", "failed")
	if f.Title != "Values" || render(t, f.SVG) != "<svg/>" || f.URL != "/play/chart/values.svg?p=a" || f.Download != "[chart.download]" {
		t.Errorf("drawn figure: %+v", f)
	}
	f = page.Chart{ID: "values", Title: "Values", Err: errors.New("no")}.Figure(tr, "/x.svg", "Values could not be drawn")
	if f.Title != "Values could not be drawn" || render(t, f.SVG) != "" || f.URL != "" || f.ID != "values" {
		t.Errorf("failed figure: %+v", f)
	}
}

func render(t *testing.T, c templ.Component) string {
	t.Helper()
	var b strings.Builder
	if err := c.Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
