package web

import (
	"encoding/json"
	"testing"

	"gaelab/web/page"
)

// TestBrowserRedirectTargetsStayOnSite resolves every tricky link that
// siteTarget accepts, and the Location it returns, with Chromium's own
// new URL(link, origin): none may land on another origin. The raw Location
// of the reported exploit does leave in Chromium, so the check can fail.
func TestBrowserRedirectTargetsStayOnSite(t *testing.T) {
	tb := newTab(t, playServer(t))
	var links []string
	for _, tt := range trickyTargets {
		if loc, err := page.SiteTarget(tt.target); err == nil {
			links = append(links, tt.target, loc)
		}
	}
	js, err := json.Marshal(links)
	if err != nil {
		t.Fatal(err)
	}
	const resolve = `(links, origin) => links.filter(l => {
		try { return new URL(l, origin + "/lessons/gae?lang=en").origin !== origin } catch (e) { return true }
	})`
	off := eval[[]string](tb, "("+resolve+")("+string(js)+", "+jsonString(t, redirectOrigin)+")")
	if len(off) > 0 {
		t.Errorf("siteTarget accepts links that Chromium resolves off %s: %q", redirectOrigin, off)
	}
	exploit := eval[[]string](tb, "("+resolve+`)(["/\\evil.example"], `+jsonString(t, redirectOrigin)+")")
	if len(exploit) != 1 {
		t.Errorf(`Chromium keeps /\evil.example on the site: the control case no longer tells anything`)
	}
}

func jsonString(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
