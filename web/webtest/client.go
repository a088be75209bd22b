package webtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"
)

// Client is a browser on a site's loopback server: it keeps cookies,
// follows no redirects (but those Follow names) and sends same-origin
// headers.
type Client struct {
	// Base is the server's URL; Lang, if set, is sent as Accept-Language;
	// From, if set, as X-Forwarded-For (for a site that trusts the loopback
	// proxy).
	Base, Lang, From string
	// HTTP is the client's http.Client (its Jar holds the cookies).
	HTTP *http.Client
	// Follow, if set, names the paths whose 303 the client follows, as a
	// browser does: a GET of its Location, with the cookies the 303 set
	// (a class's old ?k= links, which set the teacher cookie and send the
	// browser to the same page without the key). Do and Stream follow it.
	Follow func(path string) bool

	t testing.TB
}

// Client returns a new browser on s's server.
func (s *Site) Client(t testing.TB) *Client { return NewClient(t, s.URL()) }

// NewClient returns a new browser on the server at base.
func NewClient(t testing.TB, base string) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{t: t, Base: base, HTTP: &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// Do sends one request and returns the response with its whole body read.
func (c *Client) Do(method, path string, body io.Reader, header ...string) (*http.Response, string) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.Base+path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if c.Lang != "" {
		req.Header.Set("Accept-Language", c.Lang)
	}
	if c.From != "" {
		req.Header.Set("X-Forwarded-For", c.From)
	}
	if method == http.MethodPost && body != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	if c.follows(path, resp) {
		return c.Do(http.MethodGet, resp.Header.Get("Location"), nil, header...)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// follows reports whether the client follows resp, the answer to path.
func (c *Client) follows(path string, resp *http.Response) bool {
	return c.Follow != nil && resp.StatusCode == http.StatusSeeOther && c.Follow(path)
}

// Cookie is the value of the client's cookie name for its server, or "".
func (c *Client) Cookie(name string) string {
	u, _ := url.Parse(c.Base)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == name {
			return ck.Value
		}
	}
	return ""
}

// Get is a GET of path.
func (c *Client) Get(path string, header ...string) (*http.Response, string) {
	c.t.Helper()
	return c.Do(http.MethodGet, path, nil, header...)
}

// PostForm posts form to path.
func (c *Client) PostForm(path string, form url.Values, header ...string) (*http.Response, string) {
	c.t.Helper()
	return c.Do(http.MethodPost, path, strings.NewReader(form.Encode()), header...)
}

// API calls the JSON API at base with a bearer key ("" for none) and
// decodes the answer's JSON object.
func API(t testing.TB, base, method, path, key string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	json.NewDecoder(resp.Body).Decode(&m)
	return resp.StatusCode, m
}

// Stream opens a server-sent event stream at path (following its 303 if
// Follow says so) and delivers each event (its "event: …" and "data: …"
// lines, each ending in "\n") on the channel, which is closed when the
// stream ends; stop ends it.
func (c *Client) Stream(path string) (events <-chan string, stop func()) {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var resp *http.Response
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+path, nil)
		if c.From != "" {
			req.Header.Set("X-Forwarded-For", c.From)
		}
		var err error
		if resp, err = c.HTTP.Do(req); err != nil {
			cancel()
			c.t.Fatal(err)
		}
		if !c.follows(path, resp) {
			break
		}
		resp.Body.Close()
		path = resp.Header.Get("Location")
	}
	if resp.Header.Get("Content-Type") != "text/event-stream" {
		cancel()
		c.t.Fatalf("%s: %d, Content-Type %q", path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ch := make(chan string, 100)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var ev strings.Builder
		for sc.Scan() {
			line := sc.Text()
			if line == "" {
				if strings.HasPrefix(ev.String(), "event: ") {
					ch <- ev.String()
				}
				ev.Reset()
				continue
			}
			ev.WriteString(line + "\n")
		}
		close(ch)
	}()
	return ch, cancel
}

// ReadStream reads up to n events of the stream at path (waiting at most 5 s
// for each) and returns them, each followed by a blank line.
func (c *Client) ReadStream(path string, n int) string {
	c.t.Helper()
	events, stop := c.Stream(path)
	defer stop()
	var out strings.Builder
	for range n {
		select {
		case e := <-events:
			out.WriteString(e + "\n")
		case <-time.After(5 * time.Second):
			return out.String()
		}
	}
	return out.String()
}

// WaitFor reads events until one contains want, for at most d; it returns
// that event, or the last one read and false.
func WaitFor(events <-chan string, want string, d time.Duration) (string, bool) {
	timeout := time.After(d)
	last := ""
	for {
		select {
		case e, ok := <-events:
			if !ok {
				return last, false
			}
			last = e
			if strings.Contains(e, want) {
				return e, true
			}
		case <-timeout:
			return last, false
		}
	}
}
