package page

import (
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"gaelab/templates"
	"gaelab/web/i18n"
)

// Link is an internal link of GAE Lab: a path, the canonical state of
// what the page shows, the teacher's view parameters and the learner's
// language. Every internal link (navigation, forms, canonical redirects,
// Copy link, exports, the links between views, a lesson's "open in the
// playground") is built from one, so none drops the language.
type Link struct {
	Path string
	// State is the canonical query of what the page shows, without the
	// page parameters (lang= and ViewKeys): scenario.Encode(s) and the
	// view's own parameters, e.g. "v=1&p=seed-b&t=3"; "" for none.
	State string
	View  View
	// Lang is the language every link carries. Only a request's own
	// canonical link leaves it out (canonical), when the request's link
	// had none.
	Lang i18n.Lang
}

// String writes the link: path, state, view parameters, then lang=.
// The link is written in one buffer of its size: a long response's state
// is kilobytes, and a page holds dozens of links.
func (l Link) String() string {
	parts := [...]string{l.State, l.View.suffix(), "", ""}
	if l.Lang != "" {
		parts[2], parts[3] = "&lang=", string(l.Lang)
	}
	n := len(l.Path) + 1
	for _, p := range parts {
		n += len(p)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(l.Path)
	for _, p := range parts {
		if b.Len() == len(l.Path) { // the query's first part starts it
			if p = strings.TrimPrefix(p, "&"); p == "" {
				continue
			}
			b.WriteByte('?')
		}
		b.WriteString(p)
	}
	return b.String()
}

// Canonical is the link a request is redirected to (and keeps in the
// address bar): the link itself, without lang= when the request's link had
// none, so that a v1 link without lang= keeps the canonical form it always
// had, and opens in the cookie's or the browser's language.
func (l Link) Canonical(langInLink bool) string {
	if !langInLink {
		l.Lang = ""
	}
	return l.String()
}

// at is the same state and view on another path.
func (l Link) at(path string) Link { l.Path = path; return l }

// WithState is another state on the same path and view.
func (l Link) WithState(state string) Link { l.State = state; return l }

// in is the link in language lang.
func (l Link) in(lang i18n.Lang) Link { l.Lang = lang; return l }

// presenting is the link with presentation mode on or off.
func (l Link) presenting(on bool) Link { l.View.Present = on; return l }

// Learner is the link a learner opens from this one (the QR code's
// target): the state and the language, without the teacher's view
// parameters (present, theme, hide, rev, lock).
func (l Link) Learner() Link { l.View = View{}; return l }

// switchLang is the language switch's link: it remembers the choice in the
// lang cookie (handleSetLang) and opens this link in the other language.
func (l Link) switchLang() string {
	other := l.Lang.Other()
	return "/lang/" + string(other) + "?to=" + url.QueryEscape(l.in(other).String())
}

// Hidden is the link's query as a GET form's hidden inputs, in order,
// leaving out the parameters the form shows as fields (shown): submitting
// the form keeps the state, the view and the language.
func (l Link) Hidden(shown ...string) []templates.Option {
	_, query, _ := strings.Cut(l.String(), "?")
	var h []templates.Option
	for _, pair := range strings.Split(query, "&") {
		k, val, _ := strings.Cut(pair, "=")
		k, errK := url.QueryUnescape(k)
		if u, err := url.QueryUnescape(val); err == nil {
			val = u
		}
		if errK != nil || k == "" || slices.Contains(shown, k) {
			continue
		}
		h = append(h, templates.Option{Value: k, Label: val})
	}
	return h
}

// ASCIIURL percent-encodes the non-ASCII bytes of a link for an HTTP header,
// where only ASCII is safe (http.Redirect does the same for Location).
func ASCIIURL(link string) string {
	const hex = "0123456789ABCDEF"
	n := len(link)
	for i := 0; i < len(link); i++ {
		if link[i] >= utf8.RuneSelf {
			n += 2
		}
	}
	b := make([]byte, 0, n)
	for i := 0; i < len(link); i++ {
		if c := link[i]; c >= utf8.RuneSelf {
			b = append(b, '%', hex[c>>4], hex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

// sameQuery reports whether a request's raw query says what a canonical link
// says, parameter by parameter: the browser percent-encodes what the link
// writes as text (Chinese, emoji), so the bytes may differ while the link is
// already canonical.
func sameQuery(rawQuery, link string) bool {
	_, query, _ := strings.Cut(link, "?")
	a, errA := url.ParseQuery(rawQuery)
	b, errB := url.ParseQuery(query)
	if errA != nil || errB != nil || len(a) != len(b) || !strings.HasPrefix(rawQuery, "v=") {
		return false // also reorders a link that does not start with v=
	}
	for k, vs := range a {
		if !slices.Equal(vs, b[k]) {
			return false
		}
	}
	return paramOrder(rawQuery) == paramOrder(query)
}

// paramOrder is the sequence of parameter names of a query.
func paramOrder(query string) string {
	var names []string
	for _, pair := range strings.Split(query, "&") {
		name, _, _ := strings.Cut(pair, "=")
		names = append(names, name)
	}
	return strings.Join(names, "&")
}
