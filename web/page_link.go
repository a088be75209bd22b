package web

import (
	"net/url"
	"slices"
	"strings"

	"gaelab/templates"
	"gaelab/web/i18n"
)

// pageLink is an internal link of GAE Lab: a path, the canonical state of
// what the page shows, the teacher's view parameters and the learner's
// language. Every internal link (navigation, forms, canonical redirects,
// Copy link, exports, the links between views, a lesson's "open in the
// playground") is built from one, so none drops the language.
type pageLink struct {
	path string
	// state is the canonical query of what the page shows, without the
	// page parameters (lang= and viewKeys): scenario.Encode(s) and the
	// view's own parameters, e.g. "v=1&p=seed-b&t=3"; "" for none.
	state string
	view  viewParams
	// lang is the language every link carries. Only a request's own
	// canonical link leaves it out (canonical), when the request's link
	// had none.
	lang i18n.Lang
}

// String writes the link: path, state, view parameters, then lang=.
// The link is written in one buffer of its size: a long response's state
// is kilobytes, and a page holds dozens of links.
func (l pageLink) String() string {
	parts := [...]string{l.state, l.view.suffix(), "", ""}
	if l.lang != "" {
		parts[2], parts[3] = "&lang=", string(l.lang)
	}
	n := len(l.path) + 1
	for _, p := range parts {
		n += len(p)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(l.path)
	for _, p := range parts {
		if b.Len() == len(l.path) { // the query's first part starts it
			if p = strings.TrimPrefix(p, "&"); p == "" {
				continue
			}
			b.WriteByte('?')
		}
		b.WriteString(p)
	}
	return b.String()
}

// canonical is the link a request is redirected to (and keeps in the
// address bar): the link itself, without lang= when the request's link had
// none, so that a v1 link without lang= keeps the canonical form it always
// had, and opens in the cookie's or the browser's language.
func (l pageLink) canonical(langInLink bool) string {
	if !langInLink {
		l.lang = ""
	}
	return l.String()
}

// at is the same state and view on another path.
func (l pageLink) at(path string) pageLink { l.path = path; return l }

// withState is another state on the same path and view.
func (l pageLink) withState(state string) pageLink { l.state = state; return l }

// in is the link in language lang.
func (l pageLink) in(lang i18n.Lang) pageLink { l.lang = lang; return l }

// presenting is the link with presentation mode on or off.
func (l pageLink) presenting(on bool) pageLink { l.view.present = on; return l }

// learner is the link a learner opens from this one (the QR code's
// target): the state and the language, without the teacher's view
// parameters (present, theme, hide, rev, lock).
func (l pageLink) learner() pageLink { l.view = viewParams{}; return l }

// switchLang is the language switch's link: it remembers the choice in the
// lang cookie (handleSetLang) and opens this link in the other language.
func (l pageLink) switchLang() string {
	other := l.lang.Other()
	return "/lang/" + string(other) + "?to=" + url.QueryEscape(l.in(other).String())
}

// hidden is the link's query as a GET form's hidden inputs, in order,
// leaving out the parameters the form shows as fields (shown): submitting
// the form keeps the state, the view and the language.
func (l pageLink) hidden(shown ...string) []templates.Option {
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
