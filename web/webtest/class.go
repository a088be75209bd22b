package webtest

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"gaelab/web"
)

// Quotas are the site's per-address quotas (web.Quotas), for Options.
type Quotas = web.Quotas

// NewServer is web.NewServer: the site as cmd/gaelab serves it on addr,
// with its timeouts and its shutdown hook, for a test of RunServer.
func NewServer(addr string, o Options) *http.Server { return web.NewServer(addr, o) }

// RunServer is web.Serve: it serves srv until ctx ends, then shuts it down.
func RunServer(ctx context.Context, srv *http.Server, logger *slog.Logger) error {
	return web.Serve(ctx, srv, logger)
}

// NewClass starts a live class through the API of the site at base and
// returns its code and the teacher's key.
func NewClass(t testing.TB, base string) (code, key string) {
	t.Helper()
	status, m := API(t, base, "POST", "/api/v1/classes", "", nil)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/v1/classes = %d %v; want 201", status, m)
	}
	return m["code"].(string), m["key"].(string)
}

// AskCell asks class code "predict adv.2" on preset seed-a (engine: 0.4;
// V(s_2) = 0.3) and returns the question's number.
func AskCell(t testing.TB, base, code, key string) string {
	t.Helper()
	status, m := API(t, base, "POST", "/api/v1/classes/"+code+"/ask", key, map[string]string{"link": "/play?v=1&p=seed-a", "cell": "adv.2"})
	if status != http.StatusCreated {
		t.Fatalf("ask = %d %v; want 201", status, m)
	}
	return m["question"].(string)
}

// Answer joins class code (if needed) and answers its current question a
// as a phone does, through the phone page's form.
func (c *Client) Answer(code, a string) (*http.Response, string) {
	c.t.Helper()
	_, page := c.Get("/join/" + code)
	doc := Doc(c.t, page)
	q, _ := doc.Find(`input[name="q"]`).Attr("value")
	tok, ok := doc.Find(`input[name="csrf"]`).Attr("value")
	if !ok { // no form (revealed): the cookie's token, as a script would send it
		tok, q = c.Cookie("gaelab_csrf"), "1"
	}
	return c.PostForm("/class/"+code+"/answer", url.Values{"csrf": {tok}, "q": {q}, "a": {a}})
}

// KeyLink reports whether path is an old link to a class's CSV or the
// teacher's stream with the key in it (?k=), which answers a 303 to itself
// without the key, setting the teacher cookie: a Client's Follow.
func KeyLink(path string) bool {
	u, _ := url.Parse(path)
	return u.Query().Has("k") && (strings.HasSuffix(u.Path, "/results.csv") || strings.HasSuffix(u.Path, "/teach/events"))
}
