package webtest_test

import (
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"gaelab/web/webtest"
)

// The harness serves the real site: a page parses, a 404 is a 404, and the
// loopback server answers the same routes with the client's headers.
func TestSite(t *testing.T) {
	doc := webtest.Page(t, "/play?v=1&p=seed-b")
	if doc.Find(`[data-testid="token-table"]`).Length() != 1 {
		t.Error("/play has no token table")
	}
	if rec := webtest.Get(t, "/no/such/page"); rec.Code != http.StatusNotFound {
		t.Errorf("GET /no/such/page = %d; want 404", rec.Code)
	}
	site := webtest.New(t, webtest.Options{})
	c := site.Client(t)
	resp, body := c.Get("/healthz")
	if resp.StatusCode != http.StatusOK || body == "" {
		t.Errorf("GET /healthz over the loopback = %d %q", resp.StatusCode, body)
	}
	if got := webtest.CSRF(t, `<form><input name="csrf" value="tok"></form>`); got != "tok" {
		t.Errorf("CSRF = %q", got)
	}
}

// Multipart writes the files and fields a form posts.
func TestMultipart(t *testing.T) {
	body, ct := webtest.Multipart([]webtest.File{{Field: "file", Name: "b.npz", Data: []byte("PK")}}, map[string]string{"lam": "0.95"})
	_, params, err := mime.ParseMediaType(ct)
	if err != nil {
		t.Fatal(err)
	}
	form, err := multipart.NewReader(strings.NewReader(string(body)), params["boundary"]).ReadForm(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	if form.Value["lam"][0] != "0.95" || form.File["file"][0].Filename != "b.npz" || form.File["file"][0].Size != 2 {
		t.Errorf("form = %v %v", form.Value, form.File)
	}
}
