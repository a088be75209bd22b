package page

import (
	"net/url"
	"path"
	"strings"
	"unicode/utf8"

	"gaelab/web/httperr"
)

// The reasons a link is not a path on this site: the QR routes answer
// them about their parameter u, in the learner's language.
var (
	errLinkMissing = &httperr.Error{Code: "bad_request", Field: "u", Key: "link.err.missing"}
	errLinkOffSite = &httperr.Error{Code: "bad_request", Field: "u", Key: "link.err.off_site"}
	errLinkChars   = &httperr.Error{Code: "bad_request", Field: "u", Key: "link.err.chars"}
)

// SiteTarget is the one check of every link the server sends a browser to
// on a learner's word (/lang's to=, the QR pages' u= and back=): it returns
// the Location a redirect to target carries — target cleaned the way
// http.Redirect cleans it (path.Clean of the part before "?", a trailing
// slash kept) and its non-ASCII bytes percent-encoded — or an error when
// target or that Location is not a path on this site.
//
// A path on this site is one "/", then neither "/" nor "\" (which browsers
// read as the start of another host), valid UTF-8 and no control
// characters (browsers drop tabs and line breaks inside a URL, so "/\t/x"
// would be "//x"). The path percent-decoded must pass too, as it is and
// cleaned, for whatever decodes it later ("/%2F%2Fevil.example"). Checking
// the cleaned form is what stops "/./\evil.example", which path.Clean turns
// into "/\evil.example".
// A redirect writes the returned Location itself: http.Redirect would clean
// it again, after the check.
func SiteTarget(target string) (string, *httperr.Error) {
	if err := checkSitePath(target); err != nil {
		return "", err
	}
	p, query, hasQuery := strings.Cut(target, "?")
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && !strings.HasSuffix(clean, "/") {
		clean += "/"
	}
	if hasQuery {
		clean += "?" + query
	}
	loc := ASCIIURL(clean)
	if err := checkSitePath(loc); err != nil {
		return "", err
	}
	decoded, derr := url.PathUnescape(p)
	if derr != nil || checkSitePath(decoded) != nil || checkSitePath(path.Clean(decoded)) != nil {
		return "", errLinkOffSite
	}
	return loc, nil
}

// checkSitePath is SiteTarget's rule on one string.
func checkSitePath(s string) *httperr.Error {
	switch {
	case s == "":
		return errLinkMissing
	case s[0] != '/' || len(s) > 1 && (s[1] == '/' || s[1] == '\\'):
		return errLinkOffSite
	case !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return errLinkChars
	}
	return nil
}
