package web

import (
	"net/url"
	"slices"
	"strings"

	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/qr"
)

// frameSpec is what differs between the frames of the site's pages.
type frameSpec struct {
	lang      i18n.Lang
	title     string
	section   string // "/play", "/lessons" or "/batch": the navigation entry marked current
	link      string // this state's canonical link
	otherLang string // the same state in the other language
	view      viewParams
	presenter templates.Link // enters or leaves presentation mode; zero for none
	reset     templates.Link // presentation's R; zero for none
}

// frame is every page's frame: title, assets, navigation, the language
// switch, the copy-link button, presentation mode and the QR code.
func frame(f frameSpec) templates.Page {
	t := f.lang.T
	other := i18n.Zh
	if f.lang == i18n.Zh {
		other = i18n.En
	}
	p := templates.Page{
		Lang: string(f.lang), Title: f.title,
		CSS: staticCSS(), JS: staticJS(), HTMX: staticHTMX(),
		Skip: t("skip"), Brand: t("brand"),
		LangLink:  templates.Link{Label: other.Name(), URL: f.otherLang, Title: string(other)},
		CopyLink:  t("copy_link"),
		CopiedMsg: t("copied"),
		URL:       f.link,
		Present:   f.view.present,
		Dark:      f.view.dark,
		Presenter: f.presenter,
		Reset:     f.reset,
		Shortcuts: shortcuts(t),
	}
	for _, n := range []struct{ key, path string }{{"nav.play", "/play"}, {"nav.lessons", "/lessons"}, {"nav.batch", "/batch"}, {"nav.inspect", "/inspect"}} {
		p.Nav = append(p.Nav, templates.Link{Label: t(n.key), URL: n.path, Current: n.path == f.section})
	}
	// A QR code holds at most qr.MaxLen bytes, scheme and host included.
	if u := asciiURL(learnerLink(f.link)); len(u)+64 <= qr.MaxLen {
		p.QR = templates.Link{Label: t("qr.show"), Title: t("qr.alt"), URL: "/qr.svg?u=" + url.QueryEscape(u)}
	}
	return p
}

// learnerLink is the link phones should open: the same state without the
// teacher's view (present, theme, lock, hide, rev), so students get the
// normal layout and every number.
func learnerLink(link string) string {
	path, query, ok := strings.Cut(link, "?")
	if !ok {
		return link
	}
	var kept []string
	for _, kv := range strings.Split(query, "&") {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(viewKeys, k) {
			kept = append(kept, kv)
		}
	}
	if len(kept) == 0 {
		return path
	}
	return path + "?" + strings.Join(kept, "&")
}
