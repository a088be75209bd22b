package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
)

// trickyTargets are links that try to leave the site, or look as if they
// might (web/page's redirect_target_test.go says which the server accepts).
var trickyTargets = []string{
	"/",
	"/play?v=1&p=seed-b&lam=0.5&lang=zh",
	"/play/",
	"/lessons/../play",
	"/a/b/../../play",
	"/play?to=//evil.example",
	"/play?x=/\\evil.example",
	"/\u2215evil.example", // division slash: not a slash to a browser
	"/\uff0fevil.example", // full-width solidus
	"/\uff3cevil.example", // full-width reverse solidus
	"/%E2%88%95evil.example",
	"/.evil.example",
	"/..evil.example",
	"/@evil.example",
	"/:@evil.example",
	"/play#//evil.example",
	"",
	"play",
	"./play",
	"//evil.example",
	"///evil.example",
	"/\\evil.example",
	"\\/evil.example",
	"\\\\evil.example",
	"/./\\evil.example", // the exploit: path.Clean makes it /\evil.example
	"/.//evil.example",  // cleaned to /evil.example
	"/..//evil.example",
	"/../\\evil.example",
	"/a/..//evil.example",
	"/a/../\\evil.example",
	"/a#/../\\evil.example",
	"/a?/../\\evil.example", // the query is not cleaned
	"/%2F/evil.example",
	"/%2f%2fevil.example",
	"/%5Cevil.example",
	"/%5cevil.example",
	"/.%2F%5Cevil.example",
	"/\t/evil.example",
	"/\n/evil.example",
	"/\r/evil.example",
	"/x\x00",
	"/x\x7f",
	" //evil.example",
	"\t//evil.example",
	"https://evil.example/",
	"http:/evil.example",
	"javascript:alert(1)",
	"/play%FF",
	"/\xff",
}

// redirectOrigin is the site the links are resolved on.
const redirectOrigin = "https://gae.example.edu"

// siteTarget is where the language switch (GET /lang/en?to=<target>), whose
// link check is the one of every link the server sends a browser to, sends
// target, if it accepts it. An empty to= means "/", so "" is never accepted.
func siteTarget(t *testing.T, target string) (loc string, ok bool) {
	t.Helper()
	if target == "" {
		return "", false
	}
	rec := get(t, "/lang/en?to="+url.QueryEscape(target))
	switch {
	case rec.Code == http.StatusSeeOther:
		return rec.Header().Get("Location"), true
	case rec.Code >= 400 && rec.Code < 500:
		return "", false
	}
	t.Fatalf("GET /lang/en?to=%q: status %d", target, rec.Code)
	return "", false
}

// TestBrowserRedirectTargetsStayOnSite resolves every tricky link that
// siteTarget accepts, and the Location it returns, with Chromium's own
// new URL(link, origin): none may land on another origin. The raw Location
// of the reported exploit does leave in Chromium, so the check can fail.
func TestBrowserRedirectTargetsStayOnSite(t *testing.T) {
	t.Parallel()
	tb := newTab(t, playServer(t))
	var links []string
	for _, target := range trickyTargets {
		if loc, ok := siteTarget(t, target); ok {
			links = append(links, target, loc)
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
