package e2e

// The live class's costs and doors (issue #32, part B), over HTTP on both
// databases.

import (
	"net/http"
	"strings"
	"testing"

	"gaelab/web"
	"gaelab/web/store"
)

// TestKeyLinksRedirect: ?k= on results.csv and teach/events answers as on
// /teach: a 303 to the same path without the key, with the teacher cookie
// set; never a 200 with the key in the URL (it would stay in the history
// and the logs).
func TestKeyLinksRedirect(t *testing.T) {
	each(t, func(t *testing.T, open func(t *testing.T) store.Store) {
		srv := server(t, open(t), web.Options{})
		code, key := newClass(t, srv.URL)
		for _, path := range []string{"/class/" + code + "/results.csv", "/class/" + code + "/teach/events", "/class/" + code + "/teach/events?view=wall"} {
			c := newClient(t, srv.URL)
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			req, _ := http.NewRequest("GET", srv.URL+path+sep+"k="+key, nil) // not c.get, which follows it
			resp, err := c.c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != path {
				t.Errorf("GET %s?k=… = %d Location %q; want 303 to %s", path, resp.StatusCode, resp.Header.Get("Location"), path)
				continue
			}
			if !setsCookie(resp, "gaelab_teacher") {
				t.Errorf("GET %s?k=… set no teacher cookie", path)
			}
		}
	})
}

