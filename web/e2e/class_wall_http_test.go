package e2e

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// console opens a class's controls as a teacher who has only the key: an
// old console link (?k=), which sets the teacher cookie and sends the
// browser to the same page without the key; then that page.
func (c *client) console(code, key string) (*http.Response, string) {
	c.t.Helper()
	return c.enterWith("/class/"+code+"/teach?k="+url.QueryEscape(key), "/class/"+code+"/teach")
}

// enterWith follows a link that lets a teacher in (it must answer 303 to a
// key-less page under want) and returns that page.
func (c *client) enterWith(link, want string) (*http.Response, string) {
	c.t.Helper()
	resp, body := c.get(link)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, want) || strings.Contains(loc, "k=") {
		c.t.Fatalf("GET %s = %d to %q; want 303 to %s without the key\n%.500s", link, resp.StatusCode, loc, want, body)
	}
	return c.get(loc)
}

// teacherCookie is the teacher cookie an answer sets, or nil.
func teacherCookie(t *testing.T, resp *http.Response) *http.Cookie {
	t.Helper()
	for _, ck := range resp.Cookies() {
		if ck.Name == "gaelab_teacher" {
			return ck
		}
	}
	return nil
}
