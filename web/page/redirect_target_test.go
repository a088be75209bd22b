package page_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"gaelab/web/page"
	"gaelab/web/webtest"
)

// trickyTargets are links that try to leave the site, or look as if they
// might, with whether SiteTarget accepts them.
var trickyTargets = []struct {
	target string
	ok     bool
}{
	{"/", true},
	{"/play?v=1&p=seed-b&lam=0.5&lang=zh", true},
	{"/play/", true},
	{"/lessons/../play", true},
	{"/a/b/../../play", true},
	{"/play?to=//evil.example", true},
	{"/play?x=/\\evil.example", true},
	{"/\u2215evil.example", true}, // division slash: not a slash to a browser
	{"/\uff0fevil.example", true}, // full-width solidus
	{"/\uff3cevil.example", true}, // full-width reverse solidus
	{"/%E2%88%95evil.example", true},
	{"/.evil.example", true},
	{"/..evil.example", true},
	{"/@evil.example", true},
	{"/:@evil.example", true},
	{"/play#//evil.example", true},
	{"", false},
	{"play", false},
	{"./play", false},
	{"//evil.example", false},
	{"///evil.example", false},
	{"/\\evil.example", false},
	{"\\/evil.example", false},
	{"\\\\evil.example", false},
	{"/./\\evil.example", false}, // the exploit: path.Clean makes it /\evil.example
	{"/.//evil.example", true},   // cleaned to /evil.example
	{"/..//evil.example", true},
	{"/../\\evil.example", false},
	{"/a/..//evil.example", true},
	{"/a/../\\evil.example", false},
	{"/a#/../\\evil.example", false},
	{"/a?/../\\evil.example", true}, // the query is not cleaned
	{"/%2F/evil.example", false},
	{"/%2f%2fevil.example", false},
	{"/%5Cevil.example", false},
	{"/%5cevil.example", false},
	{"/.%2F%5Cevil.example", false},
	{"/\t/evil.example", false},
	{"/\n/evil.example", false},
	{"/\r/evil.example", false},
	{"/x\x00", false},
	{"/x\x7f", false},
	{" //evil.example", false},
	{"\t//evil.example", false},
	{"https://evil.example/", false},
	{"http:/evil.example", false},
	{"javascript:alert(1)", false},
	{"/play%FF", false},
	{"/\xff", false},
}

func TestRedirectTargets(t *testing.T) {
	for _, tt := range trickyTargets {
		loc, err := page.SiteTarget(tt.target)
		if (err == nil) != tt.ok {
			t.Errorf("SiteTarget(%q) = %q, %v; want ok=%v", tt.target, loc, err, tt.ok)
		}
		if err == nil && !onOrigin(loc) {
			t.Errorf("SiteTarget(%q) = %q, which leaves the site", tt.target, loc)
		}
	}
}

// TestLangRedirectStaysOnSite is the open redirect of issue 22: the
// language switch answered 303 Location: /\evil.example for this link.
func TestLangRedirectStaysOnSite(t *testing.T) {
	for _, tt := range trickyTargets {
		rec := webtest.Get(t, "/lang/en?to="+url.QueryEscape(tt.target))
		loc := rec.Header().Get("Location")
		switch {
		case tt.target == "" && rec.Code == http.StatusSeeOther && loc == "/":
		case !tt.ok && rec.Code != http.StatusBadRequest:
			t.Errorf("to=%q: %d, Location %q; want 400", tt.target, rec.Code, loc)
		case tt.ok && rec.Code != http.StatusSeeOther:
			t.Errorf("to=%q: %d; want 303", tt.target, rec.Code)
		case rec.Code == http.StatusSeeOther && !onOrigin(loc):
			t.Errorf("to=%q: 303 to %q, off the site", tt.target, loc)
		}
	}
	if onOrigin(`/\evil.example`) {
		t.Error(`onOrigin keeps /\evil.example on the site, as no browser does`)
	}
	if rec := webtest.Get(t, "/lang/en?to=%2F.%2F%5Cevil.example"); rec.Code != http.StatusBadRequest {
		t.Errorf("the reported exploit: %d, Location %q; want 400", rec.Code, rec.Header().Get("Location"))
	}
}

// redirectOrigin is the site the fuzz and browser tests resolve links on.
const redirectOrigin = "https://gae.example.edu"

// onOrigin reports whether Go's URL resolution keeps loc on redirectOrigin,
// from a page deep in the site, once loc is read the way browsers read it:
// tabs and line breaks dropped, a backslash taken for a slash.
func onOrigin(loc string) bool {
	base, _ := url.Parse(redirectOrigin + "/lessons/gae?lang=en")
	ref, err := url.Parse(asBrowsersRead.Replace(loc))
	if err != nil {
		return false
	}
	u := base.ResolveReference(ref)
	return u.Scheme == "https" && u.Host == "gae.example.edu" && u.User == nil
}

var asBrowsersRead = strings.NewReplacer("\t", "", "\n", "", "\r", "", "\\", "/")

// FuzzRedirectTarget checks that every link SiteTarget accepts, and the
// Location it returns, resolve on the site, and that the Location passes
// the check again unchanged.
func FuzzRedirectTarget(f *testing.F) {
	for _, tt := range trickyTargets {
		f.Add(tt.target)
	}
	f.Fuzz(func(t *testing.T, target string) {
		loc, err := page.SiteTarget(target)
		if err != nil {
			return
		}
		if !onOrigin(target) || !onOrigin(loc) {
			t.Fatalf("SiteTarget(%q) = %q, which leaves the site", target, loc)
		}
		if again, err := page.SiteTarget(loc); err != nil || again != loc {
			t.Fatalf("SiteTarget(%q) = %q, but SiteTarget of that = %q, %v", target, loc, again, err)
		}
	})
}
