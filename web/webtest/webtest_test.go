package webtest_test

import (
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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

// The client keeps cookies across requests, and its stream reader delivers
// each server-sent event (its lines, without the blank line that ends it)
// in order, skipping comments.
func TestClientCookiesAndStream(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/set":
			http.SetCookie(w, &http.Cookie{Name: "device", Value: "d1", Path: "/"})
		case "/echo":
			c, _ := r.Cookie("device")
			if c != nil {
				io.WriteString(w, c.Value+" "+r.Header.Get("Sec-Fetch-Site"))
			}
		case "/events":
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, ": a comment\n\nevent: tally\ndata: {\"n\":1}\n\nevent: reveal\ndata: 0.5\n\n")
		}
	}))
	defer srv.Close()
	c := webtest.NewClient(t, srv.URL)
	c.Get("/set")
	if _, body := c.Get("/echo"); body != "d1 same-origin" {
		t.Errorf("/echo = %q, want the cookie and a same-origin request", body)
	}
	got := c.ReadStream("/events", 2)
	if want := "event: tally\ndata: {\"n\":1}\n\nevent: reveal\ndata: 0.5\n\n"; got != want {
		t.Errorf("ReadStream = %q, want %q", got, want)
	}
	events, stop := c.Stream("/events")
	defer stop()
	if e, ok := webtest.WaitFor(events, "reveal", 5*time.Second); !ok || e != "event: reveal\ndata: 0.5\n" {
		t.Errorf("WaitFor(reveal) = %q, %v", e, ok)
	}
}

// A client follows a 303 only from the paths Follow names (a class's ?k=
// links), keeping the cookie it set, in Do and in Stream alike.
func TestClientFollow(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("k") {
			http.SetCookie(w, &http.Cookie{Name: "teacher", Value: r.URL.Query().Get("k"), Path: "/"})
			http.Redirect(w, r, r.URL.Path, http.StatusSeeOther)
			return
		}
		c, _ := r.Cookie("teacher")
		if c == nil {
			http.Error(w, "no key", http.StatusForbidden)
			return
		}
		if r.URL.Path == "/teach/events" {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, "event: tally\ndata: "+c.Value+"\n\n")
			return
		}
		io.WriteString(w, "console "+c.Value)
	}))
	defer srv.Close()
	if resp, _ := webtest.NewClient(t, srv.URL).Get("/results.csv?k=s3"); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("without Follow: %d; want the 303 itself", resp.StatusCode)
	}
	c := webtest.NewClient(t, srv.URL)
	c.Follow = webtest.KeyLink
	if resp, body := c.Get("/results.csv?k=s3"); resp.StatusCode != http.StatusOK || body != "console s3" || c.Cookie("teacher") != "s3" {
		t.Errorf("a key link followed = %d %q, cookie %q; want the page behind it and the cookie", resp.StatusCode, body, c.Cookie("teacher"))
	}
	if resp, _ := c.Get("/teach?k=s4"); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("a path Follow does not name = %d; want the 303 itself", resp.StatusCode)
	}
	if got := webtest.NewClient(t, srv.URL).Cookie("teacher"); got != "" {
		t.Errorf("a new client's cookie = %q", got)
	}
	f := webtest.NewClient(t, srv.URL)
	f.Follow = webtest.KeyLink
	if got := f.ReadStream("/teach/events?k=s5", 1); got != "event: tally\ndata: s5\n\n" {
		t.Errorf("a key link's stream = %q; want its event", got)
	}
}
