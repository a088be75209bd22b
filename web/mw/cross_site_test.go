package mw_test

import (
	"encoding/json"
	"gaelab/web/webtest"
	"net/http"
	"strings"
	"testing"
)

// TestCSRFRefusesCrossSitePosts: a browser's POST from another site (a
// forged form) is refused, 403, on every state-changing route — the uploads
// and the share, the compute and class APIs — in the page's language, JSON
// under /api/ (issue 22: POST /inspect, /inspect/{id}/share and
// /api/v1/classes accepted them).
func TestCSRFRefusesCrossSitePosts(t *testing.T) {
	h := webtest.Routes()
	paths := []string{"/inspect", "/inspect/abcdefghijkl/share", "/api/v1/classes", "/api/v1/compute", "/api/v1/inspect", "/class"}
	forged := map[string][]string{
		"Sec-Fetch-Site cross-site": {"Sec-Fetch-Site", "cross-site"},
		"Sec-Fetch-Site same-site":  {"Sec-Fetch-Site", "same-site"},
		"Origin another site":       {"Origin", "https://evil.example"},
		"Origin null":               {"Origin", "null"},
		"Referer another site":      {"Referer", "https://evil.example/form.html"},
	}
	for _, p := range paths {
		for name, hdr := range forged {
			rec := serve(h, "POST", p, append(hdr, "Accept-Language", "zh-CN", "Content-Type", "application/x-www-form-urlencoded")...)
			if rec.Code != http.StatusForbidden {
				t.Errorf("POST %s (%s): %d; want 403", p, name, rec.Code)
				continue
			}
			body := rec.Body.String()
			if strings.HasPrefix(p, "/api/") {
				var e struct{ Error struct{ Code string } }
				if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error.Code != "csrf" {
					t.Errorf("POST %s (%s): %q; want the API's JSON error csrf", p, name, body)
				}
			} else if !strings.Contains(body, "其他网站") {
				t.Errorf("POST %s (%s): %q; want the message in Chinese", p, name, body)
			}
		}
	}
}

// TestCSRFLetsOwnPagesAndScriptsPost: the site's own pages, a proxy's public
// origin, and clients that are no browser (no Sec-Fetch-Site, no Origin,
// no Referer: curl with an API key) are not refused.
func TestCSRFLetsOwnPagesAndScriptsPost(t *testing.T) {
	h := webtest.Routes()
	pub := webtest.New(t, webtest.Options{PublicURL: "https://gae.example.edu/"}).Handler
	for _, tt := range []struct {
		name string
		h    http.Handler
		hdr  []string
	}{
		{"same-origin", h, []string{"Sec-Fetch-Site", "same-origin"}},
		{"typed by the user", h, []string{"Sec-Fetch-Site", "none"}},
		{"Origin is the host", h, []string{"Origin", "http://example.com"}},
		{"Referer on the host", h, []string{"Referer", "http://example.com/inspect"}},
		{"no browser", h, nil},
		{"the public URL's origin", pub, []string{"Origin", "https://gae.example.edu"}},
		{"the public URL's Referer", pub, []string{"Referer", "https://gae.example.edu/inspect"}},
	} {
		rec := serve(tt.h, "POST", "/api/v1/compute", tt.hdr...)
		if rec.Code == http.StatusForbidden || !strings.Contains(rec.Body.String(), `"code":"invalid_json"`) {
			t.Errorf("%s: POST /api/v1/compute: %d %s; want the API's own answer to an empty body", tt.name, rec.Code, rec.Body)
		}
	}
}
